"""Shared helpers: write small logs in any accepted format."""

from __future__ import annotations

import csv
import json
import resource
from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq
import pytest

from auditor.ingest.schema import load_schema

BACCARAT_CONFIG = {
    "decks": 8, "commission_scheme": "standard", "burn_method": "decks", "chip_unit": "1", "min_bet": "100",
    "max_bet": "10000", "auto_shuffler": False, "seats": 7, "casino": "Test Casino",
}


def baccarat_coup(table: str = "T1", start_seq: int = 1, hand: str = "C1") -> list[dict]:
    """One legal coup (Player 9 beats Banker 5; a Player bet paid 1:1, a Banker bet lost) after a table_open."""
    rows: list[dict] = [
        {"event": "table_open", "config": BACCARAT_CONFIG},
        {"event": "coup_start", "shoe_id": "S1", "hand_id": hand},
        {"event": "bet", "hand_id": hand, "player": "p1", "spot": 1, "standing": False, "bet_type": "player",
         "amount": "100"},
        {"event": "deal", "hand_id": hand, "card": "4h", "to": "player", "face": "up"},
        {"event": "deal", "hand_id": hand, "card": "2c", "to": "banker", "face": "up"},
        {"event": "deal", "hand_id": hand, "card": "5d", "to": "player", "face": "up"},
        {"event": "deal", "hand_id": hand, "card": "3s", "to": "banker", "face": "up"},
        {"event": "result", "hand_id": hand, "result": "player"},
        {"event": "settle", "hand_id": hand, "player": "p1", "spot": 1, "bet_type": "player", "amount": "100",
         "result": "win", "payout": "100", "commission": "0"},
        {"event": "coup_end", "hand_id": hand},
    ]
    return [{"table_id": table, "game": "baccarat", "seq": start_seq + i, **r} for i, r in enumerate(rows)]


def write_jsonl(path: Path, rows: list[dict]) -> Path:
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    return path


def _flat(row: dict) -> dict:
    return {k: json.dumps(v) if isinstance(v, dict) else v for k, v in row.items()}


def write_csv(path: Path, rows: list[dict]) -> Path:
    names = [f.name for f in load_schema().fields]
    with path.open("w", newline="", encoding="utf-8") as handle:
        writer = csv.DictWriter(handle, fieldnames=names)
        writer.writeheader()
        for row in rows:
            writer.writerow({k: (str(v).lower() if isinstance(v, bool) else v) for k, v in _flat(row).items()})
    return path


def write_parquet(path: Path, rows: list[dict]) -> Path:
    flat = [_flat(r) for r in rows]
    names = sorted({k for r in flat for k in r}, key=[f.name for f in load_schema().fields].index)
    pq.write_table(pa.Table.from_pylist(flat, schema=pa.schema(
        [(n, pa.int64() if n in ("seq", "spot", "seat", "position", "pot") else
          pa.bool_() if n in ("standing", "demo", "all_in") else pa.string()) for n in names])), path)
    return path


@pytest.fixture
def coup() -> list[dict]:
    return baccarat_coup()


CPU_AT_SETUP = pytest.StashKey[float]()


def _cpu_seconds() -> float:
    """CPU seconds of this process and of the subprocesses it has waited for."""
    own, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_setup(item: pytest.Item) -> None:
    item.stash[CPU_AT_SETUP] = _cpu_seconds()


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo):
    """A test's CPU seconds, set-up to tear-down, as the property ``cpu_seconds`` of a JUnit report
    (``--junitxml``): scripts/test_groups.py balances the test processes by it, the same on a busy machine as on an
    idle one (wall seconds are not)."""
    if call.when == "teardown" and CPU_AT_SETUP in item.stash:
        item.user_properties.append(("cpu_seconds", f"{_cpu_seconds() - item.stash[CPU_AT_SETUP]:.3f}"))
    return (yield)
