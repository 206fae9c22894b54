"""Files found in a folder that the audit does not read: none is left out without a word. The simulator's answer key
(``labels.jsonl`` beside the logs of a simulated day) and files that are no log (a README) are named in the run's
facts and on standard error; a rotated, backup or compressed copy of a log is an input error, since its records may
belong to the day."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from auditor.cli import app
from auditor.ingest.discover import InputError, discover, find_logs
from auditor.sim.inject import Label, write_labels
from tests.conftest import baccarat_coup, write_jsonl


def _day(folder):
    folder.mkdir(parents=True, exist_ok=True)
    write_jsonl(folder / "T1.jsonl", baccarat_coup())
    write_labels(folder, [Label("BAC-7.2", "T1", "S1", "C1", 5, "fourth Player card")])
    return folder


def test_the_simulators_labels_beside_its_logs_are_skipped_and_named(tmp_path):
    _day(tmp_path / "day1")
    _day(tmp_path / "day2")
    (tmp_path / "README.md").write_text("notes\n")
    found = find_logs([tmp_path])
    assert [f.name for f in found.files] == ["day1/T1.jsonl", "day2/T1.jsonl"]
    assert [name for name, _ in found.skipped] == ["README.md", "day1/labels.jsonl", "day2/labels.jsonl"]
    assert "the simulator's answer key" in found.skipped[1][1] and "not a log" in found.skipped[0][1]


@pytest.mark.parametrize("where", ["", "sub/"])
def test_a_log_named_labels_jsonl_is_read(tmp_path, where):
    """A file named labels.jsonl that holds log records (or labels away from any log) was left out wherever it lay."""
    (tmp_path / "sub").mkdir()
    write_jsonl(tmp_path / "sub" / "T1.jsonl", baccarat_coup(table="T1"))
    write_jsonl(tmp_path / f"{where}labels.jsonl", baccarat_coup(table="T2"))
    assert f"{where}labels.jsonl" in [f.name for f in discover([tmp_path])]
    write_labels(tmp_path, [Label("BAC-7.2", "T1", "S1", "C1", 5, "a label alone at the root")])
    if where == "sub/":  # the root's labels.jsonl lies beside no log: it is read (and refused record by record)
        assert "labels.jsonl" in [f.name for f in discover([tmp_path])]


@pytest.mark.parametrize("name", ["T1.jsonl.1", "T1.jsonl.old", "T1.csv.bak", "T1.parquet.2", "T1.jsonl~",
                                  "T1.ndjson.orig", "T1.phhs.20240501", "T1.JSONL.BAK"])
def test_a_rotated_or_backup_log_is_an_input_error(tmp_path, name):
    write_jsonl(tmp_path / "T1.jsonl", baccarat_coup())
    (tmp_path / name).write_text("{}\n")
    for given in (tmp_path, tmp_path / name):
        with pytest.raises(InputError, match=f"{name}: a rotated, backup or compressed copy of a log"):
            discover([given])


def test_the_audit_names_what_it_skipped(tmp_path):
    logs = _day(tmp_path / "logs")
    (logs / "notes.txt").write_text("x\n")
    out = tmp_path / "out"
    result = CliRunner().invoke(app, ["audit", str(logs), "--out", str(out), "--no-pdf", "--quiet"])
    assert result.exit_code == 0, result.output
    run = json.loads((out / "manifest.json").read_text())["run"]
    assert [s["file"] for s in run["skipped"]] == ["labels.jsonl", "notes.txt"]
    assert "not read: labels.jsonl (the simulator's answer key" in result.stderr
    assert "not read: notes.txt (not a log" in result.stderr
    result = CliRunner().invoke(app, ["validate", str(logs), "--quiet"])
    assert "not read: notes.txt (not a log" in result.stderr


def test_the_report_names_the_files_not_read():
    from auditor.report.view import SKIPPED_NAMED, run_box

    def shown(run: dict) -> str:
        return dict(run_box(run))["Files found, not read"]

    many = [{"file": f"f{i:02d}.txt", "why": "not a log"} for i in range(SKIPPED_NAMED + 3)]
    assert shown({"skipped": []}) == "none" and shown({}) == "not recorded"
    assert shown({"skipped": many[:2]}) == "f00.txt, f01.txt (why: manifest.json, run.skipped)"
    assert shown({"skipped": many}).endswith(f"f{SKIPPED_NAMED - 1}.txt, and 3 more (why: manifest.json, run.skipped)")
