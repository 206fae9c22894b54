"""Simulator round trip: every planted violation is found, and no finding falls on a coup without a label.

The simulator (auditor/sim/) plants violations of every enforced baccarat rule and writes the findings the auditor
must report to labels.jsonl; the audit must report exactly that set (recall and precision both 100%)."""

from __future__ import annotations

import json
from datetime import date

import pytest

from auditor.engine.audit import audit
from auditor.engine.ruleset import load_rulesets
from auditor.sim.baccarat import simulate

RULESETS = load_rulesets()
ENFORCED = {r.id for r in RULESETS["baccarat"].rules.values() if r.enforced}


def key(row: dict) -> tuple:
    """Findings without a coup (table and shoe rules) are matched on their shoe."""
    return (row["rule"], row["table"], row["hand"] if row["hand"] is not None else row["shoe"])


def roundtrip(tmp_path, tables: int, shoes: int, formats: tuple[str, ...]) -> tuple[int, set, set]:
    summary = simulate(tmp_path, seed=2024, tables=tables, shoes=shoes, inject=0.02, formats=formats,
                       day=date(2024, 5, 1))
    labels = [json.loads(line) for line in (tmp_path / "labels.jsonl").read_text().splitlines()]
    result, con = audit([tmp_path], RULESETS)
    con.close()
    assert result.quarantine == []
    return summary.coups, {key(l) for l in labels}, {key(f) for f in result.findings}


def test_roundtrip_small_day_every_format(tmp_path):
    coups, planted, found = roundtrip(tmp_path, tables=8, shoes=3, formats=("jsonl", "csv", "parquet"))
    assert coups > 1_000
    assert found == planted
    assert len({rule for rule, _, _ in planted}) >= 20


@pytest.mark.slow
def test_roundtrip_100k_coups(tmp_path):
    coups, planted, found = roundtrip(tmp_path, tables=24, shoes=60, formats=("jsonl", "parquet"))
    assert coups >= 100_000
    missed, extra = planted - found, found - planted
    assert not missed and not extra, f"recall misses {sorted(missed)[:5]}, precision misses {sorted(extra)[:5]}"
    assert {rule for rule, _, _ in planted} == ENFORCED
