"""Run sequence rules: one replay of each hand, every replay rule of the game judging it in turn.

A ``ReplayRule`` is the replay counterpart of ``SqlRule``: ``applies(hand, ruleset)`` says why a hand cannot be
evaluated (None when it can) and ``check(hand, ruleset)`` yields ``Breach``es. Findings and coverage go to the same
DuckDB tables as the SQL rules'."""

from __future__ import annotations

import importlib
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

import duckdb
import pyarrow as pa

from auditor.engine.ruleset import Ruleset

INPUT_ERROR = "input error in hand (quarantined record)"
# ``applies`` returns this for a hand the rule says nothing about (e.g. a voided-hand rule on a played hand):
# such a hand is neither evaluated nor "not evaluated" for that rule.
NOT_APPLICABLE = "not applicable"
PROGRESS_EVERY = 1000


@dataclass(frozen=True, slots=True)
class Breach:
    """What a replay rule found: where (the event), what, and the numbers."""

    seq: int | None
    file: str | None
    line: int | None
    message: str
    expected: str | None = None
    found: str | None = None
    severity: str | None = None  # None: the rule's default severity


def breach(src: Any, message: str, expected: object = None, found: object = None, severity: str | None = None) -> Breach:
    """A ``Breach`` at the event ``src`` (anything with ``seq``, ``file`` and ``line``)."""
    return Breach(src.seq, src.file, src.line, message,
                  None if expected is None else str(expected), None if found is None else str(found), severity)


@dataclass(frozen=True)
class ReplayRule:
    id: str
    game: str
    check: Callable[[Any, Ruleset], Iterable[Breach]]
    applies: Callable[[Any, Ruleset], str | None] = lambda hand, ruleset: None


def run_replay_rules(
    con: duckdb.DuckDBPyConnection, game: str, rules: list[ReplayRule], ruleset: Ruleset,
    step: Callable[[str], None] = lambda label: None,
) -> None:
    replay = importlib.import_module(f"auditor.games.{game}.replay").replay
    specs = {r.id: ruleset.rules[r.id] for r in rules}
    rows: list[tuple] = []
    coverage: Counter[tuple[str, str, str | None]] = Counter()
    for n, hand in enumerate(replay(con, ruleset), start=1):
        table = hand.table.table_id
        for rule in rules:
            missing = INPUT_ERROR if hand.tainted else rule.applies(hand, ruleset)
            if missing == NOT_APPLICABLE:
                continue
            coverage[(rule.id, table, missing)] += 1
            if missing is None:
                for b in rule.check(hand, ruleset):
                    rows.append((rule.id, specs[rule.id].citation, b.severity or specs[rule.id].severity, game,
                                 table, None, hand.hand_id, b.seq, b.file, b.line, b.message, b.expected, b.found))
        if n % PROGRESS_EVERY == 0:
            step(f"{n} hands")
    names = ["rule", "article", "severity", "game", "table", "shoe", "hand", "seq", "file", "line", "message",
             "expected", "found"]
    found = pa.Table.from_pylist([dict(zip(names, r)) for r in rows], schema=pa.schema(
        [(n, pa.int64() if n in ("seq", "line") else pa.string()) for n in names]))
    con.register("replay_findings", found)
    con.execute("INSERT INTO findings SELECT * FROM replay_findings")
    con.unregister("replay_findings")
    rows_by_key = sorted(coverage.items(), key=lambda kv: (kv[0][0], kv[0][1], kv[0][2] or ""))
    covered = pa.table({
        "rule": [k[0] for k, _ in rows_by_key], "table_id": [k[1] for k, _ in rows_by_key],
        "missing": pa.array([k[2] for k, _ in rows_by_key], pa.string()), "units": [v for _, v in rows_by_key],
    }, schema=pa.schema([("rule", pa.string()), ("table_id", pa.string()), ("missing", pa.string()),
                         ("units", pa.int64())]))
    con.register("replay_coverage", covered)
    con.execute("INSERT INTO coverage SELECT * FROM replay_coverage")
    con.unregister("replay_coverage")
