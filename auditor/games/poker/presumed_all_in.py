"""Players who may have no chips left, for the poker betting state machine (``betting.py``).

A stack not logged (``None``) is never compared: the action's ``all_in`` says when the player has no chips left.
When it does not say either, a player who put chips in may have none left: he is taken to be all-in once the
betting passes him over. Either way, if he acts again he had chips: as if his stack had been logged, the action (or
the round's end) that passed him over is the one finding, and he was absent from the betting since; in that round his
action makes up the turn he missed. He is expected as any other player from then on."""

from __future__ import annotations

from decimal import Decimal

from auditor.games.poker.hand import Action, Hand, RoundClose


class PresumedAllIn:
    """``may_be``: the players whose stack and all-in are not logged, who put chips in (perhaps their last).
    ``taken``: those taken to be all-in when passed over, each with the street, the action in his turn or the round's
    end that passed him over, and whether that round ended with him short of its bet."""

    def __init__(self, hand: Hand, all_in: set[int]) -> None:
        """``all_in``: the betting's players all-in, which a player taken to be joins and leaves."""
        self.hand = hand
        self.all_in = all_in
        self.may_be: set[int] = set()
        self.taken: dict[int, tuple[str, Action | RoundClose, bool]] = {}

    def take(self, seat: int, street: str, where: Action | RoundClose) -> None:
        """The betting passes ``seat`` over on ``street`` at ``where``: he is taken to be all-in."""
        self.may_be.discard(seat)
        self.all_in.add(seat)
        self.taken[seat] = (street, where, False)

    def round_ends(self, street: str, put_in: dict[int, Decimal], bet: Decimal) -> None:
        """The round on ``street`` ends with its ``bet``: those taken to be all-in in it who ``put_in`` less fell
        short of it."""
        for seat, (taken_on, where, _) in self.taken.items():
            if taken_on == street:
                self.taken[seat] = (taken_on, where, put_in[seat] < bet)

    def acts(self, seat: int) -> tuple[str, bool] | None:
        """``seat`` acts: he had chips. If he was taken to be all-in, his turn passed (one finding, at the action or
        the round's end that passed him over): the street he is absent from the betting since, and whether he was
        short of that round's bet when it ended. In that round he makes up the action it missed."""
        self.may_be.discard(seat)
        taken = self.taken.pop(seat, None)
        if taken is None:
            return None
        street, where, short = taken
        self.all_in.discard(seat)
        if isinstance(where, RoundClose):  # one finding for the round's end, naming everyone left to act
            close = next((c for c in self.hand.closes if c.src == where.src), None)
            if close is None:
                self.hand.closes.append(where)
            else:
                close.pending += where.pending
                close.big_blind_option |= where.big_blind_option
        elif where.expected_seat == where.seat:  # made in his turn (else that action is already out of turn)
            where.expected_seat = seat
        return street, short
