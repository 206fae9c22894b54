"""The free findings queries of a batch run as one statement; when DuckDB raises there, the error still names the rule
whose query raised it (each query is run again alone to find it)."""

from __future__ import annotations

import dataclasses

import duckdb
import pytest
from conftest import write_jsonl
from test_not_applicable_rounds import _stud

import auditor.engine.audit as engine_audit
from auditor.engine.audit import audit
from auditor.engine.registry import SqlRule, UnitBreach, checkers
from auditor.engine.ruleset import load_rulesets

BROKEN = {
    "binder": "SELECT no_such_column FROM stud_hands",
    "runtime": "SELECT table_id, NULL AS shoe_id, hand_id, NULL::BIGINT AS seq, file, NULL::BIGINT AS line, "
               "'x' AS message, NULL AS expected, NULL AS found FROM stud_hands WHERE error('boom') IS NULL",
}


@pytest.mark.parametrize("kind", sorted(BROKEN))
@pytest.mark.parametrize("rule_id", ["5CS-2.2", "5CS-11.4"])
def test_a_failing_findings_query_names_its_rule(tmp_path, monkeypatch, kind, rule_id):
    real = checkers

    def broken(game=None):
        return [dataclasses.replace(c, findings=BROKEN[kind]) if c.id == rule_id else c for c in real(game)]

    monkeypatch.setattr(engine_audit, "checkers", broken)
    free = [c.id for c in broken("stud") if isinstance(c, SqlRule) and not isinstance(c.findings, UnitBreach)]
    assert rule_id in free and len(free) > 2  # the broken query runs in the union with the others
    log = write_jsonl(tmp_path / "day.jsonl", _stud(won_in_round_1=False))
    with pytest.raises(duckdb.Error, match=f"findings query of rule {rule_id} failed"):
        audit([log], load_rulesets())
