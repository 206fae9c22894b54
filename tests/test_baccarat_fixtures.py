"""Per-rule baccarat fixtures: tests/fixtures/baccarat/<RULE-ID>/{clean,violating,expected}.jsonl (see its README).

For every fixture folder (one test each, id = the rule id):
- ``clean.jsonl`` gives zero findings from every rule and zero quarantined records, and the folder's own rule
  evaluates at least one unit there (a clean pass is never a vacuous one);
- ``violating.jsonl`` gives exactly the findings of ``expected.jsonl``, compared as a multiset of
  (rule, table, hand, seq, severity), every rule included; each finding carries a message, its article citation,
  file and line.
Adding a case needs no Python: add a folder. An enforced rule without a folder fails ``test_every_rule_has_a_fixture``.

Speed: an audit costs about a quarter of a second however small the log (the model and some twenty DuckDB queries),
so 72 separate audits would take about 20 s. The default test therefore audits all clean logs in one run and all
violating logs in another, each fixture's tables renamed ``<RULE-ID>/<table>`` in a temporary copy (lines unchanged),
and splits the results back by file. Every baccarat rule is judged within one table, so this is the same as
auditing each file alone; ``test_fixture_alone`` (``-m slow``) does exactly that, file by file, to prove it.
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

import pytest

from auditor.engine.audit import audit
from auditor.engine.ruleset import load_rulesets

FIXTURES = Path(__file__).parent / "fixtures" / "baccarat"
FOLDERS = sorted(p for p in FIXTURES.iterdir() if p.is_dir()) if FIXTURES.is_dir() else []
IDS = [f.name for f in FOLDERS]
LOGS = ("clean.jsonl", "violating.jsonl")
KEY = ("rule", "table", "hand", "seq", "severity")


@dataclass
class Outcome:
    """What the audit said about one fixture log."""

    findings: list[dict]
    quarantine: list
    evaluated: dict[str, int]  # rule id -> units evaluated


def _enforced() -> set[str]:
    return {r.id for r in load_rulesets()["baccarat"].rules.values() if r.enforced}


def _alone(path: Path) -> Outcome:
    """``path`` audited on its own."""
    result, con = audit([path], load_rulesets())
    con.close()
    return Outcome(result.findings, result.quarantine, {r.id: r.evaluated for r in result.rules})


def _namespaced(source: Path, target: Path) -> None:
    """A copy of ``source`` with every table renamed ``<folder>/<table>``; one line for one line."""
    prefix = source.parent.name + "/"
    lines = []
    for line in source.read_text(encoding="utf-8").splitlines():
        try:
            record = json.loads(line)
        except json.JSONDecodeError:
            lines.append(line)  # left as it is: the ingester quarantines it
            continue
        if isinstance(record, dict) and isinstance(record.get("table_id"), str):
            record["table_id"] = prefix + record["table_id"]
        lines.append(json.dumps(record, ensure_ascii=False))
    target.write_text("".join(line + "\n" for line in lines), encoding="utf-8")


@pytest.fixture(scope="session")
def outcomes(tmp_path_factory) -> dict[Path, Outcome]:
    """Every fixture log's outcome, from one audit of all clean logs and one of all violating logs."""
    out: dict[Path, Outcome] = {}
    for name in LOGS:
        folder = tmp_path_factory.mktemp(name.removesuffix(".jsonl"))
        copies = {folder / f"{f.name}.jsonl": f / name for f in FOLDERS}
        for copy, source in copies.items():
            _namespaced(source, copy)
        result, con = audit([folder], load_rulesets())
        coverage = con.execute(
            "SELECT split_part(table_id, '/', 1), rule, sum(units)::BIGINT FROM coverage WHERE missing IS NULL "
            "GROUP BY ALL").fetchall()
        con.close()
        for copy, source in copies.items():
            prefix = source.parent.name + "/"
            findings = [{**f, "file": str(source), "table": (f["table"] or "").removeprefix(prefix) or None}
                        for f in result.findings if f["file"] == copy.name]  # named below the folder
            quarantine = [q for q in result.quarantine if q.file == copy.name]
            evaluated = {rule: units for fixture, rule, units in coverage if fixture == source.parent.name}
            out[source] = Outcome(findings, quarantine, evaluated)
    return out


def _row(finding: dict) -> tuple:
    return tuple(finding[k] for k in KEY)


def _show(rows) -> str:
    return "\n".join("  " + json.dumps(dict(zip(KEY, r))) for r in sorted(rows, key=str)) or "  (none)"


def _check(folder: Path, clean: Outcome, violating: Outcome) -> None:
    rule = folder.name
    assert not clean.quarantine, f"{rule}: clean log has quarantined records: {clean.quarantine}"
    assert not clean.findings, f"{rule}: clean log has findings:\n" + "\n".join(
        f"  {f['rule']} {f['table']} {f['hand']} seq {f['seq']} (line {f['line']}): {f['message']}"
        for f in clean.findings)
    assert clean.evaluated.get(rule, 0) >= 1, f"{rule}: the clean log never evaluates the rule"

    assert not violating.quarantine, f"{rule}: violating log has quarantined records: {violating.quarantine}"
    lines = (folder / "expected.jsonl").read_text(encoding="utf-8").splitlines()
    expected = Counter(_row(json.loads(line)) for line in lines if line.strip())
    assert any(r[0] == rule for r in expected), f"{rule}: expected.jsonl lists no finding of the rule itself"
    found = Counter(_row(f) for f in violating.findings)
    assert found == expected, (
        f"{rule}: findings of violating.jsonl differ from expected.jsonl\n"
        f"missing:\n{_show((expected - found).elements())}\nunexpected:\n{_show((found - expected).elements())}")

    citations = {r.id: r.citation for r in load_rulesets()["baccarat"].rules.values()}
    for f in violating.findings:
        where = f"{f['rule']} {f['table']} {f['hand']} seq {f['seq']}"
        assert f["message"] and f["message"].strip(), f"{where}: empty message"
        assert f["article"] and f["article"] == citations[f["rule"]], f"{where}: article citation {f['article']!r}"
        assert f["file"] == str(folder / "violating.jsonl"), f"{where}: file {f['file']!r}"
        assert isinstance(f["line"], int) and f["line"] >= 1, f"{where}: line {f['line']!r}"


def test_every_rule_has_a_fixture():
    missing = sorted(_enforced() - set(IDS))
    assert not missing, f"enforced baccarat rules without a folder in {FIXTURES}: {', '.join(missing)}"


def test_every_fixture_is_an_enforced_rule():
    stray = sorted(set(IDS) - _enforced())
    assert not stray, f"fixture folders that are not enforced baccarat rule ids: {', '.join(stray)}"


@pytest.mark.parametrize("folder", FOLDERS, ids=IDS)
def test_fixture(folder: Path, outcomes: dict[Path, Outcome]):
    for name in (*LOGS, "expected.jsonl"):
        assert (folder / name).is_file(), f"{folder}/{name} is missing"
    _check(folder, outcomes[folder / "clean.jsonl"], outcomes[folder / "violating.jsonl"])


@pytest.mark.slow
@pytest.mark.parametrize("folder", FOLDERS, ids=IDS)
def test_fixture_alone(folder: Path):
    """The same checks, each log audited on its own (no renamed tables, no shared run)."""
    _check(folder, _alone(folder / "clean.jsonl"), _alone(folder / "violating.jsonl"))
