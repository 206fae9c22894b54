"""What each rule evaluated at each table: the audit's ``coverage`` table, kept per table for outputs that show
rules table by table (``report/junit.py``)."""

from __future__ import annotations

from dataclasses import dataclass

import duckdb


@dataclass(frozen=True)
class TableCoverage:
    tables: dict[str, list[str]]  # game -> its table ids, sorted
    units: dict[tuple[str, str], dict[str | None, int]]  # (rule, table) -> {reason not evaluated, or None: units}


def table_coverage(con: duckdb.DuckDBPyConnection) -> TableCoverage:
    """The tables of every game and, per rule and table, the units evaluated (key None) and not evaluated (key:
    the reason), from an audited connection."""
    tables: dict[str, list[str]] = {}
    for game, table in con.execute("SELECT game, table_id FROM tables ORDER BY game, table_id").fetchall():
        tables.setdefault(game, []).append(table)
    units: dict[tuple[str, str], dict[str | None, int]] = {}
    for rule, table, missing, n in con.execute(
        "SELECT rule, table_id, missing, sum(units)::BIGINT FROM coverage GROUP BY ALL ORDER BY ALL"
    ).fetchall():
        units.setdefault((rule, table), {})[missing] = n
    return TableCoverage(tables, units)
