"""DuckDB never writes on standard output: its progress bar, drawn there during a slow query, would break
``auditor audit --format json`` (and every other output meant for a script)."""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path

from tests.conftest import baccarat_coup, write_jsonl

ROOT = Path(__file__).resolve().parents[1]


def test_json_on_stdout_stays_json_when_a_query_is_slow(tmp_path: Path) -> None:
    logs = tmp_path / "logs"
    logs.mkdir()
    rows = baccarat_coup()
    rows[8]["payout"] = "90"
    write_jsonl(logs / "t1.jsonl", rows)
    run = subprocess.run(
        [sys.executable, str(ROOT / "tests" / "progress_bar.py"), "audit", str(logs), "--out", str(tmp_path / "out"),
         "--no-pdf", "--quiet", "--format", "json"],
        capture_output=True, text=True, cwd=ROOT, timeout=300)
    assert run.returncode == 1, run.stderr
    assert json.loads(run.stdout)["findings"][0]["rule"] == "BAC-17.1"


def test_duckdb_is_opened_only_where_the_progress_bar_is_turned_off() -> None:
    """Every connection of the auditor comes from ``auditor.db.open_duckdb``."""
    callers = []
    for path in sorted((ROOT / "auditor").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Attribute) and node.attr == "connect" and isinstance(node.value, ast.Name) \
                    and node.value.id == "duckdb":
                callers.append(path.relative_to(ROOT).as_posix())
    assert callers == ["auditor/db.py"]
