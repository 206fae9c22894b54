"""Writers of the log format (docs/log-format.md): JSON Lines, CSV and Parquet, one file per table.

Every writer takes events as (seq, ts, payload); the payload holds the event's fields without ``table_id``,
``game``, ``seq`` and ``ts``. CSV and Parquet have one column per schema property, in schema order, and carry
``config`` as a JSON string."""

from __future__ import annotations

import csv
import json
from collections.abc import Callable
from json.encoder import c_make_encoder, encode_basestring  # type: ignore[attr-defined]  # C encoder, not in typeshed
from pathlib import Path
from typing import Protocol

import pyarrow as pa
import pyarrow.parquet as pq

SCHEMA_PATH = Path(__file__).resolve().parents[1] / "ingest" / "event_schema.json"
FORMATS = ("jsonl", "csv", "parquet")
Row = tuple[int, str, dict]


# CPython's C encoder, built once: compact separators, non-ASCII kept (the file is UTF-8). json.dumps would build
# a new one for every record.
_compact_chunks = c_make_encoder(None, None, encode_basestring, None, ":", ",", False, False, True)


def schema_columns() -> dict[str, str]:
    """Property name -> x-type, in schema order."""
    schema = json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))
    return {name: spec["x-type"] for name, spec in schema["properties"].items()}


class Writer(Protocol):
    path: Path

    def write(self, rows: list[Row]) -> None: ...

    def close(self) -> None: ...


class JsonlWriter:
    """The fast path: a fixed prefix per table and a compact encoding of the payload."""

    def __init__(self, path: Path, table_id: str, game: str) -> None:
        self.path = path
        self.file = path.open("w", encoding="utf-8", newline="\n")
        self.prefix = f'{{"table_id":{json.dumps(table_id)},"game":{json.dumps(game)},"seq":'

    def write(self, rows: list[Row]) -> None:
        prefix, chunks = self.prefix, _compact_chunks
        self.file.write("".join(f'{prefix}{seq},"ts":"{ts}",{"".join(chunks(payload, 0))[1:]}\n'
                                for seq, ts, payload in rows))

    def close(self) -> None:
        self.file.close()


def _cell(value: object) -> object:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, dict):
        return json.dumps(value, separators=(",", ":"), ensure_ascii=False)
    return value


class CsvWriter:
    """Header: every schema property; an unused field is an empty cell; booleans ``true``/``false``."""

    def __init__(self, path: Path, table_id: str, game: str) -> None:
        self.path = path
        self.file = path.open("w", encoding="utf-8", newline="")
        self.csv = csv.writer(self.file, lineterminator="\n")
        self.columns = list(schema_columns())[4:]  # after table_id, game, seq, ts
        self.csv.writerow(["table_id", "game", "seq", "ts", *self.columns])
        self.head = (table_id, game)

    def write(self, rows: list[Row]) -> None:
        columns, head = self.columns, self.head
        self.csv.writerows([*head, seq, ts, *(_cell(payload.get(c)) for c in columns)] for seq, ts, payload in rows)

    def close(self) -> None:
        self.file.close()


class ParquetWriter:
    """Integers as int64, booleans as bool, everything else (money, timestamps, config) as text."""

    ARROW_TYPES = {"integer": pa.int64(), "boolean": pa.bool_()}
    BATCH = 65_536

    def __init__(self, path: Path, table_id: str, game: str) -> None:
        self.path = path
        self.schema = pa.schema([(name, self.ARROW_TYPES.get(x_type, pa.string()))
                                 for name, x_type in schema_columns().items()])
        self.writer = pq.ParquetWriter(path, self.schema)
        self.head = {"table_id": table_id, "game": game}
        self.rows: list[dict] = []

    def write(self, rows: list[Row]) -> None:
        for seq, ts, payload in rows:
            record = self.head | {"seq": seq, "ts": ts} | payload
            if "config" in record:
                record["config"] = _cell(record["config"])
            self.rows.append(record)
        if len(self.rows) >= self.BATCH:
            self.flush()

    def flush(self) -> None:
        if self.rows:
            self.writer.write_table(pa.Table.from_pylist(self.rows, schema=self.schema))
            self.rows = []

    def close(self) -> None:
        self.flush()
        self.writer.close()


def open_writer(fmt: str, directory: Path, table_id: str, game: str = "baccarat") -> Writer:
    """The writer of ``directory/<table_id>.<fmt>``."""
    kinds: dict[str, Callable[[Path, str, str], Writer]] = {"jsonl": JsonlWriter, "csv": CsvWriter,
                                                           "parquet": ParquetWriter}
    return kinds[fmt](directory / f"{table_id}.{fmt}", table_id, game)
