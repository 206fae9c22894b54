"""Ingest: read the log files (``discover.py`` finds them), validate every record (``stage.py``), check each
table's configuration and structure, and load ``events`` and ``quarantine`` into DuckDB.

Tables created (see docs/log-format.md):
- ``events``: every accepted record, typed, with its provenance (``file``, ``line``) and its keys (``hand_key``,
  ``nth``);
- ``quarantine``: every refused record with ``file``, ``line``, ``reason``, ``raw`` and the keys it could be tied to
  (``table_id``, ``hand_id``, ``shoe_id``, ``seq``);
- ``tables``: one row per table, the validated configuration of its ``table_open``."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import duckdb
import pyarrow as pa

from auditor.db import scalar
from auditor.ingest.audit_names import LogFile
from auditor.ingest.config import validate_config
from auditor.ingest.discover import InputError
from auditor.ingest.ranges import table_ranges
from auditor.ingest.readers import LOG_SUFFIXES, read_file
from auditor.ingest.schema import Schema, load_schema
from auditor.ingest.stage import SCRATCH, Span, create_scratch, stage
from auditor.ingest.structure import structure_sql
from auditor.model.result import InputFile

STRUCTURE_ROWS = 500_000  # records checked for structure and sorted into ``events`` at a time (whole tables)


@dataclass(frozen=True)
class IngestResult:
    inputs: list[InputFile]
    events: int
    quarantined: int


_INVISIBLE = "'[\\p{C}\\p{Zl}\\p{Zp}]'"  # RE2: a control, format, private-use or line-separator character


def _visible(text: str) -> str:
    """SQL: ``text`` with each control, invisible or line-break character written as its code point (``<U+000A>``),
    so that a reason quoting a value is one line that shows what the value holds."""
    return (f"CASE WHEN regexp_matches({text}, {_INVISIBLE}) THEN array_to_string(list_transform(string_split("
            f"{text}, ''), lambda c: CASE WHEN regexp_matches(c, {_INVISIBLE}) THEN printf('<U+%04X>', unicode(c)) "
            f"ELSE c END), '') ELSE {text} END")


def _blocks(path: Path) -> Iterator[bytes]:
    """The file's bytes, a MiB at a time."""
    try:
        with path.open("rb") as handle:
            yield from iter(lambda: handle.read(1 << 20), b"")
    except OSError as exc:
        raise InputError(f"{path}: cannot be read ({exc.strerror})") from exc


def _sha256(path: Path) -> str:
    digest = hashlib.sha256()
    for block in _blocks(path):
        digest.update(block)
    return digest.hexdigest()


def _check_no_copies(files: list[LogFile], digests: dict[str, str]) -> None:
    """Two files of the same bytes (one log copied under two names) are an input error: the audit would count the
    log twice (PHH: a table is named after its file) or refuse every record of the copy as a duplicate. Files of
    whitespace alone hold no record, and are no log."""
    first: dict[str, LogFile] = {}
    for file in files:
        digest = digests[file.name]
        if digest in first and any(block.strip() for block in _blocks(file.path)):  # read again only for a copy
            raise InputError(f"{file.path} holds the same bytes as {first[digest].path}: one log under two names "
                             "would be audited twice; audit one of them")
        first.setdefault(digest, file)


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
        records = (f"(SELECT rid, fid, line, table_id, seq, event, hand_id, game, seat, player, shoe_id "
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


def _raw_texts(con: duckdb.DuckDBPyConnection, spans: list[Span]) -> None:
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


def _quarantine(con: duckdb.DuckDBPyConnection, spans: list[Span]) -> None:
    """Every refused record with its text: record errors first, then the structure's problems, each in reading
    order. A reason is one line: a control, invisible or line-break character that it quotes from the record is
    written as its code point."""
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
        SELECT f.file, b.line, {_visible('b.reason')} AS reason, r.raw, b.table_id, b.hand_id, b.shoe_id, b.seq
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
    digests = {f.name: _sha256(f.path) for f in files}
    _check_no_copies(files, digests)
    con.execute("SET TimeZone = 'UTC'")
    names = sorted({f.name for f in files})
    try:
        create_scratch(con, schema, names)
        spans = stage(con, schema, files, {name: fid for fid, name in enumerate(names)}, progress)
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
            path=f.name, format=LOG_SUFFIXES[f.path.suffix.lower()], size=f.path.stat().st_size, sha256=digests[f.name],
            records=counts.get(f.name, 0) + bad.get(f.name, 0), quarantined=bad.get(f.name, 0),
        )
        for f in files
    ]
    return IngestResult(inputs=inputs, events=sum(counts.values()), quarantined=sum(bad.values()))
