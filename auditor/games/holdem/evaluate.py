"""Texas Hold'em hand ranking: despacho of 18 January 2008, arts. 10(1), 14 and 15.

* Art. 10(1): the player makes "the best five-card combination" from his two cards and the board, so any
  0, 1 or 2 hole cards may play (playing the board).
* Art. 14: "suits are not ranked"; "when 5, 4, 3, 2 and A form a straight, the Ace counts as the lowest".
  The Ace is low nowhere else (K-A-2-3-4 is no straight).
* Art. 15: royal flush > straight flush > four of a kind > full house > flush > straight > three of a kind
  > two pairs > one pair > five odd cards; ties card by card, groups first.

Readings (docs/readings.md):

* Art. 15(3), four of a kind: "the other card is not counted and does not affect the hand". With
  ``quads_kicker_counts=False`` (default) two players with the same four of a kind tie whatever their fifth
  cards; this only happens with the four on the board. ``True`` is common practice (PokerKit's order).
* Art. 15(7), three of a kind: the odd cards are "not counted", yet "if the three are equal, compare the two
  odd cards"; the explicit tie-break is applied.

Speed: tables hold the best value of each 5- to 7-card rank multiset and of each 5- to 7-card suit rank
mask, filled as hands are valued (an entry of six or seven cards from its fives) and kept for the process: all of
them built at import cost 0.25-0.35 s at every start, and a day's showdowns reach about a seventh of them. The sum
of the cards' packed values (``cards.py``) gives the multiset, the suit counts and each suit's rank mask, so
``rank7`` of a multiset already met is six additions and two lookups (about 600,000 hands a second on one core).
Five to seven cards never hold a flush together with a full house or four of a kind, so a flush, when present, is
the hand.
"""

from collections.abc import Sequence
from itertools import combinations

from auditor.games.poker.cards import (
    ACE,
    FLUSH_SUIT,
    FOUR_OF_A_KIND,
    POWERS_OF_5,
    RANK_MASK,
    SET_SHIFT,
    SUIT_SHIFT,
    Card,
    category_name,
    category_of,
    five_card_value,
    hand_value,
    pack,
    packed_values,
    rank_mask,
)

__all__ = ["best_five", "category_name", "rank5", "rank7"]

_VALUES = packed_values(range(13))
_STRAIGHT_TOPS = {rank_mask(range(top - 4, top + 1)): top for top in range(4, 13)}
_STRAIGHT_TOPS[rank_mask((ACE, 0, 1, 2, 3))] = 3  # 5-4-3-2-A, art. 14(3)


class _NonFlushValues(dict[int, int]):
    """Best value of a 5- to 7-card rank multiset, keyed by its rank field (``rank_key``), computed when first
    asked: five cards by their ranks, more as the best of their five-card multisets."""

    def __missing__(self, key: int) -> int:
        ranks = [rank for rank in range(13) for _ in range(key // POWERS_OF_5[rank] % 5)]
        value = self[key] = (five_card_value(ranks, False, _STRAIGHT_TOPS) if len(ranks) == 5 else
                             max([self[sum(five)] for five in combinations(map(POWERS_OF_5.__getitem__, ranks), 5)]))
        return value


class _FlushValues(dict[int, int]):
    """Best value of five to seven cards of one suit, keyed by their rank mask, computed when first asked: five
    cards by their ranks, more as the best of their fives."""

    def __missing__(self, mask: int) -> int:
        ranks = [rank for rank in range(13) if mask >> rank & 1]
        value = self[mask] = (five_card_value(ranks, True, _STRAIGHT_TOPS) if len(ranks) == 5 else
                              max([self[sum(five)] for five in combinations([1 << rank for rank in ranks], 5)]))
        return value


class _MacauValues(dict[int, int]):
    """Art. 15(3): the non-flush values with a four of a kind valued by its rank alone."""

    def __missing__(self, key: int) -> int:
        value = _KICKER_COUNTS[key]
        if category_of(value) == FOUR_OF_A_KIND:
            value = hand_value(FOUR_OF_A_KIND, (value >> 16 & 15,))
        self[key] = value
        return value


_KICKER_COUNTS = _NonFlushValues()
_MACAU = _MacauValues()
_FLUSH = _FlushValues()


def _value(packed_sum: int, quads_kicker_counts: bool) -> int:
    suit = FLUSH_SUIT[packed_sum >> SUIT_SHIFT & 0xFFF]
    if suit >= 0:
        return _FLUSH[packed_sum >> (SET_SHIFT + 13 * suit) & 0x1FFF]
    return (_KICKER_COUNTS if quads_kicker_counts else _MACAU)[packed_sum & RANK_MASK]


def rank7(cards: Sequence[Card], quads_kicker_counts: bool = False) -> int:
    """Value of the best five of seven cards (art. 10(1)); higher is better, equal values tie.

    Cards are strings (``"Td"``) or codes from ``parse_card``. ValueError unless seven distinct cards.
    """
    try:
        a, b, c, d, e, f, g = map(_VALUES.__getitem__, cards)
    except (KeyError, TypeError, ValueError):
        raise ValueError(f"expected 7 cards such as 'Td', got {cards!r}") from None
    packed_sum = a + b + c + d + e + f + g
    if (packed_sum >> SET_SHIFT).bit_count() != 7:
        raise ValueError(f"repeated card in {cards!r}")
    return _value(packed_sum, quads_kicker_counts)


def rank5(cards: Sequence[Card], quads_kicker_counts: bool = False) -> int:
    """Value of five cards, on the same scale as ``rank7``. ValueError unless five distinct cards."""
    return _value(pack(cards, _VALUES, 5), quads_kicker_counts)


def best_five(cards: Sequence[Card], quads_kicker_counts: bool = False) -> tuple[Card, ...]:
    """The five of five to seven cards that make the hand, in their given order, as evidence for a report.

    Where several choices rank equally, the one with the highest fifth card to a four of a kind is shown,
    then the first in the given order.
    """
    if not 5 <= len(cards) <= 7:
        raise ValueError(f"expected 5 to 7 cards, got {cards!r}")
    pack(cards, _VALUES, len(cards))
    return max(combinations(cards, 5), key=lambda five: (rank5(five, quads_kicker_counts), rank5(five, True)))
