"""One replayed five-card stud hand: the poker hand record (``auditor/games/poker/hand.py``) with stud's own facts.

Each card dealt is a ``Card`` of ``deals`` with its face as logged and the betting round it is dealt for: the first
two cards of a seat for round 1, its third, fourth and fifth for rounds 2, 3 and 4 (art. 10 a)-d)); a sixth card is
dealt for no round (``extra``). A seat's open cards are its first, third, fourth and fifth cards, whatever their
logged face (a hole card dealt face up is art. 11 d)'s matter, not a second open card). ``turns`` gives, for each
action, the ``ts`` of the event before it at the table: when his turn began (art. 11 b))."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TypeVar

from auditor.engine.ruleset import Ruleset
from auditor.games.poker.hand import Card, Source
from auditor.games.poker.hand import Hand as PokerHand
from auditor.games.stud.leaders import Strength

T = TypeVar("T")
ROUNDS = ("1", "2", "3", "4")  # the betting rounds, named by number: round n is played on n open cards
EXTRA = "extra"


@dataclass(slots=True)
class Hand(PokerHand):
    """A stud hand: ``shoe_id`` names the pack it is dealt from; ``unranked`` the rounds whose order of play before
    a bet the open cards do not give (a seat without its open cards, or a card not of the pack); ``order_unknown`` why
    no order of play can be judged: the players in the hand are not the seats dealt in (arts. 3 and 11 d)), or the
    cards as dealt are not the hands played (a dealing error corrected, art. 11 e)); ``exposed`` the seats whose card
    came out face up during the deal (``card_exposed``, art. 11 d)), at the first such event; ``dead`` those of them
    whose hole card it was, before they had acted: out of the hand from there on, as if they had folded."""

    shoe_id: str | None
    rank: Strength  # how open cards rank under the audit's readings (``leaders.strength``)
    turns: list[int | None] = field(default_factory=list)  # microseconds, as ``Source.ts``
    exposed: dict[int, Source] = field(default_factory=dict)
    dead: dict[int, Source] = field(default_factory=dict)
    unranked: list[str] = field(default_factory=list)
    order_unknown: str | None = None
    strengths: dict[tuple[int, int], tuple[int, ...]] = field(default_factory=dict, repr=False)
    by_seat: dict[int | None, list[Card]] = field(default_factory=dict, init=False, repr=False, compare=False)
    indexed: tuple[list[Card], int] = field(default_factory=lambda: ([], 0), init=False, repr=False, compare=False)

    def cards_of(self, seat: int | None) -> list[Card]:
        """The cards of ``deals`` dealt to ``seat``, in dealing order: ``by_seat`` indexes the cards appended to
        ``deals`` since the last call (all of them again when ``deals`` is another list, or shorter)."""
        deals, (known, done) = self.deals, self.indexed
        if len(deals) != done or deals is not known:
            if deals is not known or done > len(deals):
                self.by_seat, done = {}, 0
            for d in deals[done:]:
                self.by_seat.setdefault(d.seat, []).append(d)
            self.indexed = deals, len(deals)
        return self.by_seat.get(seat, [])

    def out_before(self, seq: int) -> set[int]:
        """The seats that folded, or whose hand died (art. 11 d)), before the event ``seq``."""
        return ({a.seat for a in self.actions if a.kind == "fold" and a.src.seq < seq}
                | {s for s, src in self.dead.items() if src.seq < seq})

    def open_cards(self, seat: int, upto: str) -> list[str | None]:
        """The open cards of ``seat`` for rounds 1 to ``upto``, in dealing order (fewer when not all dealt)."""
        return self._open(seat, ROUNDS.index(upto) + 1)

    def _open(self, seat: int, rounds: int) -> list[str | None]:
        cards = self.cards_of(seat)
        return [d.card for d in cards[:1] + cards[2:rounds + 1]]

    def strength(self, seat: int, round_no: int) -> tuple[int, ...]:
        """The strength of the open cards of ``seat`` for betting round ``round_no`` (``rank``), computed once a hand
        for the order of play and of the deal alike. ValueError while they are not ``round_no`` cards of the pack."""
        key = seat, round_no
        found = self.strengths.get(key)
        if found is None:
            cards = self._open(seat, round_no)
            if None in cards:
                raise ValueError(f"an open card of seat {seat} is not logged")
            found = self.strengths[key] = self.rank(cards, round_no)  # type: ignore[arg-type]  # None is not in it
        return found


def per_hand(name: str, compute: Callable[[Hand, Ruleset], T | str]
             ) -> tuple[Callable[[Hand, Ruleset], str | None], Callable[[Hand, Ruleset], T]]:
    """``compute`` once a hand (kept in ``hand.derived[name]``): the rule's ``applies``, giving the reason when it
    returns one, and the value its check reads."""
    def value(hand: Hand, ruleset: Ruleset):
        if name not in hand.derived:
            hand.derived[name] = compute(hand, ruleset)
        return hand.derived[name]

    def applies(hand: Hand, ruleset: Ruleset) -> str | None:
        found = value(hand, ruleset)
        return found if isinstance(found, str) else None

    return applies, value
