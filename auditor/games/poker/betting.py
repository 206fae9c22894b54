"""The poker betting state machine, with each game's rules of order and sizing passed in as a ``Policy``.

It records, for every logged action, the state the action met (who should act, what was owed, the smallest full
raise), then applies the action exactly as logged. It never inserts a missing action: a round that ends with a
player still to act is recorded as a ``RoundClose``. One skipped player, one finding: a player whose turn passes
without his action (another acts in his place, or the round ends) is from then on *absent from the betting*: nobody
waits for him, so the same missing action is not reported again in that round or the next ones. He is not folded:
the log does not say so. If he acts later in the round he was skipped in, he makes up that action (in turn, from his
seat); if he acts in a later round, that action is judged as any other, out of turn when his turn in that round had
already passed. A fold by the last player left in the hand is recorded (an action when the round was over) but does
not fold him: nobody else contests the pot, and the bets of those who folded go into the winner's pot.

A player whose stack is not logged, and whose action does not say he is all-in, may have no chips left: he is taken
to be all-in once the betting passes him over, until he acts again (``presumed_all_in.py``).

Forced bets: antes and dead posts go to the pot outside the round (``antes``); any other post is a bet in it. An
all-in for less than a full bet or raise does not reopen the betting to the players who had already acted."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from decimal import Decimal

from auditor.games.poker.hand import Action, Hand, RoundClose, Source
from auditor.games.poker.policy import Policy
from auditor.games.poker.presumed_all_in import PresumedAllIn

ZERO = Decimal(0)
DEAD_POSTS = ("post_ante", "post_dead")  # chips in the pot that are no bet of the round (dead money)


class Betting:
    def __init__(self, hand: Hand, policy: Policy, street: str, smallest: Callable[[str], Decimal],
                 short_all_ins_add_up: bool = False) -> None:
        """``street``: the first betting round. ``smallest(street)``: the smallest full bet or raise a round opens
        with. ``short_all_ins_add_up``: all-ins for less made since a player's last action add up, and reopen the
        betting to him once they make a full raise (docs/holdem-checks.md)."""
        self.hand = hand
        self.policy = policy
        self.add_up = short_all_ins_add_up
        self.order = sorted(hand.seats)
        self.stack: dict[int, Decimal | None] = dict(hand.stacks)
        self.total = {s: ZERO for s in self.order}
        self.antes: dict[int, Decimal] = {}
        self.folded: set[int] = set()
        self.all_in: set[int] = set()
        self.presumed = PresumedAllIn(hand, self.all_in)
        self.smallest = smallest
        self.street = self.first = street
        self.absent: dict[int, str] = {}  # absent from the betting: the street on which his turn passed
        self.short: set[int] = set()  # absent at the end of a round whose bet he had not matched
        self._new_round()

    def _new_round(self) -> None:
        self.round = {s: ZERO for s in self.order}
        self.current_bet = ZERO
        self.min_increment = self.smallest(self.street)
        self.raises = 0
        self.acted: set[int] = set()
        self.checked: set[int] = set()
        self.answered: dict[int, Decimal] = {}  # a check or short call facing a bet: the bet it answered, wrongly
        self.no_reraise: set[int] = set()
        self.passed: set[int] = set()  # absent players whose turn in this round went by
        self.pointer = self.policy.start(self)
        self.opened = self.street != self.first  # the first round opens at its first action or its end

    def _open_first_round(self) -> None:
        """The first round is bet when, its forced bets made, a player owes an action (``Hand.streets_bet``)."""
        self.opened = True
        if self.to_act():
            self.hand.streets_bet.append(self.street)

    def can_act(self) -> list[int]:
        """The live players not all-in, in seat order."""
        return [s for s in self.order if s not in self.folded and s not in self.all_in]

    def _owing(self, can_act: list[int]) -> Iterator[int]:
        """Who must still act, in the order of the turn, one at a time (``_turn`` needs only the first)."""
        if len(self.order) - len(self.folded) < 2:  # folded seats are always in ``order``
            return
        if self._no_betting_left(can_act) and not self.policy.option(self, can_act):
            return
        seats = self.policy.order(self)
        if len(self.round.keys() & seats) != len(seats):  # not seats of ``order`` (the round's) only, each once
            raise RuntimeError(f"{type(self.policy).__name__} gave {seats} as the order of the turn: not the seats of "
                               f"{self.order} (those of the round), each at most once")
        folded, all_in, acted = self.folded, self.all_in, self.acted
        for s in seats:
            if s not in folded and s not in all_in and (s not in acted or (
                    self.round[s] < self.current_bet and self.answered.get(s) != self.current_bet)):
                yield s

    def _no_betting_left(self, can_act: list[int]) -> bool:
        """Everyone else is all-in (or folded) and the last player with chips owes nothing: he has matched the bet, or
        every chip they put in the round (a big blind all-in for less makes the bet the full blind,
        ``HoldemPolicy.posted``, which nobody is left to call)."""
        if len(can_act) != 1:
            return False
        last = can_act[0]
        put_in = max((chips for s, chips in self.round.items() if s != last), default=ZERO)
        return self.round[last] >= min(self.current_bet, put_in)

    def _turn(self, action: Action) -> int | None:
        """Who must act now: the first player to act who is not absent from the betting (None: nobody). A player
        who may be all-in is taken to be once the betting passes him over (unless he makes ``action``); absent
        players passed over have had their turn in this round."""
        while True:
            for seat in self._owing(self.can_act()):
                if seat in self.presumed.may_be and seat != action.seat:
                    self.presumed.take(seat, self.street, action)
                    break
                if seat not in self.absent:
                    return seat
                self.passed.add(seat)
            else:
                return None

    def _whose_turn(self, action: Action) -> int | None:
        """Who should have made ``action``. An absent player who acts comes back: in the round he was skipped in,
        he makes up the action his skipped turn's finding reported (his turn); in a later round whose turn of his
        already went by, he acts late (out of turn). A player acting in the turn of another, present, makes that
        other absent: his turn passed, and this action is its one finding."""
        s = action.seat
        if self.policy.answer_corrected and self.answered.get(s) == self.current_bet:
            del self.answered[s]  # he corrects his wrong answer to the bet: his turn still
            return s
        skipped_on = self.absent.get(s)
        action.late = skipped_on not in (None, self.street) and s in self.passed
        if not action.late:
            self.absent.pop(s, None)
        if skipped_on == self.street and s in self._owing(self.can_act()):
            return s  # nobody ahead of him is passed over (nor taken to be all-in) by the action he makes up
        owing = self._turn(action)
        self.absent.pop(s, None)
        if owing is not None and owing != s:
            self.absent[owing] = self.street
        return owing

    def close_round(self, src: Source) -> None:
        """Record a round that ends with players still to act. An option when nobody is left to bet against may be
        taken or not: its absence is no finding."""
        if not self.opened:
            self._open_first_round()
        presumed = self.presumed
        for s in [s for s in self._owing(self.can_act()) if s in presumed.may_be]:
            presumed.take(s, self.street, RoundClose(src, self.street, (s,), self.policy.unraised_option(self, [s])))
        presumed.round_ends(self.street, self.round, self.current_bet)
        owing = self.to_act()
        pending = [s for s in owing if s not in self.absent]  # an absent player's missing action is reported
        for s in pending:
            self.absent[s] = self.street
        self.short |= {s for s in self.absent if self.round[s] < self.current_bet}
        if pending:
            option = self.policy.unraised_option(self, pending)
            self.hand.closes.append(RoundClose(src, self.street, tuple(pending), option))

    def to_act(self) -> list[int]:
        """The players who must still act in the round (none when nobody is left to bet against)."""
        can_act = self.can_act()
        return [] if self._no_betting_left(can_act) else list(self._owing(can_act))

    def open_street(self, street: str, src: Source) -> None:
        if street == self.street:
            return
        self.close_round(src)
        self.street = street
        self.hand.streets_played.append(street)
        if len(self.can_act()) >= 2:
            self.hand.streets_bet.append(street)
        self._new_round()

    def post(self, action: Action) -> None:
        """A forced bet: antes and dead posts go to the pot outside the round, other posts are bets in it."""
        s, amount = action.seat, action.amount
        action.stack_before = self.stack.get(s, ZERO)
        dead = action.kind in DEAD_POSTS
        self._pay(s, amount, action.flagged, in_round=not dead)
        if dead:
            self.antes[s] = self.antes.get(s, ZERO) + amount
        action.all_in = self._all_in(s)
        self.policy.posted(self, action)
        self.current_bet = max(self.current_bet, self.round.get(s, ZERO))
        action.total = self.round.get(s, ZERO)

    def act(self, action: Action) -> None:
        """Record the state ``action`` met, then apply it as logged."""
        s = action.seat
        if not self.opened:
            self._open_first_round()
        self.policy.before_act(self)
        passed_over = self.presumed.acts(s)
        if passed_over is not None:  # taken to be all-in, he had chips: absent from the betting since
            self.absent[s], short = passed_over
            if short:
                self.short.add(s)
        action.expected_seat = self._whose_turn(action)
        can_act = self.can_act()
        matched = can_act == [s] and self._no_betting_left(can_act)
        if action.expected_seat is None and action.kind == "check" and matched:
            action.expected_seat = s  # the last player with chips may check: he owes nothing, nobody is left to bet
        # Having matched every chip of the others, he owes nothing (not the full blind of a short big blind's call).
        action.to_call = ZERO if matched else max(self.current_bet - self.round.get(s, ZERO), ZERO)
        action.current_bet = self.current_bet
        action.min_increment = self.min_increment
        action.raises_before = self.raises
        action.live_players = len(self.order) - len(self.folded)
        action.absent_players = len(self.absent)
        action.stack_before = self.stack.get(s, ZERO)
        action.checked = s in self.checked
        # Several all-ins for less (``short_all_ins_add_up``): those made since his last action add up to what he
        # now owes; once that is a full raise, the betting is reopened to him.
        action.may_raise = s not in self.no_reraise or (self.add_up and action.to_call >= self.min_increment)
        opening = action.kind in ("bet", "raise") and self.current_bet == 0
        if s == action.expected_seat or (opening and self.policy.bet_takes_turn):
            self.pointer = s
        if self.stack.get(s, ZERO) is None:  # he acts: whatever was said or assumed, he had chips
            self.all_in.discard(s)
        self._pay(s, action.amount, action.flagged, in_round=True)
        action.total = self.round.get(s, ZERO)
        action.all_in = self._all_in(s)
        self.acted.add(s)
        if action.kind == "fold":
            if action.live_players > 1:  # the last player left wins the pot: he has nothing to give up
                self.folded.add(s)
        elif action.kind not in ("bet", "raise"):  # a check or call never raises the bet, whatever it put in
            if action.kind == "check":
                self.checked.add(s)
            if action.total < self.current_bet and action.all_in is False:
                self.answered[s] = self.current_bet  # a wrong answer is one finding, not also a turn left
        elif action.total > self.current_bet:
            action.increment = action.total - self.current_bet
            if action.increment >= self.min_increment:
                if self.current_bet > 0:
                    self.raises += 1
                self.min_increment = self.policy.raised(self, action)
                self.acted = {s}
                self.no_reraise = set()
            elif action.all_in:  # an all-in for less does not reopen the betting
                self.no_reraise |= self.acted - {s}
            self.current_bet = action.total

    def _pay(self, seat: int, amount: Decimal, flagged: bool | None, in_round: bool) -> None:
        """``flagged``: the action's logged ``all_in``, read when the stack is not logged."""
        if seat not in self.total:  # a seat that was not dealt in: keep what the log says
            self.order = sorted({*self.order, seat})
            self.stack.setdefault(seat, ZERO)
            self.total[seat] = ZERO
            self.round[seat] = ZERO
        self.total[seat] += amount
        if in_round:
            self.round[seat] += amount
        stack = self.stack[seat]
        if stack is not None:
            self.stack[seat] = stack - amount
            if stack - amount <= 0 and amount > 0:
                self.all_in.add(seat)
        elif flagged:
            self.all_in.add(seat)
        elif flagged is None and amount > 0:
            self.presumed.may_be.add(seat)

    def _all_in(self, seat: int) -> bool | None:
        """Whether ``seat`` has no chips left (None: the log does not say)."""
        return True if seat in self.all_in else None if seat in self.presumed.may_be else False
