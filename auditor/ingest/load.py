"""Ingest: discover log files, read them, validate every record, and load ``events`` and ``quarantine`` into DuckDB.

Tables created (see docs/log-format.md):
- ``events``: every accepted record, typed, with its provenance (``file``, ``line``) and its keys (``hand_key``, ``nth``);
- ``quarantine``: every refused record with ``file``, ``line``, ``reason``, ``raw`` and the keys it could be tied to;
- ``tables``: one row per table, the validated configuration of its ``table_open``."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path

import duckdb
import pyarrow as pa

from auditor.ingest.config import validate_config
from auditor.ingest.readers import LOG_SUFFIXES, RAW_SCHEMA, read_file
from auditor.ingest.schema import load_schema
from auditor.ingest.structure import STRUCTURE_SQL
from auditor.ingest.validate import staged_sql
from auditor.model.result import InputFile

INSERT_BATCH_ROWS = 500_000  # raw records gathered in Python before one INSERT (many small files, bounded memory)

# Files a simulator writes beside its logs: answer keys, not logs.
NOT_LOGS = frozenset({"labels.jsonl"})


class InputError(Exception):
    """A path or file that cannot be audited at all (missing, unreadable, not a log)."""


@dataclass(frozen=True)
class IngestResult:
    inputs: list[InputFile]
    events: int
    quarantined: int


def discover(paths: Iterable[Path]) -> list[Path]:
    """Log files named by ``paths`` (files, or folders searched recursively), in a stable order."""
    found: list[Path] = []
    for path in paths:
        if path.is_dir():
            found += [
                p for p in sorted(path.rglob("*"))
                if p.is_file() and p.suffix.lower() in LOG_SUFFIXES and p.name not in NOT_LOGS
            ]
        elif path.is_file():
            if path.suffix.lower() not in LOG_SUFFIXES:
                raise InputError(f"{path}: not a log file (accepted: {', '.join(sorted(LOG_SUFFIXES))})")
            found.append(path)
        else:
            raise InputError(f"{path}: no such file or folder")
    unique = sorted(set(found), key=str)
    if not unique:
        raise InputError("no log files found in " + ", ".join(str(p) for p in paths))
    return unique


def _sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def _validate_configs(con: duckdb.DuckDBPyConnection) -> None:
    """Check every table_open's config in Python; a bad config becomes that record's error, a good one is
    stored normalised. One UPDATE for all tables."""
    schema = load_schema()
    rows = con.execute(
        "SELECT file, line, seq, game, CAST(config AS VARCHAR) FROM staged "
        "WHERE event = 'table_open' AND len(errors) = 0"
    ).fetchall()
    outcome = {"file": [], "line": [], "seq": [], "errors": [], "config": []}
    for file, line, seq, game, text in rows:
        normalised, errors = validate_config(schema, game, text)
        for key, value in zip(outcome, (file, line, seq, errors,
                                         None if errors else json.dumps(normalised, sort_keys=True))):
            outcome[key].append(value)
    if not rows:
        return
    con.register("config_outcome", pa.table(outcome))
    con.execute(
        """
        UPDATE staged SET errors = list_concat(staged.errors, o.errors), config = coalesce(o.config::JSON, staged.config)
        FROM config_outcome o
        WHERE staged.file = o.file AND staged.line = o.line AND staged.seq = o.seq AND staged.event = 'table_open'
        """
    )
    con.unregister("config_outcome")


def ingest(
    con: duckdb.DuckDBPyConnection, files: list[Path], progress: Callable[[Path], None] | None = None
) -> IngestResult:
    """Read ``files`` into ``con``; creates ``events``, ``quarantine`` and ``tables``."""
    schema = load_schema()
    con.execute("SET TimeZone = 'UTC'")
    con.register("raw_empty", RAW_SCHEMA.empty_table())
    con.execute("CREATE OR REPLACE TEMP TABLE raw_records AS SELECT * FROM raw_empty")
    con.unregister("raw_empty")
    formats: dict[str, str] = {}
    pending: list[pa.Table] = []

    def flush() -> None:
        con.register("raw_batch", pa.concat_tables(pending))
        con.execute("INSERT INTO raw_records SELECT * FROM raw_batch")
        con.unregister("raw_batch")
        pending.clear()

    rows = 0
    for path in files:
        pending.append(read_file(path, str(path)))
        rows += pending[-1].num_rows
        formats[str(path)] = LOG_SUFFIXES[path.suffix.lower()]
        if rows >= INSERT_BATCH_ROWS:
            flush()
            rows = 0
        if progress:
            progress(path)
    if pending:
        flush()
    con.execute(f"CREATE OR REPLACE TEMP TABLE staged AS {staged_sql(schema)}")
    con.execute("DROP TABLE raw_records")
    _validate_configs(con)
    con.execute(STRUCTURE_SQL)
    columns = ", ".join(f.column for f in schema.fields)
    # Two keys given once here, so that the checks neither sort the day again nor join on strings:
    # ``hand_key``, the coup or hand's number in the day, and ``nth``, the event's number among the events of its
    # type in its coup or hand (the third deal has nth 3).
    con.execute(f"CREATE OR REPLACE TABLE events AS SELECT file, line, {columns}, hand_key, "
                "CASE WHEN hand_key IS NOT NULL THEN row_number() OVER (PARTITION BY hand_key, event ORDER BY seq) END AS nth "
                "FROM checked WHERE problem IS NULL ORDER BY table_id, seq")
    con.execute(
        """
        CREATE OR REPLACE TABLE quarantine AS
        SELECT file, line, array_to_string(errors, '; ') AS reason, raw,
               key_table_id AS table_id, key_hand_id AS hand_id, key_shoe_id AS shoe_id
        FROM staged WHERE len(errors) > 0
        UNION ALL
        SELECT file, line, problem, raw, table_id, hand_id, shoe_id FROM checked WHERE problem IS NOT NULL
        """
    )
    con.execute("DROP TABLE staged")
    con.execute("DROP TABLE checked")
    con.execute(
        "CREATE OR REPLACE TABLE tables AS SELECT table_id, game, config, file, line FROM events "
        "WHERE event = 'table_open'"
    )
    counts = dict(con.execute("SELECT file, count(*) FROM events GROUP BY file").fetchall())
    bad = dict(con.execute("SELECT file, count(*) FROM quarantine GROUP BY file").fetchall())
    inputs = [
        InputFile(
            path=str(p), format=formats[str(p)], size=p.stat().st_size, sha256=_sha256(p),
            records=counts.get(str(p), 0) + bad.get(str(p), 0), quarantined=bad.get(str(p), 0),
        )
        for p in files
    ]
    return IngestResult(inputs=inputs, events=sum(counts.values()), quarantined=sum(bad.values()))
