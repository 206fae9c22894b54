"""Every finding the catalog ever held, with the run that found it and the run that stopped finding it.

A finding is the same finding on two runs when every column of it is the same (rule, article, severity, game,
table, shoe, hand, seq, file, line, message, expected, found); two identical findings of one partition are told
apart by their ``occurrence``. When a run audits a partition (a gaming day's table) again, the findings of that
partition still open and found again stay as they are; those not found again are closed (``stopped_run``), and the
new ones are added (``found_run``). Nothing is ever deleted."""

from __future__ import annotations

import duckdb
import pyarrow as pa

from auditor.model.finding import FINDING_COLUMNS

_COLUMNS = ", ".join(f'"{n}"' for n in FINDING_COLUMNS)
_KEY = "md5(to_json(struct_pack(" + ", ".join(f'"{n}" := "{n}"' for n in FINDING_COLUMNS) + "))::VARCHAR)"


def record(
    con: duckdb.DuckDBPyConnection, run: str, audited: pa.Table, findings: pa.Table, coverage: pa.Table
) -> None:
    """In the catalog's open transaction: the partitions ``audited`` (``day``, ``table_id``) were audited again by
    ``run`` and gave ``findings`` and ``coverage`` (each with a ``day`` column)."""
    con.register("audited", audited)
    con.register("run_findings", findings)
    con.register("run_coverage", coverage)
    try:
        con.execute(f"""
            CREATE OR REPLACE TEMP TABLE found AS
            SELECT day, {_COLUMNS}, key, row_number() OVER (PARTITION BY day, "table", key) AS occurrence
            FROM (SELECT *, {_KEY} AS key FROM run_findings)""")
        con.execute("""
            UPDATE findings f SET stopped_run = ?
            WHERE f.stopped_run IS NULL
              AND EXISTS (SELECT 1 FROM audited a WHERE a.day = f.day AND a.table_id = f."table")
              AND NOT EXISTS (SELECT 1 FROM found n WHERE n.day = f.day AND n."table" = f."table"
                              AND n.key = f.key AND n.occurrence = f.occurrence)""", [run])
        con.execute(f"""
            INSERT INTO findings
            SELECT n.day, {', '.join(f'n."{c}"' for c in FINDING_COLUMNS)}, n.key, n.occurrence, ?, NULL
            FROM found n WHERE NOT EXISTS (
              SELECT 1 FROM findings f WHERE f.stopped_run IS NULL AND f.day = n.day AND f."table" = n."table"
                AND f.key = n.key AND f.occurrence = n.occurrence)
            ORDER BY n.day, n."table", n.key, n.occurrence""", [run])
        con.execute("DELETE FROM coverage c WHERE EXISTS (SELECT 1 FROM audited a WHERE a.day = c.day "
                    "AND a.table_id = c.table_id)")
        con.execute("INSERT INTO coverage SELECT day, rule, table_id, missing, units FROM run_coverage "
                    "ORDER BY ALL")
        con.execute("DROP TABLE found")
    finally:
        for name in ("audited", "run_findings", "run_coverage"):
            con.unregister(name)
