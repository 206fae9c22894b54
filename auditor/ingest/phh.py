"""Reader for PHH poker hand histories (``.phh``: one hand, ``.phhs``: several): hold'em hands become the auditor's
events, anything else one quarantined record with its reason.

Tables: a hand's table is the PHH ``table`` field within its file, else the file itself; ``table_id`` is the file's
name with its suffix (``":" + table`` when the field is given: two files are read independently, so they never
share a table, not even ``x.phh`` and ``x.phhs``). The first hand of a table opens it (``table_open``, on the
``variant`` line); a later hand whose betting structure differs from the table's is quarantined, since the log
format fixes it at ``table_open``.
``seq`` counts from 0 per table. ``hand_id`` is the ``hand`` field, else the file's stem (``.phh``) or the hand's
table key (``.phhs``). ``ts`` is the hand's date (``year``, ``month``, ``day``), with ``time`` when given."""

from __future__ import annotations

import datetime
import json
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pyarrow as pa

from auditor.ingest.phh_map import BETTING, Event, map_hand, structure
from auditor.ingest.phh_parse import HandSource, PhhError, load_hands
from auditor.ingest.readers import RAW_SCHEMA

_ENCODE = json.JSONEncoder(ensure_ascii=False).encode
UNAUDITED = "PHH variant {} is not audited (hold'em NT and FT only)"


@dataclass(frozen=True)
class MappedHand:
    table_id: str
    hand_id: str
    ts: str | None
    config: dict[str, Any]  # without chip_unit
    events: list[Event]
    open_line: int  # the line of ``variant``, where the table is opened


def _timestamp(src: HandSource) -> str | None:
    """ISO 8601 start of the hand from ``year``/``month``/``day`` (and ``time``); None when the date is incomplete."""
    parts = [src.fields.get(k) for k in ("year", "month", "day")]
    if not all(isinstance(p, int) and not isinstance(p, bool) for p in parts):
        return None
    try:
        date = datetime.date(*parts)
    except (ValueError, OverflowError) as exc:
        raise PhhError(src.line_of("day"), f"invalid date {parts[0]}-{parts[1]}-{parts[2]}: {exc}") from None
    time = src.fields.get("time")
    return datetime.datetime.combine(date, time).isoformat() if isinstance(time, datetime.time) else date.isoformat()


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
        ts = _timestamp(src)
    except PhhError as exc:
        return exc
    table = src.fields.get("table")
    table_id = name if table is None else f"{name}:{table}"
    hand = src.fields.get("hand")
    hand_id = str(hand) if hand is not None else src.key or Path(name).stem
    return MappedHand(table_id, hand_id, ts, st.config, events, src.line_of("variant"))


def _places(text: str) -> int:
    return len(text.partition(".")[2])


def _chip_units(hands: list[MappedHand]) -> dict[str, str]:
    """Per table: "1", or the smallest decimal unit that its amounts use."""
    places: dict[str, int] = defaultdict(int)
    for hand in hands:
        amounts = [v for k, v in hand.config.items() if k.endswith(("_blind", "_bet"))]
        amounts += [e["amount"] for _, e in hand.events if "amount" in e]
        places[hand.table_id] = max([places[hand.table_id]] + [_places(a) for a in amounts])
    return {table: "1" if p == 0 else f"0.{'0' * (p - 1)}1" for table, p in places.items()}


def _same_structure(items: list[MappedHand | PhhError]) -> list[MappedHand | PhhError]:
    """Hands whose table configuration differs from the first hand's at their table become errors."""
    first: dict[str, dict[str, Any]] = {}
    checked: list[MappedHand | PhhError] = []
    for item in items:
        if isinstance(item, MappedHand) and first.setdefault(item.table_id, item.config) != item.config:
            item = PhhError(item.open_line, f"hand {item.hand_id} changes the configuration of table {item.table_id} "
                                            f"({item.config} after {first[item.table_id]})")
        checked.append(item)
    return checked


def _envelope(table_id: str, seq: int, ts: str | None, hand_id: str | None, event: dict[str, Any]) -> str:
    record = {"table_id": table_id, "game": "holdem", "seq": seq, "event": event["event"]}
    if ts:
        record["ts"] = ts
    if hand_id is not None:
        record["hand_id"] = hand_id
    record.update((k, v) for k, v in event.items() if k != "event")
    return _ENCODE(record)


def _rows(items: list[MappedHand | PhhError], text_lines: list[str]) -> list[tuple[int, str | None, str | None]]:
    """(line, raw, error) for every event and every refused hand, in file order."""
    hands = [i for i in items if isinstance(i, MappedHand)]
    units = _chip_units(hands)
    seq: dict[str, int] = defaultdict(int)
    rows: list[tuple[int, str | None, str | None]] = []
    for item in items:
        if isinstance(item, PhhError):
            raw = text_lines[item.line - 1] if 0 < item.line <= len(text_lines) else None
            rows.append((item.line, raw, item.reason))
            continue
        events = item.events
        if item.table_id not in seq:
            config = dict(item.config, chip_unit=units[item.table_id])
            events = [(item.open_line, {"event": "table_open", "config": config})] + events
        for line, event in events:
            hand_id = None if event["event"] == "table_open" else item.hand_id
            rows.append((line, _envelope(item.table_id, seq[item.table_id], item.ts, hand_id, event), None))
            seq[item.table_id] += 1
    return rows


def read_phh(path: Path, name: str) -> pa.Table:
    """Every event of the hold'em hands in ``path``; a TOML error or a hand that cannot be audited is one record with
    its ``error``. ``name`` is the file name the records carry."""
    try:
        text = path.read_bytes().decode("utf-8-sig")  # a byte-order mark is not TOML; CSV accepts it too
    except UnicodeDecodeError as exc:
        rows = [(1, None, f"file is not UTF-8 text ({exc.reason} at byte {exc.start})")]
    else:
        loaded = load_hands(text, several=path.suffix.lower() == ".phhs")
        items = [h if isinstance(h, PhhError) else _map(h, name) for h in loaded]
        rows = _rows(_same_structure(items), text.split("\n"))
    return pa.table(
        [pa.array([name] * len(rows), pa.string()), pa.array([r[0] for r in rows], pa.int64()),
         pa.array([r[1] for r in rows], pa.string()), pa.array([r[2] for r in rows], pa.string()),
         pa.array([False] * len(rows), pa.bool_())],
        schema=RAW_SCHEMA,
    )
