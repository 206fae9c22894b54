"""The rules that compare a hand with the one played before it at the table (THE-1.2 the button's move, THE-4.2 a
tournament stack) say nothing about the table's first hand: it is "not applicable" there, not "not evaluated"."""

from __future__ import annotations

from pathlib import Path

from auditor.engine.audit import audit
from auditor.engine.ruleset import load_rulesets

CLEAN = Path(__file__).parent / "fixtures" / "holdem" / "THE-4.2" / "clean.jsonl"


def test_the_tables_first_hand_is_not_applicable_to_the_rules_about_the_previous_hand():
    result, con = audit([CLEAN], load_rulesets())
    con.close()
    hands = sum(1 for line in CLEAN.read_text(encoding="utf-8").splitlines() if '"event": "hand_start"' in line)
    rules = {r.id: r for r in result.rules}
    for rule in ("THE-1.2", "THE-4.2"):
        assert rules[rule].not_evaluated_reasons == {}, rule
        assert rules[rule].evaluated == hands - 1, rule
