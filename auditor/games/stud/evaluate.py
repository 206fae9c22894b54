"""Five-card stud hand ranking: Portaria n.º 104/85/M, Regulamento, arts. 1 a), 5 and 10 b)-d).

Art. 1 a): one 40-card pack, "A is the highest card; the others, from highest to lowest, are K, Q, J, 10, 9,
8, 7, 6, 5". Cards outside it (2, 3, 4) raise ValueError.

Art. 5: "a higher hand always beats a lower hand": royal flush > straight flush > four of a kind > full house >
flush > straight > three of a kind > two pairs > one pair > high card, in the text's order. Ties:

* four of a kind: "the odd card is not counted"; full house: "the higher three-of-a-kind wins; the pair is not
  counted"; three of a kind: "the other two cards are not counted". So these compare their three or four of a
  kind alone. With one pack two seats never share that rank, so this never decides a real showdown.
* straight and straight flush: the highest card; A-K-Q-J-10 down to 9-8-7-6-5, then "in the combination
  A, 5, 6, 7, 8 the Ace may be used as a 4. This combination is the lowest straight". No other wrap-around
  (K-A-5-6-7 is no straight).
* flush and high card: card by card; two pairs: higher pair, lower pair, odd card; one pair: the pair, then
  the three odd cards from the highest down.
* Suits never break a showdown tie: equal values split the pot (art. 4).

[AMBIGUITY] art. 5(2) does not say whether a suited A-5-6-7-8 is a straight flush; art. 5(6) implies it is, the
lowest one (docs/readings.md, ``suited_a5678_is_straight_flush=True``). With ``False`` the Ace counts as 4 only in
the straight of art. 5(6), so the suited hand is "five cards of one suit not in sequence", an Ace-high flush.
"""

from collections.abc import Sequence
from enum import IntEnum
from functools import cache
from itertools import combinations, combinations_with_replacement
from operator import eq

from auditor.games.poker.cards import (
    ACE,
    FLUSH_SUIT,
    FOUR_OF_A_KIND,
    FULL_HOUSE,
    RANK_MASK,
    RANKS,
    SET_SHIFT,
    SUIT_SHIFT,
    THREE_OF_A_KIND,
    Card,
    category_name,
    five_card_value,
    pack,
    packed_values,
    parse_card,
    rank_key,
    rank_mask,
)

__all__ = ["Open", "category_name", "open_cards_rank", "rank5"]

FIVE, EIGHT, TEN = RANKS.index("5"), RANKS.index("8"), RANKS.index("T")
_PACK = range(FIVE, ACE + 1)
_VALUES = packed_values(_PACK)
_CODES = {card: card if isinstance(card, int) else parse_card(card) for card in _VALUES}  # the pack's card codes
_A5678 = rank_mask((ACE, FIVE, FIVE + 1, FIVE + 2, EIGHT))
_STRAIGHT_TOPS = {rank_mask(range(top - 4, top + 1)): top for top in range(FIVE + 4, ACE + 1)} | {_A5678: EIGHT}
_PRINCIPAL_ONLY = (FOUR_OF_A_KIND, FULL_HOUSE, THREE_OF_A_KIND)

_NON_FLUSH = {rank_key(ranks): five_card_value(ranks, False, _STRAIGHT_TOPS, _PRINCIPAL_ONLY)
              for ranks in combinations_with_replacement(_PACK, 5) if not any(map(eq, ranks, ranks[4:]))}
_FLUSH = {rank_mask(ranks): five_card_value(ranks, True, _STRAIGHT_TOPS) for ranks in combinations(_PACK, 5)}
_FLUSH_A5678_NOT_STRAIGHT = _FLUSH | {_A5678: five_card_value((ACE, FIVE, FIVE + 1, FIVE + 2, EIGHT), True, {})}


def rank5(cards: Sequence[Card], suited_a5678_is_straight_flush: bool = True) -> int:
    """Value of five cards under art. 5; higher is better, equal values tie.

    Cards are strings (``"Td"``) or codes from ``parse_card``. ValueError unless five distinct cards of the pack.
    """
    packed_sum = pack(cards, _VALUES, 5)
    suit = FLUSH_SUIT[packed_sum >> SUIT_SHIFT & 0xFFF]
    if suit < 0:
        return _NON_FLUSH[packed_sum & RANK_MASK]
    flushes = _FLUSH if suited_a5678_is_straight_flush else _FLUSH_A5678_NOT_STRAIGHT
    return flushes[packed_sum >> (SET_SHIFT + 13 * suit) & 0x1FFF]


# Open cards (art. 10). Suit strength, art. 10 b): "spades, hearts, clubs, diamonds", indexed like SUITS ("shdc").
_SUIT_STRENGTH = (3, 2, 0, 1)
# Four consecutive ranks (art. 10 d): "four cards that are not consecutive are not a possible straight"),
# keyed by rank mask, valued by the top card; A-5-6-7 counts its 7 as top (the Ace is a 4, art. 5(6)).
_FOUR_TOPS = {rank_mask(range(top - 3, top + 1)): top for top in range(FIVE + 3, ACE + 1)}
_A567 = rank_mask((ACE, FIVE, FIVE + 1, FIVE + 2))
_FOUR_TOPS[_A567] = FIVE + 2


class Open(IntEnum):
    """Combinations of open cards that decide who acts first (art. 10 b)-d)), weakest first."""

    HIGHEST_NEWEST_CARD = 0
    PAIR_WITH_NEWEST_CARD = 1
    TWO_PAIRS = 2
    THREE_OF_A_KIND = 3
    POSSIBLE_STRAIGHT = 4
    POSSIBLE_FLUSH = 5
    FOUR_OF_A_KIND = 6
    POSSIBLE_STRAIGHT_FLUSH = 7
    POSSIBLE_ROYAL_FLUSH = 8


# Rounds 1-3 (art. 10 b), c) i), c) v)) look only at how many open cards share the newest card's rank.
_BY_NEWEST_CARD_COUNT = {1: Open.HIGHEST_NEWEST_CARD, 2: Open.PAIR_WITH_NEWEST_CARD, 3: Open.THREE_OF_A_KIND}


@cache  # at most 10**4 sequences of ranks x 2 x 2: each met again and again in a day
def _four_open(ranks: tuple[int, ...], suited: bool, suited_a5678_is_straight_flush: bool) -> tuple[int, ...]:
    """Art. 10 d): possible royal flush, possible straight flush, four of a kind, possible flush, possible
    straight, three of a kind, two pairs, the highest pair formed with the fourth open card; otherwise the
    highest fourth open card (docs/readings.md). Within a category: the highest card, then the next."""
    newest = ranks[3]
    counts = sorted(((ranks.count(rank), rank) for rank in set(ranks)), reverse=True)
    if counts[0][0] == 4:
        return Open.FOUR_OF_A_KIND, newest
    if counts[0][0] == 3:
        return Open.THREE_OF_A_KIND, counts[0][1]
    if counts[0][0] == counts[1][0] == 2:
        return Open.TWO_PAIRS, counts[0][1], counts[1][1]
    if counts[0][0] == 2:
        return (Open.PAIR_WITH_NEWEST_CARD if ranks.count(newest) == 2 else Open.HIGHEST_NEWEST_CARD), newest
    mask = rank_mask(ranks)
    top = _FOUR_TOPS.get(mask)
    if suited and top is not None and (mask != _A567 or suited_a5678_is_straight_flush):
        return (Open.POSSIBLE_ROYAL_FLUSH if min(ranks) >= TEN else Open.POSSIBLE_STRAIGHT_FLUSH), top
    if suited:
        return Open.POSSIBLE_FLUSH, *sorted(ranks, reverse=True)
    if top is not None:
        return Open.POSSIBLE_STRAIGHT, top
    return Open.HIGHEST_NEWEST_CARD, newest


def open_cards_rank(cards: Sequence[Card], round_no: int, *, suited_a5678_is_straight_flush: bool = True,
                    suits_break_ties: bool = True) -> tuple[int, ...]:
    """Strength of a seat's open cards, in dealing order, for who acts first in betting round ``round_no``.

    Round 1 has one open card, round n has n. The seat with the greatest tuple acts first (art. 10 b)-d)):

    * round 1, art. 10 b): "the highest open card"; "if several players hold open cards of the same rank,
      the suit decides: spades, hearts, clubs, diamonds";
    * round 2, art. 10 c) i): "the higher pair" of the two open cards, else "the highest second open card"
      (the newest card alone, art. 10 c) i), docs/readings.md);
    * round 3, art. 10 c) v): "the higher three of a kind", else a pair of the third open card with the second
      or the first, else "the highest third open card". Literally a pair of the first two open cards does not
      count (5CS-10.11);
    * round 4, art. 10 d): the four-card order (see ``_four_open``). "Four cards that are not consecutive are
      not a possible straight"; A-5-6-7 is consecutive (the Ace as a 4, art. 5(6)). Reading: the same holds for
      possible straight and royal flushes, so a suited A-K-Q-10 is a possible flush. A pair not formed with
      the fourth card does not count; without a combination the highest fourth open card leads (docs/readings.md).

    The tuple is (category, ranks..., suit). [AMBIGUITY] the text states the suit rule for the first round
    only; with ``suits_break_ties`` (default) the suit of the deciding card (the best suit among the cards of
    the leading rank) also breaks later ties, so two seats never tie. With ``False`` the suit is left out after
    round 1 and equal tuples mean the text does not decide.
    """
    if round_no not in (1, 2, 3, 4):
        raise ValueError(f"betting rounds are 1 to 4, got {round_no!r}")
    try:
        codes = [_CODES[card] for card in cards]
    except (KeyError, TypeError):
        raise ValueError(f"not a card of this pack in {cards!r}") from None
    if len(codes) != round_no or len(set(codes)) != round_no:
        raise ValueError(f"expected {round_no} distinct cards, got {cards!r}")
    ranks = [code >> 2 for code in codes]
    if round_no < 4:
        key: tuple[int, ...] = _BY_NEWEST_CARD_COUNT[ranks.count(ranks[-1])], ranks[-1]
    else:
        key = _four_open(tuple(ranks), len({code & 3 for code in codes}) == 1, suited_a5678_is_straight_flush)
    if round_no > 1 and not suits_break_ties:
        return key
    deciding = key[1]
    return *key, max(_SUIT_STRENGTH[code & 3] for code in codes if code >> 2 == deciding)
