"""``auditor findings``: the history a nightly catalog keeps, filtered, as a table, JSON or CSV."""

from __future__ import annotations

import csv
import json
import sys
from datetime import date
from enum import Enum
from pathlib import Path

import typer

from auditor.cli.app import app
from auditor.model.finding import FINDING_COLUMNS
from auditor.model.outcome import ExitCode
from auditor.nightly.catalog import Catalog, CatalogError

COLUMNS = ("day", *FINDING_COLUMNS, "found_run", "stopped_run")
SHOWN = ("day", "rule", "severity", "table", "hand", "message", "found_run", "stopped_run")


class Layout(str, Enum):
    table = "table"
    json = "json"
    csv = "csv"


def _day(value: str | None) -> str | None:
    if value is None:
        return None
    try:
        return date.fromisoformat(value).isoformat()
    except ValueError:
        raise typer.BadParameter(f"{value!r} is not a date written YYYY-MM-DD") from None


@app.command()
def findings(
    catalog: Path = typer.Option(..., "--catalog", help="A catalog written by auditor nightly."),
    since: str | None = typer.Option(None, "--since", callback=_day, help="First gaming day (YYYY-MM-DD)."),
    until: str | None = typer.Option(None, "--until", callback=_day, help="Last gaming day (YYYY-MM-DD)."),
    table: list[str] = typer.Option([], "--table", help="Only this table (repeatable)."),
    rule: list[str] = typer.Option([], "--rule", help="Only this rule id, or every rule of an article: BAC-9 "
                                                      "covers BAC-9.1, BAC-9.2... (repeatable)."),
    closed: bool = typer.Option(False, "--closed", help="Also the findings no longer found (a later run audited "
                                                        "their day again without them), with the run that stopped "
                                                        "finding them."),
    layout: Layout = typer.Option(Layout.table, "--format", help="table (counts by rule, by table and by week, "
                                  "then the findings), json (the same as one object) or csv (the findings)."),
) -> None:
    """What a nightly catalog found: which breaches a table has had, which rules break most, how compliance moves
    week by week. Each finding carries its gaming day, the run that found it and, with --closed, the run that
    stopped finding it. Exit 0; 2 when the catalog cannot be read."""
    where: list[str] = ["TRUE"]
    params: list[object] = []
    if not closed:
        where.append("stopped_run IS NULL")
    if since:
        where.append("day >= ?::DATE")
        params.append(since)
    if until:
        where.append("day <= ?::DATE")
        params.append(until)
    if table:
        where.append('list_contains(?, "table")')
        params.append(table)
    if rule:
        where.append("list_bool_or([f.rule = r OR starts_with(f.rule, r || '.') FOR r IN ?])")
        params.append(rule)
    quoted = ", ".join(f'"{c}"' for c in COLUMNS)
    try:
        with Catalog(catalog).read() as con:
            rows = con.execute(f"SELECT {quoted} FROM findings f WHERE {' AND '.join(where)} "
                               f'ORDER BY day, rule, "table", hand, seq, file, line', params).fetchall()
    except CatalogError as exc:
        typer.echo(f"error: {exc}", err=True)
        raise typer.Exit(ExitCode.INPUT_ERROR) from exc
    records = [dict(zip(COLUMNS, (str(v) if c == "day" else v for c, v in zip(COLUMNS, r)))) for r in rows]
    if layout is Layout.csv:
        writer = csv.DictWriter(sys.stdout, fieldnames=COLUMNS, lineterminator="\n")
        writer.writeheader()
        writer.writerows(records)
        return
    counts = {"by_rule": _count(records, "rule"), "by_table": _count(records, "table"),
              "by_week": _count(records, "week")}
    if layout is Layout.json:
        typer.echo(json.dumps({**counts, "findings": records}, ensure_ascii=False, indent=2))
        return
    for title, rows_ in (("rule", counts["by_rule"]), ("table", counts["by_table"]), ("week", counts["by_week"])):
        typer.echo(f"findings by {title}:")
        for row in rows_:
            typer.echo(f"  {str(row[title]):<14} {row['violations']:>8,} violation(s) {row['warnings']:>6,} "
                       "warning(s)")
    typer.echo(f"{len(records):,} finding(s):")
    for record in records:
        typer.echo("  " + "  ".join("-" if record[c] is None else str(record[c]) for c in SHOWN))


def _count(records: list[dict], key: str) -> list[dict]:
    """Violations and warnings per rule, table or ISO week (``2024-W18``): most first, except weeks in order."""
    counts: dict[str, list[int]] = {}
    for record in records:
        if key == "week":
            year, week, _ = date.fromisoformat(record["day"]).isocalendar()
            value = f"{year}-W{week:02d}"
        else:
            value = record[key]
        pair = counts.setdefault(value, [0, 0])
        pair[record["severity"] != "violation"] += 1
    items = sorted(counts.items(), key=lambda kv: (kv[0],) if key == "week" else (-sum(kv[1]), str(kv[0])))
    return [{key: k, "violations": v, "warnings": w} for k, (v, w) in items]
