"""Typed reads of DuckDB queries that return exactly one row (an aggregate without ``GROUP BY``)."""

from __future__ import annotations

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
