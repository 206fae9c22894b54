"""Readers: turn one log file of any accepted format into raw records with provenance.

Every reader yields the same shape, an Arrow table ``(file, line, raw, error, last)``: ``raw`` is the record as a JSON
object text, ``error`` a reason the record could not even be read (``None`` otherwise), ``last`` marks the final
record of a file that does not end with a newline (a truncation candidate). Nothing is dropped: blank lines are not
records, every other line becomes a row."""

from __future__ import annotations

import codecs
from pathlib import Path

import duckdb
import pyarrow as pa
import pyarrow.compute as pc
import pyarrow.parquet as pq

from auditor.db import open_duckdb
from auditor.ingest.schema import load_schema
from auditor.ingest.validate import column_text, quoted_name, sql_string

RAW_SCHEMA = pa.schema(
    [("file", pa.string()), ("line", pa.int64()), ("raw", pa.string()), ("error", pa.string()), ("last", pa.bool_())]
)

LOG_SUFFIXES = {
    ".jsonl": "jsonl", ".ndjson": "jsonl", ".csv": "csv", ".parquet": "parquet", ".phh": "phh", ".phhs": "phh",
}


_FOREIGN_BOMS = ((codecs.BOM_UTF32_LE, "UTF-32"), (codecs.BOM_UTF32_BE, "UTF-32"), (codecs.BOM_UTF16_LE, "UTF-16"),
                 (codecs.BOM_UTF16_BE, "UTF-16"))  # UTF-32 first: its little-endian mark starts as UTF-16's


def foreign_encoding(data: bytes) -> str | None:
    """Why a file that starts with the byte-order mark of UTF-16 or UTF-32 (a spreadsheet's "Unicode text") cannot
    be read: its text is not UTF-8, and no line of it can be told apart as UTF-8 would. None for any other file."""
    name = next((name for bom, name in _FOREIGN_BOMS if data.startswith(bom)), None)
    return None if name is None else f"the file is {name} text (its byte-order mark says so): logs are UTF-8 text"


def raw_table(
    file: str, lines: list[int], raws: list[str | None], errors: list[str | None], last: list[bool]
) -> pa.Table:
    """The records of one file in the readers' shape (``RAW_SCHEMA``)."""
    return pa.table(
        [pa.array([file] * len(lines), pa.string()), pa.array(lines, pa.int64()), pa.array(raws, pa.string()),
         pa.array(errors, pa.string()), pa.array(last, pa.bool_())],
        schema=RAW_SCHEMA,
    )


def read_jsonl(path: Path, name: str) -> pa.Table:
    """One JSON object per line; the JSON itself is parsed later, in DuckDB. A file of UTF-8 text is split in Arrow;
    one with a line that is not UTF-8 line by line (``_read_jsonl_lines``), to name that line. A byte-order mark
    is not part of the first record (as in CSV and PHH); a file of UTF-16 or UTF-32 text is one refused record."""
    data = path.read_bytes()
    foreign = foreign_encoding(data)
    if foreign:
        return raw_table(name, [1], [None], [foreign], [False])
    data = data.removeprefix(codecs.BOM_UTF8)
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
    return raw_table(name, lines, raws, errors, last)


def _columns_problem(names: list[str]) -> str | None:
    """Why the columns named ``names`` cannot be told apart: a name given twice (DuckDB's names ignore case, and it
    renames a second ``seq`` ``seq_1``), or a column without a name (DuckDB names it ``C18``). None if they can."""
    alike: dict[str, list[str]] = {}
    for column in names:
        alike.setdefault(column.lower(), []).append(column)
    problems = ["the Parquet file has a column without a name"] if "" in alike else []
    for key, group in sorted(alike.items()):
        if key and len(group) > 1:
            case = "" if len(set(group)) == 1 else f" ({', '.join(sorted(group))}: DuckDB's names ignore case)"
            problems.append(f"the Parquet file names {key} twice{case}: which column is meant is unknown")
    return "; ".join(problems) or None


def read_parquet(path: Path, name: str) -> pa.Table:
    """Columns named as the log fields; 1-based row numbers are the provenance. Values pass through text so that
    every format is validated by the same rules (a float amount that is not an exact decimal is refused). (A file
    whose columns are all log fields is validated from its columns instead, to the same effect: see
    ``validate.parquet_staged_sql``; this reader then only gives the text of its quarantined records.) The rows are
    numbered by DuckDB's ``file_row_number``; a file with a column of that name, which DuckDB would refuse and which
    is an unknown field like any other, is numbered by ``row_number() OVER ()`` in a single-threaded scan, which keeps
    the file's order. Columns that cannot be told apart (``_columns_problem``) refuse every row."""
    con = open_duckdb(threads=1)
    try:
        described = con.execute("DESCRIBE SELECT * FROM read_parquet(?)", [str(path)]).fetchall()
        columns = [row[0] for row in described]
        kinds = {f.name: f.kind for f in load_schema().fields}
        pairs = ", ".join(f"{sql_string(c)}, {column_text(quoted_name(c), t, kinds.get(c))}" for c, t, *_ in described)
        numbered = ("row_number() OVER ()", "read_parquet(?)") if "file_row_number" in map(str.lower, columns) \
            else ("file_row_number + 1", "read_parquet(?, file_row_number = true)")
        rows = con.sql(
            f"SELECT {numbered[0]} AS line, json_object({pairs})::VARCHAR AS raw FROM {numbered[1]} ORDER BY 1",
            params=[str(path)],
        ).to_arrow_table()
        problem = _columns_problem(pq.read_schema(path).names)
    except (duckdb.Error, pa.ArrowException) as exc:
        # The file's audit name (the same wherever the logs lie), and DuckDB's first line: the query follows it.
        reason = str(exc).replace(str(path), name).split("\n")[0]
        return raw_table(name, [1], [None], [f"unreadable Parquet file: {reason}"], [False])
    finally:
        con.close()
    n = rows.num_rows
    return pa.table(
        [pa.array([name] * n, pa.string()), rows.column("line").cast(pa.int64()), rows.column("raw").cast(pa.string()),
         pa.array([problem] * n, pa.string()), pa.array([False] * n, pa.bool_())],
        schema=RAW_SCHEMA,
    )


def read_file(path: Path, name: str) -> pa.Table:
    """Dispatch on the file's suffix (see ``LOG_SUFFIXES``). The CSV and PHH readers (which import from here) are
    loaded only when a file of theirs is read: the PHH reader's imports are a good part of a short audit's start."""
    kind = LOG_SUFFIXES[path.suffix.lower()]
    if kind == "csv":
        from auditor.ingest.csv_reader import read_csv

        return read_csv(path, name)
    if kind == "phh":
        from auditor.ingest.phh import read_phh

        return read_phh(path, name)
    return {"jsonl": read_jsonl, "parquet": read_parquet}[kind](path, name)
