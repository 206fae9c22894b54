"""The poker core (auditor/games/poker/) judged with another game's parameters than hold'em's: a 40-card pack, the
odd chip counterclockwise, stud's rule ids."""

from __future__ import annotations

from decimal import Decimal

import pytest

from auditor.engine.ruleset import load_rulesets
from auditor.games.holdem.hand import Hand
from auditor.games.poker import award_kinds as kind
from auditor.games.poker.accounts import account_breaches
from auditor.games.poker.deck import DECK_40, DECK_52, deck_breaches
from auditor.games.poker.hand import Card, Money, Source, TableInfo
from auditor.games.poker.showdown import Showdown, review
from auditor.games.stud.evaluate import rank5

STUD_RULES = {k: (f"5CS-{n}", k) for k, n in [
    (kind.NOT_SHARED, "5.4"), (kind.LOWER_CATEGORY, "5.1"), (kind.SHARED_UNEQUAL, "11.5"), (kind.NOT_ELIGIBLE, "11.1"),
    (kind.WEAKER_HAND, "5.3"), (kind.NOT_BEST, "4.2"), (kind.AWARDS_NOT_POT, "4.1"), (kind.UNEQUAL_SHARES, "4.3"),
    (kind.ODD_CHIP, "4.3")]}
STUD_RULES[kind.FOLDED_PAID] = ("5CS-4.2", "folded seat {seat} awarded {amount} (art. 4)")
FIVE = {1: ["As", "Ah", "Ad", "Kc", "Ks"], 2: ["Qs", "Qh", "Jd", "Jc", "9s"], 3: ["Qd", "Qc", "Js", "Jh", "9h"]}


def _stud_ranks(hand: Hand, ruleset, live: list[int]) -> dict[int, int] | str:
    shown = hand.shown_cards()
    return {s: rank5(shown[s]) for s in live} if all(len(shown.get(s, [])) == 5 for s in live) else "cards unknown"


STUD = Showdown(ranks=_stud_ranks, odd_chip_order=lambda hand, ruleset, seats: seats[::-1], rules=STUD_RULES)


def _at(seq: int) -> Source:
    return Source(seq, "s.jsonl", seq)


def _hand(contributions: dict[int, int], awards: list[tuple[int, int, int | None]], cards=FIVE) -> Hand:
    hand = Hand(TableInfo("S1", {"chip_unit": "1"}, frozenset()), "h1", _at(1), None)
    hand.seats = {s: f"P{s}" for s in contributions}
    hand.contributions = {s: Decimal(c) for s, c in contributions.items()}
    hand.shows = [Card(_at(10 + s), c, s) for s in cards for c in cards[s]]
    hand.awards = [Money(_at(50 + i), s, Decimal(a), pot) for i, (s, a, pot) in enumerate(awards)]
    return hand


def _rules(hand: Hand) -> list[tuple[str, str]]:
    return [(rule, message) for rule, _, message, _, _ in review(hand, load_rulesets()["stud"], STUD).breaches]


def test_a_side_pot_paid_to_the_all_in_player_is_the_games_side_pot_rule():
    """Seat 1 (aces full) is all-in for 50; seats 2 and 3 bet 100. The side pot of 100 is not his (stud art. 11 a))."""
    hand = _hand({1: 50, 2: 100, 3: 100}, [(1, 150, 0), (1, 100, 1)])
    assert _rules(hand) == [("5CS-11.1", kind.NOT_ELIGIBLE)]


def test_the_odd_chip_goes_first_in_the_games_order():
    """Seats 2 and 3 hold equal hands (suits never rank): 101 splits 50/51, the odd chip to the first in the order
    given (here counterclockwise: seat 3)."""
    right = _hand({1: 1, 2: 50, 3: 50}, [(3, 51, None), (2, 50, None)], cards={k: FIVE[k] for k in (2, 3)})
    right.folded = {1}
    assert _rules(right) == []
    wrong = _hand({1: 1, 2: 50, 3: 50}, [(2, 51, None), (3, 50, None)], cards={k: FIVE[k] for k in (2, 3)})
    wrong.folded = {1}
    assert _rules(wrong) == [("5CS-4.3", kind.ODD_CHIP)]


def test_a_folded_player_paid_is_named_in_the_games_words():
    hand = _hand({1: 50, 2: 50}, [(2, 100, None)])
    hand.folded = {2}
    assert _rules(hand) == [("5CS-4.2", "folded seat 2 awarded 100 (art. 4)")]


def test_a_showdown_needs_a_rule_for_every_kind_of_wrong_award():
    with pytest.raises(ValueError):
        Showdown(ranks=_stud_ranks, odd_chip_order=lambda h, r, s: s, rules={kind.NOT_BEST: ("5CS-4.2", "")})


def test_a_card_outside_the_40_card_pack_is_a_finding_and_so_is_a_card_twice():
    hand = _hand({1: 10, 2: 10}, [], cards={})
    laid = [Card(_at(2), "As", 1), Card(_at(3), "2s", 2), Card(_at(4), "As", 2)]
    found = [b.message for b in deck_breaches(hand, laid, DECK_40, 5, "art. 1 a)")]
    assert found == ["card 2s is not one of the 40 cards of the deck (art. 1 a))",
                     "card As appears twice in the hand (one 40-card deck, art. 1 a))"]
    assert [b.message for b in deck_breaches(hand, laid[1:2], DECK_52, 2, "art. 1(1)(3)")] == []


def test_the_accounts_cite_the_games_article():
    hand = _hand({1: 10, 2: 10}, [(1, 15, None)], cards={})
    assert [b.message for b in account_breaches(hand, "art. 7")] == [
        "the pot of 20 was paid out as 15 in awards and 0 rake (art. 7: the winner takes all the bets)"]


def test_the_replay_reads_timestamps_as_integer_microseconds():
    """The replay gives ``ts`` as its microseconds since 1970-01-01 (no datetime per event): nulls and dates before
    1970 included, and a difference of two in seconds is what the datetimes' ``total_seconds()`` gives."""
    import pyarrow as pa

    from auditor.games.poker.replay import _pylist

    micros = [0, None, 1_714_550_400_123_456, -86_400_000_001, 253_402_300_799_999_999, 1_714_550_520_000_001]
    column = pa.array(micros, type=pa.int64()).cast(pa.timestamp("us"))
    assert _pylist(column, False) == micros
    assert _pylist(column, True) == micros
    times = column.to_pylist()
    for i, j in ((2, 5), (5, 2), (3, 0), (2, 0)):
        assert (micros[j] - micros[i]) / 1_000_000 == (times[j] - times[i]).total_seconds()
