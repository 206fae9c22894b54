"""Per-rule fixtures of every game: tests/fixtures/<game>/<RULE-ID>/{clean,violating,expected}.jsonl (see
tests/fixtures/README.md).

For every fixture folder (one test each, id = ``<game>/<RULE-ID>``):
- ``clean.jsonl`` gives zero findings from every rule and zero quarantined records, and the folder's own rule
  evaluates at least one unit there (a clean pass is never a vacuous one);
- ``violating.jsonl`` gives exactly the findings of ``expected.jsonl``, compared as a multiset of
  (rule, table, hand, seq, severity, message), every rule included; each finding carries its article citation, file
  and line.
Adding a case needs no Python: add a folder. ``test_every_enforced_rule_has_a_checker_and_a_fixture`` fails for an
enforced rule without a checker, except the rules of ``PENDING``, which must be exactly those, and for a rule with a
checker and no fixture folder.

Speed: an audit costs about a quarter of a second however small the log (the model and some twenty DuckDB queries),
so a hundred separate audits would take half a minute. For the games of ``SHARED_AUDIT`` the default test audits all
clean logs in one run and all violating logs in another, each fixture's tables renamed ``<RULE-ID>/<table>`` in a
temporary copy (lines unchanged), and splits the results back by file. That is the same as auditing each file alone
only because every rule of those games is judged within one table: baccarat's within a table's shoes and coups;
hold'em's within one hand or between consecutive hands of one table (the button's move, a tournament stack, the
first hand of a table, the rake rate judged once per table); stud's within one hand, a table's packs, or a player's
hands at one table (art. 6's sittings), so a fixture's renamed tables meet no other fixture's.
A game whose rules may reach across tables is not in ``SHARED_AUDIT``: its logs are audited one by one.
``test_fixture_alone`` (``-m slow``) audits every file on its own, to prove the shared runs change nothing.
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

import pytest

from auditor.engine.audit import audit
from auditor.engine.registry import checkers
from auditor.engine.ruleset import load_rulesets

FIXTURES = Path(__file__).parent / "fixtures"
RULESETS = load_rulesets()
GAMES = sorted(RULESETS)
FOLDERS = sorted(p for game in GAMES if (FIXTURES / game).is_dir() for p in (FIXTURES / game).iterdir() if p.is_dir())
IDS = [f"{f.parent.name}/{f.name}" for f in FOLDERS]
LOGS = ("clean.jsonl", "violating.jsonl")
KEY = ("rule", "table", "hand", "seq", "severity", "message")
SHARED_AUDIT = frozenset({"baccarat", "holdem", "stud"})  # every rule judged within one table (docstring)

# Enforced rules that have no checker yet. The test requires this to be exactly the enforced rules without one (a
# checker that lands must take its rule out of the set), and every rule with a checker to have its fixture folder.
PENDING: dict[str, frozenset[str]] = {
    "baccarat": frozenset(),
    "holdem": frozenset(),
    "stud": frozenset(),
}


@dataclass
class Outcome:
    """What the audit said about one fixture log."""

    findings: list[dict]
    quarantine: list
    evaluated: dict[str, int]  # rule id -> units evaluated


def _enforced(game: str) -> set[str]:
    return {r.id for r in RULESETS[game].rules.values() if r.enforced}


def _alone(path: Path) -> Outcome:
    """``path`` audited on its own."""
    result, con = audit([path], RULESETS)
    con.close()
    findings = [{**f, "file": str(path) if f["file"] == path.name else f["file"]}  # a lone file is named by its name
                for f in result.findings]
    return Outcome(findings, result.quarantine, {r.id: r.evaluated for r in result.rules})


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


def _shared(folders: list[Path], name: str, tmp: Path) -> dict[Path, Outcome]:
    """The outcome of log ``name`` of every folder, from one audit of them all (tables renamed per folder)."""
    copies = {tmp / f"{f.name}.jsonl": f / name for f in folders}
    for copy, source in copies.items():
        _namespaced(source, copy)
    result, con = audit([tmp], RULESETS)
    coverage = con.execute(
        "SELECT split_part(table_id, '/', 1), rule, sum(units)::BIGINT FROM coverage WHERE missing IS NULL "
        "GROUP BY ALL").fetchall()
    con.close()
    out = {}
    for copy, source in copies.items():
        prefix = source.parent.name + "/"
        findings = [{**f, "file": str(source), "table": (f["table"] or "").removeprefix(prefix) or None}
                    for f in result.findings if f["file"] == copy.name]  # named below the folder audited
        quarantine = [q for q in result.quarantine if q.file == copy.name]
        evaluated = {rule: units for fixture, rule, units in coverage if fixture == source.parent.name}
        out[source] = Outcome(findings, quarantine, evaluated)
    return out


@pytest.fixture(scope="session")
def outcomes(tmp_path_factory) -> dict[Path, Outcome]:
    """Every fixture log's outcome: for the games of ``SHARED_AUDIT`` from one audit of all clean logs and one of all
    violating logs, for the others from one audit per log."""
    shared = [f for f in FOLDERS if f.parent.name in SHARED_AUDIT]
    out: dict[Path, Outcome] = {}
    for name in LOGS:
        out.update(_shared(shared, name, tmp_path_factory.mktemp(name.removesuffix(".jsonl"))))
        out.update({f / name: _alone(f / name) for f in FOLDERS if f not in shared})
    return out


def _row(finding: dict) -> tuple:
    return tuple(finding[k] for k in KEY)


def _show(rows) -> str:
    return "\n".join("  " + json.dumps(dict(zip(KEY, r)), ensure_ascii=False) for r in sorted(rows, key=str)) \
        or "  (none)"


def _check(folder: Path, clean: Outcome, violating: Outcome) -> None:
    rule, game = folder.name, folder.parent.name
    assert not clean.quarantine, f"{rule}: clean log has quarantined records: {clean.quarantine}"
    assert not clean.findings, f"{rule}: clean log has findings:\n" + "\n".join(
        f"  {f['rule']} {f['table']} {f['hand']} seq {f['seq']} (line {f['line']}): {f['message']}"
        for f in clean.findings)
    assert clean.evaluated.get(rule, 0) >= 1, f"{rule}: the clean log never evaluates the rule"

    assert not violating.quarantine, f"{rule}: violating log has quarantined records: {violating.quarantine}"
    lines = [json.loads(line) for line in (folder / "expected.jsonl").read_text(encoding="utf-8").splitlines()
             if line.strip()]
    for n, line in enumerate(lines, start=1):
        assert set(line) == set(KEY), f"{rule}: expected.jsonl line {n} has the keys {sorted(line)}, not {list(KEY)}"
    expected = Counter(_row(line) for line in lines)
    assert any(r[0] == rule for r in expected), f"{rule}: expected.jsonl lists no finding of the rule itself"
    found = Counter(_row(f) for f in violating.findings)
    assert found == expected, (
        f"{rule}: findings of violating.jsonl differ from expected.jsonl\n"
        f"missing:\n{_show((expected - found).elements())}\nunexpected:\n{_show((found - expected).elements())}")

    citations = {r.id: r.citation for r in RULESETS[game].rules.values()}
    for f in violating.findings:
        where = f"{f['rule']} {f['table']} {f['hand']} seq {f['seq']}"
        assert f["message"] and f["message"].strip(), f"{where}: empty message"
        assert f["article"] and f["article"] == citations[f["rule"]], f"{where}: article citation {f['article']!r}"
        assert f["file"] == str(folder / "violating.jsonl"), f"{where}: file {f['file']!r}"
        assert isinstance(f["line"], int) and f["line"] >= 1, f"{where}: line {f['line']!r}"


@pytest.mark.parametrize("game", GAMES)
def test_every_enforced_rule_has_a_checker_and_a_fixture(game: str):
    fixtures = {p.name for p in (FIXTURES / game).iterdir() if p.is_dir()} if (FIXTURES / game).is_dir() else set()
    checked = {c.id for c in checkers(game)}
    enforced = _enforced(game)
    unchecked, pending = enforced - checked, PENDING[game]
    assert not unchecked - pending, f"enforced {game} rules without a checker: {', '.join(sorted(unchecked - pending))}"
    assert not pending - unchecked, (
        f"{game} rules listed in PENDING that have a checker (remove them from PENDING) or are not enforced: "
        f"{', '.join(sorted(pending - unchecked))}")
    no_fixture = sorted((enforced & checked) - fixtures)
    assert not no_fixture, f"{game} rules with a checker and no fixture folder in {FIXTURES / game}: " \
                           f"{', '.join(no_fixture)}"


@pytest.mark.parametrize("game", GAMES)
def test_every_fixture_is_an_enforced_rule(game: str):
    names = {f.name for f in FOLDERS if f.parent.name == game}
    stray = sorted(names - _enforced(game))
    assert not stray, f"fixture folders that are not enforced {game} rule ids: {', '.join(stray)}"


def test_no_folder_outside_a_game():
    stray = sorted(p.name for p in FIXTURES.iterdir() if p.is_dir() and p.name not in GAMES)
    assert not stray, f"folders in {FIXTURES} that are not a game of rulesets/: {', '.join(stray)}"


@pytest.mark.parametrize("folder", FOLDERS, ids=IDS)
def test_fixture(folder: Path, outcomes: dict[Path, Outcome]):
    for name in (*LOGS, "expected.jsonl", "README.md"):
        assert (folder / name).is_file(), f"{folder}/{name} is missing"
    _check(folder, outcomes[folder / "clean.jsonl"], outcomes[folder / "violating.jsonl"])


@pytest.mark.slow
@pytest.mark.parametrize("folder", FOLDERS, ids=IDS)
def test_fixture_alone(folder: Path):
    """The same checks, each log audited on its own (no renamed tables, no shared run)."""
    _check(folder, _alone(folder / "clean.jsonl"), _alone(folder / "violating.jsonl"))
