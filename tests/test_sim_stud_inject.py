"""The stud simulator's planted violations (``auditor simulate stud --inject``): every enforced rule planted and
labelled, each plant showing its breach in the log (tests/stud_evidence.py), every hand without a label still
lawful, the log well formed, the clean day unchanged, and the audit finding exactly the labels of the rules that
have a checker (recall and precision)."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest
from stud_evidence import EVIDENCE, Hand
from test_sim_baccarat import read_day, read_labels, schema_problems
from test_sim_stud import betting_problems, deal_problems, hands_of, pack_problems, payout_problems
from typer.testing import CliRunner

import auditor.cli.simulate_stud  # noqa: F401  (registers ``auditor simulate stud``)
from auditor.cli.app import app
from auditor.engine.audit import audit
from auditor.engine.registry import checkers
from auditor.engine.ruleset import load_rulesets
from auditor.model.finding import rule_order
from auditor.model.result import AuditResult
from auditor.sim.stud.inject import CYCLE
from auditor.sim.stud.run import simulate_stud

ENFORCED = {rule.id for rule in load_rulesets()["stud"].rules.values() if rule.enforced}
CONSEQUENCES = {("5CS-6.5", "5CS-6.3"), ("5CS-10.1", "5CS-6.3"), ("5CS-10.16", "5CS-10.8")}
# sha256 of S01.jsonl … S04.jsonl of `auditor simulate stud --seed 7 --tables 4 --hands 200`, before --inject came
CLEAN_DAY = "eae3c359ae2b5335348606d67c68cce788870b3afe68d2fc128d87f5a1aeac3d"


def key(row: dict) -> tuple:
    return row["rule"], row["table"], row["hand"]


def checked() -> set[str]:
    """The stud rules that have a checker now: the round trip grows with them."""
    return {checker.id for checker in checkers("stud")}


def audited(day: Path) -> AuditResult:
    result, con = audit([day], load_rulesets())
    con.close()
    return result


def round_trip(day: Path, result: AuditResult) -> tuple[set, set]:
    """(labels of the rules with a checker, findings of ``result``, the audit of ``day``), each as (rule, table,
    hand)."""
    assert not result.quarantine, result.quarantine[:3]
    rules = checked()
    return {key(label) for label in read_labels(day) if label["rule"] in rules}, {key(f) for f in result.findings}


@pytest.fixture(scope="module")
def day(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("stud-injected")
    simulate_stud(out, seed=5, tables=6, hands=300, inject=0.1, formats=("jsonl", "csv", "parquet"))
    return out


@pytest.fixture(scope="module")
def day_result(day: Path) -> AuditResult:
    """The audit of ``day``, once for the tests that read it."""
    return audited(day)


@pytest.fixture(scope="module")
def tables(day: Path) -> dict[str, list[dict]]:
    return read_day(day)


def labelled(label: dict, tables: dict[str, list[dict]]) -> Hand:
    records = tables[label["table"]]
    target = next(r for r in records if r["seq"] == label["seq"])
    if label["hand"] is None:
        return Hand([], target, records)
    start = next(i for i, r in enumerate(records) if r.get("hand_id") == label["hand"])
    end = max(i for i, r in enumerate(records) if r.get("hand_id") == label["hand"])
    return Hand(records[start:end + 1], target, records)


def test_the_cycle_is_every_enforced_rule() -> None:
    assert set(CYCLE) == ENFORCED and len(CYCLE) == len(ENFORCED)


def test_every_enforced_rule_is_planted(day: Path) -> None:
    labels = read_labels(day)
    assert {label["rule"] for label in labels if label["consequence_of"] is None} == ENFORCED
    assert {(label["consequence_of"], label["rule"]) for label in labels if label["consequence_of"]} == CONSEQUENCES
    for label in labels:
        assert label["note"] and label["seq"]
        if label["rule"] in ("5CS-6.1", "5CS-6.2"):  # the table's ante; a buy-in, between hands
            assert label["hand"] is None and label["shoe"] is None
        else:
            assert label["hand"].startswith(label["table"] + "-") and label["shoe"].startswith(label["table"] + "-K")


@pytest.mark.parametrize("rule", sorted(CYCLE, key=rule_order))
def test_each_plant_shows_its_breach(rule: str, day: Path, tables: dict[str, list[dict]]) -> None:
    """The labelled event of every violation planted of ``rule`` breaches it as the plant says (stud_evidence.py:
    the event changed, and why the article forbids it)."""
    planted = [label for label in read_labels(day) if label["rule"] == rule and label["consequence_of"] is None]
    assert planted
    failed = [(label["hand"], label["seq"]) for label in planted if not EVIDENCE[rule](labelled(label, tables))]
    assert not failed, failed[:10]


def test_hands_without_a_label_stay_lawful(day: Path, tables: dict[str, list[dict]]) -> None:
    """Precision of the plants: every hand that carries no label passes the clean simulator's own checks."""
    marked = {label["hand"] for label in read_labels(day)}
    problems = []
    for records in tables.values():
        for hand_id, events in hands_of(records).items():
            if hand_id not in marked:
                problems += [(hand_id, p) for p in deal_problems(events) + betting_problems(events)
                             + payout_problems(records[0]["config"], events)]
        problems += [p for p in pack_problems(records) if p.split(":")[0] in hands_of(records)
                     and p.split(":")[0] not in marked]
    assert not problems, problems[:10]


def test_the_log_stays_well_formed(day_result: AuditResult, tables: dict[str, list[dict]]) -> None:
    assert day_result.quarantine == []
    for records in tables.values():
        assert [r["seq"] for r in records] == list(range(1, len(records) + 1))
        assert all(a["ts"] < b["ts"] for a, b in zip(records, records[1:]))
        problems = [(r["seq"], p) for r in records[1:] for p in schema_problems(r)]
        assert not problems, problems[:10]


def test_same_seed_same_bytes(tmp_path: Path) -> None:
    for name in ("a", "b"):
        simulate_stud(tmp_path / name, seed=3, tables=3, hands=80, inject=0.2, formats=("jsonl", "csv", "parquet"))
    names = sorted(path.name for path in (tmp_path / "a").iterdir())
    assert names == ["S01.jsonl", "S02.csv", "S03.parquet", "labels.jsonl"]
    for name in names:
        assert (tmp_path / "a" / name).read_bytes() == (tmp_path / "b" / name).read_bytes(), name


def test_the_clean_day_is_unchanged(tmp_path: Path) -> None:
    """Without --inject the simulator writes what it wrote before planting existed, byte for byte."""
    simulate_stud(tmp_path, seed=7, tables=4, hands=200)
    digest = hashlib.sha256(b"".join((tmp_path / f"S0{n}.jsonl").read_bytes() for n in range(1, 5))).hexdigest()
    assert digest == CLEAN_DAY
    assert not (tmp_path / "labels.jsonl").exists()


def test_round_trip(day: Path, day_result: AuditResult) -> None:
    """Recall and precision 100% over the rules that have a checker: the audit reports exactly their labels (and
    nothing of the rules that have none)."""
    planted, found = round_trip(day, day_result)
    assert found - planted == set(), sorted(found - planted)[:10]
    assert planted - found == set(), sorted(planted - found)[:10]


def test_cli(tmp_path: Path) -> None:
    out = tmp_path / "day"
    result = CliRunner().invoke(app, ["simulate", "stud", "--out", str(out), "--seed", "9", "--tables", "2",
                                      "--hands", "60", "--inject", "0.2", "--format", "csv"])
    assert result.exit_code == 0, result.output
    assert "120 hands" in result.output and "labels" in result.output
    assert sorted(p.name for p in out.iterdir()) == ["S01.csv", "S02.csv", "labels.jsonl"]
    assert all(json.loads(line)["rule"] in ENFORCED for line in (out / "labels.jsonl").read_text().splitlines())


@pytest.mark.slow
def test_round_trip_100k_hands(tmp_path: Path) -> None:
    summary = simulate_stud(tmp_path, seed=2024, tables=4, hands=25_000, inject=0.05)
    assert summary.hands == 100_000
    assert {label["rule"] for label in read_labels(tmp_path)} == ENFORCED
    planted, found = round_trip(tmp_path, audited(tmp_path))
    missed, extra = planted - found, found - planted
    assert not missed and not extra, f"recall misses {sorted(missed)[:5]}, precision misses {sorted(extra)[:5]}"
