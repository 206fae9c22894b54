"""Every card of a hand once, and of the game's deck: hold'em art. 1(1)(3) "one deck of 52 cards"; stud art. 1 a)
"The pack of cards used for the game has four suits … Each suit has ten cards" (A, K, Q, J, 10, 9, 8, 7, 6, 5)."""

from __future__ import annotations

from collections.abc import Collection, Iterable, Iterator

from auditor.engine.replay_runner import Breach, breach
from auditor.games.poker.cards import DECK
from auditor.games.poker.hand import Card, Hand

DECK_52 = frozenset(DECK)
DECK_40 = frozenset(c for c in DECK if c[0] not in "234")


def _twice(card: Card, deck: Collection[str], article: str) -> Breach:
    return breach(card.src, f"card {card.card} appears twice in the hand (one {len(deck)}-card deck, {article})",
                  "each card once", f"{card.card} again")


def deck_breaches(hand: Hand, laid: Iterable[Card], deck: Collection[str], hole: int, article: str) -> Iterator[Breach]:
    """Every card once: ``laid`` (dealt, burned, on the board: every card the croupier laid out) and shown, each one
    of ``deck``. A shown card that the seat was dealt is that card; any other shown card is one more, which must be
    neither shown by another seat nor already laid out (a seat may show a card again: turned up during the hand,
    then at the showdown). A player dealt all his ``hole`` cards shows only those."""
    seen: set[str] = set()
    for card in [*laid, *hand.shows]:
        if card.card is not None and card.card not in deck:
            yield breach(card.src, f"card {card.card} is not one of the {len(deck)} cards of the deck ({article})",
                         f"a card of the {len(deck)}-card deck", card.card)
    for card in laid:
        if card.card is not None:
            if card.card in seen:
                yield _twice(card, deck, article)
            seen.add(card.card)
    dealt = hand.hole_cards()
    shown: dict[str, int | None] = {}  # each card shown, and by whom first
    for show in hand.shows:
        own = [c for c in dealt.get(show.seat, []) if c] if show.seat is not None else []
        if not show.card or (show.card in shown and shown[show.card] == show.seat):
            continue
        if show.card in shown or (show.card not in own and len(own) < hole and show.card in seen):
            yield _twice(show, deck, article)
        elif show.card not in own and len(own) == hole:
            yield breach(show.src, f"seat {show.seat} shows {show.card}, which he was not dealt",
                         " ".join(own), show.card)
        shown.setdefault(show.card, show.seat)
