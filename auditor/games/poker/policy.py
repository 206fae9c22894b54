"""A poker game's rules of order and sizing, as the betting state machine (``betting.py``) asks for them."""

from __future__ import annotations

from decimal import Decimal
from typing import TYPE_CHECKING

from auditor.games.poker.hand import Action

if TYPE_CHECKING:
    from auditor.games.poker.betting import Betting


class Policy:
    """A game's rules of order and sizing, asked by ``Betting``; these defaults are the ones every poker game shares.

    ``bet_takes_turn``: the round's first bet moves the turn to the bettor's side even when it was made out of turn
    (an action out of turn otherwise leaves the turn where it was). ``answer_corrected``: a player who answered a bet
    wrongly (a check, or a short call not all-in: one finding) may still answer it, in turn, while it stands."""

    bet_takes_turn = False
    answer_corrected = False

    def start(self, betting: Betting) -> int | None:
        """A betting round opens: the seat the turn starts after (``Betting.pointer``)."""
        return None

    def order(self, betting: Betting) -> list[int]:
        """The seats in the order the turn goes round now (who owes an action is picked from it): seats of
        ``betting.order`` only, each at most once (else a seat not at the table would be waited for, or a seat
        reported twice: ``Betting`` stops a policy that breaks this)."""
        raise NotImplementedError

    def posted(self, betting: Betting, action: Action) -> None:
        """A forced bet was posted (and paid)."""

    def before_act(self, betting: Betting) -> None:
        """An action is about to be judged."""

    def option(self, betting: Betting, can_act: list[int]) -> bool:
        """A player still owes an action although nobody is left to bet against him."""
        return False

    def unraised_option(self, betting: Betting, pending: list[int]) -> bool:
        """A round closed with ``pending`` players to act ended an option (``RoundClose.big_blind_option``)."""
        return False

    def raised(self, betting: Betting, action: Action) -> Decimal:
        """The smallest full increment after ``action``, a full bet or raise: by default the largest so far."""
        return action.increment
