"""Hold'em evaluator (despacho of 18 Jan 2008, arts. 10(1), 14, 15) against PokerKit 0.7.7 and by example.

PokerKit counts the kicker of four of a kind, so with ``quads_kicker_counts=True`` the two orders must be
identical. Under the default Macau reading of art. 15(3) the only allowed difference is that hands with the same
four of a kind tie: PokerKit's order with each four of a kind's fifth card replaced by the lowest possible one.
"""

import random
import subprocess
import sys
from collections import Counter
from collections.abc import Iterable, Sequence
from itertools import combinations, combinations_with_replacement

import pytest
from pokerkit import Card as PokerKitCard
from pokerkit import StandardHighHand
from pokerkit.lookups import Label

from auditor.games.holdem.evaluate import best_five, category_name, rank5, rank7
from auditor.games.poker.cards import DECK, RANKS, card_str, parse_card

_LOOKUP = StandardHighHand.lookup
_PK = {card: next(iter(PokerKitCard.parse(card))) for card in DECK}


def _cards(text: str) -> list[str]:
    return text.split()


def _pokerkit_indices(cards: Sequence[str]) -> tuple[int, int]:
    """PokerKit's strength of the best five, then the same with a four of a kind's fifth card made the lowest."""
    entry = max(_LOOKUP.get_entry(five) for five in combinations([_PK[card] for card in cards], 5))
    if entry.label != Label.FOUR_OF_A_KIND:
        return entry.index, entry.index
    quad = Counter(card[0] for card in cards).most_common(1)[0][0]
    kicker = "2" if quad != "2" else "3"
    return entry.index, _LOOKUP.get_entry("".join(quad + suit for suit in "shdc") + kicker + "s").index


def _assert_same_order(pairs: Iterable[tuple[int, int]]) -> int:
    """The oracle's keys and ours order the hands identically (ties included); returns the number of classes."""
    ours_by_oracle: dict[int, int] = {}
    for oracle, ours in pairs:
        assert ours_by_oracle.setdefault(oracle, ours) == ours, f"oracle tie split: {oracle}"
    values = [ours_by_oracle[key] for key in sorted(ours_by_oracle)]
    assert all(a < b for a, b in zip(values, values[1:]))
    return len(values)


def _random_hands(count: int, seed: int) -> list[list[str]]:
    rng = random.Random(seed)
    return [rng.sample(DECK, 7) for _ in range(count)]


def _differential(hands: list[list[str]]) -> int:
    """Compare both readings on the hands; returns the number of PokerKit classes seen."""
    oracle = [_pokerkit_indices(hand) for hand in hands]
    classes = _assert_same_order((common, rank7(hand, True)) for (common, _), hand in zip(oracle, hands))
    _assert_same_order((macau, rank7(hand)) for (_, macau), hand in zip(oracle, hands))
    return classes


def test_random_seven_card_hands_match_pokerkit() -> None:
    assert _differential(_random_hands(20_000, seed=2008)) > 3000


@pytest.mark.slow
def test_million_seven_card_hands_match_pokerkit() -> None:
    assert _differential(_random_hands(1_000_000, seed=15)) > 4000


def test_lookup_oracle_is_pokerkits_from_game() -> None:
    for hand in _random_hands(500, seed=10):
        expected = StandardHighHand.from_game("".join(hand[:2]), "".join(hand[2:])).entry.index
        assert _pokerkit_indices(hand)[0] == expected


def _five_card_classes() -> list[list[str]]:
    """One hand of each of the 7,462 classes: every rank multiset off-suit, every five ranks suited."""
    hands = [[RANKS[rank] + "shdc"[i % 4] for i, rank in enumerate(ranks)]
             for ranks in combinations_with_replacement(range(13), 5) if max(Counter(ranks).values()) <= 4]
    hands += [[RANKS[rank] + "h" for rank in ranks] for ranks in combinations(range(13), 5)]
    return hands


def test_every_five_card_class_matches_pokerkit() -> None:
    hands = _five_card_classes()
    assert len(hands) == 7462
    oracle = [_pokerkit_indices(hand) for hand in hands]
    assert _assert_same_order((common, rank5(hand, True)) for (common, _), hand in zip(oracle, hands)) == 7462
    macau_classes = _assert_same_order((macau, rank5(hand)) for (_, macau), hand in zip(oracle, hands))
    assert macau_classes == 7462 - 13 * 11  # a four of a kind no longer distinguishes its 12 fifth cards


@pytest.mark.slow
def test_every_seven_card_rank_multiset_matches_pokerkit() -> None:
    hands = [[RANKS[rank] + "shdc"[i % 4] for i, rank in enumerate(ranks)]
             for ranks in combinations_with_replacement(range(13), 7) if max(Counter(ranks).values()) <= 4]
    assert len(hands) == 49_205
    assert _differential(hands) == 4824 - 1287  # the seven-card classes less the 10 straight flushes and 1,277 flushes


def test_wheel_is_the_lowest_straight() -> None:
    """Art. 14(3) and 15(6): 5-4-3-2-A is a straight, the lowest; A-K-Q-J-10 the highest."""
    wheel = rank5(_cards("As 2d 3h 4c 5s"))
    assert category_name(wheel) == "Straight"
    assert rank5(_cards("Ks Kd Kh 4c 5s")) < wheel < rank5(_cards("2s 3d 4h 5c 6s")) < rank5(_cards("As Kd Qh Jc Ts"))
    assert rank7(_cards("As 2d 3h 4c 5s 6d Kc")) == rank5(_cards("2s 3d 4h 5c 6d"))


def test_ace_is_low_only_in_the_wheel() -> None:
    """Art. 14: K-A-2-3-4 is no straight."""
    assert category_name(rank5(_cards("Ks Ad 2h 3c 4s"))) == "High card"
    assert category_name(rank7(_cards("Qs Ks Ad 2h 3c 9d 8d"))) == "High card"


def test_steel_wheel_is_the_lowest_straight_flush() -> None:
    steel = rank7(_cards("As 2s 3s 4s 5s Ah Ad"))
    assert category_name(steel) == "Straight flush"
    assert rank5(_cards("Ac Ad Ah As Kd")) < steel < rank5(_cards("2s 3s 4s 5s 6s"))
    assert category_name(rank5(_cards("As Ks Qs Js Ts"))) == "Royal flush"


def test_same_four_of_a_kind_ties_under_art_15_3() -> None:
    """Art. 15(3): "the other card is not counted". Both players play the four on the board."""
    board = _cards("Qs Qh Qd Qc 7s")
    king, jack = _cards("Kd 2c") + board, _cards("Jd 3c") + board
    assert rank7(king) == rank7(jack)
    assert rank7(king, quads_kicker_counts=True) > rank7(jack, quads_kicker_counts=True)
    assert rank7(_cards("Ad 2c Js Jh Jd Jc 7s")) < rank7(king)
    assert best_five(king) == ("Kd", "Qs", "Qh", "Qd", "Qc")


def test_three_of_a_kind_compares_the_odd_cards() -> None:
    """Art. 15(7): "if the three are equal, compare the two odd cards"."""
    board = _cards("Ks Kh 9d 5c 2h")
    assert rank7(_cards("Kd Qc") + board) > rank7(_cards("Kc Jd") + board)
    assert rank7(_cards("Kd 3c") + board) == rank7(_cards("Kc 4d") + board)  # 3 and 4 do not play


def test_playing_the_board() -> None:
    """Art. 10(1): the best five may be the five board cards."""
    board = _cards("9s Th Jd Qc Kh")
    assert rank7(_cards("2c 3d") + board) == rank7(_cards("4c 5d") + board) == rank5(board)
    assert rank7(_cards("Ac 3d") + board) > rank7(_cards("8c 5d") + board) == rank5(board)
    assert best_five(_cards("2c 3d") + board) == tuple(board)


def test_suits_never_rank() -> None:
    assert rank5(_cards("As Kd 9h 7c 5s")) == rank5(_cards("Ad Kh 9c 7s 5d"))
    assert rank5(_cards("Ah Kh 9h 7h 5h")) == rank5(_cards("As Ks 9s 7s 5s"))


def test_best_of_seven_within_categories() -> None:
    """Two three of a kind make a full house; three pairs play two and the best odd card."""
    assert rank7(_cards("8s 8d 8h 5c 5s 5d Ac")) == rank5(_cards("8s 8d 8h 5c 5s"))
    assert rank7(_cards("8s 8d 5h 5c 3s 3d Kc")) == rank5(_cards("8s 8d 5h 5c Kc"))
    assert rank7(_cards("8s 8d 5h 5c Ks Kd 2c")) == rank5(_cards("Ks Kd 8s 8d 5h"))
    assert rank7(_cards("2h 4h 6h 8h Th Qh Ac")) == rank5(_cards("4h 6h 8h Th Qh"))
    assert category_name(rank7(_cards("9h Th Jh Qh Kh Ah 2c"))) == "Royal flush"


def test_category_order() -> None:
    """Art. 15(1)-(10), strongest first."""
    hands = ["As Ks Qs Js Ts", "Ks Qs Js Ts 9s", "Qs Qd Qh Qc 2s", "Js Jd Jh 3c 3s", "Ad Jd 9d 7d 4d",
             "9c 8d 7h 6s 5s", "7c 7d 7h Ks 2s", "6c 6d 4h 4s 2s", "5c 5d Ah Ks Qs", "Ac Kd Qh Js 9s"]
    ranks = [rank5(_cards(hand)) for hand in hands]
    assert ranks == sorted(ranks, reverse=True) and len(set(ranks)) == len(ranks)
    assert [category_name(rank) for rank in ranks] == [
        "Royal flush", "Straight flush", "Four of a kind", "Full house", "Flush", "Straight", "Three of a kind",
        "Two pairs", "One pair", "High card"]


def test_card_codes_and_bad_input() -> None:
    hand = _cards("As Kd 9h 7c 5s 2d 2c")
    assert rank7([parse_card(card) for card in hand]) == rank7(hand)
    for bad in (_cards("As Kd 9h 7c 5s 2d"), _cards("As Kd 9h 7c 5s 2d 1c"), _cards("As As 9h 7c 5s 2d 2c"),
                ["As", "Kd", "9h", "7c", "5s", "2d", parse_card("As")], "AsKd9h7", _cards("10s Kd 9h 7c 5s 2d 2c")):
        with pytest.raises(ValueError):
            rank7(bad)
    assert [card_str(parse_card(card)) for card in DECK] == list(DECK)
    assert parse_card("2s") == 0 and parse_card("Ac") == 51
    for bad_card in ("10s", "as", "AS", "A", "Ax", ""):
        with pytest.raises(ValueError):
            parse_card(bad_card)
    with pytest.raises(ValueError):
        best_five(_cards("As Kd 9h 7c 5s 5s"))


def test_the_tables_are_filled_as_hands_are_valued_not_at_import() -> None:
    """Building every entry at import cost 0.25-0.35 s at each start of an audit; a hand fills only the entries it
    reaches: its seven-card multiset and the 21 five-card ones in it, at most."""
    code = ("import auditor.games.holdem.evaluate as e\n"
            "tables = (e._KICKER_COUNTS, e._MACAU, e._FLUSH)\n"
            "print(*map(len, tables))\n"
            "e.rank7('As Kd 9h 7c 5s 2d 2c'.split())\n"
            "print(*map(len, tables))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    at_import, after = ([int(n) for n in line.split()] for line in out.splitlines())
    assert at_import == [0, 0, 0]
    kicker_counts, macau, flush = after
    assert 1 < kicker_counts <= 1 + 21 and macau == 1 and flush == 0


def _pokerkit_wheel(cards: Sequence[str]) -> bool:
    """PokerKit: the best five of the cards are a straight or straight flush to the 5 (5-4-3-2-A)."""
    best = max((_LOOKUP.get_entry([_PK[c] for c in five]), five) for five in combinations(cards, 5))
    return best[0].label in (Label.STRAIGHT, Label.STRAIGHT_FLUSH) and {c[0] for c in best[1]} == set("A2345")


def test_wheel_held_matches_pokerkit() -> None:
    """Art. 14(3)'s premise (``showdown._is_wheel``): random hands, and hands that hold an A, 2, 3, 4 and 5 (a
    wheel, or beaten by a higher straight, a flush, a full house, ...)."""
    from auditor.games.holdem.showdown import _is_wheel

    rng = random.Random(143)
    wheel_ranks = [[r + s for s in "shdc"] for r in "A2345"]
    hands = _random_hands(3000, seed=14)
    hands += [[*picked, *rng.sample([c for c in DECK if c not in picked], 2)]
              for picked in ([rng.choice(cards) for cards in wheel_ranks] for _ in range(3000))]
    expected = [_pokerkit_wheel(hand) for hand in hands]
    assert 500 < sum(expected) < len(hands) - 2000  # both answers are met often
    assert [_is_wheel(hand[:2], hand[2:]) for hand in hands] == expected
