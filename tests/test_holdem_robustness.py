"""Hold'em hands that once crashed the replay or were misjudged: each a small log written here, audited, and the
findings and coverage the regulation gives it (docs/holdem-checks.md)."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

import pytest
from conftest import write_jsonl

from auditor.engine.audit import audit
from auditor.engine.ruleset import load_rulesets
from auditor.games.holdem.hand import Hand
from auditor.games.holdem.showdown import DUPLICATE, SHOWDOWN, review
from auditor.games.poker.award_kinds import pot_rule
from auditor.games.poker.hand import Source, TableInfo
from auditor.games.poker.pots import Pot
from auditor.games.poker.showdown import PotShare
from auditor.model.result import RuleSummary

CONFIG = {"betting": "no_limit", "small_blind": "5", "big_blind": "10", "chip_unit": "1", "seats": 10}
STACKS = {1: "1000", 2: "1000", 3: "1000"}
BOARD = ["Kd", "Qs", "9h", "5c", "4h"]


def seated(hand: str, stacks: dict[int, str] = STACKS) -> list[dict]:
    return [{"event": "seat", "hand_id": hand, "seat": s, "player": f"P{s}", "amount": a} for s, a in stacks.items()]


def act(hand: str, seat: int, action: str, amount: str = "0") -> dict:
    return {"event": "action", "hand_id": hand, "seat": seat, "action": action, "amount": amount}


def money(event: str, hand: str, seat: int | None, amount: str) -> dict:
    return {"event": event, "hand_id": hand, **({} if seat is None else {"seat": seat}), "amount": amount}


def checked_down(hand: str, button: int, big: int, rake: int) -> list[dict]:
    """A legal three-handed hand: the button calls the big blind, the blinds complete and check it down; the
    button's aces win the pot less ``rake``."""
    order = [s for s in (1, 2, 3) if s > button] + [s for s in (1, 2, 3) if s <= button]
    sb, bb, btn = order
    hole = {sb: ["7c", "2d"], bb: ["8c", "3d"], btn: ["As", "Ah"]}
    rows = [{"event": "hand_start", "hand_id": hand, "seat": button}, *seated(hand),
            {"event": "shuffle", "hand_id": hand, "method": "machine"},
            act(hand, sb, "post_small_blind", str(big // 2)), act(hand, bb, "post_big_blind", str(big))]
    rows += [{"event": "deal", "hand_id": hand, "card": hole[s][r], "to": "seat", "seat": s, "face": "down"}
             for r in (0, 1) for s in order]
    rows += [act(hand, btn, "call", str(big)), act(hand, sb, "call", str(big // 2)), act(hand, bb, "check")]
    for cards in (BOARD[:3], BOARD[3:4], BOARD[4:]):
        rows += [{"event": "burn", "hand_id": hand}, *({"event": "board", "hand_id": hand, "card": c} for c in cards)]
        rows += [act(hand, s, "check") for s in order]
    rows += [{"event": "show", "hand_id": hand, "seat": s, "card": c} for s in order for c in hole[s]]
    rows += [money("rake", hand, None, str(rake)), money("award", hand, btn, str(3 * big - rake))]
    after = {sb: 1000 - big, bb: 1000 - big, btn: 1000 + 2 * big - rake}
    rows += [money("stack", hand, s, str(after[s])) for s in sorted(after)]
    return [*rows, {"event": "hand_end", "hand_id": hand}]


def voided_before_the_deal(hand: str, button: int, big: int, cards: tuple[str, ...] = ()) -> list[dict]:
    """The blinds are posted, ``cards`` dealt clockwise from the left of the button (none: before the deal), then
    the hand is voided (art. 9(2)); both blinds refunded."""
    order = [s for s in (1, 2, 3) if s > button] + [s for s in (1, 2, 3) if s <= button]
    sb, bb = order[:2]
    return [{"event": "hand_start", "hand_id": hand, "seat": button}, *seated(hand),
            act(hand, sb, "post_small_blind", str(big // 2)), act(hand, bb, "post_big_blind", str(big)),
            *({"event": "deal", "hand_id": hand, "card": c, "to": "seat", "seat": s, "face": "down"}
              for c, s in zip(cards, order + order)),
            {"event": "void", "hand_id": hand, "reason": "misdeal"},
            money("refund", hand, sb, str(big // 2)), money("refund", hand, bb, str(big)),
            *(money("stack", hand, s, a) for s, a in STACKS.items()), {"event": "hand_end", "hand_id": hand}]


def all_fold_with_antes(hand: str, award: list[dict]) -> list[dict]:
    """Antes and blinds, then every player folds, the big blind last (when he was already alone)."""
    hole = {2: ["7c", "2d"], 3: ["8c", "3d"], 1: ["As", "Ah"]}
    return [{"event": "hand_start", "hand_id": hand, "seat": 1}, *seated(hand),
            {"event": "shuffle", "hand_id": hand, "method": "machine"},
            *(act(hand, s, "post_ante", "1") for s in (1, 2, 3)),
            act(hand, 2, "post_small_blind", "5"), act(hand, 3, "post_big_blind", "10"),
            *({"event": "deal", "hand_id": hand, "card": hole[s][r], "to": "seat", "seat": s, "face": "down"}
              for r in (0, 1) for s in (2, 3, 1)),
            act(hand, 1, "fold"), act(hand, 2, "fold"), act(hand, 3, "fold"), *award,
            money("stack", hand, 1, "999"), money("stack", hand, 2, "994"), money("stack", hand, 3, "1007"),
            {"event": "hand_end", "hand_id": hand}]


def run(tmp_path: Path, rows: list[dict], profile: str = "macau",
        **config) -> tuple[list[tuple], dict[str, RuleSummary]]:
    """Audit one table of ``rows`` (numbered here) under ``profile``: its findings as (rule, hand, severity, message),
    and the rules."""
    events = [{"event": "table_open", "config": {**CONFIG, **config}}, *rows]
    log = write_jsonl(tmp_path / "h.jsonl", [{"table_id": "H1", "game": "holdem", "seq": i, **r}
                                             for i, r in enumerate(events, start=1)])
    result, con = audit([log], load_rulesets(profile=profile))
    con.close()
    assert not result.quarantine, result.quarantine
    findings = [(f["rule"], f["hand"], f["severity"], f["message"]) for f in result.findings]
    return findings, {r.id: r for r in result.rules}


def rules_of(findings: list[tuple]) -> list[tuple[str, str]]:
    return [(rule, hand) for rule, hand, _, _ in findings]


def test_the_checked_down_hand_is_clean(tmp_path):
    findings, _ = run(tmp_path, checked_down("h1", 1, 10, 1), rake_rate="0.05")
    assert findings == []


# --- 1. every player folds, antes posted ---------------------------------------------------------------------------

def test_the_last_player_standing_wins_the_pot_and_the_antes(tmp_path):
    """Art. 10(2), 13(3): the big blind's fold came when everyone else had folded (THE-6.2); the pot, antes included,
    is still his: his uncalled 5 back and the 13 of the pot are no finding."""
    paid = [money("refund", "h1", 3, "5"), money("award", "h1", 3, "13")]
    findings, rules = run(tmp_path, all_fold_with_antes("h1", paid))
    assert rules_of(findings) == [("THE-6.2", "h1")]
    assert findings[0][3] == "seat 3 acted (fold) on the preflop when the round was over (art. 6(3))"
    assert rules["THE-13.3"].evaluated == 1 and rules["THE-10.2"].evaluated == 1


def test_all_fold_with_antes_paid_as_one_award(tmp_path):
    """The reviewer's log: 18 awarded, nothing refunded. Judged, not a traceback: the uncalled 5 is due back, one
    finding (not a second one for the award that holds it)."""
    findings, _ = run(tmp_path, all_fold_with_antes("h1", [money("award", "h1", 3, "18")]))
    assert [(rule, message) for rule, _, _, message in findings if rule == "THE-10.2"] == [
        ("THE-10.2", "uncalled bet returned: nothing; due: seat 3 5")]
    assert sorted(rules_of(findings)) == [("THE-10.2", "h1"), ("THE-6.2", "h1")]


# --- 2. a hand with no seat events ---------------------------------------------------------------------------------

NO_SEAT = "no player seated (no seat event)"


def test_an_empty_hand_after_a_hand(tmp_path):
    rows = [*checked_down("h1", 1, 10, 1), {"event": "hand_start", "hand_id": "h2", "seat": 2},
            {"event": "hand_end", "hand_id": "h2"}]
    findings, rules = run(tmp_path, rows, rake_rate="0.05")
    assert rules_of(findings) == [("THE-2.1", "h2")]
    assert rules["THE-1.2"].not_evaluated_reasons == {NO_SEAT: 1}


def test_a_played_hand_without_seats(tmp_path):
    rows = [r for r in checked_down("h1", 1, 10, 1) if r["event"] != "seat"]
    """Without seats the replay knows no players, stacks or turn to act: one finding, not one per action."""
    findings, rules = run(tmp_path, rows, rake_rate="0.05")
    assert rules_of(findings) == [("THE-2.1", "h1")]
    for rule in ("THE-1.3", "THE-3.2", "THE-5.1", "THE-6.1", "THE-6.2", "THE-7.3", "THE-8.3", "THE-10.2",
                 "THE-10.3", "THE-11.3", "THE-12.1", "THE-13.2", "THE-13.3"):
        assert rules[rule].not_evaluated_reasons == {NO_SEAT: 1}, rule
    assert rules["THE-1.1"].evaluated == rules["THE-16.1"].evaluated == 1


# --- 3. the declared rake rate, when the table's first hand is voided ----------------------------------------------

def test_an_illegal_rate_is_judged_on_the_first_played_hand(tmp_path):
    rows = [*voided_before_the_deal("h0", 1, 100), *checked_down("h1", 2, 100, 15), *checked_down("h2", 3, 100, 15)]
    findings, rules = run(tmp_path, rows, small_blind="50", big_blind="100", rake_rate="0.10")
    assert [(rule, hand) for rule, hand in rules_of(findings) if rule.startswith("THE-16")] == [("THE-16.4", "h1")]
    assert rules["THE-16.4"].evaluated == 2


# --- 4. hole cards of a hand voided before the deal ----------------------------------------------------------------

def test_no_hole_cards_are_judged_in_a_hand_voided_before_the_deal(tmp_path):
    rows = [*voided_before_the_deal("h0", 1, 10), *checked_down("h1", 2, 10, 1)]
    findings, rules = run(tmp_path, rows, rake_rate="0.05")
    assert findings == []
    assert rules["THE-6.1"].evaluated == 1 and rules["THE-6.1"].not_evaluated == 0


def test_a_hand_voided_in_the_middle_of_the_deal_owes_no_two_cards(tmp_path):
    """Three cards dealt, then the hand is lawfully voided (art. 9(2)): nobody was owed his second card (it was one
    THE-6.1 finding per player)."""
    rows = [*voided_before_the_deal("h0", 1, 10, ("Ah", "Kd", "7c")), *checked_down("h1", 2, 10, 1)]
    findings, rules = run(tmp_path, rows, rake_rate="0.05")
    assert findings == []
    assert rules["THE-6.1"].evaluated == 2


# --- 5. under-collection is a warning --------------------------------------------------------------------------------

def test_rake_below_three_percent_is_a_warning(tmp_path):
    """docs/readings.md, Money: collecting less than the rounded-down amount is under-collection, a warning."""
    rows = checked_down("h1", 1, 100, 0)
    findings, _ = run(tmp_path, rows, small_blind="50", big_blind="100", rake_rate="0.05")
    assert [(rule, severity) for rule, _, severity, _ in findings] == [("THE-16.3", "warning")]


# --- 6. a card twice in the hand -----------------------------------------------------------------------------------

def with_card(rows: list[dict], event: str, old: str, new: str) -> list[dict]:
    """``rows`` with card ``old`` of the ``event`` events logged as ``new``."""
    return [{**r, "card": new} if r["event"] == event and r.get("card") == old else r for r in rows]


def test_a_hole_card_also_on_the_board_is_one_finding(tmp_path):
    """The button's As is also the flop's first card: THE-1.1, once; the hands cannot be valued, so the award rules
    are not evaluated (it crashed the showdown review: repeated card); nobody folded, so THE-13.3 is not applicable."""
    rows = with_card(checked_down("h1", 1, 10, 1), "board", "Kd", "As")
    findings, rules = run(tmp_path, rows, rake_rate="0.05")
    assert rules_of(findings) == [("THE-1.1", "h1")]
    for rule in ("THE-10.3", "THE-14.1", "THE-15.1"):
        assert rules[rule].not_evaluated_reasons == {DUPLICATE: 1}, rule
    assert (rules["THE-13.3"].evaluated, rules["THE-13.3"].not_evaluated) == (0, 0)


def test_the_showdown_review_is_kept_among_the_hands_derived_facts():
    """Computed once per hand and shared by the award rules: kept in ``Hand.derived``, not an undeclared field."""
    hand = Hand(TableInfo("H1", CONFIG, frozenset()), "h1", Source(1, "h.jsonl", 1), None)
    ruleset = load_rulesets()["holdem"]
    first = review(hand, ruleset)
    assert hand.derived["review"] is first is review(hand, ruleset)


def unrecorded_hole_cards(rows: list[dict]) -> list[dict]:
    """``rows`` with the hole cards dealt but not recorded (``card`` absent): only the shown cards are known."""
    return [{k: v for k, v in r.items() if k != "card"} if r["event"] == "deal" else r for r in rows]


def won_on_the_river(hand: str) -> list[dict]:
    """``checked_down``'s hand, but on the river the button bets 10 and both blinds fold: he wins without a
    showdown, his bet refunded."""
    rows = checked_down(hand, 1, 10, 1)
    river = max(i for i, r in enumerate(rows) if r["event"] == "board")
    end = next(i for i, r in enumerate(rows) if r["event"] == "show")
    return [*rows[:river + 1], act(hand, 2, "check"), act(hand, 3, "check"), act(hand, 1, "bet", "10"),
            act(hand, 2, "fold"), act(hand, 3, "fold"), money("refund", hand, 1, "10"),
            *(r for r in rows[end:] if r["event"] != "show")]


def test_a_card_twice_in_a_hand_won_without_a_showdown_is_one_finding(tmp_path):
    """The winner's Ah is also on the board, and his seven cards hold an A, 2, 3, 4 and 5: THE-1.1, once. His
    cards, though never compared, were valued for THE-14.2's premise (a 5-4-3-2-A held), which crashed the audit."""
    rows = won_on_the_river("h1")
    findings, rules = run(tmp_path, rows, rake_rate="0.05")
    assert findings == []
    for old, new in (("Kd", "2c"), ("Qs", "3s"), ("9h", "Ah")):
        rows = with_card(rows, "board", old, new)
    findings, rules = run(tmp_path, rows, rake_rate="0.05")
    assert rules_of(findings) == [("THE-1.1", "h1")]
    assert (rules["THE-14.2"].evaluated, rules["THE-14.2"].not_evaluated) == (0, 0)


def test_a_card_shown_by_two_players_is_one_finding(tmp_path):
    """Hole cards not recorded; seat 2 shows the button's As: THE-1.1 (it passed as compliant)."""
    rows = with_card(unrecorded_hole_cards(checked_down("h1", 1, 10, 1)), "show", "7c", "As")
    findings, rules = run(tmp_path, rows, rake_rate="0.05")
    assert rules_of(findings) == [("THE-1.1", "h1")]
    assert "As" in findings[0][3] and rules["THE-15.1"].not_evaluated_reasons == {DUPLICATE: 1}


def test_a_shown_card_also_on_the_board_is_one_finding(tmp_path):
    rows = with_card(unrecorded_hole_cards(checked_down("h1", 1, 10, 1)), "show", "7c", "Kd")
    findings, _ = run(tmp_path, rows, rake_rate="0.05")
    assert rules_of(findings) == [("THE-1.1", "h1")]


def test_shown_cards_that_were_dealt_or_not_recorded_are_no_duplicate(tmp_path):
    """A shown card is the card he was dealt, not a second one; unrecorded hole cards are known once shown."""
    rows = [*checked_down("h1", 1, 10, 1), *unrecorded_hole_cards(checked_down("h2", 2, 10, 1))]
    findings, _ = run(tmp_path, rows, rake_rate="0.05")
    assert findings == []


# --- 7. a wrong raise, and the betting after it --------------------------------------------------------------------

def bet_out(hand: str, preflop: list[tuple], flop: list[tuple] = ()) -> list[dict]:
    """Button 1, blinds 2 and 3, the ``(seat, action, amount)`` actions pre-flop and on the flop, then checked down;
    the button's aces win everything put in."""
    hole = {2: ["7c", "2d"], 3: ["8c", "3d"], 1: ["As", "Ah"]}
    actions = [(2, "post_small_blind", "5"), (3, "post_big_blind", "10"), *preflop]
    rows = [{"event": "hand_start", "hand_id": hand, "seat": 1}, *seated(hand),
            *(act(hand, *a) for a in actions[:2]),
            *({"event": "deal", "hand_id": hand, "card": hole[s][r], "to": "seat", "seat": s, "face": "down"}
              for r in (0, 1) for s in (2, 3, 1)), *(act(hand, *a) for a in actions[2:])]
    for cards, played in ((BOARD[:3], flop), (BOARD[3:4], ()), (BOARD[4:], ())):
        rows += [{"event": "burn", "hand_id": hand}, *({"event": "board", "hand_id": hand, "card": c} for c in cards)]
        rows += [act(hand, *a) for a in played] or [act(hand, s, "check") for s in (2, 3, 1)]
    put_in = {s: sum(int(a) for seat, _, a in [*actions, *flop] if seat == s) for s in (1, 2, 3)}
    rows += [{"event": "show", "hand_id": hand, "seat": s, "card": c} for s in (2, 3, 1) for c in hole[s]]
    rows.append(money("award", hand, 1, str(sum(put_in.values()))))
    rows += [money("stack", hand, s, str(1000 - put_in[s] + (sum(put_in.values()) if s == 1 else 0)))
             for s in (1, 2, 3)]
    return [*rows, {"event": "hand_end", "hand_id": hand}]


def test_fixed_limit_an_oversized_raise_leaves_the_unit_and_the_cap(tmp_path):
    """Unit 5 pre-flop (art. 11(2)): seat 1 raises by 10 (THE-11.2), then three raises of 5, the last one the fourth
    of the round with three players live (THE-12.2). The raises of 5 are lawful: the increment stays the unit (they
    were three THE-12.1 findings, and the cap was missed)."""
    preflop = [(1, "raise", "20"), (2, "raise", "20"), (3, "raise", "20"), (1, "raise", "15"), (2, "call", "10"),
               (3, "call", "5")]
    findings, _ = run(tmp_path, bet_out("h1", preflop), betting="fixed_limit")
    assert [(rule, message.split(" (")[0]) for rule, _, _, message in findings] == [
        ("THE-11.2", "fixed limit: a raise of 10 on the preflop; art. 11(2): 5"),
        ("THE-12.2", "raise number 4 in the preflop round with 3 players live")]



def test_fixed_limit_a_raise_below_the_unit_is_one_finding(tmp_path):
    """In fixed limit every raise is the unit (art. 11(2), THE-11.2); a raise by 3 of a unit of 5 is that one
    error, not also a raise below the last one (THE-12.1)."""
    preflop = [(1, "raise", "13"), (2, "call", "8"), (3, "call", "3")]
    findings, _ = run(tmp_path, bet_out("h1", preflop), betting="fixed_limit")
    assert [rule for rule, _, _, _ in findings] == ["THE-11.2"]

def test_no_limit_an_under_raise_that_is_not_all_in_is_one_finding(tmp_path):
    """Seat 3 raises the flop bet of 100 by 50 with chips behind (THE-12.1). It is no all-in for less: the betting
    is not closed to those who had acted, and seat 2's re-raise is lawful (it was a second THE-12.1)."""
    preflop = [(1, "call", "10"), (2, "call", "5"), (3, "check", "0")]
    flop = [(2, "bet", "100"), (3, "raise", "150"), (1, "call", "150"), (2, "raise", "250"), (3, "call", "200"),
            (1, "call", "200")]
    findings, _ = run(tmp_path, bet_out("h1", preflop, flop))
    assert [(rule, message.split(" (")[0]) for rule, _, _, message in findings] == [
        ("THE-12.1", "raise of 50 below the last bet or raise of 100")]


# --- 8. the uncalled bet -------------------------------------------------------------------------------------------

def folded_to(hand: str, winner: int, raise_to: str | None, paid: list[dict], after: dict[int, str]) -> list[dict]:
    """Button 1, blinds 2 and 3; ``winner`` raises to ``raise_to`` (None: no raise) and everyone else folds;
    ``paid`` returns the uncalled bet and awards the pot; ``after``: the stacks after."""
    hole = {2: ["7c", "2d"], 3: ["8c", "3d"], 1: ["As", "Ah"]}
    folds = [act(hand, s, "fold") for s in (1, 2, 3) if s != winner]
    return [{"event": "hand_start", "hand_id": hand, "seat": 1}, *seated(hand),
            act(hand, 2, "post_small_blind", "5"), act(hand, 3, "post_big_blind", "10"),
            *({"event": "deal", "hand_id": hand, "card": hole[s][r], "to": "seat", "seat": s, "face": "down"}
              for r in (0, 1) for s in (2, 3, 1)),
            *([act(hand, winner, "raise", raise_to)] if raise_to else []), *folds, *paid,
            *(money("stack", hand, s, a) for s, a in after.items()), {"event": "hand_end", "hand_id": hand}]


def raised_and_folded(hand: str, paid: list[dict]) -> list[dict]:
    """Button 1 raises to 100, both blinds fold: 90 of it is uncalled; ``paid`` returns it and awards the 25."""
    return folded_to(hand, 1, "100", paid, {1: "1015", 2: "995", 3: "990"})


def test_the_uncalled_bet_returned_in_two_refunds(tmp_path):
    paid = [money("refund", "h1", 1, "50"), money("refund", "h1", 1, "40"), money("award", "h1", 1, "25")]
    findings, rules = run(tmp_path, raised_and_folded("h1", paid))
    assert findings == [] and rules["THE-10.2"].evaluated == 1


def test_the_uncalled_bet_paid_in_the_award_is_one_finding(tmp_path):
    """115 awarded, nothing refunded: the uncalled 90 was not returned (THE-10.2), once; the award holds the pot,
    which is right (it was also reported as a pot not awarded to the best hand)."""
    findings, _ = run(tmp_path, raised_and_folded("h1", [money("award", "h1", 1, "115")]))
    assert [(rule, message) for rule, _, _, message in findings] == [
        ("THE-10.2", "uncalled bet returned: nothing; due: seat 1 90")]


def test_a_walk_paid_as_one_award_is_one_finding(tmp_path):
    """Everyone folds to the big blind, who is awarded 15: his uncalled 5 was not refunded, one finding."""
    rows = folded_to("h1", 3, None, [money("award", "h1", 3, "15")], {1: "1000", 2: "995", 3: "1005"})
    findings, _ = run(tmp_path, rows)
    assert [(rule, message) for rule, _, _, message in findings] == [
        ("THE-10.2", "uncalled bet returned: nothing; due: seat 3 5")]


# --- a pot nobody was paid ------------------------------------------------------------------------------------------
def test_a_side_pot_nobody_was_awarded_is_art_10s_not_a_split_refused():
    """A pot paid to nobody is not "equal hands not shared" (THE-14.1) but a pot not paid out (art. 10(2))."""
    hand = Hand(TableInfo("H1", CONFIG, frozenset()), "h1", Source(1, "h.jsonl", 1), None)
    share = PotShare(Pot(Decimal(100), (1, 3)), (3,), {3: Decimal(100)})
    ruleset = load_rulesets()["holdem"]
    assert pot_rule(hand, ruleset, review(hand, ruleset), SHOWDOWN, share, {}) == (
        "THE-10.2", "the awards are not the pot less the rake (art. 10(2))")


def test_a_pot_won_before_the_flop_paid_to_a_stranger_is_judged_not_a_crash(tmp_path):
    """Everyone folds to the big blind, and the pot goes to seat 7, who is not in the hand: a wrong award (THE-10.2),
    not a traceback (the hands were valued for a 5-4-3-2-A straight with no board: ValueError)."""
    paid = [money("refund", "h1", 3, "5"), money("award", "h1", 7, "13")]
    findings, _ = run(tmp_path, all_fold_with_antes("h1", paid))
    assert ("THE-10.2", "h1") in rules_of(findings)
    assert not [rule for rule, _ in rules_of(findings) if rule.startswith(("THE-14", "THE-15"))]


# --- 9. several all-ins for less that add up to a full raise -------------------------------------------------------

HOLE5 = {2: ["As", "Ah"], 3: ["8c", "3d"], 4: ["Ks", "Kh"], 5: ["7c", "2d"], 1: ["6s", "6d"]}  # in dealing order
STACKS5 = {1: 1000, 2: 1000, 3: 135, 4: 1000, 5: 210}
# TDA rule 47, illustration 1: seat 2 bets 100, seat 3 goes all-in to 125 (+25), seat 4 calls, seat 5 goes all-in
# to 200 (+75), seat 1 calls; the action is back to seat 2.
TDA_47 = [(2, "bet", 100), (3, "raise", 125), (4, "call", 125), (5, "raise", 200), (1, "call", 200)]


def flop_all_ins(hand: str, flop: list[tuple], **stacks: int) -> list[dict]:
    """Five seats (button 1, blinds 2 and 3; ``STACKS5`` but for ``stacks``, by seat: s1=…), everybody calls
    pre-flop; on the flop the ``(seat, action, chips added)`` of ``flop``, after which nobody is left to bet on the
    turn and river. The uncalled part of the largest contribution is returned, and the best hand left (seat 4's
    kings, else seat 2's aces) wins the rest."""
    stacks = {**STACKS5, **{int(k[1:]): v for k, v in stacks.items()}}
    preflop = [(4, "call", 10), (5, "call", 10), (1, "call", 10), (2, "call", 5), (3, "check", 0)]
    rows = [{"event": "hand_start", "hand_id": hand, "seat": 1}, *seated(hand, {s: str(a) for s, a in stacks.items()}),
            {"event": "shuffle", "hand_id": hand, "method": "machine"},
            act(hand, 2, "post_small_blind", "5"), act(hand, 3, "post_big_blind", "10"),
            *({"event": "deal", "hand_id": hand, "card": HOLE5[s][r], "to": "seat", "seat": s, "face": "down"}
              for r in (0, 1) for s in HOLE5), *(act(hand, s, a, str(n)) for s, a, n in preflop)]
    for cards, played in ((BOARD[:3], flop), (BOARD[3:4], ()), (BOARD[4:], ())):
        rows += [{"event": "burn", "hand_id": hand}, *({"event": "board", "hand_id": hand, "card": c} for c in cards)]
        rows += [act(hand, s, a, str(n)) for s, a, n in played]
    put_in = {s: 10 + sum(n for seat, _, n in flop if seat == s) for s in stacks}
    folded = {s for s, a, _ in flop if a == "fold"}
    first, second = sorted(put_in.values(), reverse=True)[:2]
    top = max(put_in, key=put_in.get)
    winner = 4 if 4 not in folded else 2
    pot = sum(put_in.values()) - first + second
    rows += [{"event": "show", "hand_id": hand, "seat": s, "card": c}
             for s in HOLE5 if s not in folded for c in HOLE5[s]]
    rows += [money("refund", hand, top, str(first - second)), money("award", hand, winner, str(pot))]
    after = {s: stacks[s] - put_in[s] + (first - second if s == top else 0) + (pot if s == winner else 0)
             for s in stacks}
    rows += [money("stack", hand, s, str(after[s])) for s in stacks]
    return [*rows, {"event": "hand_end", "hand_id": hand}]


NOT_REOPENED = "seat {} raised after an all-in for less that did not reopen the betting to him"


def reopening_findings(findings: list[tuple]) -> list[tuple[str, str]]:
    return [(rule, message.split(" (")[0].split(":")[0]) for rule, _, _, message in findings]


@pytest.mark.parametrize("profile,expected", [("macau", [("THE-12.1", NOT_REOPENED.format(2))]), ("common", [])])
def test_short_all_ins_that_add_up_to_a_full_raise(tmp_path, profile, expected):
    """Seat 2 bet 100; the all-ins of seats 3 (+25) and 5 (+75) are each less than a full raise, together one (100):
    the macau reading counts each alone (docs/readings.md: never reopens), so seat 2's re-raise to 300 is THE-12.1's;
    the common one adds them up (short_all_ins_add_up, TDA rule 47) and the betting is reopened to him."""
    findings, rules = run(tmp_path, flop_all_ins("h1", [*TDA_47, (2, "raise", 200), (4, "fold", 0), (1, "fold", 0)]),
                          profile=profile)
    assert reopening_findings(findings) == expected
    assert rules["THE-12.1"].evaluated == 1


@pytest.mark.parametrize("profile", ["macau", "common"])
def test_short_all_ins_that_do_not_add_up_to_a_full_raise(tmp_path, profile):
    """Seat 5 goes all-in to 190: +25 and +65 are 90, less than the full raise of 100; the betting is not reopened to
    seat 2 under either reading, and his re-raise (to 290) is THE-12.1's."""
    flop = [*TDA_47[:3], (5, "raise", 190), (1, "call", 190), (2, "raise", 190), (4, "fold", 0), (1, "fold", 0)]
    findings, _ = run(tmp_path, flop_all_ins("h1", flop, s5=200), profile=profile)
    assert reopening_findings(findings) == [("THE-12.1", NOT_REOPENED.format(2))]


@pytest.mark.parametrize("profile", ["macau", "common"])
def test_short_all_ins_add_up_from_the_players_own_last_action(tmp_path, profile):
    """Seat 4 called seat 3's all-in (125): since he acted only seat 5's +75 was added, less than a full raise. The
    all-ins add up for seat 2 (who calls) but not for seat 4, whose re-raise to 400 is THE-12.1's under both readings
    (TDA rule 47: "not facing at least a full bet or raise when the action returns to them")."""
    flop = [*TDA_47, (2, "call", 100), (4, "raise", 275), (1, "fold", 0), (2, "fold", 0)]
    findings, _ = run(tmp_path, flop_all_ins("h1", flop), profile=profile)
    assert reopening_findings(findings) == [("THE-12.1", NOT_REOPENED.format(4))]
    if profile == "common":
        assert "the all-ins for less since he acted add up to 75, less than a full raise of 100" in findings[0][3]


@pytest.mark.parametrize("profile,expected", [("macau", [("THE-12.1", NOT_REOPENED.format(2))]), ("common", [])])
def test_a_third_short_all_in_after_the_sum_is_reached(tmp_path, profile, expected):
    """Seat 1 goes all-in to 240 (+40) after the two all-ins that made a full raise: seat 2 faces 140 since he bet,
    and may re-raise under the common reading. (PokerKit 0.7.7 refuses him: its sum of all-ins restarts with the
    +40, docs/holdem-checks.md.)"""
    flop = [*TDA_47[:4], (1, "raise", 240), (2, "raise", 340), (4, "fold", 0)]
    findings, _ = run(tmp_path, flop_all_ins("h1", flop, s1=250), profile=profile)
    assert reopening_findings(findings) == expected


# --- 6. blinds of a hand voided before the deal ----------------------------------------------------------------------

def voided_after(hand: str, button: int, posts: list[dict]) -> list[dict]:
    """``posts`` (blinds, each refunded), then the hand is voided before its first card."""
    return [{"event": "hand_start", "hand_id": hand, "seat": button}, *seated(hand), *posts,
            {"event": "void", "hand_id": hand, "reason": "misdeal"},
            *(money("refund", hand, p["seat"], p["amount"]) for p in posts),
            *(money("stack", hand, s, a) for s, a in STACKS.items()), {"event": "hand_end", "hand_id": hand}]


def test_a_hand_voided_before_a_blind_was_due_owes_no_blind(tmp_path):
    """Voided before the first card, with no blind or only the small blind posted: art. 5's blinds are due "before
    dealing", and there was no dealing; the hand owes none (it was a THE-5.1 finding)."""
    rows = [*voided_after("h0", 1, []), *voided_after("h1", 2, [act("h1", 3, "post_small_blind", "5")]),
            *checked_down("h2", 3, 10, 1)]
    findings, rules = run(tmp_path, rows, rake_rate="0.05")
    assert findings == []
    assert rules["THE-5.1"].evaluated == 3


def test_a_blind_posted_by_the_wrong_seat_is_found_in_a_voided_hand_too(tmp_path):
    rows = [*voided_after("h0", 1, [act("h0", 3, "post_small_blind", "5")]), *checked_down("h1", 2, 10, 1)]
    findings, _ = run(tmp_path, rows, rake_rate="0.05")
    assert rules_of(findings) == [("THE-5.1", "h0")]


def test_blinds_after_the_deal_are_not_judged_when_the_deal_order_is_not_logged(tmp_path):
    """Art. 5 wants the blinds "before dealing". A source that does not log the deal in its order (PHH writes the
    blinds first whatever happened) cannot show when the cards came: THE-5.2 is not evaluated, never compliant."""
    rows = checked_down("h1", 1, 10, 1)
    blinds = [r for r in rows if r.get("action", "").startswith("post_")]
    first_deal = next(i for i, r in enumerate(rows) if r["event"] == "deal")
    late = [r for r in rows if r not in blinds]
    late = late[:first_deal - len(blinds) + 1] + blinds + late[first_deal - len(blinds) + 1:]
    logged, _ = run(tmp_path, late, rake_rate="0.05")
    assert [rule for rule, *_ in logged] == ["THE-5.2", "THE-5.2"]
    for rows_ in (late, rows):
        findings, rules = run(tmp_path, rows_, rake_rate="0.05", not_logged="deal_order")
        assert "THE-5.2" not in [rule for rule, *_ in findings]
        assert rules["THE-5.2"].evaluated == 0
        assert rules["THE-5.2"].not_evaluated_reasons == {"deal order not logged by the source": 1}


def test_a_card_shown_on_the_flop_is_no_showdown(tmp_path):
    """The button turns his As up after the flop is dealt; the hand goes on and is checked down. Art. 8(5): the
    showdown comes after the last betting round, so the show neither ends the betting nor is a second As."""
    rows = checked_down("h1", 1, 10, 0)
    at = [i for i, r in enumerate(rows) if r["event"] == "board"][2] + 1
    findings, _ = run(tmp_path, [*rows[:at], {"event": "show", "hand_id": "h1", "seat": 1, "card": "As"}, *rows[at:]])
    assert findings == []


def shown_at(rows: list[dict], at: int, seat: int, cards: list[str]) -> list[dict]:
    """``rows`` with ``seat`` showing ``cards`` before the row ``at``."""
    return [*rows[:at], *({"event": "show", "hand_id": "h1", "seat": seat, "card": c} for c in cards), *rows[at:]]


def test_a_card_shown_on_the_turn_is_no_showdown(tmp_path):
    """The same on the turn, before or after its checks: the river's betting is still to come."""
    rows = checked_down("h1", 1, 10, 0)
    turn = [i for i, r in enumerate(rows) if r["event"] == "board"][3] + 1
    for at in (turn, turn + 3):
        findings, _ = run(tmp_path, shown_at(rows, at, 1, ["As", "Ah"]))
        assert findings == [], at


def test_the_same_cards_shown_twice_at_the_showdown(tmp_path):
    """A seat showing his cards twice shows two cards, not four: no card twice in the hand (THE-1.1), no extra
    card shown (THE-8.4)."""
    rows = checked_down("h1", 1, 10, 0)
    rake = next(i for i, r in enumerate(rows) if r["event"] == "rake")
    findings, rules = run(tmp_path, shown_at(rows, rake, 1, ["Ah", "As"]))
    assert findings == []
    assert rules["THE-8.4"].evaluated == rules["THE-1.1"].evaluated == 1


ALL_IN_ON_THE_FLOP = [(2, "bet", 125), (3, "call", 125), (4, "fold", 0), (5, "fold", 0), (1, "fold", 0)]


def test_the_all_in_player_shows_before_the_run_out(tmp_path):
    """Seat 3 calls all-in on the flop and shows his cards: once nobody is left to act, fewer than two players can
    bet and the show ends the betting (the turn and river are run out); before that, while seats 4, 5 and 1 are still
    to act, it ends nothing and their folds are in turn. His cards shown again at the end are no second pair."""
    rows = flop_all_ins("h1", ALL_IN_ON_THE_FLOP)
    call = next(i for i, r in enumerate(rows) if r.get("action") == "call" and r.get("amount") == "125")
    assert run(tmp_path, rows)[0] == []
    for at in (call + 1, call + 4):
        findings, rules = run(tmp_path, shown_at(rows, at, 3, HOLE5[3]))
        assert findings == [], at
        assert rules["THE-8.4"].evaluated == 1


def test_a_missing_last_action_on_the_river_is_found_at_the_first_show(tmp_path):
    """The button's river check is not logged: the shows that follow are the showdown, and the betting ended at the
    first of them (not at the rake), where his missing action is reported."""
    rows = checked_down("h1", 1, 10, 0)
    last_check = [i for i, r in enumerate(rows) if r["event"] == "action"][-1]
    missing = [*rows[:last_check], *rows[last_check + 1:]]
    events = [{"event": "table_open", "config": CONFIG}, *missing]
    log = write_jsonl(tmp_path / "h.jsonl", [{"table_id": "H1", "game": "holdem", "seq": i, **r}
                                             for i, r in enumerate(events, start=1)])
    result, con = audit([log], load_rulesets(profile="macau"))
    con.close()
    first_show = next(i for i, r in enumerate(events, start=1) if r["event"] == "show")
    assert [(f["rule"], f["seq"]) for f in result.findings] == [("THE-6.5", first_show)]
