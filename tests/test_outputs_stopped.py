"""An audit killed (``kill -9``) at each stage, two audits into one ``--out``, and a real full disk: afterwards
``--out`` holds the complete previous outputs or the complete new ones, and the next run cleans up what was left.

The audits run in subprocesses held at a stage by tests/stop_audit.py."""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

from auditor.cli import app
from tests.conftest import baccarat_coup, write_jsonl

ROOT = Path(__file__).resolve().parent.parent
HELPER = ROOT / "tests" / "stop_audit.py"
PASSPHRASE = "correct horse"
NO_PDF = {"findings.json", "findings.parquet", "manifest.json", "quarantine.json", "summary.json"}
runner = CliRunner()


def snapshot(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir())}


@pytest.fixture(scope="module")
def setup(tmp_path_factory) -> dict[str, Path]:
    """A key, a violating and a clean log, and a complete audit of the violating log (the previous state)."""
    root = tmp_path_factory.mktemp("stopped")
    env = {"AUDITOR_KEY_PASSPHRASE": PASSPHRASE}
    key = root / "inspector.p12"
    assert runner.invoke(app, ["keygen", "--out", str(key), "--name", "Inspector"], env=env).exit_code == 0
    rows = baccarat_coup()
    rows[8]["payout"] = "90"
    violating = write_jsonl(root / "violating.jsonl", rows)
    clean = write_jsonl(root / "clean.jsonl", baccarat_coup())
    previous = root / "previous"
    result = runner.invoke(app, ["audit", str(violating), "--out", str(previous), "--no-pdf", "--quiet"])
    assert result.exit_code == 1, result.output
    return {"key": key, "clean": clean, "violating": violating, "previous": previous}


def start(stage: str, marker: Path, *args: str) -> subprocess.Popen:
    env = {**os.environ, "AUDITOR_KEY_PASSPHRASE": PASSPHRASE, "PYTHONPATH": str(ROOT)}
    return subprocess.Popen([sys.executable, str(HELPER), stage, str(marker), "audit", *args, "--quiet"], cwd=ROOT,
                            env=env, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE)


def wait_for(marker: Path, process: subprocess.Popen, timeout: float = 120) -> None:
    deadline = time.monotonic() + timeout
    while not marker.exists():
        if process.poll() is not None:
            pytest.fail(f"the audit ended (exit {process.returncode}) before its stage: {process.stderr.read()}")
        if time.monotonic() > deadline:
            process.kill()
            pytest.fail("the audit did not reach its stage")
        time.sleep(0.02)


def kill_at(stage: str, tmp_path: Path, *args: str) -> None:
    marker = tmp_path / "marker"
    process = start(stage, marker, *args)
    wait_for(marker, process)
    process.kill()
    process.communicate()


def in_place(setup: dict[str, Path], tmp_path: Path) -> Path:
    out = tmp_path / "reports" / "out"
    shutil.copytree(setup["previous"], out)
    return out


def assert_complete_new(out: Path) -> None:
    """The outputs of an audit of the clean log: every file, the findings those the manifest names."""
    assert set(os.listdir(out)) == NO_PDF
    assert json.loads((out / "findings.json").read_text()) == []
    manifest = json.loads((out / "manifest.json").read_text())
    assert manifest["findings"]["sha256"] == hashlib.sha256((out / "findings.json").read_bytes()).hexdigest()


def audit_again(out: Path, *paths: Path):
    return runner.invoke(app, ["audit", *map(str, paths), "--out", str(out), "--overwrite", "--no-pdf", "--quiet"])


DEFAULT = ("ingest", "render")  # before anything new is written, and with the new outputs half written; the others slow


@pytest.mark.parametrize("stage", [s if s in DEFAULT else pytest.param(s, marks=pytest.mark.slow)
                                   for s in ("ingest", "checks", "render", "sign")])
def test_killed_before_the_swap_leaves_the_previous_outputs(setup, tmp_path, stage):
    out = in_place(setup, tmp_path)
    kill_at(stage, tmp_path, str(setup["clean"]), "--out", str(out), "--overwrite", "--sign", str(setup["key"]))
    assert snapshot(out) == snapshot(setup["previous"])
    leftovers = sorted(set(os.listdir(out.parent)) - {"out", ".out.audit-lock"})
    assert all(name.startswith(".out.audit-new-") for name in leftovers), leftovers
    # The dead audit's lock does not block the next one, which removes what it left and says so.
    again = audit_again(out, setup["clean"])
    assert again.exit_code == 0, again.output
    assert all(name in again.output for name in leftovers)
    assert set(os.listdir(out)) == NO_PDF and os.listdir(out.parent) == ["out"]


def test_killed_after_the_swap_leaves_the_new_outputs(setup, tmp_path):
    out = in_place(setup, tmp_path)
    kill_at("swap", tmp_path, str(setup["clean"]), "--out", str(out), "--overwrite", "--no-pdf")
    assert_complete_new(out)
    again = audit_again(out, setup["violating"])
    assert again.exit_code == 1, again.output
    assert os.listdir(out.parent) == ["out"]


def test_killed_between_the_renames_is_repaired_by_the_next_run(setup, tmp_path):
    """Where two folders cannot be exchanged in one step, the previous outputs are moved aside before the new ones
    move in; killed in between, the next run into that --out puts the previous ones back, even a run that fails."""
    out = in_place(setup, tmp_path)
    kill_at("aside", tmp_path, str(setup["clean"]), "--out", str(out), "--overwrite", "--no-pdf")
    assert not out.exists()
    (aside,) = [p for p in out.parent.iterdir() if p.name.startswith(".out.audit-old-")]
    assert snapshot(aside) == snapshot(setup["previous"])
    failed = audit_again(out, tmp_path / "no-such-log.jsonl")
    assert failed.exit_code == 2 and "no such file" in failed.output
    assert aside.name in failed.output
    assert snapshot(out) == snapshot(setup["previous"]) and os.listdir(out.parent) == ["out"]


def test_two_audits_into_one_out(setup, tmp_path):
    """The second is refused while the first runs; the first then finishes and its outputs are whole."""
    out = in_place(setup, tmp_path)
    marker = tmp_path / "marker"
    first = start("checks", marker, str(setup["clean"]), "--out", str(out), "--overwrite", "--no-pdf")
    wait_for(marker, first)
    link = tmp_path / "link"
    link.symlink_to(out.parent)  # the same folder by another name
    for spelling in (out, link / "out"):
        second = audit_again(spelling, setup["violating"])
        assert second.exit_code == 2 and "another audit" in second.output, second.output
        assert f"pid {first.pid}" in second.output
    assert snapshot(out) == snapshot(setup["previous"])
    (tmp_path / "marker.go").touch()
    assert first.wait(timeout=120) == 0, first.stderr.read()
    assert_complete_new(out)
    assert os.listdir(out.parent) == ["out"]


def test_a_full_disk(setup, tmp_path):
    """On a tmpfs that holds the previous outputs and half as much again, the next audit runs out of space while
    writing: exit 2 naming the cause, the previous outputs untouched, nothing else left."""
    pages = sum(-(-p.stat().st_size // 4096) for p in setup["previous"].iterdir())
    size = (pages + 1 + pages // 2) * 4  # KiB: the outputs, the lock file, half of the outputs again
    disk, saved = tmp_path / "disk", tmp_path / "saved"
    disk.mkdir()
    saved.mkdir()
    auditor = Path(sys.executable).with_name("auditor")
    script = f"""
        mount -t tmpfs -o size={size}k tmpfs {disk} || exit 77
        {auditor} audit {setup['violating']} --out {disk}/out --no-pdf --quiet
        cp -a {disk}/out {saved}/before
        {auditor} audit {setup['clean']} --out {disk}/out --overwrite --no-pdf --quiet 2> {saved}/stderr
        echo $? > {saved}/code
        ls -A {disk} > {saved}/listing
        cp -a {disk}/out {saved}/after
    """
    unshare = ["unshare", "--mount"] if os.geteuid() == 0 else ["unshare", "--map-root-user", "--mount"]
    try:
        done = subprocess.run([*unshare, "sh", "-c", script], capture_output=True, text=True, timeout=300)
    except FileNotFoundError:
        pytest.skip("no unshare command to mount a small tmpfs")
    if done.returncode == 77 or not (saved / "code").exists():
        pytest.skip(f"cannot mount a tmpfs here: {done.stderr}")
    assert (saved / "code").read_text().strip() == "2", (saved / "stderr").read_text()
    assert "No space left on device" in (saved / "stderr").read_text()
    assert snapshot(saved / "after") == snapshot(saved / "before") and set(os.listdir(saved / "before")) == NO_PDF
    assert (saved / "listing").read_text().split() == ["out"]
