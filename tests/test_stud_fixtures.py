"""Per-rule five-card stud fixtures: tests/fixtures/stud/<RULE-ID>/{clean,violating,expected}.jsonl (see its README).

For every fixture folder (one test each, id = the rule id): ``clean.jsonl`` gives zero findings from every rule and
zero quarantined records, and evaluates the folder's own rule at least once; ``violating.jsonl`` gives exactly the
findings of ``expected.jsonl`` (rule, table, hand, seq, severity and message), every rule included. Each folder is
audited alone (a stud audit of one small table costs well under a second)."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from auditor.engine.audit import audit
from auditor.engine.registry import checkers
from auditor.engine.replay_runner import ReplayRule
from auditor.engine.ruleset import load_rulesets

FIXTURES = Path(__file__).parent / "fixtures" / "stud"
FOLDERS = sorted(p for p in FIXTURES.iterdir() if p.is_dir())
KEY = ("rule", "table", "hand", "seq", "severity", "message")


def _audit(path: Path):
    result, con = audit([path], load_rulesets())
    con.close()
    return result


@pytest.mark.parametrize("folder", FOLDERS, ids=[f.name for f in FOLDERS])
def test_fixture(folder: Path):
    clean = _audit(folder / "clean.jsonl")
    assert clean.quarantine == [] and clean.findings == []
    assert {r.id: r.evaluated for r in clean.rules}[folder.name] >= 1
    violating = _audit(folder / "violating.jsonl")
    assert violating.quarantine == []
    found = Counter(tuple(f[k] for k in KEY) for f in violating.findings)
    expected = [json.loads(line) for line in (folder / "expected.jsonl").read_text(encoding="utf-8").splitlines()]
    assert found == Counter(tuple(e[k] for k in KEY) for e in expected)
    assert all(f["article"] and f["file"] and f["line"] for f in violating.findings)


def test_every_stud_replay_rule_has_a_fixture():
    assert {c.id for c in checkers("stud") if isinstance(c, ReplayRule)} <= {f.name for f in FOLDERS}
