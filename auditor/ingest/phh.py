"""Reader for PHH poker hand histories (``.phh``: one hand, ``.phhs``: several): hold'em hands become the auditor's
events, anything else one quarantined record with its reason.

Tables and play order: ``phh_tables.py``. ``table_id`` is the file's name with its suffix (``":" + table`` when the
hand names its table; two files are read independently, so they never share a table, not even ``x.phh`` and
``x.phhs``). Each table is opened (``table_open``, on the ``variant`` line of its first hand) with the configuration
its hands share. ``seq`` counts from 0 per table in play order; a refused hand keeps its place (a ``seq`` of its
own, carried by its quarantined record with the table and hand), so that the hand after it is never compared with
the hand before it. ``hand_id`` is the ``hand`` field, else the file's stem (``.phh``) or the hand's table key
(``.phhs``). ``ts`` is the hand's date (``year``, ``month``, ``day``), with ``time`` when given."""

from __future__ import annotations

import datetime
import json
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

import pyarrow as pa

from auditor.ingest.phh_map import BETTING, EVENT_FIELDS, Event, map_hand, structure
from auditor.ingest.phh_parse import HandSource, PhhError, load_hands
from auditor.ingest.phh_tables import Place, missing_blinds, segments
from auditor.ingest.readers import foreign_encoding, raw_table
from auditor.ingest.schema import is_identifier

json_text = json.JSONEncoder(ensure_ascii=False).encode  # as json.dumps writes it
_AMOUNT = 2 + EVENT_FIELDS.index("amount")  # in an ``Event``
UNAUDITED = "PHH variant {} is not audited (hold'em NT and FT only)"


@dataclass(frozen=True)
class MappedHand:
    hand_id: str
    config: dict[str, Any]  # without chip_unit
    events: list[Event]
    open_line: int  # the line of ``variant``, where the table is opened
    source: HandSource


def _timestamp(src: HandSource) -> str | None:
    """ISO 8601 start of the hand from ``year``/``month``/``day`` (and ``time``); None when the date is incomplete."""
    parts = [p for p in (src.fields.get(k) for k in ("year", "month", "day")) if isinstance(p, int)
             and not isinstance(p, bool)]
    if len(parts) < 3:
        return None
    try:
        date = datetime.date(*parts)
    except (ValueError, OverflowError) as exc:
        raise PhhError(src.line_of("day"), f"invalid date {parts[0]}-{parts[1]}-{parts[2]}: {exc}") from None
    time = src.fields.get("time")
    return datetime.datetime.combine(date, time).isoformat() if isinstance(time, datetime.time) else date.isoformat()


def _place(src: HandSource, index: int) -> Place:
    """Where the hand sits: table, hand number and time when the source gives them (a bad date gives none)."""
    table, hand = src.fields.get("table"), src.fields.get("hand")
    try:
        ts = _timestamp(src)
    except PhhError:
        ts = None
    return Place(None if table is None else str(table), None if hand is None else str(hand), ts, index)


def _check_names(src: HandSource) -> None:
    """``table`` and ``hand`` name the table and the hand: an integer, or a string that is an identifier (a float
    would be read as Python writes it, 7.50 as 7.5; an empty or padded name makes an id that prints like another)."""
    for name in ("table", "hand"):
        value = src.fields.get(name)
        if value is None or (isinstance(value, int) and not isinstance(value, bool)):
            continue
        if not isinstance(value, str) or not is_identifier(value):
            shown = json.dumps(value, ensure_ascii=False, default=str)[:80]
            raise PhhError(src.line_of(name), f"field {name}: expected a printable identifier or an integer, "
                                              f"found {shown}")


def _map(src: HandSource, name: str) -> MappedHand | PhhError:
    """One hand, or the reason it cannot be audited."""
    variant = src.fields.get("variant")
    if variant is None:
        return PhhError(src.header_line, "field variant is missing")
    if not isinstance(variant, str) or variant not in BETTING:
        return PhhError(src.line_of("variant"), UNAUDITED.format(variant))
    try:
        _check_names(src)
        st = structure(src)
        events = map_hand(src, st)
        _timestamp(src)
    except PhhError as exc:
        return exc
    hand = src.fields.get("hand")
    hand_id = str(hand) if hand is not None else src.key or Path(name).stem
    return MappedHand(hand_id, st.config, events, src.line_of("variant"), src)


def _chip_unit(hands: list[MappedHand]) -> str:
    """"1", or the smallest decimal unit that the hands' amounts use."""
    amounts = [v for hand in hands for k, v in hand.config.items() if k.endswith(("_blind", "_bet"))]
    amounts += [e[_AMOUNT] for hand in hands for e in hand.events if e[_AMOUNT] is not None]
    places = max([len(a.partition(".")[2]) for a in amounts if "." in a], default=0)
    return "1" if places == 0 else f"0.{'0' * (places - 1)}1"


@dataclass(frozen=True)
class Refused:
    """A file or hand that cannot be audited: one record, the line concerned and its text, the reason, and the keys
    of the hand's place at a table when it has one."""

    line: int
    raw: str | None
    reason: str
    table_id: str | None = None
    hand_id: str | None = None
    seq: int | None = None


@dataclass(frozen=True)
class Played:
    """The records of one hand (or of a table's opening) at its table: ``events``, numbered from ``seq``."""

    table_id: str
    ts: str | None
    hand_id: str | None  # None for the table's opening
    seq: int
    events: list[Event]
    source: HandSource | None = None  # the hand as written (None for the table's opening)


@lru_cache(maxsize=1)
def _lines(text: str) -> list[str]:
    """The lines of the file being read, split once however many of its hands are refused (and not at all for a
    file without a refused hand)."""
    return text.split("\n")


def _refused(error: PhhError, text: str, keys: tuple = (None, None, None)) -> Refused:
    lines = _lines(text)
    raw = lines[error.line - 1] if 0 < error.line <= len(lines) else None
    return Refused(error.line, raw, error.reason, *keys)


def _records(sources: list[HandSource | PhhError], name: str, text: str) -> list[Refused | Played]:
    """The records of a file in reading order: the refused hands that have no place at a table, then table by table
    in play order every hand's events, or the hand refused with its keys."""
    items = {i: s if isinstance(s, PhhError) else _map(s, name) for i, s in enumerate(sources)}
    places = [_place(s, i) for i, s in enumerate(sources) if isinstance(s, HandSource)]
    hands = {i: item for i, item in items.items() if isinstance(item, MappedHand)}
    records: list[Refused | Played] = [_refused(item, text) for i, item in items.items()
                                       if isinstance(item, PhhError) and not isinstance(sources[i], HandSource)]
    by_index = {p.index: p for p in places}
    for segment in segments(name, places, {i: h.config for i, h in hands.items()}):
        mapped = [hands[i] for i in segment.hands if i in hands]
        missing = list(missing_blinds(segment.config))
        seq = 1
        for i in segment.hands:
            item, ts = items[i], by_index[i].ts
            if isinstance(item, MappedHand) and missing:
                item = PhhError(item.open_line, f"no hand at table {segment.table_id} posts the "
                                                f"{missing[0].replace('_', ' ')}: its amount is not in the source")
            if isinstance(item, PhhError):
                source = sources[i]  # a hand with its place at a table: a HandSource
                hand = by_index[i].hand or (source.key if isinstance(source, HandSource) else None) or Path(name).stem
                records.append(_refused(item, text, (segment.table_id, hand, seq)))
                seq += 1
                continue
            if item is mapped[0]:  # seq 0, kept for it, opens the table
                config = dict(segment.config, chip_unit=_chip_unit(mapped))
                records.append(Played(segment.table_id, ts, None, 0, [
                    (item.open_line, "table_open", *(None,) * (len(EVENT_FIELDS) - 1), config)]))
            records.append(Played(segment.table_id, ts, item.hand_id, seq, item.events, item.source))
            seq += len(item.events)
    return records


def read_records(path: Path, name: str) -> list[Refused | Played]:
    """Every event of the hold'em hands in ``path``, by hand; a TOML error or a hand that cannot be audited is one
    record with its reason (and, when the hand has its place at a table, the ``table_id``, ``hand_id`` and ``seq``
    it would have had). ``name`` is the file name the records carry."""
    data = path.read_bytes()
    foreign = foreign_encoding(data)
    if foreign:
        return [Refused(1, None, foreign)]
    try:
        text = data.decode("utf-8-sig")  # a byte-order mark is not TOML; CSV accepts it too
    except UnicodeDecodeError as exc:
        return [Refused(1, None, f"file is not UTF-8 text ({exc.reason} at byte {exc.start})")]
    return _records(load_hands(text, several=path.suffix.lower() == ".phhs"), name, text)


def event_text(played: Played, seq: int, event: Event) -> str:
    """One event of ``played`` as the JSON text of its record: ``{"table_id", "game", "seq", "event", "ts" (when
    known), "hand_id" (but for the table's opening), the event's fields}``, as ``json.dumps`` writes that object."""
    ts = f', "ts": {json_text(played.ts)}' if played.ts else ""
    hand = "" if played.hand_id is None else f', "hand_id": {json_text(played.hand_id)}'
    fields = "".join(f', "{k}": {json_text(v)}' for k, v in zip(EVENT_FIELDS, event[2:]) if v is not None)
    return (f'{{"table_id": {json_text(played.table_id)}, "game": "holdem", "seq": {seq}, '
            f'"event": {json_text(event[1])}{ts}{hand}{fields}}}')


def read_phh(path: Path, name: str) -> pa.Table:
    """The records of ``path`` in the readers' shape (``RAW_SCHEMA``), each event as the JSON text of its record, in
    the order of ``read_records``. (The ingest reads PHH files as typed columns, ``phh_batch.py``; this text is what
    the quarantine shows of an event that the ingest refuses.)"""
    lines: list[int] = []
    raws: list[str | None] = []
    errors: list[str | None] = []
    for record in read_records(path, name):
        if isinstance(record, Refused):
            lines.append(record.line)
            raws.append(record.raw)
            errors.append(record.reason)
            continue
        for seq, event in enumerate(record.events, start=record.seq):
            lines.append(event[0])
            raws.append(event_text(record, seq, event))
            errors.append(None)
    return raw_table(name, lines, raws, errors, [False] * len(lines))
