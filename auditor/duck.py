"""The one way the auditor opens DuckDB.

DuckDB draws a progress bar on standard output during any query longer than two seconds, whatever standard output
is: on a large day it would land in the middle of ``auditor audit --format json``, or of a nightly run's summary.
Every connection is opened here, with the bar turned off."""

from __future__ import annotations

import duckdb


def open_duckdb(database: str = ":memory:", *, read_only: bool = False,
                threads: int | None = None) -> duckdb.DuckDBPyConnection:
    """A connection to ``database`` (a file, or in memory) that never writes on standard output."""
    con = duckdb.connect(database, read_only=read_only, config={"threads": threads} if threads else {})
    con.execute("SET enable_progress_bar = false")
    return con
