"""Cards, their integer encodings, and the hand values shared by Texas Hold'em and five-card stud.

A card is a 2-character string, rank then suit: ranks ``A23456789TJQK``, suits ``shdc`` (e.g. ``"Td"``).

* **Card code** (``parse_card``): ``4 * rank + suit``, with rank 0..12 for 2..A (Ace high) and suit the index
  in ``SUITS``.
* **Packed value** (``packed_values``): the per-card integer the evaluators add up. The sum of a hand's packed
  values holds everything needed to rank it:

  - bits 0-30: ``5**rank``. The sum is the hand's rank multiset written in base 5 (a rank occurs at most 4 times).
  - bits 31-42: ``8**suit``. The sum counts the cards of each suit (3 bits a suit, at most 7 cards).
  - bits 43-94: ``1 << (13*suit + rank)``. The sum is the set of cards, 13 bits a suit, so each suit's rank mask
    can be read from it. A repeated card carries into another bit, so it leaves fewer bits set than cards.

* **Hand value** (``hand_value``): ``category << 20`` plus up to five 4-bit ranks, most significant first. Higher is
  better and equal values tie. Both games rank the categories in the same order (stud art. 5, hold'em art. 15).
"""

from collections.abc import Collection, Iterable, Mapping, Sequence
from typing import TypeAlias

RANKS = "23456789TJQKA"
SUITS = "shdc"
ACE = RANKS.index("A")
DECK = tuple(r + s for r in RANKS for s in SUITS)

RANK_MASK = (1 << 31) - 1
SUIT_SHIFT = 31
SET_SHIFT = 43

Card: TypeAlias = str | int

(HIGH_CARD, ONE_PAIR, TWO_PAIRS, THREE_OF_A_KIND, STRAIGHT, FLUSH, FULL_HOUSE, FOUR_OF_A_KIND,
 STRAIGHT_FLUSH) = range(9)
CATEGORY_NAMES = ("High card", "One pair", "Two pairs", "Three of a kind", "Straight", "Flush", "Full house",
                  "Four of a kind", "Straight flush")
_PATTERNS = {(1, 1, 1, 1, 1): HIGH_CARD, (2, 1, 1, 1): ONE_PAIR, (2, 2, 1): TWO_PAIRS, (3, 1, 1): THREE_OF_A_KIND,
             (3, 2): FULL_HOUSE, (4, 1): FOUR_OF_A_KIND}


def parse_card(s: str) -> int:
    """Code of a card string such as ``"Td"``; ValueError if it is not one of the 52 cards."""
    if not isinstance(s, str) or len(s) != 2 or s[0] not in RANKS or s[1] not in SUITS:
        raise ValueError(f"not a card: {s!r} (expected rank {RANKS!r} then suit {SUITS!r}, e.g. 'Td')")
    return 4 * RANKS.index(s[0]) + SUITS.index(s[1])


def card_str(code: int) -> str:
    """Inverse of ``parse_card``."""
    if not 0 <= code < len(DECK):
        raise ValueError(f"not a card code: {code!r}")
    return DECK[code]


def packed_values(ranks: Iterable[int]) -> dict[Card, int]:
    """Packed value of every card of a pack made of the given ranks, keyed by card string and by card code."""
    values: dict[Card, int] = {}
    for rank in ranks:
        for suit in range(4):
            value = 5**rank | 8**suit << SUIT_SHIFT | 1 << (SET_SHIFT + 13 * suit + rank)
            values[4 * rank + suit] = values[RANKS[rank] + SUITS[suit]] = value
    return values


def pack(cards: Iterable[Card], values: Mapping[Card, int], size: int) -> int:
    """Sum of the packed values of exactly ``size`` distinct cards; ValueError otherwise."""
    try:
        packed = [values[card] for card in cards]
    except (KeyError, TypeError):
        raise ValueError(f"not a card of this pack in {cards!r}") from None
    total = sum(packed)
    if len(packed) != size or (total >> SET_SHIFT).bit_count() != size:
        raise ValueError(f"expected {size} distinct cards, got {cards!r}")
    return total


def _flush_suit(counts: int) -> int:
    return next((suit for suit in range(4) if counts >> 3 * suit & 7 >= 5), -1)


FLUSH_SUIT = [_flush_suit(counts) for counts in range(1 << 12)]
"""Indexed by the suit-count field of a packed sum: the suit holding five or more of the cards, or -1."""


POWERS_OF_5 = tuple(5**rank for rank in range(13))


def rank_key(ranks: Iterable[int]) -> int:
    """Rank-multiset field of a packed sum."""
    return sum(map(POWERS_OF_5.__getitem__, ranks))


def rank_mask(ranks: Iterable[int]) -> int:
    """Bit mask of a set of ranks."""
    return sum(1 << rank for rank in set(ranks))


def hand_value(category: int, ranks: Sequence[int]) -> int:
    """Encode a category and its tie-break ranks (most significant first, at most five)."""
    value = category
    for i in range(5):
        value = value << 4 | (ranks[i] if i < len(ranks) else 0)
    return value


def category_of(value: int) -> int:
    """Category (``HIGH_CARD`` .. ``STRAIGHT_FLUSH``) of a hand value."""
    return value >> 20


def category_name(value: int) -> str:
    """Name of a hand value's category; an Ace-high straight flush is a royal flush."""
    if category_of(value) == STRAIGHT_FLUSH and value >> 16 & 15 == ACE:
        return "Royal flush"
    return CATEGORY_NAMES[category_of(value)]


def five_card_value(ranks: Sequence[int], suited: bool, straight_tops: Mapping[int, int],
                    principal_only: Collection[int] = ()) -> int:
    """Value of five cards given their ranks and whether they share a suit.

    ``straight_tops`` maps the rank mask of each straight this game recognises to the rank that orders it.
    Categories in ``principal_only`` are compared by their four or three of a kind alone (the other cards
    "are not counted"); all others card by card, groups first (pairs before odd cards, larger groups first).
    """
    top = straight_tops.get(rank_mask(ranks))
    if top is not None:
        return hand_value(STRAIGHT_FLUSH if suited else STRAIGHT, (top,))
    if suited:
        return hand_value(FLUSH, sorted(ranks, reverse=True))
    groups = sorted(((ranks.count(rank), rank) for rank in set(ranks)), reverse=True)
    category = _PATTERNS[tuple(count for count, _ in groups)]
    order = [rank for _, rank in groups]
    return hand_value(category, order[:1] if category in principal_only else order)
