"""One replayed hold'em hand: the poker hand record (``auditor/games/poker/hand.py``) with hold'em's own facts, the
button and the board, street by street."""

from __future__ import annotations

from dataclasses import dataclass, field

from auditor.games.poker.hand import Card, Source
from auditor.games.poker.hand import Hand as PokerHand

__all__ = ["BOARD_CARDS", "STREETS", "Hand"]

STREETS = ("preflop", "flop", "turn", "river")
BOARD_CARDS = {"flop": 3, "turn": 1, "river": 1}


@dataclass(slots=True)
class Hand(PokerHand):
    """A hold'em hand: ``button`` is the dealer button's seat (``hand_start``'s ``seat``), ``board`` the community
    cards (each with the street it opens); ``corrected``: its first `correction` (a dealing error corrected, art.
    9(1): the cards as logged are those first dealt, not the hands played)."""

    button: int | None
    board: list[Card] = field(default_factory=list)
    corrected: Source | None = None
