"""One replayed five-card stud hand: the poker hand record (``auditor/games/poker/hand.py``) with stud's own facts.

Each card dealt is a ``Card`` of ``deals`` with its face as logged and the betting round it is dealt for: the first
two cards of a seat for round 1, its third, fourth and fifth for rounds 2, 3 and 4 (art. 10 a)-d)); a sixth card is
dealt for no round (``extra``). A seat's open cards are its first, third, fourth and fifth cards, whatever their
logged face (a hole card dealt face up is art. 11 d)'s matter, not a second open card). ``turns`` gives, for each
action, the ``ts`` of the event before it at the table: when his turn began (art. 11 b))."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime

from auditor.games.poker.hand import Hand as PokerHand
from auditor.games.poker.hand import Source
from auditor.games.stud.leaders import Strength

ROUNDS = ("1", "2", "3", "4")  # the betting rounds, named by number: round n is played on n open cards
EXTRA = "extra"


@dataclass(slots=True)
class Hand(PokerHand):
    """A stud hand: ``shoe_id`` names the pack it is dealt from; ``unranked`` the rounds whose order of play before
    a bet the open cards do not give (a seat without its open cards, or a card not of the pack); ``order_unknown`` why
    no order of play can be judged: the players in the hand are not the seats dealt in (arts. 3 and 11 d)), or the
    cards as dealt are not the hands played (a dealing error corrected, art. 11 e)); ``exposed`` the seats whose card
    came out face up during the deal (``card_exposed``, art. 11 d)), at the first such event."""

    shoe_id: str | None
    rank: Strength  # how open cards rank under the audit's readings (``leaders.strength``)
    turns: list[datetime | None] = field(default_factory=list)
    exposed: dict[int, Source] = field(default_factory=dict)
    unranked: list[str] = field(default_factory=list)
    order_unknown: str | None = None
    strengths: dict[tuple[int, int], tuple[int, ...]] = field(default_factory=dict, repr=False)

    def open_cards(self, seat: int, upto: str) -> list[str | None]:
        """The open cards of ``seat`` for rounds 1 to ``upto``, in dealing order (fewer when not all dealt)."""
        cards = [d.card for d in self.deals if d.seat == seat]
        return (cards[:1] + cards[2:5])[:ROUNDS.index(upto) + 1]

    def strength(self, seat: int, round_no: int) -> tuple[int, ...]:
        """The strength of the open cards of ``seat`` for betting round ``round_no`` (``rank``), computed once a hand
        for the order of play and of the deal alike. ValueError while they are not ``round_no`` cards of the pack."""
        key = seat, round_no
        found = self.strengths.get(key)
        if found is None:
            cards = self.open_cards(seat, ROUNDS[round_no - 1])
            known = [c for c in cards if c is not None]
            if len(known) < len(cards):
                raise ValueError(f"an open card of seat {seat} is not logged")
            found = self.strengths[key] = self.rank(known, round_no)
        return found
