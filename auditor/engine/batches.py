"""Batches of whole tables, so that a day of any size is checked in pieces of bounded size.

Every set-based rule is judged within one table, so checking the tables batch by batch gives the same findings
and coverage as checking them all at once, with memory bounded by the largest batch instead of the day. Events are
stored in ``(table_id, seq)`` order: a batch is a range of table ids, and a filter on that range lets DuckDB skip
the row groups of the other batches."""

from __future__ import annotations

from dataclasses import dataclass

import duckdb

from auditor.ingest.structure import START_EVENTS

# Coups (or hands) per batch: large enough that the fixed cost of the rules' queries is small beside the work,
# small enough that the model of a batch stays well inside the memory of a small machine.
BATCH_UNITS = 500_000


@dataclass(frozen=True)
class Batch:
    first: str  # first table id of the batch
    last: str  # last table id
    tables: int
    units: int

    def where(self, column: str = "table_id") -> str:
        """SQL condition selecting the batch's tables."""
        def q(text: str) -> str:
            return "'" + text.replace("'", "''") + "'"
        return f"{column} BETWEEN {q(self.first)} AND {q(self.last)}"


def table_batches(con: duckdb.DuckDBPyConnection, game: str, max_units: int = BATCH_UNITS) -> list[Batch]:
    """The game's tables in table-id order, cut into consecutive batches of at most ``max_units`` coups or hands
    (a single larger table is a batch of its own)."""
    rows = con.execute(
        "SELECT t.table_id, coalesce(n.units, 0) FROM tables t LEFT JOIN "
        "(SELECT table_id, count(*) AS units FROM events "
        f"WHERE game = ? AND event IN {START_EVENTS} GROUP BY table_id) n "
        "USING (table_id) WHERE t.game = ? ORDER BY t.table_id",
        [game, game],
    ).fetchall()
    batches: list[Batch] = []
    first, last, tables, units = None, None, 0, 0
    for table_id, n in rows:
        if first is not None and units + n > max_units:
            batches.append(Batch(first, last, tables, units))
            first, tables, units = None, 0, 0
        first = table_id if first is None else first
        last, tables, units = table_id, tables + 1, units + n
    if first is not None:
        batches.append(Batch(first, last, tables, units))
    return batches
