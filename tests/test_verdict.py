"""The verdict cannot be green by accident: an audit that did not look at what it was given is *incomplete* (exit 4),
named with each reason, in summary.json, on the report's cover and in the exit code."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from auditor.cli import app
from auditor.engine import registry
from auditor.engine.audit import UNITS_SQL, audit
from auditor.engine.replay_runner import ReplayRule
from auditor.engine.ruleset import UNITS, load_rulesets
from auditor.model.outcome import ExitCode
from auditor.model.result import AuditResult, InputFile, RuleSummary
from auditor.model.verdict import NO_CHECKER, Verdict
from auditor.report.render import render_html
from tests.conftest import baccarat_coup, write_jsonl

runner = CliRunner()


def run(*args: str):
    return runner.invoke(app, [*args, "--quiet", "--no-pdf"])


def summary(out: Path) -> dict:
    return json.loads((out / "summary.json").read_text())


def reasons(out: Path) -> list[str]:
    return [reason["kind"] for reason in summary(out)["verdict"]["reasons"]]


def stud_hand(table: str = "S1") -> list[dict]:
    """A short, well-formed five-card stud hand (both ante, one folds): the log format accepts every record."""
    rows = [
        {"event": "table_open", "config": {"ante": "20", "chip_unit": "1", "seats": 8, "casino": "Stud Casino"}},
        {"event": "shoe_start", "shoe_id": "P1"},
        {"event": "hand_start", "shoe_id": "P1", "hand_id": "H1"},
        {"event": "seat", "hand_id": "H1", "seat": 1, "player": "a", "amount": "1000"},
        {"event": "seat", "hand_id": "H1", "seat": 2, "player": "b", "amount": "1000"},
        {"event": "action", "hand_id": "H1", "seat": 1, "action": "post_ante", "amount": "20"},
        {"event": "action", "hand_id": "H1", "seat": 2, "action": "post_ante", "amount": "20"},
        {"event": "action", "hand_id": "H1", "seat": 2, "action": "fold", "amount": "0"},
        {"event": "award", "hand_id": "H1", "seat": 1, "amount": "40", "pot": 0},
        {"event": "hand_end", "hand_id": "H1"},
    ]
    return [{"table_id": table, "game": "stud", "seq": i, **row} for i, row in enumerate(rows, 1)]


def violating_coup(table: str = "T1") -> list[dict]:
    rows = baccarat_coup(table)
    rows[8]["payout"] = "90"  # a winning Player bet paid 9:10 instead of 1:1 (art. 17(1))
    return rows


def test_a_clean_audit_is_complete(tmp_path):
    out = tmp_path / "out"
    result = run("audit", str(write_jsonl(tmp_path / "clean.jsonl", baccarat_coup())), "--out", str(out))
    assert result.exit_code == ExitCode.OK, result.output
    assert summary(out)["verdict"] == {"status": "no violation found", "exit_code": 0, "reasons": []}


def test_an_empty_log_file_is_incomplete(tmp_path):
    empty = tmp_path / "day.jsonl"
    empty.write_bytes(b"")
    out = tmp_path / "out"
    result = run("audit", str(empty), "--out", str(out))
    assert result.exit_code == ExitCode.INCOMPLETE == 4, result.output
    verdict = summary(out)["verdict"]
    assert verdict["status"] == "incomplete" and verdict["exit_code"] == 4
    assert reasons(out) == ["no_rule_evaluated", "file_without_accepted_record"]
    assert verdict["reasons"][1]["message"] == "day.jsonl: no accepted record (no record in the file)"
    assert "incomplete" in result.output and "day.jsonl" in result.output


def test_an_all_quarantined_folder_is_incomplete(tmp_path):
    logs = tmp_path / "logs"
    logs.mkdir()
    (logs / "a.jsonl").write_text('{not json\n{"also": "not a record"}\n')
    (logs / "b.csv").write_text("table_id,game,seq,event\nT1,baccarat,x,table_open\n")
    out = tmp_path / "out"
    result = run("audit", str(logs), "--out", str(out))
    assert result.exit_code == ExitCode.INCOMPLETE, result.output
    assert reasons(out) == ["no_rule_evaluated", "file_without_accepted_record", "file_without_accepted_record",
                            "quarantined_above_threshold"]
    # even an inspector who tolerates every quarantined record is told that nothing was audited
    tolerant = run("audit", str(logs), "--out", str(out), "--max-quarantined", "1000", "--overwrite")
    assert tolerant.exit_code == ExitCode.INCOMPLETE, tolerant.output
    assert reasons(out) == ["no_rule_evaluated", "file_without_accepted_record", "file_without_accepted_record"]


HOLDEM_OPEN = {"table_id": "H1", "game": "holdem", "seq": 1, "event": "table_open", "config": {
    "betting": "no_limit", "small_blind": "5", "big_blind": "10", "chip_unit": "1", "seats": 10}}
HOLDEM_CLEAN = Path(__file__).parent / "fixtures" / "holdem" / "THE-10.4" / "clean.jsonl"


@pytest.mark.parametrize("opened", [baccarat_coup()[:1], [HOLDEM_OPEN]], ids=["baccarat", "holdem"])
def test_a_table_opened_and_nothing_played_is_incomplete(tmp_path, opened):
    """A log of one ``table_open``: the table's declaration may be checked (baccarat's decks and seats), but no coup,
    hand or bet was: the verdict cannot be 'no violation found' (baccarat's was, exit 0)."""
    out = tmp_path / "out"
    result = run("audit", str(write_jsonl(tmp_path / "open.jsonl", opened)), "--out", str(out))
    assert result.exit_code == ExitCode.INCOMPLETE, result.output
    assert reasons(out) == ["no_rule_evaluated"]
    assert summary(out)["verdict"]["reasons"][0]["message"] == (
        "no rule evaluated a single coup, hand or bet of the logs")


def test_a_baccarat_table_with_a_shoe_and_no_coup_beside_a_holdem_day_is_incomplete(tmp_path):
    """The hold'em hands are audited; the baccarat table beside them opened a shoe, shuffled, cut and burned, and
    dealt no coup: its shoe rules evaluated, none of its coups or bets was, so baccarat was not audited."""
    logs = tmp_path / "logs"
    logs.mkdir()
    (logs / "holdem.jsonl").write_bytes(HOLDEM_CLEAN.read_bytes())
    shoe = [{"event": "shoe_start", "shoe_id": "S1"}, {"event": "shuffle", "shoe_id": "S1", "method": "manual"},
            {"event": "cut", "shoe_id": "S1", "position": 14}, {"event": "burn", "shoe_id": "S1", "position": 1},
            {"event": "shoe_end", "shoe_id": "S1"}]
    rows = [*baccarat_coup("B1")[:1],
            *({"table_id": "B1", "game": "baccarat", "seq": i, **r} for i, r in enumerate(shoe, 2))]
    write_jsonl(logs / "baccarat.jsonl", rows)
    out = tmp_path / "out"
    result = run("audit", str(logs), "--out", str(out))
    assert result.exit_code == ExitCode.INCOMPLETE, result.output
    assert [(r["kind"], r["message"]) for r in summary(out)["verdict"]["reasons"]] == [
        ("game_not_evaluated", "baccarat: no rule evaluated any of its coups, hands or bets")]


@pytest.fixture
def stud_unchecked(monkeypatch):
    """This version of the auditor without its replayed stud checkers (as a game whose checkers are not all written
    yet): the set-based stud rules still run."""
    registry.checkers()  # every game's checkers loaded first: none registers later into the copy
    monkeypatch.setattr(registry, "_REGISTRY", {k: c for k, c in registry._REGISTRY.items()
                                                if c.game != "stud" or not isinstance(c, ReplayRule)})


def test_a_game_without_checkers_is_incomplete_and_counts_its_hands_not_evaluated(tmp_path, stud_unchecked):
    logs = tmp_path / "stud"
    logs.mkdir()
    write_jsonl(logs / "day.jsonl", stud_hand())
    out = tmp_path / "out"
    result = run("audit", str(logs), "--out", str(out))
    assert result.exit_code == ExitCode.INCOMPLETE, result.output
    data = summary(out)
    assert data["quarantined"] == 0
    assert reasons(out) == ["game_without_checkers"]
    assert "stud" in data["verdict"]["reasons"][0]["message"]
    rules = {rule["id"]: rule for rule in data["rules"]}
    hand_rule = next(rule for rule in rules.values() if rule["enforced"] and rule["unit"] == "hand"
                     and NO_CHECKER in rule["not_evaluated_reasons"])
    assert (hand_rule["evaluated"], hand_rule["not_evaluated"]) == (0, 1)  # the one hand, not evaluated
    assert hand_rule["not_evaluated_reasons"] == {NO_CHECKER: 1}


def test_a_game_beside_a_checked_game_still_makes_it_incomplete(tmp_path, stud_unchecked):
    """Baccarat is checked, the stud table beside it is not: the audit did not look at all it was given."""
    logs = tmp_path / "logs"
    logs.mkdir()
    write_jsonl(logs / "baccarat.jsonl", baccarat_coup())
    write_jsonl(logs / "stud.jsonl", stud_hand())
    out = tmp_path / "out"
    assert run("audit", str(logs), "--out", str(out)).exit_code == ExitCode.INCOMPLETE
    assert reasons(out) == ["game_without_checkers"]


def test_a_game_without_ruleset_is_incomplete(tmp_path):
    rulesets = {game: ruleset for game, ruleset in load_rulesets().items() if game != "baccarat"}
    result, con = audit([write_jsonl(tmp_path / "day.jsonl", baccarat_coup())], rulesets)
    con.close()
    assert result.exit_code == ExitCode.INCOMPLETE
    assert [(r.kind, "baccarat" in r.message) for r in result.verdict.reasons] == [
        ("no_rule_evaluated", False), ("game_without_ruleset", True)]


def test_one_file_of_several_without_an_accepted_record_is_incomplete(tmp_path):
    logs = tmp_path / "logs"
    logs.mkdir()
    write_jsonl(logs / "t1.jsonl", baccarat_coup("T1"))
    write_jsonl(logs / "t2.jsonl", baccarat_coup("T2"))
    (logs / "t3.jsonl").write_bytes(b"")
    out = tmp_path / "out"
    result = run("audit", str(logs), "--out", str(out))
    assert result.exit_code == ExitCode.INCOMPLETE, result.output
    (reason,) = summary(out)["verdict"]["reasons"]
    assert reason["kind"] == "file_without_accepted_record" and "t3.jsonl" in reason["message"]


def test_the_quarantine_threshold_both_ways(tmp_path):
    rows = baccarat_coup()
    path = write_jsonl(tmp_path / "day.jsonl", rows)
    path.write_text(path.read_text() + "{not json\n{not json either\n")  # two quarantined records
    out = tmp_path / "out"
    default = run("audit", str(path), "--out", str(out))
    assert default.exit_code == ExitCode.INCOMPLETE, default.output
    assert reasons(out) == ["quarantined_above_threshold"]
    assert "2 records quarantined" in summary(out)["verdict"]["reasons"][0]["message"]
    above = run("audit", str(path), "--out", str(out), "--max-quarantined", "1", "--overwrite")
    assert above.exit_code == ExitCode.INCOMPLETE
    at_threshold = run("audit", str(path), "--out", str(out), "--max-quarantined", "2", "--overwrite")
    assert at_threshold.exit_code == ExitCode.OK, at_threshold.output
    assert summary(out)["verdict"] == {"status": "no violation found", "exit_code": 0, "reasons": []}
    parameters = json.loads((out / "manifest.json").read_text())["parameters"]
    assert parameters == {"max_quarantined": 2, "strict": False, "profile": "macau", "param": {}, "expected_tables": []}
    refused = runner.invoke(app, ["audit", str(path), "--out", str(out), "--max-quarantined", "-1"])
    assert refused.exit_code == 2


def test_strict_is_an_input_error_and_contradicts_a_tolerance(tmp_path):
    path = write_jsonl(tmp_path / "day.jsonl", baccarat_coup())
    path.write_text(path.read_text() + "{not json\n")
    out = tmp_path / "out"
    strict = run("audit", str(path), "--out", str(out), "--strict")
    assert strict.exit_code == ExitCode.INPUT_ERROR and "--strict" in strict.output
    assert summary(out)["verdict"]["status"] == "input errors"
    assert reasons(out) == ["quarantined_above_threshold"]
    both = run("audit", str(path), "--out", str(out), "--strict", "--max-quarantined", "5")
    assert both.exit_code == 2 and "--strict" in both.output and "--max-quarantined" in both.output


def test_incomplete_takes_precedence_over_violations_which_are_still_reported(tmp_path):
    logs = tmp_path / "logs"
    logs.mkdir()
    write_jsonl(logs / "violating.jsonl", violating_coup())
    (logs / "empty.jsonl").write_bytes(b"")
    out = tmp_path / "out"
    result = run("audit", str(logs), "--out", str(out))
    assert result.exit_code == ExitCode.INCOMPLETE, result.output
    assert [f["rule"] for f in json.loads((out / "findings.json").read_text())] == ["BAC-17.1"]
    data = summary(out)
    assert data["violations"] == 1 and data["verdict"]["status"] == "incomplete"
    assert "1 violation(s)" in result.output


def test_the_cover_shows_the_verdict_first_with_its_reasons(tmp_path):
    logs = tmp_path / "logs"
    logs.mkdir()
    write_jsonl(logs / "violating.jsonl", violating_coup())
    (logs / "empty.jsonl").write_bytes(b"")
    result, con = audit([logs], load_rulesets())
    con.close()
    html = render_html(result)
    cover = html[html.index('<section class="cover">'):html.index("</section>")]
    assert cover.index("incomplete") < cover.index("Casino") < cover.index("Violations")
    assert "empty.jsonl" in cover[:cover.index("Casino")]
    assert "1 violation found" in cover[:cover.index("Casino")]


def test_the_help_documents_incomplete_and_its_threshold():
    text = " ".join(runner.invoke(app, ["audit", "--help"], terminal_width=200).output.split())
    assert "4 incomplete" in text and "--max-quarantined" in text


def test_every_rule_unit_is_counted_for_a_rule_without_checker():
    assert set(UNITS_SQL) == set(UNITS)


def _rule(rule_id: str, game: str, evaluated: int) -> RuleSummary:
    return RuleSummary(rule_id, game, "1", "art. 1", "text", "violation", True, "hand", evaluated, 0, {}, 0, 0)


def test_a_game_with_checkers_but_nothing_evaluated_is_incomplete_beside_an_evaluated_game():
    inputs = [InputFile("a.jsonl", "jsonl", 10, "0" * 64, 5, 0), InputFile("b.jsonl", "jsonl", 10, "1" * 64, 5, 0)]
    result = AuditResult("0", "casino", None, None, inputs, [], [], [_rule("BAC-1.1", "baccarat", 3),
                         _rule("THE-1.1", "holdem", 0)], [], [], games=["baccarat", "holdem"])
    assert result.verdict.exit_code == ExitCode.INCOMPLETE
    assert [(r.kind, r.message) for r in result.verdict.reasons] == [
        ("game_not_evaluated", "holdem: no rule evaluated any of its coups, hands or bets")]
    complete = dataclasses.replace(result, rules=[_rule("BAC-1.1", "baccarat", 3), _rule("THE-1.1", "holdem", 1)])
    assert complete.verdict == Verdict("no violation found", ExitCode.OK, ())
