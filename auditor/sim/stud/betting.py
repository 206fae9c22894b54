"""The betting of one stud hand as art. 10 has it, for a simulator that only ever makes lawful moves.

* Before anyone bets in a round, the option passes by the strength of the open cards (art. 10 b), c) ii)): round 1
  has no check, so each player in that order bets or is out; in rounds 2-4 each checks, bets or folds.
* After a bet, action goes counterclockwise from the bettor's right (art. 10 b), c) iii)), each player folding,
  calling or raising, until everyone still in has acted since the last full bet and matched it or is all in.
* A player who checked in a round never raises in it (art. 10 c) i) 2)).
* A raise is at least the previous bet (art. 10 b) 3)): the simulator raises to at least twice the round's highest
  bet, which holds whether "the previous bettor's bet" is read as his whole bet or his increment. Only an all-in
  may raise by less; it does not reopen the raising to players who had already acted (they call or fold).
* Art. 11 a): an all-in player takes no further part in the betting; with at most one player able to bet and
  nothing owed, the round is not played."""

from __future__ import annotations

from auditor.sim.poker.stakes import Stakes
from auditor.sim.stud.order import right_of


class Betting(Stakes):
    """Stacks, contributions (antes included) and the state of the current betting round."""

    def __init__(self, stacks: dict[int, int]) -> None:
        super().__init__(stacks, stacks)
        self.new_round(0, [])

    def new_round(self, round_no: int, strength: list[int]) -> None:
        """``strength``: the players still in, strongest open cards first."""
        self.round_no = round_no
        self.strength = strength
        self.round = dict.fromkeys(self.stack, 0)
        self.current = 0  # the round's highest bet
        self.acted: set[int] = set()  # since the last full bet or raise
        self.checked: set[int] = set()
        self.no_raise: set[int] = set()  # acted before an all-in raise for less
        self.pointer = 0  # the last to act after a bet
        self.raised = False  # someone raised in this round

    def live(self) -> list[int]:
        return [s for s in self.stack if s not in self.folded]

    def expected(self) -> int | None:
        """The player whose turn it is; None when the round is over."""
        live = [s for s in self.strength if s not in self.folded]
        able = [s for s in live if s not in self.all_in]
        if len(live) < 2 or not able or (len(able) == 1 and self.round[able[0]] >= self.current):
            return None
        if not self.current:
            return next((s for s in able if s not in self.acted), None)
        for seat in right_of(able, self.pointer) + [s for s in able if s == self.pointer]:
            if seat not in self.acted or self.round[seat] < self.current:
                return seat
        return None

    def to_call(self, seat: int) -> int:
        return max(self.current - self.round[seat], 0)

    def may_raise(self, seat: int) -> bool:
        return (bool(self.current) and seat not in self.checked and seat not in self.no_raise
                and self.stack[seat] > self.to_call(seat))

    def min_raise_to(self) -> int:
        return 2 * self.current

    def act(self, seat: int, kind: str, amount: int) -> None:
        """Apply the action of the player whose turn it is."""
        self.pay(seat, amount)
        if kind == "fold":
            self.folded.add(seat)
        elif kind == "check":
            self.checked.add(seat)
        elif kind == "raise":
            self.raised = True
        level = self.round[seat]
        if self.current:
            self.pointer = seat
        if level > self.current:
            if level >= self.min_raise_to():
                self.acted = set()
                self.no_raise = set()
            else:  # an all-in raise for less
                self.no_raise |= self.acted
            self.current = level
            self.pointer = seat
        self.acted.add(seat)
