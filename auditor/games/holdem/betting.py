"""Hold'em's betting policy (arts. 5, 6, 7, 8, 11 and 12 of the despacho of 18 January 2008) for the poker betting
state machine (``auditor/games/poker/betting.py``): the turn goes clockwise, from the button's left on every
street but the first, where the blinds (and a straddle) set who acts first and the big blind has his option; in
fixed limit every bet and raise is the round's unit (art. 11(2)). A player who checked may raise."""

from __future__ import annotations

from decimal import Decimal

from auditor.games.holdem.hand import STREETS, Hand
from auditor.games.poker.betting import Betting
from auditor.games.poker.hand import Action
from auditor.games.poker.order import clockwise
from auditor.games.poker.policy import Policy

__all__ = ["HoldemPolicy", "blind_seats"]


def blind_seats(seats: list[int], button: int | None, heads_up_button_posts: str) -> tuple[int | None, int | None]:
    """Art. 5: the small blind is the first player to the left of the button, the big blind the second; with two
    players the button posts the blind that ``heads_up_button_posts`` names (docs/readings.md)."""
    if button is None or len(seats) < 2:
        return None, None
    order = clockwise(seats, button)
    if len(seats) == 2:
        other = order[0]
        return (other, button) if heads_up_button_posts == "big_blind" else (button, other)
    return order[0], order[1]


class HoldemPolicy(Policy):
    """One hand's order of action and raise sizing. ``big_blind_seat``: the seat art. 5 gives the big blind; when
    none is posted, the pre-flop turn still starts after that seat (art. 6(3)). ``full_big_blind``: a big blind posted
    all-in for less still makes the full big blind the bet to call (``short_big_blind_call``)."""

    def __init__(self, hand: Hand, big_blind: Decimal, big_blind_seat: int | None, full_big_blind: bool) -> None:
        self.button = hand.button
        self.big_blind = big_blind
        self.full_big_blind = full_big_blind
        self.fixed_limit = hand.table.config.get("betting") == "fixed_limit"
        self.bb_seat: int | None = None  # the big blind posted
        self.due_bb_seat = big_blind_seat

    def start(self, betting: Betting) -> int | None:
        return self.button  # arts. 7(2), 8(2): from the flop on, the first active player left of the button

    def order(self, betting: Betting) -> list[int]:
        return clockwise(betting.order, betting.pointer)

    def posted(self, betting: Betting, action: Action) -> None:
        """The big blind and a straddle set who acts first: the player after them (art. 6(3))."""
        if action.kind in ("post_big_blind", "post_straddle"):
            betting.pointer = action.seat
            if action.kind == "post_big_blind":
                self.bb_seat = action.seat
                if self.full_big_blind and action.all_in and action.amount < self.big_blind:
                    betting.current_bet = max(betting.current_bet, self.big_blind)

    def before_act(self, betting: Betting) -> None:
        if (betting.street == STREETS[0] and self.bb_seat is None and self.due_bb_seat is not None
                and not betting.acted and betting.pointer == self.button):
            betting.pointer = self.due_bb_seat  # no big blind posted: the turn still starts after its seat

    def option(self, betting: Betting, can_act: list[int]) -> bool:
        """Art. 6(4): the big blind still has his option even when everyone else is all-in for no more than it."""
        return betting.street == STREETS[0] and can_act == [self.bb_seat] and self.bb_seat not in betting.acted

    def unraised_option(self, betting: Betting, pending: list[int]) -> bool:
        return (betting.street == STREETS[0] and self.bb_seat in pending
                and betting.current_bet <= self.big_blind and betting.raises == 0)

    def raised(self, betting: Betting, action: Action) -> Decimal:
        """Art. 11(2): in fixed limit every bet and raise is the round's unit; in no limit the largest increment."""
        return betting.min_increment if self.fixed_limit else action.increment
