"""``auditor reproduce``: an untouched re-run is identical; a changed log line is named with the entries it changes;
another ruleset or auditor version is refused; nothing is written."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from auditor.cli import app
from auditor.engine.ruleset import RULESET_DIR, load_rulesets
from tests.test_reproducible import write_day

runner = CliRunner()


def reproduce(record: Path, *logs: Path):
    return runner.invoke(app, ["reproduce", str(record), "--logs", *map(str, logs), "--quiet"])


@pytest.fixture(scope="module")
def audited(tmp_path_factory) -> dict[str, Path]:
    """One day audited into a report and into a --no-pdf folder, with a non-default option."""
    root = tmp_path_factory.mktemp("audited")
    logs = write_day(root / "logs")
    for out, extra in (("report", []), ("folder", ["--no-pdf"])):
        result = runner.invoke(app, ["audit", str(logs), "--out", str(root / out), "--quiet", "--max-quarantined", "9",
                                     "--param", "baccarat.cut_card_tolerance=3", *extra])
        assert result.exit_code == 4, result.output  # incomplete: T3.parquet cannot be read
    return {"logs": logs, "pdf": root / "report" / "report.pdf", "folder": root / "folder"}


@pytest.fixture
def copied(audited, tmp_path) -> Path:
    """The audited logs, copied to another folder."""
    return shutil.copytree(audited["logs"], tmp_path / "received")


def test_an_untouched_rerun_is_identical(audited, copied):
    before = sorted(p.name for p in copied.rglob("*"))
    for record in (audited["pdf"], audited["folder"], audited["folder"] / "manifest.json"):
        result = reproduce(record, copied)
        assert result.exit_code == 0, result.output
        assert result.output.splitlines()[-1] == "identical"
        for part in ("inputs", "findings", "quarantine", "summary", "manifest"):
            assert f"{part}" in result.output
    assert sorted(p.name for p in copied.rglob("*")) == before  # nothing written beside the logs


def test_one_changed_log_line_is_named_with_the_findings_it_changes(audited, copied):
    path = copied / "T1.jsonl"
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    changed = [i for i, line in enumerate(lines) if '"payout": "90"' in line]
    lines[changed[0]] = lines[changed[0]].replace('"payout": "90"', '"payout": "100"')  # now paid 1:1, as due
    path.write_text("".join(lines), encoding="utf-8")
    result = reproduce(audited["pdf"], copied)
    assert result.exit_code == 1, result.output
    out = result.output
    assert out.splitlines()[-1] == "differs: inputs, findings, summary"
    assert "inputs      DIFFERS    differs: T1.jsonl: sha256 " in out
    assert "findings    DIFFERS    1 recorded entry not found again, 0 new" in out
    assert f"recorded only: BAC-17.1 table T1 shoe S1 hand C1 seq 9 (T1.jsonl:{changed[0] + 1}):" in out
    assert "rule BAC-17.1:" in out and "quarantine  identical" in out


def test_a_changed_quarantined_line_is_named(audited, copied):
    path = copied / "poker" / "T2.csv"
    path.write_text(path.read_text(encoding="utf-8").replace("1x", "1y"), encoding="utf-8")
    result = reproduce(audited["folder"], copied)
    assert result.exit_code == 1, result.output
    assert "quarantine  DIFFERS" in result.output and "recorded only: poker/T2.csv:6:" in result.output


def test_logs_given_from_above_their_folder_are_other_names(audited, copied):
    result = reproduce(audited["folder"], copied.parent)
    assert result.exit_code == 1
    assert "the same files, under other names" in result.output


def test_another_ruleset_is_refused_naming_it(audited, copied, tmp_path, monkeypatch):
    rules = shutil.copytree(RULESET_DIR, tmp_path / "rulesets")
    with (rules / "baccarat.toml").open("a", encoding="utf-8") as handle:
        handle.write("# edited\n")
    monkeypatch.setattr("auditor.cli.common.load_rulesets", lambda **kw: load_rulesets(rules, **kw))
    result = runner.invoke(app, ["reproduce", str(audited["pdf"]), "--logs", str(copied), "--quiet"])
    assert result.exit_code == 2
    assert "refused: ruleset rulesets/baccarat.toml differs from the one the audit applied" in result.output
    assert "holdem" not in result.output


def test_another_auditor_version_is_refused(audited, copied, monkeypatch):
    monkeypatch.setattr("auditor.cli.reproduce.__version__", "99.0")
    result = reproduce(audited["folder"], copied)
    assert result.exit_code == 2 and "this is auditor 99.0: install auditor" in result.output


def test_the_recorded_options_are_applied_again(audited, copied, tmp_path):
    folder = shutil.copytree(audited["folder"], tmp_path / "edited")
    manifest = json.loads((folder / "manifest.json").read_text(encoding="utf-8"))
    assert manifest["parameters"]["param"] == {"baccarat.cut_card_tolerance": "3"}
    manifest["parameters"]["max_quarantined"] = 0  # as if recorded without --max-quarantined 9
    (folder / "manifest.json").write_text(json.dumps(manifest), encoding="utf-8")
    result = reproduce(folder, copied)
    assert result.exit_code == 1
    assert "summary     DIFFERS    verdict:" in result.output and "quarantined_above_threshold" in result.output


def test_input_errors_exit_2(audited, tmp_path):
    (tmp_path / "not.pdf").write_bytes(b"%PDF-1.7 nothing")
    assert reproduce(tmp_path / "not.pdf", audited["logs"]).exit_code == 2
    empty = tmp_path / "empty"
    empty.mkdir()
    result = reproduce(empty, audited["logs"])
    assert result.exit_code == 2 and "no manifest.json" in result.output
    result = reproduce(audited["folder"], tmp_path / "nowhere")
    assert result.exit_code == 2 and "no such file or folder" in result.output


@pytest.mark.parametrize("damage", [
    {"parameters": []}, {"parameters": {"profile": "macau", "param": {}, "strict": "no", "max_quarantined": 0}},
    {"inputs": {"T1.jsonl": 1}}, {"rulesets": ["baccarat"]}, {"findings": None},
])
def test_a_damaged_manifest_is_an_input_error_not_a_crash(audited, tmp_path, damage):
    folder = shutil.copytree(audited["folder"], tmp_path / "damaged")
    manifest = json.loads((folder / "manifest.json").read_text(encoding="utf-8"))
    (folder / "manifest.json").write_text(json.dumps(manifest | damage), encoding="utf-8")
    result = reproduce(folder, audited["logs"])
    assert result.exit_code == 2 and "error:" in result.output, result.output


def test_a_manifest_without_the_options_says_it_is_older(audited, tmp_path):
    folder = shutil.copytree(audited["folder"], tmp_path / "older")
    manifest = json.loads((folder / "manifest.json").read_text(encoding="utf-8"))
    manifest["parameters"] = {"strict": False, "max_quarantined": 0}
    (folder / "manifest.json").write_text(json.dumps(manifest), encoding="utf-8")
    result = reproduce(folder, audited["logs"])
    assert result.exit_code == 2 and "does not record the option(s) profile, param" in result.output


def test_the_expected_tables_are_applied_again(audited, copied, tmp_path):
    """A table expected that sent no log: recorded, and the rerun is incomplete for it too (identical)."""
    expected = tmp_path / "tables.txt"
    expected.write_text("T1\nT9\n")
    out = tmp_path / "out"
    done = runner.invoke(app, ["audit", str(copied), "--out", str(out), "--quiet", "--no-pdf", "--max-quarantined",
                               "9", "--param", "baccarat.cut_card_tolerance=3", "--expected-tables", str(expected)])
    assert done.exit_code == 4, done.output
    reasons = json.loads((out / "summary.json").read_text())["verdict"]["reasons"]
    assert {"kind": "expected_table_without_log", "message": "1 table expected sent no log: T9"} in reasons
    result = reproduce(out, copied)
    assert result.exit_code == 0 and result.output.splitlines()[-1] == "identical", result.output
