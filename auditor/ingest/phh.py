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
from pathlib import Path
from typing import Any

import pyarrow as pa

from auditor.ingest.phh_map import BETTING, Event, map_hand, structure
from auditor.ingest.phh_parse import HandSource, PhhError, load_hands
from auditor.ingest.phh_tables import Place, missing_blinds, segments
from auditor.ingest.readers import RAW_SCHEMA

_ENCODE = json.JSONEncoder(ensure_ascii=False).encode
UNAUDITED = "PHH variant {} is not audited (hold'em NT and FT only)"


@dataclass(frozen=True)
class MappedHand:
    hand_id: str
    config: dict[str, Any]  # without chip_unit
    events: list[Event]
    open_line: int  # the line of ``variant``, where the table is opened


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


def _map(src: HandSource, name: str) -> MappedHand | PhhError:
    """One hand, or the reason it cannot be audited."""
    variant = src.fields.get("variant")
    if variant is None:
        return PhhError(src.header_line, "field variant is missing")
    if not isinstance(variant, str) or variant not in BETTING:
        return PhhError(src.line_of("variant"), UNAUDITED.format(variant))
    try:
        st = structure(src)
        events = map_hand(src, st)
        _timestamp(src)
    except PhhError as exc:
        return exc
    hand = src.fields.get("hand")
    hand_id = str(hand) if hand is not None else src.key or Path(name).stem
    return MappedHand(hand_id, st.config, events, src.line_of("variant"))


def _places(text: str) -> int:
    return len(text.partition(".")[2])


def _chip_unit(hands: list[MappedHand]) -> str:
    """"1", or the smallest decimal unit that the hands' amounts use."""
    amounts = [v for hand in hands for k, v in hand.config.items() if k.endswith(("_blind", "_bet"))]
    amounts += [e["amount"] for hand in hands for _, e in hand.events if "amount" in e]
    places = max([0] + [_places(a) for a in amounts])
    return "1" if places == 0 else f"0.{'0' * (places - 1)}1"


def _envelope(table_id: str, ts: str | None, hand_id: str | None) -> tuple[str, str]:
    """The JSON text before a record's ``seq`` and the text between its ``event`` and its other fields; a record is
    ``{"table_id", "game", "seq", "event", "ts" (when known), "hand_id" (but for the table's opening), the event's
    fields}``, as ``json.dumps`` writes that object."""
    head = f'{{"table_id": {_ENCODE(table_id)}, "game": "holdem", "seq": '
    tail = (f', "ts": {_ENCODE(ts)}' if ts else "") + ("" if hand_id is None else f', "hand_id": {_ENCODE(hand_id)}')
    return head, tail


def _record(envelope: tuple[str, str], seq: int, event: dict[str, Any]) -> str:
    """One event (a dict whose first key is ``event``; no key of the envelope) in its envelope, as JSON text."""
    name = _ENCODE(event["event"])
    fields = _ENCODE(event)[len(name) + 10:]  # after '{"event": ' and the name: '}' or ', "key": value, ...}'
    return f'{envelope[0]}{seq}, "event": {name}{envelope[1]}{fields}'


Row = tuple[int, "str | None", "str | None", "str | None", "str | None", "int | None"]  # line, raw, error, keys


def _error_row(error: PhhError, text_lines: list[str], keys: tuple = (None, None, None)) -> Row:
    raw = text_lines[error.line - 1] if 0 < error.line <= len(text_lines) else None
    return (error.line, raw, error.reason, *keys)


def _rows(sources: list[HandSource | PhhError], name: str, text_lines: list[str]) -> list[Row]:
    """(line, raw, error, table_id, hand_id, seq) for every event and every refused hand, table by table in play
    order; the keys are given for a refused hand that has its place at a table."""
    items = {i: s if isinstance(s, PhhError) else _map(s, name) for i, s in enumerate(sources)}
    places = [_place(s, i) for i, s in enumerate(sources) if isinstance(s, HandSource)]
    hands = {i: item for i, item in items.items() if isinstance(item, MappedHand)}
    rows: list[Row] = [_error_row(item, text_lines) for i, item in items.items()
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
                rows.append(_error_row(item, text_lines, (segment.table_id, hand, seq)))
                seq += 1
                continue
            if item is mapped[0]:  # seq 0, kept for it, opens the table
                config = dict(segment.config, chip_unit=_chip_unit(mapped))
                rows.append((item.open_line, _record(_envelope(segment.table_id, ts, None), 0, {
                    "event": "table_open", "config": config}), None, None, None, None))
            envelope = _envelope(segment.table_id, ts, item.hand_id)
            for line, event in item.events:
                rows.append((line, _record(envelope, seq, event), None, None, None, None))
                seq += 1
    return rows


def read_phh(path: Path, name: str) -> pa.Table:
    """Every event of the hold'em hands in ``path``; a TOML error or a hand that cannot be audited is one record with
    its ``error`` (and, when the hand has its place at a table, the ``table_id``, ``hand_id`` and ``seq`` it would
    have had). ``name`` is the file name the records carry."""
    try:
        text = path.read_bytes().decode("utf-8-sig")  # a byte-order mark is not TOML; CSV accepts it too
    except UnicodeDecodeError as exc:
        rows: list[Row] = [(1, None, f"file is not UTF-8 text ({exc.reason} at byte {exc.start})", None, None, None)]
    else:
        rows = _rows(load_hands(text, several=path.suffix.lower() == ".phhs"), name, text.split("\n"))
    columns = list(zip(*rows)) if rows else [()] * 6
    table = pa.table(
        [pa.array([name] * len(rows), pa.string()), pa.array(columns[0], pa.int64()),
         pa.array(columns[1], pa.string()), pa.array(columns[2], pa.string()),
         pa.array([False] * len(rows), pa.bool_())],
        schema=RAW_SCHEMA,
    )
    return table.append_column("table_id", pa.array(columns[3], pa.string())).append_column(
        "hand_id", pa.array(columns[4], pa.string())).append_column("seq", pa.array(columns[5], pa.int64()))
