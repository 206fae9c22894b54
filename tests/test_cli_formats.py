"""``audit --format json`` (standard output for scripts) and ``audit --junit FILE`` (a CI's native failures)."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET

import pytest
from typer.testing import CliRunner

from auditor.cli import app
from auditor.engine.audit import audit
from auditor.engine.ruleset import load_rulesets
from auditor.engine.table_coverage import table_coverage
from auditor.report.junit import junit_xml
from tests.conftest import baccarat_coup, write_jsonl

runner = CliRunner()


@pytest.fixture
def logs(tmp_path):
    """Two tables: T1 pays a winning Player bet 9:10 (a violation of art. 17(1)), T2 is clean."""
    folder = tmp_path / "logs"
    folder.mkdir()
    rows = baccarat_coup()
    rows[8]["payout"] = "90"
    write_jsonl(folder / "t1.jsonl", rows)
    write_jsonl(folder / "t2.jsonl", baccarat_coup(table="T2"))
    return folder


def run_audit(*args: str):
    return runner.invoke(app, ["audit", *args, "--no-pdf", "--quiet"])


def test_json_on_stdout_holds_summary_and_findings_only(tmp_path, logs):
    out = tmp_path / "out"
    result = run_audit(str(logs), "--out", str(out), "--format", "json")
    assert result.exit_code == 1, result.output
    printed = json.loads(result.stdout)  # nothing but the JSON on standard output
    assert printed["summary"] == json.loads((out / "summary.json").read_text())
    assert printed["findings"] == json.loads((out / "findings.json").read_text())
    assert [f["rule"] for f in printed["findings"]] == ["BAC-17.1"]
    assert printed["summary"]["verdict"]["status"] == "violations found" and printed["summary"]["violations"] == 1
    assert (printed["out"], "findings.json" in printed["written"]) == (str(out), True)
    assert "verdict: violations found" in result.stderr


def test_text_stays_the_default_on_stdout(tmp_path, logs):
    result = run_audit(str(logs), "--out", str(tmp_path / "out"))
    assert "verdict: violations found" in result.stdout


def _cases(root: ET.Element) -> dict[str, ET.Element]:
    return {c.get("name"): c for c in root.iter("testcase")}


def test_junit_one_case_per_rule_and_table(tmp_path, logs):
    junit = tmp_path / "audit.xml"
    result = run_audit(str(logs), "--out", str(tmp_path / "out"), "--junit", str(junit))
    assert result.exit_code == 1, result.output
    root = ET.parse(junit).getroot()
    assert root.tag == "testsuites"
    suites = {s.get("name"): s for s in root.findall("testsuite")}
    assert list(suites) == ["baccarat", "audit"]
    enforced = [r.id for r in load_rulesets()["baccarat"].rules.values() if r.enforced]
    cases = _cases(suites["baccarat"])
    assert sorted(cases) == sorted(f"{rule} table {t}" for rule in enforced for t in ("T1", "T2"))
    for suite in [root, *suites.values()]:
        assert int(suite.get("tests")) == len(list(suite.iter("testcase")))
        assert int(suite.get("failures")) == len(list(suite.iter("failure")))
        assert int(suite.get("skipped")) == len(list(suite.iter("skipped")))
    failed = [name for name, case in cases.items() if case.find("failure") is not None]
    assert failed == ["BAC-17.1 table T1"]
    failure = cases["BAC-17.1 table T1"].find("failure")
    assert failure.get("message").startswith("1 violation of Despacho n.º 55/2004, art. 17.º")
    assert "expected win, payout 100; found win, payout 90" in failure.text and "t1.jsonl:9" in failure.text
    assert cases["BAC-17.1 table T2"].find("failure") is None
    skipped = [case.find("skipped").get("message") for case in cases.values() if case.find("skipped") is not None]
    assert skipped and all(m.startswith(("not evaluated: ", "nothing to evaluate: ")) for m in skipped)
    assert _cases(suites["audit"])["verdict"].find("failure") is None


def test_junit_skips_with_the_reason_what_was_not_evaluated(tmp_path, logs):
    """The cut card never comes out in a one-coup shoe: the rule on its position is skipped, saying why."""
    junit = tmp_path / "audit.xml"
    run_audit(str(logs), "--out", str(tmp_path / "out"), "--junit", str(junit))
    summary = json.loads((tmp_path / "out" / "summary.json").read_text())
    unevaluated = [r for r in summary["rules"] if r["enforced"] and not r["evaluated"] and r["not_evaluated_reasons"]]
    assert unevaluated
    cases = _cases(ET.parse(junit).getroot())
    for rule in unevaluated:
        message = cases[f"{rule['id']} table T1"].find("skipped").get("message")
        assert any(reason in message for reason in rule["not_evaluated_reasons"]), message


def test_junit_fails_the_verdict_of_an_incomplete_audit(tmp_path, logs):
    log = logs / "t2.jsonl"
    log.write_text(log.read_text() + "{not json\n")
    junit = tmp_path / "audit.xml"
    assert run_audit(str(logs), "--out", str(tmp_path / "out"), "--junit", str(junit)).exit_code == 4
    verdict = _cases(ET.parse(junit).getroot())["verdict"].find("failure")
    assert verdict.get("message") == "the audit is incomplete" and "quarantined" in verdict.text


def test_junit_survives_control_characters_in_a_finding(logs):
    result, con = audit([logs], load_rulesets())
    result.findings[0]["message"] += " \x01\x1b[31m"
    xml = junit_xml(result, table_coverage(con))
    assert "\\x01\\x1b[31m" in ET.fromstring(xml).find(".//failure").text


def test_junit_unwritable_is_an_input_error_after_the_outputs(tmp_path, logs):
    out = tmp_path / "out"
    result = run_audit(str(logs), "--out", str(out), "--junit", str(tmp_path / "no" / "such" / "audit.xml"))
    assert result.exit_code == 2 and "cannot write --junit" in result.stderr
    assert (out / "findings.json").exists()
