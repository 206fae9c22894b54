"""Five-card stud evaluator (Portaria n.º 104/85/M, arts. 5 and 10) by example and against a PokerKit oracle.

The oracle is PokerKit 0.7.7's own ``Lookup`` machinery given the 40-card rank order 5..A, whose wrap-around
straight is A-5-6-7-8, and the categories of art. 5 in the text's order. PokerKit compares every card, while
art. 5 compares four of a kind, full house and three of a kind by their four or three alone; so the oracle's key
for those hands is that of the same four or three with the lowest other cards. Nothing else may differ.
"""

import random
from collections import Counter
from dataclasses import dataclass
from itertools import combinations, combinations_with_replacement

import pytest
from pokerkit.lookups import Label, Lookup
from pokerkit.utilities import Rank

from auditor.games.poker.cards import DECK, parse_card
from auditor.games.stud.evaluate import Open, category_name, open_cards_rank, rank5

PACK = [card for card in DECK if card[0] in "56789TJQKA"]
_ORDER = "56789TJQKA"


@dataclass
class _StudLookup(Lookup):
    """Art. 5 order built by PokerKit; ``a5678_straight_flush`` per the art. 5(2) ambiguity."""

    a5678_straight_flush: bool = True
    rank_order = tuple(Rank(rank) for rank in _ORDER)

    def _add_entries(self) -> None:
        self._add_multisets(Counter({1: 5}), (False,), Label.HIGH_CARD)
        self._add_multisets(Counter({2: 1, 1: 3}), (False,), Label.ONE_PAIR)
        self._add_multisets(Counter({2: 2, 1: 1}), (False,), Label.TWO_PAIR)
        self._add_multisets(Counter({3: 1, 1: 2}), (False,), Label.THREE_OF_A_KIND)
        self._add_straights(5, (False,), Label.STRAIGHT)  # wraps: A-5-6-7-8
        self._add_multisets(Counter({1: 5}), (True,), Label.FLUSH)
        self._add_multisets(Counter({3: 1, 2: 1}), (False,), Label.FULL_HOUSE)
        self._add_multisets(Counter({4: 1, 1: 1}), (False,), Label.FOUR_OF_A_KIND)
        self._add_straights(5, (True,), Label.STRAIGHT_FLUSH, self.a5678_straight_flush)


_ORACLES = {flag: _StudLookup(a5678_straight_flush=flag) for flag in (True, False)}
_PRINCIPAL_ONLY = {Label.FOUR_OF_A_KIND: (4, 1), Label.FULL_HOUSE: (3, 2), Label.THREE_OF_A_KIND: (3, 1, 1)}


def _oracle_index(cards: list[str], a5678_straight_flush: bool = True) -> int:
    lookup = _ORACLES[a5678_straight_flush]
    entry = lookup.get_entry("".join(cards))
    if entry.label not in _PRINCIPAL_ONLY:
        return entry.index
    principal = Counter(card[0] for card in cards).most_common(1)[0][0]
    others = [rank for rank in _ORDER if rank != principal]
    shape = _PRINCIPAL_ONLY[entry.label]
    ranks = principal * shape[0] + "".join(rank * count for rank, count in zip(others, shape[1:]))
    return lookup.get_entry("".join(rank + "shdc"[i % 4] for i, rank in enumerate(ranks))).index


def _assert_same_order(hands: list[list[str]], a5678_straight_flush: bool = True) -> int:
    """Oracle and ``rank5`` order the hands identically, ties included; returns the number of classes."""
    ours_by_oracle: dict[int, int] = {}
    for hand in hands:
        ours = rank5(hand, a5678_straight_flush)
        assert ours_by_oracle.setdefault(_oracle_index(hand, a5678_straight_flush), ours) == ours, hand
    values = [ours_by_oracle[key] for key in sorted(ours_by_oracle)]
    assert all(a < b for a, b in zip(values, values[1:]))
    return len(values)


def _class_representatives() -> list[list[str]]:
    """One hand for each rank multiset off-suit and each five ranks suited: every value rank5 can take."""
    hands = [[_ORDER[rank] + "shdc"[i % 4] for i, rank in enumerate(ranks)]
             for ranks in combinations_with_replacement(range(10), 5) if max(Counter(ranks).values()) <= 4]
    return hands + [[_ORDER[rank] + "d" for rank in ranks] for ranks in combinations(range(10), 5)]


@pytest.mark.parametrize("a5678_straight_flush", [True, False])
def test_every_hand_class_matches_the_oracle(a5678_straight_flush: bool) -> None:
    hands = _class_representatives()
    assert len(hands) == 2244
    # PokerKit's 2,244 classes less the ones art. 5 merges: 10 x 8 fifth cards, 10 x 8 pairs, 10 x 35 odd pairs.
    assert _assert_same_order(hands, a5678_straight_flush) == 2244 - 10 * 8 - 10 * 8 - 10 * 35


def test_random_hands_match_the_oracle() -> None:
    rng = random.Random(1985)
    assert _assert_same_order([rng.sample(PACK, 5) for _ in range(20_000)]) > 1000


@pytest.mark.slow
@pytest.mark.parametrize("a5678_straight_flush", [True, False])
def test_all_658008_hands_match_the_oracle(a5678_straight_flush: bool) -> None:
    hands = [list(hand) for hand in combinations(PACK, 5)]
    assert len(hands) == 658_008
    assert _assert_same_order(hands, a5678_straight_flush) == 1734


def _rank(text: str, a5678_straight_flush: bool = True) -> int:
    return rank5(text.split(), a5678_straight_flush)


def test_category_order_as_written_in_art_5() -> None:
    hands = ["As Ks Qs Js Ts", "Kh Qh Jh Th 9h", "Ac Ad Ah As 5s", "8s 8h 8d 5c 5s", "Ts 9s 8s 7s 5s",
             "6c 7d 8h 9s Ts", "Ks Kh Kd 6c 5s", "Th Ts 6d 6c 5s", "Th Ts 9d 7c 6s", "Ah Td 7c 6s 5s"]
    values = [_rank(hand) for hand in hands]
    assert values == sorted(values, reverse=True) and len(set(values)) == len(values)
    assert [category_name(value) for value in values] == [
        "Royal flush", "Straight flush", "Four of a kind", "Full house", "Flush", "Straight", "Three of a kind",
        "Two pairs", "One pair", "High card"]


def test_straights_of_the_40_card_pack() -> None:
    """Art. 5(6): A-K-Q-J-10 down to 9-8-7-6-5, then A-5-6-7-8 (the Ace as a 4), the lowest."""
    order = ["As Kd Qh Jc Ts", "Ks Qd Jh Tc 9s", "Qs Jd Th 9c 8s", "Js Td 9h 8c 7s", "Ts 9d 8h 7c 6s",
             "9s 8d 7h 6c 5s", "As 5d 6h 7c 8s"]
    values = [_rank(hand) for hand in order]
    assert values == sorted(values, reverse=True) and len(set(values)) == len(values)
    assert all(category_name(value) == "Straight" for value in values)
    assert _rank("As 5d 6h 7c 8s") > _rank("Ks Kd Kh 7c 8s")


@pytest.mark.parametrize("hand", ["Ks Ad 5h 6c 7s", "Qs Kd Ah 5c 6s", "Js Qd Kh Ac 5s"])
def test_no_other_wrap_around_straight(hand: str) -> None:
    assert category_name(_rank(hand)) == "High card"


def test_suited_a5678() -> None:
    """[AMBIGUITY] art. 5(2): the lowest straight flush by default; otherwise an Ace-high flush."""
    steel = _rank("As 5s 6s 7s 8s")
    assert category_name(steel) == "Straight flush"
    assert _rank("As Ad Ah Ac Ks") < steel < _rank("9h 8h 7h 6h 5h")
    flush = _rank("As 5s 6s 7s 8s", False)
    assert category_name(flush) == "Flush"
    assert _rank("Ah 9h 7h 6h 5h") > flush > _rank("Kh Qh Jh 9h 7h") > _rank("Ad 5c 6h 7c 8s", False)
    assert _rank("9h 8h 7h 6h 5h", False) == _rank("9h 8h 7h 6h 5h")


def test_straight_flush_ties_on_the_highest_card() -> None:
    assert _rank("Ts 9s 8s 7s 6s") == _rank("Th 9h 8h 7h 6h") > _rank("9d 8d 7d 6d 5d")
    assert category_name(_rank("Ts 9s 8s 7s 6s")) == "Straight flush"


def test_four_of_a_kind_full_house_three_of_a_kind_ignore_the_other_cards() -> None:
    """Art. 5(3), (4), (7): the odd card, the pair, the other two cards "are not counted"."""
    assert _rank("Ac Ad Ah As 5s") == _rank("Ac Ad Ah As Ks") > _rank("Kc Kd Kh Ks As")
    assert _rank("8s 8h 8d 5c 5s") == _rank("8s 8h 8d Kc Ks") < _rank("9s 9h 9d 5c 5s")
    assert _rank("Ks Kh Kd 6c 5s") == _rank("Ks Kh Kd Qc Js") > _rank("Qs Qh Qd Ac Js")


def test_flush_and_high_card_card_by_card() -> None:
    """Art. 5(5), (10): the highest card, then the second, the third, and so on."""
    assert _rank("As Ks 9s 7s 5s") > _rank("Ah Kh 9h 6h 5h") > _rank("Ad Qd Jd 9d 7d")
    assert _rank("As Ks 9s 7s 5s") == _rank("Ad Kd 9d 7d 5d")
    assert _rank("Ac Kd 9h 7s 6s") > _rank("Ac Kd 9h 7s 5s") > _rank("Ac Qd Jh 9s 7s")
    assert _rank("Ac Kd 9h 7s 6s") == _rank("Ad Kc 9s 7h 6d")


def test_two_pairs_and_one_pair() -> None:
    """Art. 5(8): higher pair, lower pair, odd card. Art. 5(9): the pair, then the odd cards from the highest."""
    assert _rank("Ts Th 6d 6c 5s") < _rank("Ts Th 7d 7c 5s") < _rank("Js Jh 6d 6c 5s")
    assert _rank("Ts Th 6d 6c 9s") > _rank("Td Tc 6s 6h 5s")
    assert _rank("Ts Th 6d 6c 9s") == _rank("Td Tc 6s 6h 9d")
    assert _rank("Ts Th 9d 7c 6s") > _rank("Td Tc 9s 7h 5s") > _rank("Td Tc 8s 7h 6s")
    assert _rank("Js Jh 5d 6c 7s") > _rank("Ts Th Ad Kc Qs")
    assert _rank("Ts Th 9d 7c 6s") == _rank("Tc Td 9s 7h 6d")


def test_cards_outside_the_pack_and_bad_hands() -> None:
    assert rank5([parse_card(card) for card in "As Ks Qs Js Ts".split()]) == _rank("As Ks Qs Js Ts")
    for bad in ("As Ks Qs Js 4s", "As Ks Qs Js", "As Ks Qs Js Ts 9s", "As As Qs Js Ts", "As Ks Qs Js 10s"):
        with pytest.raises(ValueError):
            _rank(bad)


def _leader(seats: list[str], round_no: int, **readings: bool) -> int:
    keys = [open_cards_rank(seat.split(), round_no, **readings) for seat in seats]
    assert len(set(keys)) == len(keys), "tie"
    return keys.index(max(keys))


def test_round_1_highest_open_card_then_suit() -> None:
    """Art. 10 b): the highest open card; same rank: spades, hearts, clubs, diamonds."""
    assert _leader(["Kd", "As", "Qh"], 1) == 1
    assert _leader(["Ad", "Ac", "Ah", "As"], 1) == 3
    assert sorted(["Ad", "Ac", "Ah", "As"], key=lambda card: open_cards_rank([card], 1)) == ["Ad", "Ac", "Ah", "As"]
    assert open_cards_rank(["Ad"], 1, suits_break_ties=False) != open_cards_rank(["Ac"], 1, suits_break_ties=False)


def test_round_2_pair_else_second_open_card() -> None:
    """Art. 10 c) i): the higher pair of the two open cards, else the highest second open card."""
    assert _leader(["As Kd", "5s 5d", "6h 6c"], 2) == 2
    assert _leader(["As 7d", "5s 8d"], 2) == 1  # the newest card decides, not the best card
    assert _leader(["Ks 9d", "Qh 9s"], 2) == 1  # equal second cards: the suit of the second card
    assert _leader(["Kd Kc", "Ks Kh"], 2) == 1
    assert open_cards_rank("Ks 9d".split(), 2, suits_break_ties=False) == open_cards_rank(
        "Qh 9s".split(), 2, suits_break_ties=False)


def test_round_3_trips_then_pair_with_third_card_then_third_card() -> None:
    """Art. 10 c) v): a pair of the first two open cards does not count."""
    assert _leader(["As Ad Ks", "5s 5d 5h", "Qs Qd Jh"], 3) == 1
    assert _leader(["9s Kd 9h", "As Ad 7h", "Qs Jd Th"], 3) == 0
    assert _leader(["9s Kd Kh", "8s Qd 8h"], 3) == 0
    assert _leader(["As Ad 7h", "5s 6d 8h"], 3) == 1


def test_round_4_four_open_cards() -> None:
    """Art. 10 d), strongest first; without a combination the highest fourth open card (docs/readings.md)."""
    order = [("As Ks Qs Js", Open.POSSIBLE_ROYAL_FLUSH), ("Kh Qh Jh Th", Open.POSSIBLE_ROYAL_FLUSH),
             ("9d Td Jd Qd", Open.POSSIBLE_STRAIGHT_FLUSH), ("As 5s 6s 7s", Open.POSSIBLE_STRAIGHT_FLUSH),
             ("5s 5h 5d 5c", Open.FOUR_OF_A_KIND), ("Ac Kc Qc Tc", Open.POSSIBLE_FLUSH),
             ("Ah Kd Qh Js", Open.POSSIBLE_STRAIGHT), ("Ah 5d 6h 7c", Open.POSSIBLE_STRAIGHT),
             ("As Ah Ad Ks", Open.THREE_OF_A_KIND), ("Ks Kh Qs Qd", Open.TWO_PAIRS),
             ("Ac 5d Qd Ah", Open.PAIR_WITH_NEWEST_CARD), ("9s 6d 5d 9h", Open.PAIR_WITH_NEWEST_CARD),
             ("Kc Kd As Qh", Open.HIGHEST_NEWEST_CARD), ("Kc Qd Js 9h", Open.HIGHEST_NEWEST_CARD),
             ("Kc Ad As 8h", Open.HIGHEST_NEWEST_CARD), ("Th 9s 6d 7s", Open.HIGHEST_NEWEST_CARD)]
    keys = [open_cards_rank(cards.split(), 4) for cards, _ in order]
    assert [key[0] for key in keys] == [combination for _, combination in order]
    assert keys == sorted(keys, reverse=True) and len(set(keys)) == len(keys)
    assert open_cards_rank("As 5s 6s 7s".split(), 4, suited_a5678_is_straight_flush=False)[0] == Open.POSSIBLE_FLUSH
    assert open_cards_rank("Ks Ad 5s 6h".split(), 4)[0] == Open.HIGHEST_NEWEST_CARD


def test_round_4_needs_four_consecutive_cards() -> None:
    """Art. 10 d): "four cards that are not consecutive are not a possible straight, e.g. 10, 9, 6, 7"; the
    same reading for straight and royal flushes: A-K-Q-10 of one suit is a possible flush only."""
    assert open_cards_rank("Th 9s 6d 7s".split(), 4)[0] == Open.HIGHEST_NEWEST_CARD
    assert open_cards_rank("Ts 9s 6s 7s".split(), 4)[0] == Open.POSSIBLE_FLUSH
    assert open_cards_rank("As Ks Qs Ts".split(), 4)[0] == Open.POSSIBLE_FLUSH
    assert open_cards_rank("Ts 9s 8s 7s".split(), 4)[0] == Open.POSSIBLE_STRAIGHT_FLUSH


def test_round_4_ties_within_a_combination() -> None:
    assert _leader(["As Ks Qs Js", "Kh Qh Jh Th"], 4) == 0
    assert _leader(["Ah Kh Qh Jh", "As Ks Qs Js"], 4) == 1
    assert _leader(["9s 8d 7h 6c", "5s 6d 7h 8c"], 4) == 0
    assert _leader(["5s 6d 7h 8c", "Ad 5h 6c 7s"], 4) == 0
    assert _leader(["Ac Kc 9c 7c", "Ad Kd 9d 8d"], 4) == 1
    assert _leader(["Ks Kh 6s 6h", "Kd Kc 7d 7c"], 4) == 1


def test_open_cards_bad_input() -> None:
    for cards, round_no in (("As Ks", 1), ("As", 2), ("As Ks Qs Js Ts", 5), ("4s", 1), ("As As", 2)):
        with pytest.raises(ValueError):
            open_cards_rank(cards.split(), round_no)
