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

Speed: tables built once at import (about 0.25 s) hold the best value of every 5- to 7-card rank multiset
and of every 5- to 7-card suit rank mask. The sum of the cards' packed values (``cards.py``) gives the
multiset, the suit counts and each suit's rank mask, so ``rank7`` is six additions and two lookups (about
600,000 hands a second on one core). Five to seven cards never hold a flush together with a full house or
four of a kind, so a flush, when present, is the hand.
"""

from collections.abc import Sequence
from itertools import combinations, combinations_with_replacement
from operator import eq

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
    rank_key,
    rank_mask,
)

__all__ = ["best_five", "category_name", "rank5", "rank7"]

_VALUES = packed_values(range(13))
_STRAIGHT_TOPS = {rank_mask(range(top - 4, top + 1)): top for top in range(4, 13)}
_STRAIGHT_TOPS[rank_mask((ACE, 0, 1, 2, 3))] = 3  # 5-4-3-2-A, art. 14(3)


def _non_flush_table() -> dict[int, int]:
    """Best value of every 5-, 6- and 7-card rank multiset, each from the multisets one card smaller."""
    table: dict[int, int] = {}
    for size in (5, 6, 7):
        for ranks in combinations_with_replacement(range(13), size):
            if any(map(eq, ranks, ranks[4:])):
                continue  # five of one rank
            key = rank_key(ranks)
            table[key] = (five_card_value(ranks, False, _STRAIGHT_TOPS) if size == 5
                          else max([table[key - POWERS_OF_5[rank]] for rank in set(ranks)]))
    return table


def _flush_table() -> list[int]:
    """Best value of five to seven cards of one suit, indexed by their rank mask."""
    table = [0] * (1 << 13)
    for size in (5, 6, 7):
        for ranks in combinations(range(13), size):
            table[rank_mask(ranks)] = (five_card_value(ranks, True, _STRAIGHT_TOPS) if size == 5
                                       else max(table[rank_mask(ranks) ^ 1 << rank] for rank in ranks))
    return table


def _without_quads_kicker(value: int) -> int:
    """Art. 15(3): a four of a kind is valued by its rank alone."""
    return hand_value(FOUR_OF_A_KIND, (value >> 16 & 15,)) if category_of(value) == FOUR_OF_A_KIND else value


_KICKER_COUNTS = _non_flush_table()
_MACAU = {key: _without_quads_kicker(value) for key, value in _KICKER_COUNTS.items()}
_FLUSH = _flush_table()


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
