"""Build the baccarat model (``model.sql``) for one batch of tables, and the art. 9 tableau from ``tableau.csv``."""

from __future__ import annotations

import csv
from importlib.resources import files

import duckdb

from auditor.engine.ruleset import Ruleset
from auditor.engine.sql_runner import build_game_model
from auditor.ingest.ranges import TableRange

# The Player's third card as the tableau is joined on: its value 0-9; STOOD when the Player stood (two cards);
# UNKNOWN when the Player drew a card that is not logged or cannot be read (only a "*" row matches it).
STOOD, UNKNOWN = -1, -2


def tableau_rows(text: str) -> list[tuple[int, int, bool]]:
    """The rows of tableau.csv with integer keys: "-" is STOOD, "*" (any card) is every value and UNKNOWN. A key
    given twice is an error in the data file (it would count a coup twice)."""
    rows: dict[tuple[int, int], bool] = {}
    for r in csv.DictReader(line for line in text.splitlines() if not line.startswith("#")):
        third = r["player_third"]
        keys = [STOOD] if third == "-" else [*range(10), UNKNOWN] if third == "*" else [int(third)]
        for key in ((int(r["banker_total"]), k) for k in keys):
            if key in rows:
                raise ValueError(f"tableau.csv: banker_total {key[0]}, player_third {third} is given twice")
            rows[key] = r["draws"] == "true"
    return [(total, third, draws) for (total, third), draws in sorted(rows.items())]


def build_model(con: duckdb.DuckDBPyConnection, ruleset: Ruleset, batch: TableRange) -> None:
    """The model tables of the tables in ``batch``, with the art. 9 tableau; its events are read through the views
    ``bac_events`` and ``bac_table_rows``."""
    con.execute("CREATE OR REPLACE TEMP TABLE bac_tableau (banker_total INTEGER, player_third INTEGER, draws BOOLEAN)")
    tableau = files("auditor.games.baccarat").joinpath("tableau.csv").read_text(encoding="utf-8")
    con.executemany("INSERT INTO bac_tableau VALUES (?, ?, ?)", tableau_rows(tableau))
    build_game_model(con, ruleset, batch, "baccarat", "bac")
