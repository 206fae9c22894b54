"""Readers: turn one log file of any accepted format into raw records with provenance.

Every reader yields the same shape, an Arrow table ``(file, line, raw, error, last)``: ``raw`` is the record as a JSON
object text, ``error`` a reason the record could not even be read (``None`` otherwise), ``last`` marks the final
record of a file that does not end with a newline (a truncation candidate). Nothing is dropped: blank lines are not
records, every other line becomes a row."""

from __future__ import annotations

import codecs
import csv
import io
import json
from pathlib import Path

import duckdb
import pyarrow as pa
import pyarrow.compute as pc

from auditor.ingest.schema import load_schema

RAW_SCHEMA = pa.schema(
    [("file", pa.string()), ("line", pa.int64()), ("raw", pa.string()), ("error", pa.string()), ("last", pa.bool_())]
)

LOG_SUFFIXES = {
    ".jsonl": "jsonl", ".ndjson": "jsonl", ".csv": "csv", ".parquet": "parquet", ".phh": "phh", ".phhs": "phh",
}


def _table(file: str, lines: list[int], raws: list[str | None], errors: list[str | None], last: list[bool]) -> pa.Table:
    return pa.table(
        [pa.array([file] * len(lines), pa.string()), pa.array(lines, pa.int64()), pa.array(raws, pa.string()),
         pa.array(errors, pa.string()), pa.array(last, pa.bool_())],
        schema=RAW_SCHEMA,
    )


def read_jsonl(path: Path, name: str) -> pa.Table:
    """One JSON object per line; the JSON itself is parsed later, in DuckDB. A file of UTF-8 text is split in Arrow;
    one with a line that is not UTF-8 line by line (``_read_jsonl_lines``), to name that line."""
    data = path.read_bytes()
    if len(data) >= 2**31:
        return _read_jsonl_lines(data, name)
    try:
        text = pa.array([data], pa.binary()).cast(pa.string())  # checks that it is UTF-8
    except pa.ArrowInvalid:
        return _read_jsonl_lines(data, name)
    chunks = pc.split_pattern(text, "\n").flatten()
    # Not blank: ASCII whitespace is what bytes.strip() removes, exactly.
    records = pc.greater(pc.binary_length(pc.ascii_trim_whitespace(chunks)), 0)
    lines = pc.add(pc.indices_nonzero(records), 1).cast(pa.int64())
    n = len(lines)
    truncated = n > 0 and not data.endswith(b"\n") and lines[-1].as_py() == len(chunks)
    return pa.table(
        [pa.repeat(pa.scalar(name, pa.string()), n), lines, chunks.filter(records), pa.nulls(n, pa.string()),
         pa.array([False] * (n - 1) + [truncated] if n else [], pa.bool_())],
        schema=RAW_SCHEMA,
    )


def _read_jsonl_lines(data: bytes, name: str) -> pa.Table:
    """``read_jsonl`` line by line: a line that is not UTF-8 is a record with its error."""
    chunks = data.split(b"\n")
    ends_with_newline = data.endswith(b"\n")
    lines: list[int] = []
    raws: list[str | None] = []
    errors: list[str | None] = []
    for number, chunk in enumerate(chunks, start=1):
        if not chunk.strip():
            continue
        lines.append(number)
        try:
            raws.append(chunk.decode("utf-8"))
            errors.append(None)
        except UnicodeDecodeError as exc:
            raws.append(chunk.decode("utf-8", errors="replace"))
            errors.append(f"not UTF-8 text ({exc.reason} at byte {exc.start})")
    last = [False] * len(lines)
    if lines and not ends_with_newline and lines[-1] == len(chunks):
        last[-1] = True
    return _table(name, lines, raws, errors, last)


def _csv_error(exc: csv.Error) -> str:
    """The reason of a CSV parse error; a bare CR (``read_csv`` ends lines at LF only) is named as such."""
    if str(exc).startswith("new-line character seen in unquoted field"):
        return "a carriage return (CR) not followed by a line feed, outside quotes"
    return str(exc)


def _decode_csv(data: bytes) -> tuple[str, dict[int, str]]:
    """A CSV file's text without its byte-order mark, and the reason of each line (by number) that is not UTF-8;
    its bytes are kept as surrogate escapes, to be named, never read as text."""
    data = data.removeprefix(codecs.BOM_UTF8)
    try:
        return data.decode("utf-8"), {}
    except UnicodeDecodeError:
        pass
    bad: dict[int, str] = {}
    for number, chunk in enumerate(data.split(b"\n"), start=1):  # no UTF-8 character holds the byte of LF
        try:
            chunk.decode("utf-8")
        except UnicodeDecodeError as exc:
            bad[number] = f"{exc.reason} at byte {exc.start} of line {number}"
    return data.decode("utf-8", "surrogateescape"), bad


def _not_utf8(bad: dict[int, str], first: int, last: int) -> str | None:
    """Why the row of lines ``first`` to ``last`` is not UTF-8 text, or None."""
    reasons = [bad[n] for n in range(first, last + 1) if n in bad] if bad else []
    return f"not UTF-8 text ({'; '.join(reasons)})" if reasons else None


def _shown(cells: list[str]) -> str:
    """A refused row's cells as one text; a byte that is not UTF-8 shows as U+FFFD."""
    return ",".join(cells).encode("utf-8", "surrogateescape").decode("utf-8", "replace")


def read_csv(path: Path, name: str) -> pa.Table:
    """Header row of field names, then one event per row; an empty cell is an absent field. Lines end with LF (or
    CR LF): a bare CR is a character of its line, part of a quoted value, else a malformed row. A row with a byte
    that is not UTF-8 is refused, naming its line; every row is, when the byte is in the header."""
    decoded, bad = _decode_csv(path.read_bytes())
    reader = csv.reader(io.StringIO(decoded, newline="\n"), strict=True)
    lines: list[int] = []
    raws: list[str | None] = []
    errors: list[str | None] = []
    try:
        header = next(reader)
    except StopIteration:
        return _table(name, [], [], [], [])
    except csv.Error as exc:
        return _table(name, [1], [None], [f"unreadable CSV header: {_csv_error(exc)}"], [False])
    fields = {f.name for f in load_schema().fields}
    twice = sorted({h for h in header if h in fields and header.count(h) > 1})
    header_bad = _not_utf8(bad, 1, reader.line_num)
    ambiguous = "; ".join(
        ([f"the CSV header is {header_bad}: which field each cell is is unknown"] if header_bad else [])
        + ([f"the CSV header names {', '.join(twice)} twice: which cell is meant is unknown"] if twice else [])
    ) or None
    start = reader.line_num + 1
    if not any(h in fields for h in header):  # the first line is no header: keep it as the record it may be
        lines.append(1)
        raws.append(_shown(header))
        errors.append("; ".join(filter(None, [
            header_bad, "the CSV file's first line names no log field: a file without its header row?"])))
    while True:
        try:
            row = next(reader)
        except StopIteration:
            break
        except csv.Error as exc:  # an unterminated quote reads every line after it into this row: name them
            lines.append(start)
            raws.append(None)
            span = f" (lines {start} to {reader.line_num} read as one row)" if reader.line_num > start else ""
            errors.append(f"malformed CSV row: {_csv_error(exc)}{span}")
            start = reader.line_num + 1
            continue
        if not any(cell.strip() for cell in row):
            start = reader.line_num + 1
            continue
        lines.append(start)
        shape = ambiguous or (f"CSV row has {len(row)} fields, the header has {len(header)}"
                              if len(row) != len(header) else None)
        not_text = _not_utf8(bad, start, reader.line_num)
        if shape or not_text:
            raws.append(_shown(row))
            errors.append("; ".join(filter(None, [not_text, shape])))
        else:
            raws.append(json.dumps({k: v for k, v in zip(header, row) if v != ""}, ensure_ascii=False))
            errors.append(None)
        start = reader.line_num + 1
    last = [False] * len(lines)
    if lines and not decoded.endswith(("\n", "\r")):
        last[-1] = True
    return _table(name, lines, raws, errors, last)


def read_parquet(path: Path, name: str) -> pa.Table:
    """Columns named as the log fields; 1-based row numbers are the provenance. Values pass through text so that
    every format is validated by the same rules (a float amount that is not an exact decimal is refused). (A file
    whose columns are all log fields is validated from its columns instead, to the same effect: see
    ``validate.parquet_staged_sql``; this reader then only gives the text of its quarantined records.) The rows are
    numbered by ``row_number() OVER ()``, which keeps the file's order: ``file_row_number = true`` refuses a file
    with a column of that name, which is an unknown field like any other."""
    con = duckdb.connect(config={"threads": 1})
    try:
        columns = [row[0] for row in con.execute("DESCRIBE SELECT * FROM read_parquet(?)", [str(path)]).fetchall()]
        pairs = ", ".join(f"'{c.replace(chr(39), chr(39) * 2)}', \"{c.replace(chr(34), chr(34) * 2)}\"::VARCHAR" for c in columns)
        rows = con.sql(
            f"SELECT row_number() OVER () AS line, json_object({pairs})::VARCHAR AS raw "
            "FROM read_parquet(?) ORDER BY 1",
            params=[str(path)],
        ).to_arrow_table()
    except duckdb.Error as exc:
        return _table(name, [1], [None], [f"unreadable Parquet file: {exc}"], [False])
    finally:
        con.close()
    n = rows.num_rows
    return pa.table(
        [pa.array([name] * n, pa.string()), rows.column("line").cast(pa.int64()), rows.column("raw").cast(pa.string()),
         pa.nulls(n, pa.string()), pa.array([False] * n, pa.bool_())],
        schema=RAW_SCHEMA,
    )


def read_file(path: Path, name: str) -> pa.Table:
    """Dispatch on the file's suffix (see ``LOG_SUFFIXES``)."""
    from auditor.ingest.phh import read_phh  # phh imports RAW_SCHEMA from here

    kind = LOG_SUFFIXES[path.suffix.lower()]
    return {"jsonl": read_jsonl, "csv": read_csv, "parquet": read_parquet, "phh": read_phh}[kind](path, name)
