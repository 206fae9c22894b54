"""A gaming day's audit result, assembled from the catalog, and its report folder.

The result is ``engine.audit.audit_result`` over the day as the catalog holds it: the events of its partitions,
the quarantined records of its files, the findings still open and the coverage, so the day's ``findings.json``,
``quarantine.json`` and ``summary.json`` are those ``auditor audit INBOX/DAY/`` writes for the same files."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import duckdb

from auditor.engine.audit import audit_result, connect
from auditor.engine.ruleset import Ruleset
from auditor.ingest.audit_names import name_order
from auditor.ingest.schema import load_schema
from auditor.model.finding import FINDING_COLUMNS
from auditor.model.result import AuditResult, InputFile
from auditor.nightly.partition import QUARANTINE_COLUMNS, read_parquet
from auditor.report.out_folder import claim, publish
from auditor.report.outputs import write_outputs

_COLUMNS = ", ".join(f'"{n}"' for n in FINDING_COLUMNS)


def _events(con: duckdb.DuckDBPyConnection, paths: list[str]) -> None:
    if paths:
        con.execute(f"CREATE VIEW events AS SELECT * FROM {read_parquet(tuple(paths))}")
        return
    typed = ", ".join(f"{f.column} {f.sql_type}" for f in load_schema().fields)
    con.execute(f"CREATE TABLE events (file VARCHAR, line BIGINT, {typed}, hand_key BIGINT, nth BIGINT)")


def day_result(catalog: duckdb.DuckDBPyConnection, root: Path, day: str, rulesets: dict[str, Ruleset]) -> AuditResult:
    """The audit result of ``day`` from the catalog ``catalog`` (a connection) kept in ``root``."""
    when = date.fromisoformat(day)
    files = catalog.execute(
        "SELECT name, format, size, sha256, records, quarantined, quarantine FROM files WHERE day = ?",
        [when]).fetchall()
    files.sort(key=lambda f: name_order(f[0]))
    inputs = [InputFile(name, fmt, size, sha, records, quarantined)
              for name, fmt, size, sha, records, quarantined, _ in files]
    events = [str(root / p) for (p,) in catalog.execute(
        "SELECT events FROM partitions WHERE day = ? ORDER BY table_id", [when]).fetchall()]
    quarantine = [str(root / f[6]) for f in files if f[6]]
    findings = catalog.sql(f"SELECT {_COLUMNS} FROM findings WHERE day = DATE '{day}' AND stopped_run IS NULL"
                           ).to_arrow_table()
    coverage = catalog.sql(f"SELECT rule, table_id, missing, units FROM coverage WHERE day = DATE '{day}'"
                           ).to_arrow_table()
    con = connect()
    try:
        # Every query of the result reads the day's partition files again: their footers are read once.
        con.execute("SET parquet_metadata_cache = true")
        _events(con, events)
        con.execute("CREATE VIEW tables AS SELECT table_id, game, config, file, line FROM events "
                    "WHERE event = 'table_open'")
        con.execute(f"CREATE TABLE quarantine ({QUARANTINE_COLUMNS})")
        if quarantine:
            con.execute(f"INSERT INTO quarantine SELECT * FROM {read_parquet(tuple(quarantine))}")
        con.register("day_findings", findings)
        con.register("day_coverage", coverage)
        con.execute("CREATE TABLE findings AS SELECT * FROM day_findings")
        con.execute("CREATE TABLE coverage AS SELECT * FROM day_coverage")
        games = [g for (g,) in con.execute("SELECT DISTINCT game FROM tables ORDER BY game").fetchall()]
        return audit_result(con, inputs, rulesets, games)
    finally:
        con.close()


def write_day_report(
    result: AuditResult, out: Path, *, pdf: bool, key: tuple[Path, bytes] | None, examples: int
) -> list[str]:
    """Write the day's report folder as ``auditor audit --out`` does: all its files replace the earlier ones in
    one step, or none does."""
    with claim(out, [], overwrite=True) as folder:
        return publish(folder, lambda staging: write_outputs(result, staging, pdf=pdf, key=key, examples=examples))
