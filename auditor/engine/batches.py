"""Batches of whole tables for the set-based rules, so that a day of any size is checked in pieces of bounded size.

Every set-based rule is judged within one table, so checking the tables batch by batch gives the same findings
and coverage as checking them all at once, with memory bounded by the largest batch instead of the day."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager, nullcontext

import duckdb

from auditor.db import at_most_threads, scalar
from auditor.games.catalog import START_EVENTS
from auditor.ingest.ranges import TableRange, table_ranges

# Coups (or hands) per batch: large enough that the fixed cost of the rules' queries is small beside the work,
# small enough that the model of a batch stays well inside the memory of a small machine.
BATCH_UNITS = 500_000
# Events of a batch checked at one DuckDB thread: a small batch's model and rules are short queries, whose work a
# second thread does not shorten but whose scheduling it costs (bench/README.md, issue 12's row).
SMALL_BATCH_EVENTS = 1 << 18


def table_batches(con: duckdb.DuckDBPyConnection, game: str, max_units: int = BATCH_UNITS) -> list[TableRange]:
    """The game's tables in table-id order, in consecutive batches of at most ``max_units`` coups or hands."""
    rows = con.execute(
        "SELECT t.table_id, coalesce(n.units, 0) FROM tables t LEFT JOIN "
        "(SELECT table_id, count(*) AS units FROM events "
        f"WHERE game = ? AND event IN {START_EVENTS} GROUP BY table_id) n "
        "USING (table_id) WHERE t.game = ? ORDER BY t.table_id",
        [game, game],
    ).fetchall()
    return table_ranges(rows, max_units)


@contextmanager
def batch_threads(con: duckdb.DuckDBPyConnection, game: str, batch: TableRange) -> Iterator[None]:
    """The checks of ``batch`` at one thread when it holds at most ``SMALL_BATCH_EVENTS`` events of ``game``, else
    at the connection's threads."""
    events = scalar(con, f"SELECT count(*) FROM events WHERE game = ? AND {batch.where()}", [game])
    with at_most_threads(con, 1) if events <= SMALL_BATCH_EVENTS else nullcontext():
        yield
