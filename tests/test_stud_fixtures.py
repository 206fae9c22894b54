"""Per-rule five-card stud fixtures: tests/fixtures/stud/<RULE-ID>/{clean,violating,expected}.jsonl, read as the
baccarat ones are (tests/fixtures/baccarat/README.md), until one runner serves every game.

For every folder: ``clean.jsonl`` gives no finding and no quarantined record and evaluates the folder's rule at
least once; ``violating.jsonl`` gives exactly the findings of ``expected.jsonl`` (every rule included), each with a
message, its article citation, file and line. A folder exists for every stud rule that has a checker; the stud rules
still without one (the replayed rules) are not required yet. Each log is audited on its own."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest
from test_baccarat_fixtures import KEY, LOGS, _row, _show

from auditor.engine.audit import audit
from auditor.engine.registry import checkers
from auditor.engine.ruleset import load_rulesets

FIXTURES = Path(__file__).parent / "fixtures" / "stud"
FOLDERS = sorted(p for p in FIXTURES.iterdir() if p.is_dir()) if FIXTURES.is_dir() else []
IDS = [f.name for f in FOLDERS]
RULESET = load_rulesets()["stud"]


def _checked() -> set[str]:
    return {c.id for c in checkers("stud") if RULESET.rules[c.id].enforced}


def _audit(path: Path) -> tuple[list[dict], list, dict[str, int]]:
    result, con = audit([path], load_rulesets())
    con.close()
    return result.findings, result.quarantine, {r.id: r.evaluated for r in result.rules}


def test_every_checked_rule_has_a_fixture():
    missing = sorted(_checked() - set(IDS))
    assert not missing, f"stud rules with a checker but no folder in {FIXTURES}: {', '.join(missing)}"


def test_every_fixture_is_a_checked_rule():
    stray = sorted(set(IDS) - _checked())
    assert not stray, f"fixture folders that are not checked stud rule ids: {', '.join(stray)}"


@pytest.mark.parametrize("folder", FOLDERS, ids=IDS)
def test_fixture(folder: Path):
    rule = folder.name
    for name in (*LOGS, "expected.jsonl", "README.md"):
        assert (folder / name).is_file(), f"{folder}/{name} is missing"
    findings, quarantine, evaluated = _audit(folder / "clean.jsonl")
    assert not quarantine, f"{rule}: clean log has quarantined records: {quarantine}"
    assert not findings, f"{rule}: clean log has findings:\n" + "\n".join(
        f"  {f['rule']} {f['table']} {f['hand']} seq {f['seq']}: {f['message']}" for f in findings)
    assert evaluated.get(rule, 0) >= 1, f"{rule}: the clean log never evaluates the rule"

    findings, quarantine, _ = _audit(folder / "violating.jsonl")
    assert not quarantine, f"{rule}: violating log has quarantined records: {quarantine}"
    lines = (folder / "expected.jsonl").read_text(encoding="utf-8").splitlines()
    expected = Counter(_row(json.loads(line)) for line in lines if line.strip())
    assert any(r[0] == rule for r in expected), f"{rule}: expected.jsonl lists no finding of the rule itself"
    found = Counter(_row(f) for f in findings)
    assert found == expected, (
        f"{rule}: findings of violating.jsonl differ from expected.jsonl\n"
        f"missing:\n{_show((expected - found).elements())}\nunexpected:\n{_show((found - expected).elements())}")
    for f in findings:
        where = f"{f['rule']} {f['table']} {f['hand']} seq {f['seq']}"
        assert f["message"] and f["message"].strip(), f"{where}: empty message"
        assert f["article"] == RULESET.rules[f["rule"]].citation, f"{where}: article citation {f['article']!r}"
        assert f["file"] == "violating.jsonl", f"{where}: file {f['file']!r}"
        assert isinstance(f["line"], int) and f["line"] >= 1, f"{where}: line {f['line']!r}"
        assert set(KEY) <= set(f)
