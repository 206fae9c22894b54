"""The auditor installs as a package: a wheel carries the rulesets, templates, SQL, tables and event schema, and an
installed auditor (no checkout in sight) audits sample_logs/ to exactly the findings its labels.jsonl lists (those
of the rules that have a checker in this version)."""

from __future__ import annotations

import json
import shutil
import site
import subprocess
import sys
import zipfile
from pathlib import Path

from test_sample_stud import found_labels, sample_exit_code
from typer.testing import CliRunner

from auditor import __version__
from auditor.cli import app

ROOT = Path(__file__).resolve().parents[1]
DATA = {"auditor/rulesets/baccarat.toml", "auditor/rulesets/holdem.toml", "auditor/rulesets/stud.toml",
        "auditor/ingest/event_schema.json", "auditor/games/baccarat/tableau.csv", "auditor/engine/macros.sql",
        "auditor/report/templates/report.html.j2", "auditor/report/templates/report.css"}


def key(row: dict) -> tuple:
    """Findings without a coup (table and shoe rules) are matched on their shoe (as the round-trip tests do)."""
    return (row["rule"], row["table"], row["hand"] if row["hand"] is not None else row["shoe"])


def run(*args: str | Path, cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run([str(a) for a in args], cwd=cwd, capture_output=True, text=True, timeout=300)


def build_wheel(tmp_path: Path) -> Path:
    """Build the wheel offline from a copy of what the build reads (the checkout stays untouched)."""
    src = tmp_path / "src"
    src.mkdir()
    for name in ("pyproject.toml", "README.md"):
        shutil.copy(ROOT / name, src)
    for name in ("auditor", "rulesets"):
        shutil.copytree(ROOT / name, src / name, symlinks=True, ignore=shutil.ignore_patterns("__pycache__"))
    built = run(sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "--no-index", "-q",
                "-w", tmp_path / "dist", src, cwd=tmp_path)
    assert built.returncode == 0, built.stderr + "\n(an old setuptools? bash scripts/setup.sh --deps-only updates it)"
    (wheel,) = (tmp_path / "dist").glob("auditor-*.whl")
    return wheel


def install(wheel: Path, env: Path) -> Path:
    """A fresh virtual environment holding the wheel; its dependencies are this environment's (offline)."""
    made = run(sys.executable, "-m", "venv", "--without-pip", env, cwd=env.parent)
    assert made.returncode == 0, made.stderr
    purelib = run(env / "bin" / "python", "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])",
                  cwd=env.parent).stdout.strip()
    # Only this environment's site-packages as a plain path: its editable link to the checkout is not activated.
    (Path(purelib) / "_dependencies.pth").write_text("\n".join(site.getsitepackages()) + "\n")
    installed = run(sys.executable, "-m", "pip", "--python", env / "bin" / "python", "install", "--no-deps",
                    "--no-index", "-q", wheel, cwd=env.parent)
    assert installed.returncode == 0, installed.stderr
    return env / "bin" / "auditor"


def test_the_wheel_audits_the_sample_to_its_labels(tmp_path) -> None:
    wheel = build_wheel(tmp_path)
    assert DATA <= set(zipfile.ZipFile(wheel).namelist())
    auditor = install(wheel, tmp_path / "env")
    work = tmp_path / "elsewhere"
    work.mkdir()
    where = run(auditor.parent / "python", "-c", "import auditor; print(auditor.__file__)", cwd=work).stdout
    assert where.startswith(str(tmp_path / "env")), where

    version = run(auditor, "--version", cwd=work)
    assert version.returncode == 0 and version.stdout.strip() == f"auditor {__version__}"
    rules = run(auditor, "rules", cwd=work)
    assert rules.returncode == 0 and "BAC-1.1" in rules.stdout and "THE-" in rules.stdout, rules.stderr

    audited = run(auditor, "audit", ROOT / "sample_logs", "--out", work / "out", "--no-pdf", "--quiet", cwd=work)
    assert audited.returncode == sample_exit_code(), audited.stdout + audited.stderr  # 1: violations found
    findings = json.loads((work / "out" / "findings.json").read_text(encoding="utf-8"))
    labels = [json.loads(line) for line in (ROOT / "sample_logs" / "labels.jsonl").read_text().splitlines()]
    assert labels and {key(f) for f in findings} == {key(label) for label in found_labels(labels)}


def test_version_option() -> None:
    result = CliRunner().invoke(app, ["--version"])
    assert result.exit_code == 0 and result.output == f"auditor {__version__}\n"
