"""The CSV reader (one of ``readers``): a header row of field names, then one record per row, at its first line."""

from __future__ import annotations

import codecs
import csv
import io
import json
from pathlib import Path

import pyarrow as pa

from auditor.ingest.readers import foreign_encoding, raw_table
from auditor.ingest.schema import load_schema


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


class _Rows:
    """The records of a CSV file as they are read: ``(line, raw, error)``."""

    def __init__(self, text: str) -> None:
        self.physical = text.split("\n")
        self.cut = not text.endswith(("\n", "\r"))  # no final newline: the last record may be truncated
        self.lines: list[int] = []
        self.raws: list[str | None] = []
        self.errors: list[str | None] = []

    def add(self, line: int, raw: str, error: str | None) -> None:
        self.lines.append(line)
        self.raws.append(raw)
        self.errors.append(error)

    def at_end(self, line: int) -> str:
        """What a refused row that ends at ``line`` adds to its reason: that it may be truncated, when it ends the
        file and the file has no final newline."""
        return "; truncated record at end of file (no final newline)" if self.cut and line >= len(self.physical) else ""

    def refuse_lines(self, first: int, last: int, reason: str) -> None:
        """Lines ``first`` to ``last`` that do not make a row: each (but a blank one) a record of its own, with its
        text, so that every line of the file is counted and shown."""
        for number in range(first, min(last, len(self.physical)) + 1):
            text = self.physical[number - 1].removesuffix("\r")
            if text.strip():
                self.add(number, _shown([text]), reason)


def read_csv(path: Path, name: str) -> pa.Table:
    """Header row of field names, then one event per row; an empty cell is an absent field. Lines end with LF (or
    CR LF): a bare CR is a character of its line, part of a quoted value, else a malformed row. A row with a byte
    that is not UTF-8 is refused, naming its line; every row is, when the byte is in the header. What cannot be
    read as a row of the header's fields (a malformed row, an unterminated quote, a row of another length) is
    refused line by line, the last one as a truncated record when the file does not end with a newline. A file of
    UTF-16 or UTF-32 text is one refused record."""
    data = path.read_bytes()
    foreign = foreign_encoding(data)
    if foreign:
        return raw_table(name, [1], [None], [foreign], [False])
    decoded, bad = _decode_csv(data)
    reader = csv.reader(io.StringIO(decoded, newline="\n"), strict=True)
    rows = _Rows(decoded)
    try:
        header = next(reader)
    except StopIteration:
        return raw_table(name, [], [], [], [])
    except csv.Error as exc:
        rows.refuse_lines(1, len(rows.physical), f"unreadable CSV header: {_csv_error(exc)}")
        return raw_table(name, rows.lines, rows.raws, rows.errors, [False] * len(rows.lines))
    fields = {f.name for f in load_schema().fields}
    twice = sorted({h for h in header if h in fields and header.count(h) > 1})
    header_bad = _not_utf8(bad, 1, reader.line_num)
    ambiguous = "; ".join(
        ([f"the CSV header is {header_bad}: which field each cell is is unknown"] if header_bad else [])
        + ([f"the CSV header names {', '.join(twice)} twice: which cell is meant is unknown"] if twice else [])
    ) or None
    start = reader.line_num + 1
    if not any(h in fields for h in header):  # the first line is no header: keep it as the record it may be
        rows.refuse_lines(1, reader.line_num, "; ".join(filter(None, [
            header_bad, "the CSV file's first line names no log field: a file without its header row?"])))
    while True:
        try:
            row = next(reader)
        except StopIteration:
            break
        except csv.Error as exc:  # an unterminated quote reads every line after it into this row: name them
            span = f" (lines {start} to {reader.line_num} read as one row)" if reader.line_num > start else ""
            rows.refuse_lines(start, max(reader.line_num, start),
                              f"malformed CSV row: {_csv_error(exc)}{span}{rows.at_end(reader.line_num)}")
            start = reader.line_num + 1
            continue
        if not any(cell.strip() for cell in row):
            start = reader.line_num + 1
            continue
        not_text = _not_utf8(bad, start, reader.line_num)
        if len(row) != len(header) and not ambiguous:
            span = f" (lines {start} to {reader.line_num})" if reader.line_num > start else ""
            rows.refuse_lines(start, reader.line_num, "; ".join(filter(None, [
                not_text, f"CSV row has {len(row)} fields, the header has {len(header)}{span}"]))
                + rows.at_end(reader.line_num))
        elif ambiguous or not_text:
            rows.add(start, _shown(row), "; ".join(filter(None, [not_text, ambiguous])))
        else:
            rows.add(start, json.dumps({k: v for k, v in zip(header, row) if v != ""}, ensure_ascii=False), None)
        start = reader.line_num + 1
    last = [False] * len(rows.lines)
    if rows.lines and rows.cut:
        last[-1] = True
    return raw_table(name, rows.lines, rows.raws, rows.errors, last)
