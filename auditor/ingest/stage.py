"""Staging: read every log file and validate its records into the ingest's scratch table ``staged`` (each record
typed, with its ``errors``, NULL when valid), batch by batch, by the cheapest path that gives the same rows: Parquet
files from their typed columns, PHH hands as typed columns, any other record as JSON text (``validate_json.py``).
``load.py`` then checks the tables' configurations and structure, and writes ``events`` and ``quarantine``."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

import duckdb
import pyarrow as pa
import pyarrow.compute as pc

from auditor.db import scalar
from auditor.ingest.audit_names import LogFile
from auditor.ingest.discover import reads_as_pattern
from auditor.ingest.readers import LOG_SUFFIXES, read_file
from auditor.ingest.schema import Schema
from auditor.ingest.validate import fields_only, parquet_staged_sql, sql_string
from auditor.ingest.validate_json import staged_sql, typed_json_sql

if TYPE_CHECKING:
    from auditor.ingest.phh_batch import PhhBatch

INSERT_BATCH_ROWS = 500_000  # raw records gathered in Python before one INSERT (many small files, bounded memory)
MAX_CHUNK_BYTES = 1 << 30  # below the 2 GiB of text an Arrow string array can hold
SCRATCH = "ingest_scratch"  # the ingest's own in-memory database, attached while it runs


def create_scratch(con: duckdb.DuckDBPyConnection, schema: Schema, names: list[str]) -> None:
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
class Span:
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
    con: duckdb.DuckDBPyConnection, schema: Schema, spans: list[Span], group: list[_Typed]
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


def _refuse_copies(con: duckdb.DuckDBPyConnection, copies: pa.Table) -> None:
    """The records of each PHH hand read before (``phh_copies.py``) refused, their reason first."""
    if not copies.num_rows:
        return
    con.register("copies", copies)
    con.execute(f"UPDATE {SCRATCH}.staged AS s SET errors = concat_ws('; ', c.reason, s.errors) "
                "FROM copies c WHERE s.rid = c.rid")
    con.unregister("copies")


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


def stage(
    con: duckdb.DuckDBPyConnection, schema: Schema, files: list[LogFile], fids: dict[str, int],
    progress: Callable[[LogFile], None] | None,
) -> list[Span]:
    """Read every file and validate its records batch by batch into ``staged``; ``rid`` numbers the records in
    reading order. The records' text is not kept (``load._raw_texts`` reads it again). Parquet files whose columns
    are all log fields take the typed path, several files of the same columns in one INSERT; PHH files are read into
    typed columns, a batch of files at a time; any other file, or one whose typed INSERT fails, is read as JSON text
    (which then gives its records or the reason it cannot)."""
    pending: list[pa.Table] = []
    refused: list[pa.Table] = []
    typed: list[_Typed] = []
    spans: list[Span] = []
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
            spans[index] = Span(span.path, span.name, span.fid, span.first,
                                 phh.add(span.path, span.name, span.fid, span.first))
            return
        table = read_file(span.path, span.name)
        n = table.num_rows
        spans[index] = Span(span.path, span.name, span.fid, span.first, n)
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
            events, raw, keys, copies = phh.take()
            _insert_columns(con, schema, events)
            _refuse_copies(con, copies)
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
            spans.append(Span(path, file.name, fid, next_rid, 0))
            read_text(len(spans) - 1)
        else:
            spans.append(Span(path, file.name, fid, next_rid, shape[1]))
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
