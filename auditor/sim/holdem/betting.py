"""The betting of one hold'em hand as the regulation has it (arts. 5, 6, 7, 8, 11 and 12 of the despacho of
18 January 2008, with the readings of docs/readings.md), for a simulator that only ever makes legal moves.

* Who acts: pre-flop the first player clockwise from the big blind (art. 6(3)); from the flop on the first active
  player clockwise from the button (arts. 7(2), 8(2)). A player is to act while he has not acted since the last full
  bet or raise, or owes chips; folded and all-in players never act.
* Art. 12(1): a raise increment is at least the largest increment of the round (the big blind to start with); an
  all-in for less is allowed (art. 11(3)) and does not reopen the betting to players who already acted.
* Art. 12(2)/(4): fixed limit, at most three raises a round (the opening bet is not one) unless two players are live.
"""

from __future__ import annotations

from collections.abc import Callable

from auditor.games.poker.order import clockwise
from auditor.sim.poker.stakes import Stakes


def blind_seats(seats: list[int], button: int) -> tuple[int, int]:
    """Art. 5: the first and second players left of the button post the small and big blinds; with two players
    the second is the button itself (parameter heads_up_button_posts: the literal reading)."""
    order = clockwise(seats, button)
    return (order[0], button) if len(seats) == 2 else (order[0], order[1])


class Betting(Stakes):
    """Stacks, contributions and the state of the current betting round."""

    def __init__(self, stacks: dict[int, int], button: int, big_blind: int,
                 smallest: Callable[[int], int] | None = None) -> None:
        """``smallest(street)``: the smallest full bet of a round (fixed limit: its unit, art. 11(2)); default the
        big blind."""
        self.order = sorted(stacks)
        super().__init__(stacks, self.order)
        self.button = button
        self.big_blind = big_blind
        self.smallest = smallest or (lambda street: big_blind)
        self.street = 0
        self.bb_seat: int | None = None
        self.new_round()

    def new_round(self) -> None:
        self.round = dict.fromkeys(self.order, 0)
        self.current_bet = 0
        self.min_increment = self.smallest(self.street)
        self.raises = 0
        self.acted: set[int] = set()
        self.no_reraise: set[int] = set()
        self.pointer = self.button

    def next_street(self) -> None:
        self.street += 1
        self.new_round()

    def live(self) -> list[int]:
        return [s for s in self.order if s not in self.folded]

    def expected(self) -> int | None:
        """The player whose turn it is: the first clockwise from the last to act who has not acted since the last
        full bet or raise, or owes chips; None when the round is over."""
        folded, all_in, round_, current, acted = self.folded, self.all_in, self.round, self.current_bet, self.acted
        live = [s for s in self.order if s not in folded]
        if len(live) < 2:
            return None
        can_act = [s for s in live if s not in all_in]
        if len(can_act) == 1 and round_[can_act[0]] >= current:
            return None
        wrapped = None
        for seat in can_act:
            if seat not in acted or round_[seat] < current:
                if seat > self.pointer:
                    return seat
                if wrapped is None:
                    wrapped = seat
        return wrapped

    def post(self, seat: int, amount: int, big: bool) -> None:
        """A blind opens the pre-flop round; after the big blind the player to its left acts first."""
        self.pay(seat, amount)
        if big:
            self.pointer = self.bb_seat = seat
        self.current_bet = max(self.current_bet, self.round[seat])

    def act(self, seat: int, kind: str, amount: int) -> None:
        """Apply an action of the player whose turn it is."""
        self.pointer = seat
        self.pay(seat, amount)
        self.acted.add(seat)
        if kind == "fold":
            self.folded.add(seat)
            return
        total = self.round[seat]
        if total > self.current_bet:
            increment = total - self.current_bet
            if increment >= self.min_increment:
                if self.current_bet > 0:
                    self.raises += 1
                self.min_increment = increment
                self.acted = {seat}
                self.no_reraise = set()
            else:  # an all-in for less: no reopening (art. 11(3), parameter short_all_in_reopens)
                self.no_reraise |= self.acted - {seat}
            self.current_bet = total

    def to_call(self, seat: int) -> int:
        return max(self.current_bet - self.round[seat], 0)

    def may_raise(self, seat: int, fixed_limit: bool, cap: int = 3) -> bool:
        """Whether a raise is open to him: he has chips beyond the call, the betting was reopened to him, and in
        fixed limit the cap is not reached while more than two players are live."""
        if seat in self.no_reraise or self.stack[seat] <= self.to_call(seat):
            return False
        return not fixed_limit or self.current_bet == 0 or self.raises < cap or len(self.live()) == 2
