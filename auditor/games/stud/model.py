"""Build the five-card stud model (``model.sql``) for one batch of tables: what the set-based stud rules read."""

from __future__ import annotations

import duckdb

from auditor.engine.ruleset import Ruleset
from auditor.engine.sql_runner import build_game_model
from auditor.ingest.ranges import TableRange


def build_model(con: duckdb.DuckDBPyConnection, ruleset: Ruleset, batch: TableRange) -> None:
    """The model tables of the stud tables in ``batch``, read through the views ``stud_events`` and
    ``stud_table_rows``."""
    build_game_model(con, ruleset, batch, "stud", "stud")
