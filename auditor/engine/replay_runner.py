"""Run sequence rules: one replay of each hand, every replay rule of the game judging it in turn.

A ``ReplayRule`` is the replay counterpart of ``SqlRule``: ``applies(hand, ruleset)`` says why a hand cannot be
evaluated (None when it can) and ``check(hand, ruleset)`` yields ``Breach``es. It is generic over the hand type of its
game's replay (``ReplayRule[Hand]`` with hold'em's ``Hand`` takes hold'em hands only). Findings and coverage go to the
same DuckDB tables as the SQL rules'."""

from __future__ import annotations

import importlib
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from itertools import chain, repeat
from typing import Any, Generic, Protocol, TypeVar

import duckdb
import pyarrow as pa

from auditor.engine.ruleset import Ruleset
from auditor.games.catalog import BY_NAME

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


class Located(Protocol):
    """An event's place in the log (the poker replay's ``Source``)."""

    @property
    def seq(self) -> int | None: ...
    @property
    def file(self) -> str | None: ...
    @property
    def line(self) -> int | None: ...


def breach(src: Located, message: str, expected: object = None, found: object = None,
           severity: str | None = None) -> Breach:
    """A ``Breach`` at the event ``src``."""
    return Breach(src.seq, src.file, src.line, message,
                  None if expected is None else str(expected), None if found is None else str(found), severity)


class ReplayedTable(Protocol):
    @property
    def table_id(self) -> str: ...


class ReplayedHand(Protocol):
    """What the runner reads of a replayed hand: its table, its id, and whether a record of it was quarantined."""

    @property
    def table(self) -> ReplayedTable: ...
    @property
    def hand_id(self) -> str: ...
    @property
    def tainted(self) -> bool: ...


HandT = TypeVar("HandT", bound=ReplayedHand)


def always(hand: object, ruleset: Ruleset) -> str | None:
    """The default ``applies``: every hand can be evaluated."""
    return None


@dataclass(frozen=True)
class ReplayRule(Generic[HandT]):
    """A sequence rule judging the hands (of type ``HandT``) that its game's replay rebuilds."""

    id: str
    game: str
    check: Callable[[HandT, Ruleset], Iterable[Breach]]
    applies: Callable[[HandT, Ruleset], str | None] = always


class _Coverage:
    """The coverage rows (rule, table, reason, hands), counted table by table into flat columns; DuckDB adds them up.

    Evaluated hands, the common case, are counted in a list per rule; the reasons for not evaluating in a dict."""

    def __init__(self, rule_ids: list[str]) -> None:
        self.rule_ids = rule_ids
        self.table: str | None = None
        self.evaluated = [0] * len(rule_ids)  # reset in place: the runner counts into this very list
        self.missing: Counter[tuple[str, str]] = Counter()
        self.tables: list[str | None] = []  # the tables counted so far, and the evaluated counts of each (per rule)
        self.counts: list[int] = []
        self.reasons: tuple[list, list, list, list] = ([], [], [], [])  # rule, table, reason, hands

    def next_table(self, table: str) -> None:
        self.flush()
        self.table = table

    def flush(self) -> None:
        if any(self.evaluated):
            self.tables.append(self.table)
            self.counts.extend(self.evaluated)
            self.evaluated[:] = [0] * len(self.rule_ids)
        rule, table, missing, units = self.reasons
        for (rule_id, reason), count in self.missing.items():
            rule.append(rule_id)
            table.append(self.table)
            missing.append(reason)
            units.append(count)
        self.missing.clear()

    def insert(self, con: duckdb.DuckDBPyConnection) -> None:
        self.flush()
        rule, table, missing, units = self.reasons
        columns = [
            pa.array(self.rule_ids * len(self.tables) + rule, pa.string()),
            pa.array([*chain.from_iterable(repeat(t, len(self.rule_ids)) for t in self.tables), *table], pa.string()),
            pa.array([None] * len(self.counts) + missing, pa.string()),
            pa.array(self.counts + units, pa.int64()),
        ]
        con.register("replay_coverage", pa.table(columns, names=["rule", "table_id", "missing", "units"]))
        # One row per (rule, table, reason), in no particular order: every reader of ``coverage`` aggregates it.
        con.execute("INSERT INTO coverage SELECT rule, table_id, missing, sum(units)::BIGINT FROM replay_coverage "
                    "WHERE units > 0 GROUP BY rule, table_id, missing")
        con.unregister("replay_coverage")


def replay_steps(hands: int) -> int:
    """The progress steps ``run_replay_rules`` takes over ``hands`` hands: one per thousand and one for the rest
    (one when there is none)."""
    return max(-(-hands // PROGRESS_EVERY), 1)


def run_replay_rules(
    con: duckdb.DuckDBPyConnection, game: str, rules: Sequence[ReplayRule[Any]], ruleset: Ruleset,
    step: Callable[[str], None] = lambda label: None,
) -> None:
    replay = importlib.import_module(BY_NAME[game].module("replay")).replay
    specs = {r.id: ruleset.rules[r.id] for r in rules}
    rows: list[tuple] = []
    coverage = _Coverage([r.id for r in rules])
    evaluated, missing_counts = coverage.evaluated, coverage.missing
    judged = [(r.id, None if r.applies is always else r.applies, r.check) for r in rules]
    n = 0
    for n, hand in enumerate(replay(con, ruleset), start=1):
        table = hand.table.table_id
        if table != coverage.table:
            coverage.next_table(table)
        for i, (rule_id, applies, check) in enumerate(judged):
            missing = INPUT_ERROR if hand.tainted else None if applies is None else applies(hand, ruleset)
            if missing is not None:
                if missing != NOT_APPLICABLE:
                    missing_counts[(rule_id, missing)] += 1
                continue
            evaluated[i] += 1
            for b in check(hand, ruleset):
                spec = specs[rule_id]
                rows.append((rule_id, spec.citation, b.severity or spec.severity, game, table, None, hand.hand_id,
                             b.seq, b.file, b.line, b.message, b.expected, b.found))
        if n % PROGRESS_EVERY == 0:
            step(f"{n} hands")
    if n % PROGRESS_EVERY or not n:  # the last step: the hands past the last thousand, or none at all
        step(f"{n} hands")
    names = ["rule", "article", "severity", "game", "table", "shoe", "hand", "seq", "file", "line", "message",
             "expected", "found"]
    found = pa.Table.from_pylist([dict(zip(names, r)) for r in rows], schema=pa.schema(
        [(n, pa.int64() if n in ("seq", "line") else pa.string()) for n in names]))
    con.register("replay_findings", found)
    con.execute("INSERT INTO findings SELECT * FROM replay_findings")
    con.unregister("replay_findings")
    coverage.insert(con)
