"""PHH files read for the ingest as typed columns: the events of many files gathered into one Arrow table, never
as per-event JSON text (which only the quarantine needs: ``phh.read_phh``).

A batch gives the ingest four tables (``take``): ``typed``, every event as the log fields' columns (``seq`` and
``seat`` integers, ``all_in`` a boolean, the others text, ``config`` its JSON text), which the ingest validates as
it does a Parquet file of those columns; ``raw``, the refused hands and files in the readers' shape, validated as
text (their ``error`` is their reason); ``keys``, the place of each refused hand at its table; and ``copies``, the
records of each hand read before (``phh_copies.py``), with the reason they are refused. Each record carries ``rid``
(the file's first ``rid`` plus its place in ``read_records``'s order) and the file's ``fid``."""

from __future__ import annotations

from pathlib import Path

import pyarrow as pa

from auditor.ingest.phh import Played, Refused, json_text, read_records
from auditor.ingest.phh_copies import COPY, Copies
from auditor.ingest.phh_map import EVENT_FIELDS

_CHUNK_ROWS = 1 << 16  # events held as Python objects before they become Arrow arrays (bounded memory)
_ENVELOPE = (("rid", pa.int64()), ("fid", pa.int32()), ("table_id", pa.string()), ("seq", pa.int64()),
             ("ts", pa.string()), ("hand_id", pa.string()))
_TYPES = {"seat": pa.int64(), "all_in": pa.bool_()}  # the other fields are text
TYPED_SCHEMA = pa.schema([*_ENVELOPE, ("line", pa.int64()), ("event", pa.string()),
                          *((name, _TYPES.get(name, pa.string())) for name in EVENT_FIELDS)])
REFUSED_SCHEMA = pa.schema([("line", pa.int64()), ("raw", pa.string()), ("error", pa.string()),
                            ("last", pa.bool_()), ("rid", pa.int64()), ("fid", pa.int32())])
KEYS_SCHEMA = pa.schema([("table_id", pa.string()), ("hand_id", pa.string()), ("seq", pa.int64()),
                         ("rid", pa.int64())])
COPIES_SCHEMA = pa.schema([("rid", pa.int64()), ("reason", pa.string())])
_CONFIG = 2 + EVENT_FIELDS.index("config")  # in an event
_EVENT_STRUCT = pa.struct(list(TYPED_SCHEMA)[len(_ENVELOPE):])  # an event: (line, event, then EVENT_FIELDS)


class PhhBatch:
    """The records of the PHH files added since the last ``take``."""

    def __init__(self) -> None:
        self._envelope: tuple[list, ...] = tuple([] for _ in _ENVELOPE)
        self._events: list[tuple] = []
        self._chunks: list[pa.RecordBatch] = []
        self._refused: list[tuple] = []
        self._hands = Copies()  # every hand read in the audit, not only in the batch
        self._copies: dict[str, list] = {"rid": [], "reason": []}

    def add(self, path: Path, name: str, fid: int, first: int) -> int:
        """Read the file ``path`` (its records named ``name``) with ``rid`` from ``first``; returns its record count."""
        rid = first
        rids, fids, tables, seqs, stamps, hands = self._envelope
        openings: dict[str, range] = {}
        copied: dict[str, str] = {}  # a table's first copy's reason, unless a hand of it is read here first
        for record in read_records(path, name):
            if isinstance(record, Refused):
                self._refused.append((record.line, record.raw, record.reason, False, rid, fid, record.table_id,
                                      record.hand_id, record.seq))
                rid += 1
                continue
            n = len(record.events)
            rids.extend(range(rid, rid + n))
            seqs.extend(range(record.seq, record.seq + n))
            fids.extend([fid] * n)
            tables.extend([record.table_id] * n)
            stamps.extend([record.ts] * n)
            hands.extend([record.hand_id] * n)
            if record.hand_id is None:  # the table's opening: its configuration as JSON text
                self._events.extend(_with_config_text(record))
            else:
                self._events.extend(record.events)
            self._note(record, name, range(rid, rid + n), openings, copied)
            rid += n
        for table, reason in copied.items():
            if reason and table in openings:
                self._copy(openings[table], f"table {table} holds no hand but copies; its first: {reason}")
        if len(self._events) >= _CHUNK_ROWS:
            self._chunk()
        return rid - first

    def _note(self, record: Played, name: str, rids: range, openings: dict[str, range], copied: dict[str, str]
              ) -> None:
        """Refuse ``record`` (its ``rids``) if it is a hand read before; note a table's opening, and whether a
        hand of the table is read here first (its ``copied`` reason is then empty)."""
        if record.source is None:
            openings[record.table_id] = rids
            return
        first = self._hands.first_reading(record.source, name)
        if first is None:
            copied[record.table_id] = ""
            return
        copied.setdefault(record.table_id, COPY.format(first))
        self._copy(rids, COPY.format(first))

    def _copy(self, rids: range, reason: str) -> None:
        self._copies["rid"].extend(rids)
        self._copies["reason"].extend([reason] * len(rids))

    def _chunk(self) -> None:
        if not self._events:
            return
        envelope = [pa.array(c, f.type) for c, f in zip(self._envelope, TYPED_SCHEMA)]
        events = pa.array(self._events, _EVENT_STRUCT).flatten()  # the tuples read by Arrow: no transposition
        self._chunks.append(pa.RecordBatch.from_arrays([*envelope, *events], schema=TYPED_SCHEMA))
        for column in self._envelope:
            column.clear()
        self._events.clear()

    def take(self) -> tuple[pa.Table, pa.Table, pa.Table, pa.Table]:
        """The ``typed``, ``raw``, ``keys`` and ``copies`` tables of the records added (see the module); the batch
        is then empty."""
        self._chunk()
        typed = pa.Table.from_batches(self._chunks, TYPED_SCHEMA).add_column(
            2, "game", pa.repeat(pa.scalar("holdem"), sum(len(c) for c in self._chunks)))
        raw = pa.Table.from_pylist([dict(zip(REFUSED_SCHEMA.names, r)) for r in self._refused], REFUSED_SCHEMA)
        keys = pa.Table.from_pylist([dict(zip(KEYS_SCHEMA.names, r[6:] + r[4:5])) for r in self._refused
                                     if r[6] is not None], KEYS_SCHEMA)
        copies = pa.table(self._copies, COPIES_SCHEMA)
        self._chunks, self._refused, self._copies = [], [], {"rid": [], "reason": []}
        return typed, raw, keys, copies


def _with_config_text(played: Played) -> list[tuple]:
    return [(*event[:_CONFIG], json_text(event[_CONFIG])) for event in played.events]
