"""``--out``: all of one run or nothing, never over what is not an audit's outputs, never inside the logs it reads.

Killed runs and concurrent runs (in subprocesses) are in test_outputs_stopped.py."""

from __future__ import annotations

import errno
import json
import os
from pathlib import Path

import pytest
from typer.testing import CliRunner

from auditor.cli import app
from tests.conftest import baccarat_coup, write_jsonl

runner = CliRunner()
JSON_FILES = {"findings.json", "quarantine.json", "summary.json", "manifest.json"}
NO_PDF = JSON_FILES | {"findings.parquet"}


def run(*args: str):
    return runner.invoke(app, [*args, "--quiet"])


def snapshot(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir())}


@pytest.fixture
def logs(tmp_path) -> Path:
    folder = tmp_path / "logs"
    folder.mkdir()
    rows = baccarat_coup()
    rows[8]["payout"] = "90"  # a Player win paid 9:10 (art. 17(1)): one violation
    write_jsonl(folder / "violating.jsonl", rows)
    return folder


@pytest.fixture
def clean(tmp_path) -> Path:
    return write_jsonl(tmp_path / "clean.jsonl", baccarat_coup())


@pytest.fixture
def previous(tmp_path, logs) -> Path:
    """A complete earlier audit in reports/out (one violation), with nothing else in reports/."""
    out = tmp_path / "reports" / "out"
    assert run("audit", str(logs), "--out", str(out), "--no-pdf").exit_code == 1
    return out


def test_an_out_that_holds_files_is_refused_without_overwrite(previous, clean):
    before = snapshot(previous)
    result = run("audit", str(clean), "--out", str(previous), "--no-pdf")
    assert result.exit_code == 2 and "already holds" in result.output and "--overwrite" in result.output
    assert snapshot(previous) == before


def test_an_empty_out_is_used(tmp_path, clean):
    out = tmp_path / "empty"
    out.mkdir()
    assert run("audit", str(clean), "--out", str(out), "--no-pdf").exit_code == 0
    assert set(os.listdir(out)) == NO_PDF


def test_overwrite_replaces_the_whole_folder_and_leaves_no_earlier_pdf(previous, clean):
    out = previous
    (out / "report.pdf").write_bytes(b"%PDF- the earlier run's report")
    result = run("audit", str(clean), "--out", str(out), "--no-pdf", "--overwrite")
    assert result.exit_code == 0, result.output
    assert set(os.listdir(out)) == NO_PDF  # no report.pdf of the earlier run beside the new findings
    assert json.loads((out / "findings.json").read_text()) == []
    assert os.listdir(out.parent) == ["out"]  # no temporary folder, no lock file left beside it


def test_overwrite_never_replaces_a_folder_holding_other_files(previous, clean):
    (previous / "notes.txt").write_text("an inspector's notes")
    before = snapshot(previous)
    result = run("audit", str(clean), "--out", str(previous), "--no-pdf", "--overwrite")
    assert result.exit_code == 2 and "notes.txt" in result.output
    assert snapshot(previous) == before


def test_folders_are_exchanged_in_one_step(tmp_path):
    from auditor.report.swap import ExchangeUnsupported, exchange

    (tmp_path / "a").mkdir()
    (tmp_path / "a" / "new").touch()
    (tmp_path / "b").mkdir()
    (tmp_path / "b" / "old").touch()
    try:
        exchange(tmp_path / "a", tmp_path / "b")
    except ExchangeUnsupported:
        pytest.skip("this file system cannot exchange two folders (the rename-aside path is tested below)")
    assert os.listdir(tmp_path / "b") == ["new"] and os.listdir(tmp_path / "a") == ["old"]


def test_overwrite_where_folders_cannot_be_exchanged(previous, clean, monkeypatch):
    from auditor.report import swap

    def unsupported(*_: object) -> None:
        raise swap.ExchangeUnsupported("not here")

    monkeypatch.setattr(swap, "exchange", unsupported)
    result = run("audit", str(clean), "--out", str(previous), "--no-pdf", "--overwrite")
    assert result.exit_code == 0, result.output
    assert json.loads((previous / "findings.json").read_text()) == []
    assert os.listdir(previous.parent) == ["out"]


def test_an_out_that_is_a_file_is_refused(tmp_path, clean):
    out = tmp_path / "report"
    out.write_text("x")
    result = run("audit", str(clean), "--out", str(out), "--no-pdf", "--overwrite")
    assert result.exit_code == 2 and "not a folder" in result.output and out.read_text() == "x"


@pytest.mark.parametrize("where", ["inside", "equal", "linked"])
def test_an_out_among_the_logs_read_is_refused(tmp_path, logs, where):
    target = tmp_path / "elsewhere"
    target.mkdir()
    (logs / "link").symlink_to(target)  # the audit follows linked folders
    out = {"inside": logs / "sub" / "report", "equal": logs, "linked": target / "report"}[where]
    before = sorted(p.relative_to(tmp_path) for p in tmp_path.rglob("*"))
    result = run("audit", str(logs), "--out", str(out), "--no-pdf", "--overwrite")
    assert result.exit_code == 2 and "log folder" in result.output, result.output
    assert sorted(p.relative_to(tmp_path) for p in tmp_path.rglob("*")) == before


@pytest.mark.parametrize("read", ["violating.jsonl", "."])
def test_an_out_holding_a_log_read_is_refused(tmp_path, logs, read):
    result = run("audit", str(logs / read), "--out", str(tmp_path), "--no-pdf", "--overwrite")
    assert result.exit_code == 2 and "holds" in result.output and str(logs / read) in result.output, result.output


def test_a_db_inside_out_is_refused(tmp_path, clean):
    out = tmp_path / "out"
    result = run("audit", str(clean), "--out", str(out), "--db", str(out / "audit.duckdb"), "--no-pdf")
    assert result.exit_code == 2 and "--db" in result.output and not out.exists()


def test_an_out_locked_by_a_running_audit_is_refused(previous, clean):
    from auditor.report.folder_lock import folder_lock

    before = snapshot(previous)
    with folder_lock(previous.parent / ".out.audit-lock"):
        result = run("audit", str(clean), "--out", str(previous), "--no-pdf", "--overwrite")
    assert result.exit_code == 2 and "another audit" in result.output and f"pid {os.getpid()}" in result.output
    assert snapshot(previous) == before


def test_a_full_disk_leaves_the_previous_outputs_and_no_truncated_file(previous, clean, monkeypatch):
    """A writer that fails half-way through the last file it writes, as a full disk does (a real one: in
    test_outputs_stopped.py)."""
    before = snapshot(previous)
    write_bytes = Path.write_bytes

    def disk_full(path: Path, data: bytes) -> int:
        if path.name != "manifest.json":
            return write_bytes(path, data)
        write_bytes(path, data[: len(data) // 2])
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC), str(path))

    monkeypatch.setattr(Path, "write_bytes", disk_full)
    result = run("audit", str(clean), "--out", str(previous), "--overwrite", "--no-pdf")
    assert result.exit_code == 2 and "No space left on device" in result.output, result.output
    assert snapshot(previous) == before
    assert os.listdir(previous.parent) == ["out"]

