"""Build the baccarat model (``model.sql``) for one batch of tables, and the art. 9 tableau from ``tableau.csv``."""

from __future__ import annotations

import csv
from importlib.resources import files

import duckdb

from auditor.engine.ruleset import Ruleset
from auditor.engine.sql_runner import render, statements
from auditor.ingest.ranges import TableRange


def _tableau_rows() -> list[tuple[int, str, bool]]:
    text = files("auditor.games.baccarat").joinpath("tableau.csv").read_text(encoding="utf-8")
    rows = csv.DictReader(line for line in text.splitlines() if not line.startswith("#"))
    return [(int(r["banker_total"]), r["player_third"], r["draws"] == "true") for r in rows]


def build_model(con: duckdb.DuckDBPyConnection, ruleset: Ruleset, batch: TableRange) -> None:
    """The model tables of the tables in ``batch``; its events are read through the views ``bac_events`` and
    ``bac_table_rows``, whose table-id range lets DuckDB skip the other batches' row groups."""
    con.execute("CREATE OR REPLACE TEMP TABLE bac_tableau (banker_total INTEGER, player_third VARCHAR, draws BOOLEAN)")
    con.executemany("INSERT INTO bac_tableau VALUES (?, ?, ?)", _tableau_rows())
    con.execute(f"CREATE OR REPLACE TEMP VIEW bac_events AS SELECT * FROM events "
                f"WHERE game = 'baccarat' AND {batch.where()}")
    con.execute(f"CREATE OR REPLACE TEMP VIEW bac_table_rows AS SELECT * FROM tables "
                f"WHERE game = 'baccarat' AND {batch.where()}")
    sql = files("auditor.games.baccarat").joinpath("model.sql").read_text(encoding="utf-8")
    for statement in statements(render(sql, ruleset)):
        con.execute(statement)
