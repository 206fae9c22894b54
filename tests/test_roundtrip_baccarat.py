"""Simulator round trip: every planted violation is found, and no finding falls on a coup without a label.

The simulator (auditor/sim/) plants violations of every enforced baccarat rule and writes the findings the auditor
must report to labels.jsonl; the audit must report exactly that set (recall and precision both 100%)."""

from __future__ import annotations

import json
from datetime import date
from pathlib import Path

import pytest

from auditor.engine.audit import audit, findings_rows, run_checks
from auditor.engine.batches import table_batches
from auditor.engine.ruleset import load_rulesets
from auditor.sim.baccarat import shoe_run
from auditor.sim.baccarat.plant_shoe import MAX_DEMOS, ShoePlan, shoe_plan
from auditor.sim.baccarat.run import simulate

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
    return summary.coups, {key(label) for label in labels}, {key(f) for f in result.findings}


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


@pytest.mark.parametrize("plan, note", [
    (ShoePlan("BAC-2.3", demos=1, demo_bet=True), "bet on a demonstration coup settled"),
    (ShoePlan("BAC-2.3", demos=MAX_DEMOS + 1), f"{MAX_DEMOS + 1} demonstration coups"),
    (ShoePlan("BAC-2.3", late_demo=True), "demonstration coup after coup "),
    (ShoePlan("BAC-2.3", demos=MAX_DEMOS, late_demo=True), "demonstration coup after coup "),
], ids=["settled-bet", "one-too-many", "after-a-coup", "after-a-coup-and-one-too-many"])
def test_every_kind_of_demonstration_plant_is_found(tmp_path, monkeypatch, plan, note):
    """Art. 2(2): each way the simulator breaks BAC-2.3 is planted (here: every time) and found, nothing else; a
    demonstration coup after a coup that is also the fourth is one finding."""
    monkeypatch.setattr(shoe_run, "shoe_plan", lambda rule, table, rng: plan if rule == plan.rule
                        else shoe_plan(rule, table, rng))
    simulate(tmp_path, seed=1, tables=2, shoes=2, inject=0.3, formats=("jsonl",), day=date(2024, 5, 1))
    labels = [json.loads(line) for line in (tmp_path / "labels.jsonl").read_text().splitlines()]
    assert any(label["rule"] == "BAC-2.3" and label["note"].startswith(note) for label in labels)
    result, con = audit([tmp_path], RULESETS)
    con.close()
    assert result.quarantine == []
    assert {key(f) for f in result.findings} == {key(label) for label in labels}


def test_batches_of_tables_give_the_same_audit(tmp_path):
    """Checking the tables batch by batch (engine/batches.py) changes nothing: one batch per table, batches of a
    few tables and a single batch give the same findings and the same coverage, row for row, input errors
    included (a broken record of the third table makes its coup not evaluated)."""
    simulate(tmp_path, seed=7, tables=6, shoes=2, inject=0.05, formats=("jsonl",), day=date(2024, 5, 1))
    third = tmp_path / "B03.jsonl"
    lines = third.read_text().splitlines()
    broken = next(i for i, line in enumerate(lines) if i > 200 and '"deal"' in line)
    lines[broken] = "{broken"
    third.write_text("\n".join(lines) + "\n")
    result, con = audit([tmp_path], RULESETS)
    assert [(Path(q.file).name, q.line) for q in result.quarantine] == [("B03.jsonl", broken + 1)]

    def outcome(batch_units: int) -> tuple[list, list, int]:
        run_checks(con, RULESETS, batch_units=batch_units)
        batches = len(table_batches(con, "baccarat", batch_units))
        coverage = con.execute(
            "SELECT rule, table_id, missing, sum(units) FROM coverage GROUP BY ALL ORDER BY ALL").fetchall()
        return findings_rows(con), coverage, batches

    whole, per_table, few = outcome(10**9), outcome(1), outcome(800)
    con.close()
    assert (whole[2], per_table[2]) == (1, 6) and 1 < few[2] < 6
    assert whole[0] and whole[0] == per_table[0] == few[0]
    assert whole[1] and whole[1] == per_table[1] == few[1]
    assert any(row[2] == "input error in coup (quarantined record)" for row in whole[1])
