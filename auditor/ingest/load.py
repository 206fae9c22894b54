"""Ingest: read the log files (``discover.py`` finds them), validate every record, and load ``events`` and
``quarantine`` into DuckDB.

Tables created (see docs/log-format.md):
- ``events``: every accepted record, typed, with its provenance (``file``, ``line``) and its keys (``hand_key``,
  ``nth``);
- ``quarantine``: every refused record with ``file``, ``line``, ``reason``, ``raw`` and the keys it could be tied to
  (``table_id``, ``hand_id``, ``shoe_id``, ``seq``);
- ``tables``: one row per table, the validated configuration of its ``table_open``."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

import duckdb
import pyarrow as pa
import pyarrow.compute as pc

from auditor.db import scalar
from auditor.ingest.audit_names import LogFile
from auditor.ingest.config import validate_config
from auditor.ingest.discover import InputError, reads_as_pattern
from auditor.ingest.ranges import table_ranges
from auditor.ingest.readers import LOG_SUFFIXES, read_file
from auditor.ingest.schema import Schema, load_schema
from auditor.ingest.structure import structure_sql
from auditor.ingest.validate import fields_only, parquet_staged_sql, sql_string
from auditor.ingest.validate_json import staged_sql, typed_json_sql
from auditor.model.result import InputFile

if TYPE_CHECKING:
    from auditor.ingest.phh_batch import PhhBatch

INSERT_BATCH_ROWS = 500_000  # raw records gathered in Python before one INSERT (many small files, bounded memory)
STRUCTURE_ROWS = 500_000  # records checked for structure and sorted into ``events`` at a time (whole tables)
MAX_CHUNK_BYTES = 1 << 30  # below the 2 GiB of text an Arrow string array can hold
SCRATCH = "ingest_scratch"  # the ingest's own in-memory database, attached while it runs

# Files a simulator writes beside its logs: answer keys, not logs.


@dataclass(frozen=True)
class IngestResult:
    inputs: list[InputFile]
    events: int
    quarantined: int


def _sha256(path: Path) -> str:
    digest = hashlib.sha256()
    try:
        with path.open("rb") as handle:
            for block in iter(lambda: handle.read(1 << 20), b""):
                digest.update(block)
    except OSError as exc:
        raise InputError(f"{path}: cannot be read ({exc.strerror})") from exc
    return digest.hexdigest()


def _validate_configs(con: duckdb.DuckDBPyConnection) -> None:
    """Check every table_open's config in Python; a bad config becomes that record's error, a good one is
    stored normalised. A configuration that several tables give alike (PHH: a table a file) is checked once. One
    UPDATE for all tables."""
    schema = load_schema()
    rows = con.execute(
        f"SELECT rid, game, CAST(config AS VARCHAR), open_raw FROM {SCRATCH}.staged "
        "WHERE event = 'table_open' AND errors IS NULL"
    ).fetchall()
    outcome: dict[str, list] = {"rid": [], "errors": [], "config": []}
    checked: dict[tuple, tuple[str | None, str | None]] = {}
    for rid, game, text, record in rows:
        if (game, text, record) not in checked:
            normalised, errors = validate_config(schema, game, text, record)
            checked[game, text, record] = ("; ".join(errors) or None,
                                           None if errors else json.dumps(normalised, sort_keys=True))
        for key, value in zip(outcome, (rid, *checked[game, text, record])):
            outcome[key].append(value)
    if not rows:
        return
    con.register("config_outcome", pa.table(outcome))
    con.execute(
        f"""
        UPDATE {SCRATCH}.staged AS s
        SET errors = o.errors, config = coalesce(o.config::JSON, s.config)
        FROM config_outcome o WHERE s.rid = o.rid
        """
    )
    con.unregister("config_outcome")


def _create_scratch(con: duckdb.DuckDBPyConnection, schema: Schema, names: list[str]) -> None:
    """The working tables, in their own compressed in-memory database (detached at the end): ``staged`` (every
    record typed, with its ``errors`` (NULL when valid), without its text but for a ``table_open``) and ``files``."""
    con.execute(f"DETACH DATABASE IF EXISTS {SCRATCH}")
    con.execute(f"ATTACH ':memory:' AS {SCRATCH} (COMPRESS)")
    typed = ", ".join(f"{f.column} {f.sql_type}" for f in schema.fields)
    con.execute(f"CREATE TABLE {SCRATCH}.staged (rid BIGINT, fid INTEGER, line BIGINT, {typed}, errors VARCHAR, "
                "open_raw VARCHAR)")
    con.register("file_names", pa.table({"fid": pa.array(range(len(names)), pa.int32()), "file": names}))
    con.execute(f"CREATE TABLE {SCRATCH}.files AS SELECT * FROM file_names")
    con.unregister("file_names")


def _one_chunk(batch: pa.Table) -> pa.Table:
    """The batch in one chunk per column when its text fits one Arrow string array (``MAX_CHUNK_BYTES``): DuckDB
    scans each chunk on its own, and thousands of small files' chunks of a few dozen records (PHH: one hand a file)
    cost 6 times the validation of the same records in one chunk."""
    return batch.combine_chunks() if batch.nbytes < MAX_CHUNK_BYTES else batch


@dataclass(frozen=True)
class _Span:
    """The records read from one file: ``rid`` ``first`` to ``first + count - 1``, in the reader's order."""
    path: Path
    name: str  # the file's audit name, which its records carry
    fid: int
    first: int
    count: int


@dataclass(frozen=True)
class _Typed:
    """A Parquet file waiting for the typed path: its span and its columns (name, type)."""
    span: int  # index in the spans
    columns: tuple[tuple[str, str], ...]


def _parquet_columns(con: duckdb.DuckDBPyConnection, schema: Schema, path: Path) -> tuple[tuple, int] | None:
    """The columns and row count of a Parquet file that can take the typed path, else None."""
    name = sql_string(str(path))
    try:
        columns = tuple((r[0], r[1]) for r in con.execute(f"DESCRIBE SELECT * FROM read_parquet({name})").fetchall())
        rows = con.execute(f"SELECT num_rows FROM parquet_file_metadata({name})").fetchall()
    except duckdb.Error:
        return None
    if len(rows) != 1 or not fields_only(schema, columns):
        return None
    return columns, rows[0][0]


def _insert_parquet(
    con: duckdb.DuckDBPyConnection, schema: Schema, spans: list[_Span], group: list[_Typed]
) -> bool:
    """One INSERT of Parquet files of the same columns through the typed path; False if it failed or did not give
    the files' row counts (nothing is inserted then)."""
    paths = ", ".join(sql_string(str(spans[t.span].path)) for t in group)
    firsts = ", ".join(str(spans[t.span].first) for t in group)
    fids = ", ".join(str(spans[t.span].fid) for t in group)
    sql = parquet_staged_sql(schema, f"read_parquet([{paths}], file_row_number = true)", group[0].columns,
                             f"[{firsts}][file_index::BIGINT + 1] + file_row_number",
                             f"[{fids}][file_index::BIGINT + 1]")
    con.execute("BEGIN TRANSACTION")
    try:
        inserted = con.execute(f"INSERT INTO {SCRATCH}.staged BY NAME {sql}").fetchall()[0][0]
    except duckdb.Error:
        inserted = None
    if inserted != sum(spans[t.span].count for t in group):
        con.execute("ROLLBACK")
        return False
    con.execute("COMMIT")
    return True


def _insert_columns(con: duckdb.DuckDBPyConnection, schema: Schema, records: pa.Table) -> None:
    """Records that a reader gives as typed columns (``rid``, ``fid``, ``line`` and log fields: PHH), validated as
    the typed path validates a Parquet file of those columns."""
    if not records.num_rows:
        return
    con.register("typed_batch", records)
    columns = tuple((r[0], r[1]) for r in con.execute("DESCRIBE SELECT * FROM typed_batch").fetchall()
                    if r[0] not in ("rid", "fid", "line"))
    con.execute(f"INSERT INTO {SCRATCH}.staged BY NAME "
                f"{parquet_staged_sql(schema, 'typed_batch', columns, 'rid', 'fid', line='line')}")
    con.unregister("typed_batch")


def _insert_text(con: duckdb.DuckDBPyConnection, schema: Schema, batch: pa.Table) -> None:
    """Validate a batch of records given as JSON text (``rid, fid, line, raw, error, last``) into ``staged``: the
    records that the typed path reads as the text path would, through it; the rest through the text path."""
    con.register("raw_batch", _one_chunk(batch))
    try:
        typed = scalar(con, f"INSERT INTO {SCRATCH}.staged BY NAME {typed_json_sql(schema, 'raw_batch')}")
        if typed < batch.num_rows:
            first = pc.min(batch.column("rid")).as_py()
            rest = (f"(SELECT * FROM raw_batch ANTI JOIN (SELECT rid FROM {SCRATCH}.staged WHERE rid >= {first}) "
                    "USING (rid))")
            con.execute(f"INSERT INTO {SCRATCH}.staged BY NAME {staged_sql(schema, rest)}")
    finally:
        con.unregister("raw_batch")


def _stage(
    con: duckdb.DuckDBPyConnection, schema: Schema, files: list[LogFile], fids: dict[str, int],
    progress: Callable[[LogFile], None] | None,
) -> list[_Span]:
    """Read every file and validate its records batch by batch into ``staged``; ``rid`` numbers the records in
    reading order. The records' text is not kept (see ``_raw_texts``). Parquet files whose columns are all log
    fields take the typed path, several files of the same columns in one INSERT; PHH files are read into typed
    columns, a batch of files at a time; any other file, or one whose typed INSERT fails, is read as JSON text (which
    then gives its records or the reason it cannot)."""
    pending: list[pa.Table] = []
    refused: list[pa.Table] = []
    typed: list[_Typed] = []
    spans: list[_Span] = []
    next_rid = 0
    rows = 0  # since the last checkpoint

    phh: PhhBatch | None = None  # made at the first PHH file: the PHH reader's imports cost a short audit's start

    def read_text(index: int) -> None:
        nonlocal phh
        span = spans[index]
        if LOG_SUFFIXES[span.path.suffix.lower()] == "phh":
            if phh is None:
                from auditor.ingest.phh_batch import PhhBatch

                phh = PhhBatch()
            spans[index] = _Span(span.path, span.name, span.fid, span.first,
                                 phh.add(span.path, span.name, span.fid, span.first))
            return
        table = read_file(span.path, span.name)
        n = table.num_rows
        spans[index] = _Span(span.path, span.name, span.fid, span.first, n)
        pending.append(table.drop_columns(["file"]).append_column(
            "rid", pa.array(range(span.first, span.first + n), pa.int64())).append_column(
            "fid", pa.array([span.fid] * n, pa.int32())))

    def flush() -> None:
        groups: dict[tuple, list[_Typed]] = {}
        for t in typed:
            groups.setdefault(t.columns, []).append(t)
        for group in groups.values():
            if not _insert_parquet(con, schema, spans, group):
                for t in group:
                    if not _insert_parquet(con, schema, spans, [t]):
                        read_text(t.span)
        typed.clear()
        if phh is not None:
            events, raw, keys = phh.take()
            _insert_columns(con, schema, events)
            pending.extend([raw] if raw.num_rows else [])
            refused.extend([keys] if keys.num_rows else [])
        if pending:
            _insert_text(con, schema, pa.concat_tables(pending))
            pending.clear()
        if refused:
            con.register("refused_keys", _one_chunk(pa.concat_tables(refused)))
            con.execute(f"UPDATE {SCRATCH}.staged AS s SET table_id = k.table_id, hand_id = k.hand_id, seq = k.seq "
                        "FROM refused_keys k WHERE s.rid = k.rid")
            con.unregister("refused_keys")
            refused.clear()
        con.execute(f"CHECKPOINT {SCRATCH}")  # compresses what was just inserted

    for file in files:
        path, fid = file.path, fids[file.name]
        shape = None
        if LOG_SUFFIXES[path.suffix.lower()] == "parquet" and not reads_as_pattern(path):
            shape = _parquet_columns(con, schema, path)
        if shape is None:
            spans.append(_Span(path, file.name, fid, next_rid, 0))
            read_text(len(spans) - 1)
        else:
            spans.append(_Span(path, file.name, fid, next_rid, shape[1]))
            typed.append(_Typed(len(spans) - 1, shape[0]))
        next_rid += max(spans[-1].count, 1)  # room for the one record of a file that turns out unreadable
        rows += spans[-1].count
        if rows >= INSERT_BATCH_ROWS:
            flush()
            rows = 0
        if progress:
            progress(file)
    flush()
    return spans


def _events(con: duckdb.DuckDBPyConnection, schema: Schema) -> None:
    """The structure checks and ``events``, one range of tables at a time, in ``table_id`` order; the records they
    refuse go to ``problems``."""
    columns = ", ".join(f.column for f in schema.fields)
    typed = ", ".join(f"{f.column} {f.sql_type}" for f in schema.fields)
    con.execute(f"CREATE OR REPLACE TABLE events (file VARCHAR, line BIGINT, {typed}, hand_key BIGINT, nth BIGINT)")
    con.execute(f"CREATE TABLE {SCRATCH}.problems (rid BIGINT, problem VARCHAR)")
    last_hand_key = 0
    sizes = con.execute(
        f"SELECT table_id, count(*) FROM {SCRATCH}.staged WHERE errors IS NULL GROUP BY table_id ORDER BY table_id"
    ).fetchall()
    for tables in table_ranges(sizes, STRUCTURE_ROWS):
        where = f"errors IS NULL AND {tables.where()}"
        records = (f"(SELECT rid, fid, line, table_id, seq, event, hand_id, game, seat, shoe_id "
                   f"FROM {SCRATCH}.staged WHERE {where})")
        con.execute(f"CREATE OR REPLACE TABLE {SCRATCH}.keys AS "
                    f"{structure_sql(records, f'{SCRATCH}.files', last_hand_key)}")
        con.execute(
            f"INSERT INTO events SELECT f.file, s.line, {columns}, k.hand_key, k.nth "
            f"FROM (SELECT * FROM {SCRATCH}.staged WHERE {where}) s JOIN {SCRATCH}.keys k USING (rid) "
            f"JOIN {SCRATCH}.files f USING (fid) WHERE k.problem IS NULL ORDER BY s.table_id, s.seq"
        )
        con.execute(f"INSERT INTO {SCRATCH}.problems SELECT rid, problem FROM {SCRATCH}.keys WHERE problem IS NOT NULL")
        con.execute("CHECKPOINT")  # the range's events compressed now (in memory too), not the whole day at the end
        last_hand_key = scalar(con, f"SELECT coalesce(max(hand_key), {last_hand_key}) FROM {SCRATCH}.keys")
    con.execute(f"DROP TABLE IF EXISTS {SCRATCH}.keys")


def _raw_texts(con: duckdb.DuckDBPyConnection, spans: list[_Span]) -> None:
    """``raw``: the text of every record in ``bad``, read again from its file (readers are deterministic), so that
    the text of the accepted records is never kept. A file that no longer gives the same records is an error."""
    con.execute(f"CREATE TABLE {SCRATCH}.raw (rid BIGINT, raw VARCHAR)")
    fids = {r[0] for r in con.execute(f"SELECT DISTINCT fid FROM {SCRATCH}.bad").fetchall()}
    for span in spans:
        if span.fid not in fids:
            continue
        table = read_file(span.path, span.name)
        if table.num_rows != span.count:
            raise InputError(f"{span.path}: the file changed during the audit")
        con.register("raw_again", table.append_column(
            "rid", pa.array(range(span.first, span.first + span.count), pa.int64())))
        try:
            if con.execute(f"SELECT count(*) FROM raw_again a JOIN {SCRATCH}.bad b USING (rid) "
                           "WHERE a.line <> b.line").fetchall()[0][0]:
                raise InputError(f"{span.path}: the file changed during the audit")
            con.execute(f"INSERT INTO {SCRATCH}.raw SELECT rid, raw FROM raw_again SEMI JOIN {SCRATCH}.bad USING (rid)")
        finally:
            con.unregister("raw_again")


def _quarantine(con: duckdb.DuckDBPyConnection, spans: list[_Span]) -> None:
    """Every refused record with its text: record errors first, then the structure's problems, each in reading
    order."""
    con.execute(
        f"""
        CREATE TABLE {SCRATCH}.bad AS
        SELECT 0 AS part, rid, fid, line, errors AS reason, table_id, hand_id, shoe_id, seq
        FROM {SCRATCH}.staged WHERE errors IS NOT NULL
        UNION ALL
        SELECT 1, rid, s.fid, s.line, p.problem, s.table_id, s.hand_id, s.shoe_id, s.seq
        FROM {SCRATCH}.problems p JOIN {SCRATCH}.staged s USING (rid)
        """
    )
    _raw_texts(con, spans)
    con.execute(
        f"""
        CREATE OR REPLACE TABLE quarantine AS
        SELECT f.file, b.line, b.reason, r.raw, b.table_id, b.hand_id, b.shoe_id, b.seq
        FROM {SCRATCH}.bad b JOIN {SCRATCH}.files f USING (fid) LEFT JOIN {SCRATCH}.raw r USING (rid)
        ORDER BY b.part, b.rid
        """
    )


def ingest(
    con: duckdb.DuckDBPyConnection, files: list[LogFile], progress: Callable[[LogFile], None] | None = None
) -> IngestResult:
    """Read ``files`` into ``con``; creates ``events``, ``quarantine`` and ``tables``. Each file is read from its
    path; its records, and so the findings and the quarantine, carry its audit name.

    Memory: the records are validated batch by batch into a compressed scratch database, without their text
    (read again from their files for the quarantine only); the structure checks run on a narrow projection of
    whole tables, a range of tables at a time, and only their outcome per record is joined back."""
    schema = load_schema()
    con.execute("SET TimeZone = 'UTC'")
    names = sorted({f.name for f in files})
    try:
        _create_scratch(con, schema, names)
        spans = _stage(con, schema, files, {name: fid for fid, name in enumerate(names)}, progress)
        _validate_configs(con)
        _events(con, schema)
        _quarantine(con, spans)
    except OSError as exc:  # a file that became unreadable after discover() (or a failing disk)
        raise InputError(f"{exc.filename}: cannot be read ({exc.strerror})") from exc
    finally:
        con.execute(f"DETACH DATABASE IF EXISTS {SCRATCH}")
    con.execute(
        "CREATE OR REPLACE TABLE tables AS SELECT table_id, game, config, file, line FROM events "
        "WHERE event = 'table_open'"
    )
    counts = dict(con.execute("SELECT file, count(*) FROM events GROUP BY file").fetchall())
    bad = dict(con.execute("SELECT file, count(*) FROM quarantine GROUP BY file").fetchall())
    inputs = [
        InputFile(
            path=f.name, format=LOG_SUFFIXES[f.path.suffix.lower()], size=f.path.stat().st_size, sha256=_sha256(f.path),
            records=counts.get(f.name, 0) + bad.get(f.name, 0), quarantined=bad.get(f.name, 0),
        )
        for f in files
    ]
    return IngestResult(inputs=inputs, events=sum(counts.values()), quarantined=sum(bad.values()))
