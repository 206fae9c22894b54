"""Build the baccarat model tables (``model.sql``) and the art. 9 tableau table from ``tableau.csv``."""

from __future__ import annotations

import csv
from importlib.resources import files

import duckdb

from auditor.engine.ruleset import Ruleset
from auditor.engine.sql_runner import render


def _tableau_rows() -> list[tuple[int, str, bool]]:
    text = files("auditor.games.baccarat").joinpath("tableau.csv").read_text(encoding="utf-8")
    rows = csv.DictReader(line for line in text.splitlines() if not line.startswith("#"))
    return [(int(r["banker_total"]), r["player_third"], r["draws"] == "true") for r in rows]


def build_model(con: duckdb.DuckDBPyConnection, ruleset: Ruleset) -> None:
    con.execute("CREATE OR REPLACE TABLE bac_tableau (banker_total INTEGER, player_third VARCHAR, draws BOOLEAN)")
    con.executemany("INSERT INTO bac_tableau VALUES (?, ?, ?)", _tableau_rows())
    sql = files("auditor.games.baccarat").joinpath("model.sql").read_text(encoding="utf-8")
    for statement in render(sql, ruleset).split(";\n"):
        if statement.strip() and not all(l.strip().startswith("--") or not l.strip() for l in statement.splitlines()):
            con.execute(statement)
