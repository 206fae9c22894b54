"""``auditor validate``: the audit's ingest and quarantine without any rule, with its report and exit codes."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from auditor.cli import app
from tests.conftest import baccarat_coup, write_csv, write_jsonl

runner = CliRunner()


def validate(*args: str):
    return runner.invoke(app, ["validate", *args, "--quiet"])


def test_clean_logs_exit_0_with_counts_per_file(tmp_path):
    write_jsonl(tmp_path / "a.jsonl", baccarat_coup())
    write_csv(tmp_path / "b.csv", baccarat_coup(table="T2"))
    result = validate(str(tmp_path))
    assert result.exit_code == 0, result.output
    assert "a.jsonl: 10 records, 10 accepted, 0 quarantined" in result.output
    assert "b.csv: 10 records, 10 accepted, 0 quarantined" in result.output
    assert "2 files, 20 records: 20 accepted, 0 quarantined." in result.output


def test_runs_no_rule(tmp_path):
    rows = baccarat_coup()
    rows[8]["payout"] = "90"  # a violation of art. 17(1), which only audit looks for
    result = validate(str(write_jsonl(tmp_path / "v.jsonl", rows)))
    assert result.exit_code == 0, result.output
    assert "BAC-" not in result.output


def test_quarantine_exits_2_naming_file_line_and_reason(tmp_path):
    log = write_jsonl(tmp_path / "day.jsonl", baccarat_coup())
    log.write_text(log.read_text() + "{not json\n")
    rows = baccarat_coup(table="T2")
    rows[3]["seq"] = rows[2]["seq"]  # two records with one sequence number
    write_jsonl(tmp_path / "t2.jsonl", rows)
    result = validate(str(tmp_path))
    assert result.exit_code == 2, result.output
    assert "day.jsonl: 11 records, 10 accepted, 1 quarantined" in result.output
    assert "day.jsonl:11: malformed JSON" in result.output
    assert "t2.jsonl:" in result.output.split("quarantined records (2 of 2):")[1]


def test_json_matches_the_audit_quarantine(tmp_path):
    """The same ingest as audit's: the records quarantined, their lines and reasons are those of quarantine.json."""
    logs = tmp_path / "logs"
    logs.mkdir()
    log = write_jsonl(logs / "day.jsonl", baccarat_coup())
    log.write_text(log.read_text() + "{not json\n" + json.dumps({"event": "bet", "table_id": "T1"}) + "\n")
    rows = baccarat_coup(table="T2")
    del rows[1]["shoe_id"]
    write_jsonl(logs / "t2.jsonl", rows)
    result = runner.invoke(app, ["validate", str(logs), "--format", "json", "--quiet"])
    assert result.exit_code == 2
    report = json.loads(result.stdout)
    out = tmp_path / "out"
    runner.invoke(app, ["audit", str(logs), "--out", str(out), "--no-pdf", "--quiet"])
    audited = json.loads((out / "quarantine.json").read_text())
    assert report["quarantine"] == [{k: q[k] for k in ("file", "line", "reason")} for q in audited]
    assert report["quarantined"] == len(audited) >= 3 and not report["valid"]
    assert sum(r["records"] for r in report["reasons"]) == len(audited)
    files = {f["file"]: f for f in report["files"]}
    assert (files["day.jsonl"]["records"], files["day.jsonl"]["quarantined"]) == (12, 2)
    assert files["day.jsonl"]["accepted"] == 10
    assert report["records"] == report["accepted"] + report["quarantined"]


def test_show_limits_the_list_not_the_counts(tmp_path):
    log = write_jsonl(tmp_path / "day.jsonl", baccarat_coup())
    log.write_text(log.read_text() + "{not json\n" * 5)
    result = validate(str(log), "--show", "2")
    assert result.exit_code == 2
    assert "5  malformed JSON" in result.output
    assert [line for line in result.output.splitlines() if line.endswith(": malformed JSON")] == [
        f"{log.name}:11: malformed JSON", f"{log.name}:12: malformed JSON"]


def test_empty_file_and_missing_path_exit_2(tmp_path):
    (tmp_path / "empty.jsonl").write_text("")
    empty = validate(str(tmp_path / "empty.jsonl"))
    assert empty.exit_code == 2 and "no record in the file" in empty.output
    missing = validate(str(tmp_path / "nowhere"))
    assert missing.exit_code == 2 and "no such file or folder" in missing.output


def test_writes_nothing(tmp_path):
    write_jsonl(tmp_path / "a.jsonl", baccarat_coup())
    before = sorted(p.name for p in tmp_path.rglob("*"))
    validate(str(tmp_path), "--format", "json")
    assert sorted(p.name for p in tmp_path.rglob("*")) == before
