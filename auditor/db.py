"""The auditor's DuckDB connections, and typed reads of queries that return exactly one row.

DuckDB draws a progress bar on standard output during any query longer than two seconds, whatever standard output
is: on a large day it would land in the middle of ``auditor audit --format json``, or of a nightly run's summary.
Every connection is opened by ``open_duckdb``, with the bar turned off."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import duckdb


def one_row(con: duckdb.DuckDBPyConnection, sql: str, params: object = None) -> tuple[Any, ...]:
    """The one row of ``sql``; a query that returns none is a defect of the caller."""
    row = con.execute(sql, params).fetchone()
    if row is None:
        raise LookupError(f"no row from a one-row query: {sql}")
    return row


def scalar(con: duckdb.DuckDBPyConnection, sql: str, params: object = None) -> Any:
    """The first column of the one row of ``sql`` (e.g. a ``count(*)``)."""
    return one_row(con, sql, params)[0]


def open_duckdb(database: str = ":memory:", *, read_only: bool = False,
                threads: int | None = None) -> duckdb.DuckDBPyConnection:
    """A connection to ``database`` (a file, or in memory) that never writes on standard output."""
    con = duckdb.connect(database, read_only=read_only, config={"threads": threads} if threads else {})
    con.execute("SET enable_progress_bar = false")
    return con


@contextmanager
def at_most_threads(con: duckdb.DuckDBPyConnection, threads: int) -> Iterator[None]:
    """The block's queries at no more than ``threads`` DuckDB threads; the connection's own setting is restored after
    it, also when it raises."""
    before = scalar(con, "SELECT current_setting('threads')")
    if before <= threads:
        yield
        return
    con.execute(f"SET threads = {int(threads)}")
    try:
        yield
    finally:
        con.execute(f"SET threads = {int(before)}")
