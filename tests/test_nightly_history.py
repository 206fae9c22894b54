"""The history a nightly catalog keeps: ``auditor findings`` and the trend section of a day's report."""

from __future__ import annotations

import csv
import io
import json
from datetime import date
from pathlib import Path

import pyarrow as pa
import pytest
from typer.testing import CliRunner

from auditor.cli import app
from auditor.model.finding import FINDING_ARROW_SCHEMA
from auditor.nightly.catalog import Catalog
from auditor.nightly.history import record
from auditor.nightly.trend import Trend, TrendRow, day_trend

runner = CliRunner()
NO_COVERAGE = pa.table({"day": pa.array([], pa.date32()), "rule": pa.array([], pa.string()),
                        "table_id": pa.array([], pa.string()), "missing": pa.array([], pa.string()),
                        "units": pa.array([], pa.int64())})


def night(catalog: Catalog, run: str, day: date, *found: tuple[str, str, str]) -> None:
    """A run that audited ``day``'s tables T1 and T2 and found ``(table, rule, severity)``; the day has a file."""
    rows = [{**dict.fromkeys(FINDING_ARROW_SCHEMA.names), "rule": rule, "table": table, "severity": severity,
             "message": "m", "game": "baccarat"} for table, rule, severity in found]
    findings = pa.Table.from_pylist(rows, FINDING_ARROW_SCHEMA).add_column(
        0, "day", pa.array([day] * len(rows), pa.date32()))
    audited = pa.table({"day": pa.array([day, day], pa.date32()), "table_id": ["T1", "T2"]})
    with catalog.write() as con:
        con.execute("INSERT INTO files (sha256, day, name) VALUES (?, ?, ?)", [run, day, f"{run}.jsonl"])
        record(con, run, audited, findings, NO_COVERAGE)


@pytest.fixture()
def catalog(tmp_path: Path) -> Catalog:
    """Ten gaming days with logs (1-10 May, but 3 May without logs), findings on some; 12 May closes one."""
    catalog = Catalog(tmp_path / "catalog")
    catalog.create()
    for n in (1, 2, 4, 5, 6, 7, 8, 9, 10):
        found = [("T1", "BAC-9.1", "violation")] * (n % 3) + [("T2", "BAC-17.1", "warning")] * (n == 9)
        night(catalog, f"r{n}", date(2024, 5, n), *found)
    night(catalog, "r11", date(2024, 5, 11), ("T1", "BAC-9.1", "violation"), ("T1", "BAC-9.2", "violation"),
          ("T2", "BAC-17.1", "violation"))
    return catalog


def test_trend_compares_the_day_with_the_average_day_with_logs(catalog: Catalog) -> None:
    with catalog.read() as con:
        trend = day_trend(con, "2024-05-11")
    # the 7 days before the 11th: 4-10 May, all with logs; BAC-9.1 found 1+2+0+1+2+0+1 = 7 times
    # the 30 before: 9 days with logs (3 May had none); BAC-9.1: 1+2 + 7 = 10
    assert (trend.week_days, trend.month_days) == (7, 9)
    by_rule = {r.key: (r.today, round(r.week, 3), round(r.month, 3)) for r in trend.rules}
    assert by_rule == {"BAC-9.1": (1, 1.0, round(10 / 9, 3)), "BAC-9.2": (1, 0.0, 0.0),
                       "BAC-17.1": (1, round(1 / 7, 3), round(1 / 9, 3))}
    assert [r.key for r in trend.tables] == ["T1", "T2"]
    bars = trend.bars(trend.rules)  # to one scale: the largest figure, BAC-9.1's 30-day 10/9, at full width
    assert bars["BAC-9.1"] == ("90.0%", "90.0%", "100.0%") and bars["BAC-17.1"] == ("90.0%", "12.9%", "10.0%")


def findings(catalog: Catalog, *args: str) -> str:
    result = runner.invoke(app, ["findings", "--catalog", str(catalog.root), *args])
    assert result.exit_code == 0, result.output
    return result.output


def test_findings_filters_and_formats(catalog: Catalog) -> None:
    rows = json.loads(findings(catalog, "--format", "json", "--since", "2024-05-09", "--rule", "BAC-9"))["findings"]
    assert sorted((r["day"], r["rule"]) for r in rows) == [
        ("2024-05-10", "BAC-9.1"), ("2024-05-11", "BAC-9.1"), ("2024-05-11", "BAC-9.2")]
    data = json.loads(findings(catalog, "--format", "json", "--table", "T2"))
    assert data["by_rule"] == [{"rule": "BAC-17.1", "violations": 1, "warnings": 1}]
    weeks = json.loads(findings(catalog, "--format", "json"))["by_week"]  # 1-5 May: week 18; 6-11 May: week 19
    assert weeks == [{"week": "2024-W18", "violations": 1 + 2 + 1 + 2, "warnings": 0},
                     {"week": "2024-W19", "violations": 0 + 1 + 2 + 0 + 1 + 3, "warnings": 1}]
    table = list(csv.DictReader(io.StringIO(findings(catalog, "--format", "csv", "--until", "2024-05-02"))))
    assert [(r["day"], r["rule"], r["found_run"]) for r in table] == [
        ("2024-05-01", "BAC-9.1", "r1"), ("2024-05-02", "BAC-9.1", "r2"), ("2024-05-02", "BAC-9.1", "r2")]
    assert "3 finding(s)" in findings(catalog, "--until", "2024-05-02")


def test_findings_closed_by_a_later_run(catalog: Catalog) -> None:
    night(catalog, "r12", date(2024, 5, 11), ("T1", "BAC-9.1", "violation"))
    assert len(json.loads(findings(catalog, "--format", "json", "--since", "2024-05-11"))["findings"]) == 1
    closed = json.loads(findings(catalog, "--format", "json", "--since", "2024-05-11", "--closed"))["findings"]
    assert sorted((r["rule"], r["found_run"], r["stopped_run"]) for r in closed) == [
        ("BAC-17.1", "r11", "r12"), ("BAC-9.1", "r11", None), ("BAC-9.2", "r11", "r12")]


def test_findings_of_no_catalog_is_an_input_error(tmp_path: Path) -> None:
    result = runner.invoke(app, ["findings", "--catalog", str(tmp_path)])
    assert result.exit_code == 2 and "not a catalog" in result.output


def test_the_report_shows_the_trend_only_when_given(catalog: Catalog) -> None:
    from auditor.report.render import render_html
    from tests.test_report_render import make_result

    result = make_result()
    assert "Trend:" not in render_html(result)
    with catalog.read() as con:
        result.trend = day_trend(con, "2024-05-11")
    html = render_html(result)
    assert "Trend: this gaming day against the days before" in html
    assert '<div class="bar grey" style="width: 100.0%">' in html
    assert "7 day(s) with logs among the 7 before" in html and "9 among the 30" in html


def test_a_trend_of_many_rules_is_drawn_whole() -> None:
    """A day with findings under 92 rules: every rule's row of the trend is on a page, none cut off at its bottom
    (the chart, 42 px a rule, was one image: past 17 rules it ran off the page)."""
    from tests.test_report_render import cut_at_page_bottom, make_result

    rows = tuple(TrendRow(f"BAC-{n}.1", n % 7, n % 5 / 2, n % 3 / 3) for n in range(1, 93))
    result = make_result()
    result.trend = Trend("2024-05-11", 7, 9, rows, rows[:20], 0)
    assert cut_at_page_bottom(result) == []
