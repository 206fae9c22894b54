"""An oracle written from the words of the stud regulation, independent of the evaluator's bit tricks and of
PokerKit: ``auditor/games/stud/evaluate.py`` must order every hand, and the replay (``leaders.py``, default readings)
every set of open cards, as it does.

Art. 5 (ranking): royal flush, straight flush, four of a kind, full house, flush, straight, three of a kind, two
pairs, one pair, high card; "in the combination A, 5, 6, 7, 8 the Ace may be used as a 4. This combination is the
lowest straight"; the four, the three of a full house and the three alone count; flush and high card card by card;
two pairs by high pair, low pair, odd card; one pair by the pair, then the odd cards. Suits never break a tie.

Art. 10 b)-d) (who acts first): round 1 the highest open card, suits spades > hearts > clubs > diamonds; round 2 the
higher pair of the two open cards, else the highest second open card; round 3 three of a kind, else a pair the third
open card makes with the first or second, else the highest third open card; round 4 a possible royal flush, a
possible straight flush, four of a kind, a possible flush, a possible straight ("four cards that are not consecutive
are not a possible straight"), three of a kind, two pairs, the highest pair formed with the fourth open card, else
the highest fourth open card. Ties of those broken by the suit of the deciding card, as in round 1."""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations, permutations

import pytest

from auditor.engine.ruleset import load_rulesets
from auditor.games.stud.evaluate import rank5
from auditor.games.stud.leaders import strength

RANKS = "56789TJQKA"  # art. 1 a), lowest first
SUITS = "dchs"  # art. 10 b), weakest first
PACK = [r + s for r in RANKS for s in SUITS]
ACE_AS_FOUR = {"A", "5", "6", "7", "8"}
LEAD = strength(load_rulesets()["stud"])  # the order of play as the replay reads it, default readings


def _straight_top(ranks: list[str]) -> int | None:
    """The top card of a straight of five (or a possible straight of four) cards, or None."""
    values = sorted(RANKS.index(r) for r in ranks)
    if len(set(values)) == len(values) and values[-1] - values[0] == len(values) - 1:
        return values[-1]
    if set(ranks) <= ACE_AS_FOUR and len(set(ranks)) == len(ranks) and "A" in ranks:  # A-5-6-7(-8): the Ace as a 4
        rest = sorted(RANKS.index(r) for r in ranks if r != "A")
        if rest == list(range(0, len(rest))):
            return rest[-1]
    return None


def oracle_hand(cards: list[str], a5678_straight_flush: bool = True) -> tuple:
    """Art. 5: (category 10 = royal flush ... 1 = high card, the values that decide ties)."""
    ranks = [c[0] for c in cards]
    counts = Counter(ranks)
    by_count = sorted(counts, key=lambda r: (counts[r], RANKS.index(r)), reverse=True)
    desc = sorted((RANKS.index(r) for r in ranks), reverse=True)
    flush = len({c[1] for c in cards}) == 1
    top = _straight_top(ranks)
    if flush and top is not None and (set(ranks) != ACE_AS_FOUR or a5678_straight_flush):
        return (10,) if top == RANKS.index("A") else (9, top)
    shape = sorted(counts.values(), reverse=True)
    if shape[0] == 4:
        return 8, RANKS.index(by_count[0])
    if shape == [3, 2]:
        return 7, RANKS.index(by_count[0])
    if flush:
        return 6, *desc
    if top is not None:
        return 5, top
    if shape[0] == 3:
        return 4, RANKS.index(by_count[0])
    if shape == [2, 2, 1]:
        return 3, *(RANKS.index(r) for r in by_count)
    if shape[0] == 2:
        return 2, RANKS.index(by_count[0]), *sorted((RANKS.index(r) for r in by_count[1:]), reverse=True)
    return 1, *desc


def _suit(cards: list[str], rank: int) -> int:
    """The best suit among the cards of ``rank`` (art. 10 b))."""
    return max(SUITS.index(c[1]) for c in cards if RANKS.index(c[0]) == rank)


def oracle_open(cards: list[str]) -> tuple:
    """Art. 10 b)-d): the strength of a seat's open cards (dealing order) in betting round ``len(cards)``."""
    n, newest = len(cards), RANKS.index(cards[-1][0])
    counts = Counter(RANKS.index(c[0]) for c in cards)
    if n < 4:
        if counts[newest] == 3:
            key = (3, newest)
        elif counts[newest] == 2:
            key = (2, newest)
        else:
            key = (0, newest)
        return *key, _suit(cards, key[1])
    top = _straight_top([c[0] for c in cards])
    suited = len({c[1] for c in cards}) == 1
    pairs = sorted((r for r, k in counts.items() if k == 2), reverse=True)
    if suited and top is not None and min(counts) >= RANKS.index("T"):
        key = (9, top)
    elif suited and top is not None:
        key = (8, top)
    elif 4 in counts.values():
        key = (7, newest)
    elif suited:
        key = (6, *sorted(counts, reverse=True))
    elif top is not None:
        key = (5, top)
    elif 3 in counts.values():
        key = (4, max(counts, key=counts.get))
    elif len(pairs) == 2:
        key = (3, *pairs)
    elif counts[newest] == 2:
        key = (2, newest)
    else:
        key = (0, newest)
    return *key, _suit(cards, key[1])


def _same_order(items: list, oracle, code) -> None:
    """``code`` orders ``items`` exactly as ``oracle`` does: the same ties, the same order between them."""
    groups: dict[tuple, set] = {}
    for item in items:
        groups.setdefault(oracle(item), set()).add(code(item))
    assert all(len(values) == 1 for values in groups.values()), "equal under the text, unequal in the code"
    values = [next(iter(groups[key])) for key in sorted(groups)]
    assert values == sorted(values), "ordered otherwise than the text orders them"
    assert len(set(values)) == len(values), "unequal under the text, equal in the code"


def _classes() -> list[list[str]]:
    """One hand of every class of art. 5: each multiset of ranks of the pack, suited where it can be, and unsuited
    (A-5-6-7-8 and every other five distinct ranks both ways)."""
    hands = []
    for shape in ([1] * 5, [2, 1, 1, 1], [2, 2, 1], [3, 1, 1], [3, 2], [4, 1]):
        for ranks in permutations(RANKS, len(shape)):
            if any(ranks[i] < ranks[i + 1] for i in range(len(shape) - 1) if shape[i] == shape[i + 1]):
                continue
            cards = [r + SUITS[k] for r, count in zip(ranks, shape) for k in range(count)]  # a pair is never suited
            if len(shape) == 5:
                hands.append([r + "s" for r in ranks])  # five ranks suited, and not
                cards[-1] = cards[-1][0] + "h"
            hands.append(cards)
    return hands


@pytest.mark.parametrize("a5678", [True, False])
def test_every_hand_class_is_ranked_as_art_5_says(a5678):
    hands = _classes()
    assert len(hands) == 2 * 252 + 10 * 84 + 45 * 8 + 10 * 36 + 90 + 90  # each class of art. 5 once
    _same_order(hands, lambda h: oracle_hand(h, a5678), lambda h: rank5(h, a5678))


def test_random_hands_are_ranked_as_art_5_says():
    rng = random.Random(5)
    _same_order([rng.sample(PACK, 5) for _ in range(20_000)], oracle_hand, rank5)


@pytest.mark.slow
@pytest.mark.parametrize("a5678", [True, False])
def test_all_658008_hands_are_ranked_as_art_5_says(a5678):
    _same_order(list(map(list, combinations(PACK, 5))), lambda h: oracle_hand(h, a5678), lambda h: rank5(h, a5678))


@pytest.mark.parametrize("round_no", [1, 2, 3])
def test_every_open_card_sequence_of_rounds_1_to_3(round_no):
    """All 40, 1,560 and 59,280 sequences of open cards: suits decide every tie of rank, so the order is total."""
    sequences = list(map(list, permutations(PACK, round_no)))
    _same_order(sequences, oracle_open, lambda cards: LEAD(cards, round_no))


def test_four_open_cards():
    """Every class of four open cards (each multiset of ranks, suited where it can be, unsuited, the pair with or
    without the fourth card), then a random sample."""
    sequences = []
    for ranks in permutations(RANKS, 4):
        sequences.append([r + "s" for r in ranks])
        sequences.append([r + s for r, s in zip(ranks, "shcd")])
    for a, b, c in permutations(RANKS, 3):
        sequences += [[a + "s", b + "h", a + "c", c + "d"], [a + "s", b + "h", c + "c", a + "d"],
                      [a + "s", a + "h", a + "c", b + "d"], [b + "s", a + "h", a + "c", a + "d"],
                      [a + "s", a + "h", b + "c", b + "d"]]
    for a in RANKS:
        sequences.append([a + s for s in "shcd"])
    rng = random.Random(4)
    sequences += [rng.sample(PACK, 4) for _ in range(30_000)]
    _same_order(sequences, oracle_open, lambda cards: LEAD(cards, 4))
