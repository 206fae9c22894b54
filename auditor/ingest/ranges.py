"""Ranges of whole tables. ``events`` is stored in ``(table_id, seq)`` order, so a range of table ids is one
contiguous piece of the day: a filter on it lets DuckDB skip the other row groups. The ingest, the SQL checks and the
replay each work range by range, to keep memory bounded by a range instead of the day."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from auditor.ingest.validate import sql_string


@dataclass(frozen=True)
class TableRange:
    first: str  # first table id of the range
    last: str  # last table id
    tables: int
    size: int  # what the range was cut by: records, events, coups or hands

    def where(self, column: str = "table_id") -> str:
        """SQL condition selecting the range's tables."""
        return f"{column} BETWEEN {sql_string(self.first)} AND {sql_string(self.last)}"


def table_ranges(sizes: Iterable[tuple[str, int]], limit: int) -> list[TableRange]:
    """Tables in table-id order with their sizes, cut into consecutive ranges of at most ``limit`` (a table larger
    than ``limit`` is a range of its own; a table is never split)."""
    ranges: list[TableRange] = []
    first: str | None = None
    last, tables, size = "", 0, 0  # last: set with first
    for table_id, n in sizes:
        if first is not None and size + n > limit:
            ranges.append(TableRange(first, last, tables, size))
            first, tables, size = None, 0, 0
        first = table_id if first is None else first
        last, tables, size = table_id, tables + 1, size + n
    if first is not None:
        ranges.append(TableRange(first, last, tables, size))
    return ranges
