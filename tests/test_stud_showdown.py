"""Five-card stud's showdown review (auditor/games/stud/showdown.py, straights.py): each wrong award once, under the
rule that explains it, in stud's order (docs/stud-checks.md); the hands valued from the cards dealt; what the log
cannot support left not evaluated."""

from __future__ import annotations

from decimal import Decimal

import pytest

from auditor.engine.ruleset import load_rulesets
from auditor.games.holdem.showdown import SHOWDOWN as HOLDEM
from auditor.games.poker import award_kinds as kind
from auditor.games.poker.hand import Card, Money, Source, TableInfo
from auditor.games.poker.showdown import review
from auditor.games.stud.hand import Hand
from auditor.games.stud.leaders import strength
from auditor.games.stud.showdown import DUPLICATE, FOREIGN, SHOWDOWN
from auditor.games.stud.straights import misread

RULESET = load_rulesets()["stud"]
# Seat 2: two pairs; seat 5: a pair; seat 6: A-5-6-7-8; seat 7: three kings; seat 3: J-Q-K-A-5 (no straight).
CARDS = {2: ["Kc", "8d", "Kd", "8h", "6s"], 5: ["Ts", "Th", "Ah", "7d", "6c"], 6: ["8s", "Ad", "7h", "6d", "5s"],
         7: ["Kh", "9d", "Ks", "9c", "Jd"], 3: ["Jc", "As", "Qd", "Kc", "5c"]}


def _at(seq: int) -> Source:
    return Source(seq, "s.jsonl", seq)


def _hand(bets: dict[int, int], awards: list[tuple[int, int, int]], folded: set[int] = frozenset(),
          cards: dict[int, list[str]] | None = None) -> Hand:
    """A hand whose seats put in ``bets`` (no ante, no rake), dealt ``cards`` (each seat's five, the second its hole
    card), paid ``awards`` (seat, amount, pot)."""
    hand = Hand(TableInfo("T1", {"chip_unit": "5"}, frozenset()), "H1", _at(1), "K1", strength(RULESET))
    hand.seats = {s: f"M{s}" for s in bets}
    hand.contributions = {s: Decimal(b) for s, b in bets.items()}
    hand.folded = set(folded)
    hand.rakes = [Money(_at(90), None, Decimal(0))]
    cards = cards if cards is not None else {s: CARDS[s] for s in bets if s not in folded}
    hand.deals = [Card(_at(10 + 10 * n + s), c, s, "down" if n == 1 else "up") for s in cards
                  for n, c in enumerate(cards[s])]
    hand.shows = [Card(_at(80 + s), cards[s][1], s) for s in cards]
    hand.awards = [Money(_at(100 + i), s, Decimal(a), pot) for i, (s, a, pot) in enumerate(awards)]
    return hand


def _rules(hand: Hand, game=SHOWDOWN) -> list[str]:
    return [rule for rule, *_ in review(hand, RULESET, game).breaches]


def test_the_right_award_is_no_finding():
    assert _rules(_hand({2: 100, 5: 100}, [(2, 200, 0)])) == []


def test_a_split_with_a_lower_category_is_an_agreed_split_in_stud_and_a_category_error_in_holdem():
    """Stud asks 'shared with an unequal hand' (5CS-11.5) before 'a lower category paid'; hold'em the other way
    round (THE-15.1), as before."""
    hand = _hand({2: 100, 5: 100}, [(5, 100, 0), (2, 100, 0)])
    assert _rules(hand) == ["5CS-11.5"]
    assert kind.STRANGER_ORDER.index(kind.LOWER_CATEGORY) < kind.STRANGER_ORDER.index(kind.SHARED_UNEQUAL)
    assert HOLDEM.stranger_order == kind.STRANGER_ORDER


def test_a_lower_category_paid_is_5_1_and_a_weaker_hand_of_the_same_category_5_3():
    assert _rules(_hand({2: 100, 5: 100}, [(5, 200, 0)])) == ["5CS-5.1"]  # a pair paid over two pairs
    queens = {2: CARDS[2], 7: ["Qh", "9d", "Qs", "9c", "Jd"]}  # two pairs, kings over queens
    assert _rules(_hand({2: 100, 7: 100}, [(7, 200, 0)], cards=queens)) == ["5CS-5.3"]


def test_a_misreading_of_the_straights_is_5_2_before_the_category_order():
    """Three kings paid over A-5-6-7-8 (the lowest straight): the award follows A-5-6-7-8 read as no straight."""
    hand = _hand({6: 100, 7: 100}, [(7, 200, 0)])
    [(rule, _, message, _, _)] = review(hand, RULESET, SHOWDOWN).breaches
    assert rule == "5CS-5.2" and "A-5-6-7-8 valued as no straight" in message


def test_a_straight_round_the_corner_counted_is_5_2():
    """J-Q-K-A-5 is no straight: paid over a pair of tens it was counted as one."""
    hand = _hand({3: 100, 5: 100}, [(3, 200, 0)])
    [(rule, _, message, _, _)] = review(hand, RULESET, SHOWDOWN).breaches
    assert rule == "5CS-5.2" and "round the corner" in message


def test_misread_needs_the_reading_to_explain_the_award():
    cards = {6: CARDS[6], 7: CARDS[7], 5: CARDS[5]}
    assert misread(cards, {6}, {5}, True) == "A-5-6-7-8 valued as no straight"
    assert misread(cards, {6, 7, 5}, {5}, True) is None  # seat 7 would win: no reading explains the pair of tens
    assert misread(cards, {6, 7, 5}, {7}, True) == "A-5-6-7-8 valued as no straight"
    suited = {1: ["As", "5s", "6s", "7s", "8s"], 2: ["Ah", "Kh", "Qh", "9h", "7h"]}
    assert misread(suited, {1}, {2}, True) is not None  # the suited A-5-6-7-8 read as a mere flush


def test_a_side_pot_paid_to_the_short_player_is_11_1_even_with_a_lower_hand():
    """Seat 5 (a pair) all in for 100; seats 2 and 7 bet 300. Seat 7's three kings win both pots; the side pot is
    paid to seat 5, who did not bet in it: 5CS-11.1, asked before the category order in stud."""
    hand = _hand({5: 100, 2: 300, 7: 300}, [(7, 300, 0), (5, 400, 1)])
    assert _rules(hand) == ["5CS-11.1"]


def test_a_hand_won_uncontested_is_4_1_and_a_folded_player_paid_at_a_showdown_4_2():
    uncontested = _hand({2: 100, 5: 50}, [(2, 145, 0), (5, 5, 0)], folded={5})
    uncontested.refunds = [Money(_at(95), 2, Decimal(50))]
    [(rule, _, message, _, _)] = review(uncontested, RULESET, SHOWDOWN).breaches
    assert rule == "5CS-4.1" and message.startswith("seat 5 awarded 5 when every other player had folded")
    showdown = _hand({2: 100, 5: 100, 7: 100}, [(7, 300, 0)], folded={7})
    assert _rules(showdown) == ["5CS-4.2"]


def test_the_odd_chip_goes_counterclockwise_from_the_croupiers_right():
    """Equal straights at seats 2 and 5 share 205 (seat 7 put in 5 and folded): the odd 5 to seat 5, the higher
    seat. Neither suits (seat 5's king is a spade) nor anything else breaks the tie."""
    cards = {2: ["Kh", "9s", "Qd", "Jc", "Ts"], 5: ["Ks", "9h", "Qc", "Jd", "Th"]}
    bets = {2: 100, 5: 100, 7: 5}
    assert _rules(_hand(bets, [(5, 105, 0), (2, 100, 0)], {7}, cards)) == []
    assert _rules(_hand(bets, [(2, 105, 0), (5, 100, 0)], {7}, cards)) == ["5CS-4.3"]
    assert _rules(_hand(bets, [(5, 155, 0), (2, 50, 0)], {7}, cards)) == ["5CS-4.3"]
    assert _rules(_hand(bets, [(5, 205, 0)], {7}, cards)) == ["5CS-5.4"]


@pytest.mark.parametrize("change, why", [
    (lambda h: h.shows.__setitem__(0, Card(_at(80), "Qs", 2)), "showed Qs, not the hole card dealt to him"),
    (lambda h: setattr(h, "deals", h.deals[:-1]), "the showdown cards are not all logged"),
    (lambda h: h.deals.append(Card(_at(70), "9s", 2, "up")), "was dealt 6 cards"),
    (lambda h: setattr(h.deals[0], "card", "2c"), FOREIGN),
    (lambda h: setattr(h.deals[0], "card", "Th"), DUPLICATE),
])
def test_hands_that_cannot_be_valued_are_not_evaluated(change, why):
    hand = _hand({2: 100, 5: 100}, [(5, 200, 0)])
    change(hand)
    result = review(hand, RULESET, SHOWDOWN)
    assert why in (result.missing or "") and result.breaches == []


def test_without_pot_numbers_a_player_paid_beyond_the_pots_he_reached_is_11_1():
    """The same side pot paid to the short player, the log naming no pot: seat 5 (all in for 100) holds the
    full house here, is due the main pot of 300 and is paid 700, more than every pot he reached holds."""
    cards = {5: ["As", "9h", "Ad", "9c", "Ah"], 2: CARDS[2], 7: ["Qh", "9d", "Qs", "8c", "9s"]}
    hand = _hand({5: 100, 2: 300, 7: 300}, [(5, 700, None)], cards=cards)
    assert _rules(hand) == ["5CS-11.1"]
    assert _rules(_hand({5: 100, 2: 300, 7: 300}, [(5, 300, None), (2, 400, None)], cards=cards)) == []
