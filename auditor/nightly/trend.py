"""The trend section of a day's report: the day's findings per rule and per table against the average day of the
7 and of the 30 gaming days before it (the days the catalog holds files of, so a day without logs does not count as
a day without findings), with a bar per figure. Computed from the catalog's findings still open."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, timedelta

import duckdb

from auditor.model.finding import rule_order

WINDOWS = (7, 30)
MAX_TABLES = 20  # tables shown: those with the most findings this day, then over the 30 days


@dataclass(frozen=True)
class TrendRow:
    key: str  # a rule id or a table id
    today: int
    week: float  # findings per gaming day over the 7 days before
    month: float  # over the 30 days before


@dataclass(frozen=True)
class Trend:
    day: str
    week_days: int  # gaming days with logs among the 7 before
    month_days: int
    rules: tuple[TrendRow, ...]
    tables: tuple[TrendRow, ...]
    more_tables: int  # tables with findings not shown

    @staticmethod
    def bars(rows: tuple[TrendRow, ...]) -> dict[str, tuple[str, str, str]]:
        """Per row: its day's findings and the two averages as bar widths (CSS percentages) to one scale, the
        largest value of ``rows`` at full width. The chart is drawn in the rows of the trend's tables, beside their
        figures, so that it splits across pages with them (one image of 92 rules ran off its page) and draws no
        text of its own (WeasyPrint lays an SVG text out letter by letter)."""
        most = max((max(r.today, r.week, r.month) for r in rows), default=0) or 1

        def width(value: float) -> str:
            return f"{100 * value / most:.1f}%"

        return {r.key: (width(r.today), width(r.week), width(r.month)) for r in rows}


def day_trend(catalog: duckdb.DuckDBPyConnection, day: str) -> Trend:
    """The trend of ``day`` from the catalog (a connection)."""
    when = date.fromisoformat(day)
    days = [d for (d,) in catalog.execute("SELECT DISTINCT day FROM files WHERE day BETWEEN ? AND ? ORDER BY day",
                                          [when - timedelta(days=max(WINDOWS)), when - timedelta(days=1)]).fetchall()]
    week = [d for d in days if d >= when - timedelta(days=WINDOWS[0])]
    rows = catalog.execute(
        'SELECT day, rule, "table", count(*) FROM findings WHERE stopped_run IS NULL AND day BETWEEN ? AND ? '
        "GROUP BY ALL", [when - timedelta(days=max(WINDOWS)), when]).fetchall()
    rules = _rows([(d, r, n) for d, r, _, n in rows], when, len(week), len(days))
    tables = _rows([(d, t, n) for d, _, t, n in rows], when, len(week), len(days))
    tables.sort(key=lambda r: (-r.today, -r.month, r.key))
    return Trend(day, len(week), len(days), tuple(rules), tuple(tables[:MAX_TABLES]), max(len(tables) - MAX_TABLES, 0))


def _rows(counts: list[tuple[date, str, int]], when: date, week_days: int, month_days: int) -> list[TrendRow]:
    """Per key: the day's count and the averages per gaming day of the windows before it."""
    today: dict[str, int] = {}
    week: dict[str, int] = {}
    month: dict[str, int] = {}
    for day, key, n in counts:
        key = key or "(none)"
        if day == when:
            today[key] = today.get(key, 0) + n
            continue
        month[key] = month.get(key, 0) + n
        if day >= when - timedelta(days=WINDOWS[0]):
            week[key] = week.get(key, 0) + n
    keys = sorted(set(today) | set(month), key=_rule_order)
    return [TrendRow(k, today.get(k, 0), week.get(k, 0) / week_days if week_days else 0.0,
                     month.get(k, 0) / month_days if month_days else 0.0) for k in keys]


def _rule_order(key: str) -> tuple:
    """Rule ids in rule order; table ids (re-sorted by the caller) in any order."""
    try:
        return (0, rule_order(key))
    except ValueError:
        return (1, (key,))
