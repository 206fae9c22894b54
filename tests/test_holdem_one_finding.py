"""One broken event, one finding: the rule it breaks reports it, and the replay's state after it does not make other
rules report it again (docs/holdem-checks.md)."""

from __future__ import annotations

from test_holdem_robustness import act, bet_out, checked_down, run

BETTING_RULES = ("THE-5", "THE-6", "THE-7", "THE-8", "THE-11", "THE-12")


def betting_findings(findings: list[tuple]) -> list[tuple[str, str]]:
    """(rule, message up to its citation) of the findings of the blind, turn, board and betting rules."""
    return [(rule, message.split(" (")[0]) for rule, _, _, message in findings if rule.startswith(BETTING_RULES)]


def after(rows: list[dict], where, *extra: dict) -> list[dict]:
    """``rows`` with ``extra`` inserted after the first row ``where`` accepts."""
    at = next(i for i, r in enumerate(rows) if where(r))
    return [*rows[:at + 1], *extra, *rows[at + 1:]]


def is_river(r: dict) -> bool:
    return r["event"] == "board" and r["card"] == "4h"


SIXTH = {"event": "board", "hand_id": "h1", "card": "2s"}


def test_a_sixth_board_card_before_the_river_betting_is_one_finding(tmp_path):
    """The sixth card comes before the river is bet (checked): THE-8.2 counts it; no fifth round was bet, and the
    river round is not closed by it (it was THE-8.3 and a false THE-6.5, and THE-8.2 said nothing)."""
    findings, _ = run(tmp_path, after(checked_down("h1", 1, 10, 1), is_river, SIXTH), rake_rate="0.05")
    assert [(rule, message.split(" (")[0]) for rule, _, _, message in findings] == [
        ("THE-8.2", "the hand reached the river with 6 board cards and 3 burns")]


def test_a_sixth_board_card_and_a_fifth_round_of_betting_are_two(tmp_path):
    """After the river betting, a sixth card and a bet on it: the card is THE-8.2's, the bet THE-8.3's."""
    rows = checked_down("h1", 1, 10, 1)
    last_check = max(i for i, r in enumerate(rows) if r["event"] == "action")
    rows = [*rows[:last_check + 1], SIXTH, act("h1", 2, "check"), *rows[last_check + 1:]]
    findings, _ = run(tmp_path, rows, rake_rate="0.05")
    assert [(rule, message.split(" (")[0]) for rule, _, _, message in findings] == [
        ("THE-8.2", "the hand reached the river with 6 board cards and 3 burns"),
        ("THE-8.3", "seat 2 acted")]


def test_the_big_blind_posted_by_the_small_blinds_seat_is_one_finding(tmp_path):
    """Button 1: seat 2 posts a big blind and nobody a small blind. One THE-5.1 finding naming each blind's seat
    (it was two, and the message for the missing small blind named the seat that posted the big blind)."""
    rows = [r for r in checked_down("h1", 1, 10, 1) if r.get("action") != "post_small_blind"]
    rows = [{**r, "seat": 2} if r.get("action") == "post_big_blind" else r for r in rows]
    findings, _ = run(tmp_path, rows, rake_rate="0.05")
    assert [(rule, message) for rule, _, _, message in findings if rule == "THE-5.1"] == [
        ("THE-5.1", "blinds (button on seat 1): small blind posted by nobody, big blind by seat 2; art. 5: small "
                    "blind seat 2, big blind seat 3")]


def test_a_missing_big_blind_leaves_the_turn_to_act_where_art_6_puts_it(tmp_path):
    """No big blind posted: pre-flop the first to act is still the player left of the big blind's seat (art. 6(3)):
    seat 1 raises in turn (it was THE-5.1 and a THE-6.2 for every action after it)."""
    preflop = [(1, "raise", "20"), (2, "call", "15"), (3, "call", "20")]
    rows = [r for r in bet_out("h1", preflop) if r.get("action") != "post_big_blind"]
    findings, _ = run(tmp_path, rows)
    assert betting_findings(findings) == [
        ("THE-5.1", "blinds")]


def test_a_check_facing_a_bet_is_one_finding(tmp_path):
    """Seat 1 checks facing the flop bet of 100: THE-7.3. He answered the bet, wrongly; the round does not end with
    him still to act (it was also THE-6.5)."""
    flop = [(2, "bet", "100"), (3, "call", "100"), (1, "check", "0")]
    findings, _ = run(tmp_path, bet_out("h1", [(1, "call", "10"), (2, "call", "5"), (3, "check", "0")], flop))
    assert betting_findings(findings) == [("THE-7.3", "flop: seat 1 check facing 100 to call")]


def test_a_call_of_too_much_is_one_finding(tmp_path):
    """Seat 3 calls the flop bet of 100 with 110: THE-7.3. A call does not raise: seat 1's call of 100 is right and
    nobody is left owing 10 (it was three findings)."""
    flop = [(2, "bet", "100"), (3, "call", "110"), (1, "call", "100")]
    findings, _ = run(tmp_path, bet_out("h1", [(1, "call", "10"), (2, "call", "5"), (3, "check", "0")], flop))
    assert betting_findings(findings) == [("THE-7.3", "flop: seat 3 call of 110 when 100 was due")]


def test_a_hole_card_missing_from_the_log_is_one_finding(tmp_path):
    """The first hole card (seat 2's) is not logged: seat 2 received one card (THE-6.1), once; the first card logged
    and the rest of the deal are not also out of order (they were THE-3.2 and a second THE-6.1)."""
    rows = checked_down("h1", 1, 10, 1)
    first = next(i for i, r in enumerate(rows) if r["event"] == "deal")
    findings, rules = run(tmp_path, [*rows[:first], *rows[first + 1:]], rake_rate="0.05")
    assert [(rule, message.split(";")[0]) for rule, _, _, message in findings] == [
        ("THE-6.1", "seat 2 received 1 hole card(s)")]
    assert rules["THE-3.2"].not_evaluated_reasons == {"hole cards missing (THE-6.1)": 1}

