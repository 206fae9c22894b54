"""Stacks before the hand not logged (a ``seat`` event without ``amount``; PHH ``starting_stacks = inf``): the hand is
audited for what the record supports (order of action, bet sizes, board, awards), and the rules that compare with a
stack are not evaluated (docs/holdem-checks.md)."""

from __future__ import annotations

from pathlib import Path

import duckdb
import pytest
from test_holdem_robustness import bet_out, checked_down, flop_all_ins, run

from auditor.engine.audit import audit
from auditor.engine.ruleset import load_rulesets
from auditor.ingest.discover import discover
from auditor.ingest.load import ingest

UNKNOWN = "stack before the hand not logged"


def unknown_stacks(rows: list[dict], seats: tuple[int, ...] | None = None) -> list[dict]:
    """``rows`` with the stack before the hand of ``seats`` (all when None) not logged, and no stack after it."""
    return [{k: v for k, v in r.items() if k != "amount"}
            if r["event"] == "seat" and (seats is None or r["seat"] in seats) else r
            for r in rows if r["event"] != "stack"]


def flag_all_ins(rows: list[dict], all_in: dict[int, bool | None]) -> list[dict]:
    """``rows`` with ``all_in`` on every chip-moving action of the seats given (None: no flag)."""
    out = []
    for r in rows:
        if r["event"] == "action" and r["seat"] in all_in and r["action"] not in ("fold", "check"):
            r = {k: v for k, v in r.items() if k != "all_in"}
            if all_in[r["seat"]] is not None:
                r["all_in"] = all_in[r["seat"]]
        out.append(r)
    return out


def test_a_seat_without_its_stack_is_accepted_and_the_hand_audited(tmp_path):
    findings, rules = run(tmp_path, unknown_stacks(checked_down("h1", 1, 10, 1)), rake_rate="0.05")
    assert findings == []
    for rule in ("THE-5.1", "THE-6.2", "THE-6.3", "THE-6.5", "THE-7.3", "THE-8.3", "THE-10.2", "THE-15.1", "THE-16.4"):
        assert rules[rule].evaluated == 1 and rules[rule].not_evaluated == 0, rule
    assert rules["THE-11.3"].not_evaluated_reasons == {UNKNOWN: 1}


def test_the_betting_is_still_judged_without_stacks(tmp_path):
    """An action out of turn, an under-raise with chips behind and a short call that is not all-in need no stack."""
    preflop = [(1, "call", "10"), (3, "check", "0"), (2, "call", "5")]
    flop = [(2, "bet", "100"), (3, "raise", "150"), (1, "call", "140"), (2, "call", "50")]
    rows = flag_all_ins(unknown_stacks(bet_out("h1", preflop, flop)), {1: False, 2: False, 3: False})
    findings, _ = run(tmp_path, rows)
    assert sorted((rule, message.split(" (")[0]) for rule, _, _, message in findings
                  if rule.split(".")[0] in ("THE-6", "THE-7", "THE-12")) == [
        ("THE-12.1", "raise of 50 below the last bet or raise of 100"),
        ("THE-6.2", "seat 3 acted"),
        ("THE-7.3", "flop: seat 1 call of 140 when 150 was due")]


def shove(hand: str, flagged: bool | None) -> list[dict]:
    """Seat 3 goes all-in for 125 on the flop (``all_in`` flagged True, or not flagged); the others call and check
    the turn and river down without him (TDA_47's first three actions, then checks)."""
    flop = [(2, "bet", 100), (3, "raise", 125), (4, "call", 125), (5, "fold", 0), (1, "fold", 0), (2, "call", 25)]
    out = []
    for r in unknown_stacks(flop_all_ins(hand, flop)):
        if r["event"] == "action" and r["seat"] == 3 and r["action"] == "raise":
            r = {**r, "all_in": flagged} if flagged is not None else r
        out.append(r)
        if r["event"] == "board" and r["card"] in ("5c", "4h"):
            out += [{"event": "action", "hand_id": hand, "seat": s, "action": "check", "amount": "0"} for s in (2, 4)]
    return out


def test_an_all_in_flag_with_an_unknown_stack_means_no_chips_left(tmp_path):
    """Seat 3 is flagged all-in: he owes no action on the turn and river (the replay read him as having chips, and
    reported a round closed early), and his all-in raise for less is no under-raise."""
    findings, rules = run(tmp_path, shove("h1", True))
    assert findings == []
    assert rules["THE-8.3"].evaluated == rules["THE-6.5"].evaluated == rules["THE-12.1"].evaluated == 1


def test_a_player_who_never_acts_again_after_putting_chips_in_may_be_all_in(tmp_path):
    """No flag and no stack: seat 3 may have had no chips left after his raise. He is not reported for the rounds
    he did not play, and his raise for less, which may be an all-in, leaves THE-12.1 not evaluated."""
    findings, rules = run(tmp_path, shove("h1", None))
    assert findings == []
    assert rules["THE-6.5"].evaluated == 1
    assert rules["THE-12.1"].not_evaluated_reasons == {
        "an action whose all-in the log does not say (stack before the hand not logged)": 1}


def test_a_player_skipped_who_acts_later_had_chips(tmp_path):
    """Seat 3 (no flag, no stack) is skipped on the turn, then checks on the river: he had chips, so the round he
    was skipped in is one finding, not a finding for every later action."""
    rows = shove("h1", None)
    at = max(i for i, r in enumerate(rows) if r["event"] == "action")
    rows.insert(at + 1, {"event": "action", "hand_id": "h1", "seat": 3, "action": "check", "amount": "0"})
    findings, _ = run(tmp_path, rows)
    assert [rule for rule, _, _, _ in findings] == ["THE-8.3"]


IPN = """\
variant = "NT"
antes = [0, 0, 0]
blinds_or_straddles = [2, 4, 0]
min_bet = 4
starting_stacks = [inf, inf, inf]
actions = [
  "d dh p1 ????", "d dh p2 ????", "d dh p3 ????",
  "p3 cbr 12", "p1 f", "p2 cbr 400", "p3 cc",
  "p2 sm ????", "p3 sm ????",
  "d db 2c3d9h", "d db Th", "d db 4s",
]
hand = 9
"""


def load(path: Path, text: str) -> duckdb.DuckDBPyConnection:
    path.write_text(text, encoding="utf-8")
    con = duckdb.connect()
    ingest(con, discover([path]))
    return con


def test_a_phh_hand_with_unknown_stacks_is_audited(tmp_path):
    """IPN logs every stack as ``inf``: each seat event has no amount, the actions no all-in flag (the stack after
    them is unknown); seat 2's all-in pre-flop owes nothing on the flop, turn and river."""
    con = load(tmp_path / "ipn.phh", IPN)
    assert con.execute("SELECT count(*) FROM quarantine").fetchone()[0] == 0
    assert con.execute("SELECT seat, amount FROM events WHERE event = 'seat' ORDER BY seat").fetchall() == [
        (1, None), (2, None), (3, None)]
    assert {r[0] for r in con.execute("SELECT all_in FROM events WHERE event = 'action'").fetchall()} == {None}
    path = tmp_path / "ipn.phh"
    result, con = audit([path], load_rulesets(profile="common"))
    con.close()
    assert result.quarantine == [] and result.findings == []
    rules = {r.id: r for r in result.rules}
    assert rules["THE-6.2"].evaluated == 1 and rules["THE-11.3"].not_evaluated == 1


def test_a_player_flagged_all_in_who_acts_twice_more_is_one_finding(tmp_path):
    """Seat 3 is flagged all-in on the flop, then checks on the turn and on the river: the log contradicts itself
    once (the turn check, out of turn); from then on he had chips and the river check is in turn."""
    rows = shove("h1", True)
    for card, after in (("5c", 3), ("4h", 2)):  # the turn: after seats 2 and 4; the river: in his turn, after 2
        at = next(i for i, r in enumerate(rows) if r["event"] == "board" and r.get("card") == card)
        rows.insert(at + after, {"event": "action", "hand_id": "h1", "seat": 3, "action": "check", "amount": "0"})
    findings, _ = run(tmp_path, rows)
    assert [(rule, message.split(" (")[0]) for rule, _, _, message in findings] == [
        ("THE-8.3", "seat 3 acted")]


# The same PHH hands with every stack logged (100) and with none (inf): a player with chips left is passed over in a
# round (taken to be all-in: his stack and flag are unknown), then acts in a later round. He had chips: the one
# finding is the round he was passed over in, under the rule of that round's street, as when the stacks are logged;
# his later action, in his turn there, is no finding (it was THE-7.2's, "when the round was over", and the missed
# turn was not reported).
PASSED_OVER = {
    "the big blind's unraised option skipped": (
        '"p3 f", "p4 cc", "p1 f", "d db 2c3d9h", "p2 cc", "p4 cbr 4", "p2 f"', ["THE-6.4"]),
    "the big blind's answer to a raise skipped": (
        '"p3 cbr 12", "p4 f", "p1 f", "d db 2c3d9h", "p2 cc", "p3 cbr 4", "p2 f"', ["THE-6.2"]),
    "both blinds skipped at the round's end": (
        '"p3 cbr 12", "p4 cc", "d db 2c3d9h", "p1 cc", "p2 cc", "p3 cbr 4", "p4 f", "p1 f", "p2 f"', ["THE-6.2"]),
    "the big blind skipped by an action in his turn": (
        '"p3 cbr 12", "p4 cc", "p1 cbr 40", "p3 cc", "p4 cc", "d db 2c3d9h", "p1 cc", "p2 cc", "p3 cbr 4", '
        '"p4 f", "p1 f", "p2 f"', ["THE-6.2"]),
}


def passed_over(stack: str, actions: str) -> str:
    return (f'variant = "NT"\nantes = [0, 0, 0, 0]\nblinds_or_straddles = [1, 2, 0, 0]\nmin_bet = 2\n'
            f'starting_stacks = [{stack}, {stack}, {stack}, {stack}]\n'
            f'actions = ["d dh p1 ????", "d dh p2 ????", "d dh p3 ????", "d dh p4 ????", {actions}]\nhand = 1\n')


@pytest.mark.parametrize("name", PASSED_OVER)
def test_a_player_passed_over_who_acts_in_a_later_round_is_the_round_he_missed(name, tmp_path):
    actions, expected = PASSED_OVER[name]
    found = {}
    for stack in ("100", "inf"):
        path = tmp_path / f"{stack}.phh"
        path.write_text(passed_over(stack, actions), encoding="utf-8")
        result, con = audit([path], load_rulesets(profile="common"))
        con.close()
        assert result.quarantine == []
        found[stack] = [(f["rule"], f["message"]) for f in result.findings]
    assert [rule for rule, _ in found["100"]] == expected
    assert found["inf"] == found["100"]
