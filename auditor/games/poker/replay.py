"""Strict replay for every poker game: a game's events from DuckDB, in table and ``seq`` order, become hands.

Events stream as Arrow batches, one query per range of tables (never the whole day in Python, nor in one sort).
Each game passes in the columns it reads and a ``HandReplay`` that turns one hand's events into its record (the
per-event dispatch); the loop here keeps the tables apart, marks tainted hands and links each hand to the table's
previous one. The replay follows the log as written and records what it met, never what it would have liked to see."""

from __future__ import annotations

import json
from bisect import bisect_right
from collections.abc import Callable, Iterator
from typing import Protocol, TypeVar

import duckdb
import pyarrow as pa
import pyarrow.compute as pc

from auditor.db import scalar
from auditor.games.poker.hand import H, Hand, Source, TableInfo
from auditor.ingest.ranges import TableRange, table_ranges

# Converted through their distinct values: few of them, and each costly to make (a Decimal) or repeated (a path).
_REPEATED = frozenset({"table_id", "file", "event", "amount"})
_TIMESTAMP_US = pa.timestamp("us")  # the events' ``ts`` (TIMESTAMP: UTC, no time zone)
BATCH_EVENTS = 1 << 18  # events per query: about 250 MB of peak memory above the baseline, whatever the day


H_co = TypeVar("H_co", bound=Hand, covariant=True)


class HandReplay(Protocol[H_co]):
    """Feeds one hand's events, in order, to its record (of the game's hand type)."""

    @property
    def hand(self) -> H_co: ...

    def feed(self, event: str, src: Source, fields: tuple) -> None:
        """One event of the hand; ``fields``: the game's columns, in its order."""


# A hand starts: (its table, ``hand_id``, the ``hand_start`` event, its fields) -> the replay of that hand.
StartHand = Callable[[TableInfo, str, Source, tuple], HandReplay[H]]


def table_infos(con: duckdb.DuckDBPyConnection, game: str) -> dict[str, TableInfo]:
    infos = {}
    for table_id, config in con.execute("SELECT table_id, config FROM tables WHERE game = ?", [game]).fetchall():
        cfg = json.loads(config)
        not_logged = frozenset(x.strip() for x in cfg.get("not_logged", "").split(",") if x.strip())
        infos[table_id] = TableInfo(table_id, cfg, not_logged)
    return infos


def tainted_hands(con: duckdb.DuckDBPyConnection, game: str) -> set[tuple[str, str]]:
    """Hands with a quarantined record: tied to it by key, lying around it in the same file, or of its table and
    logged (by ``seq``) while it was in play, in whatever file."""
    if not scalar(con, "SELECT count(*) FROM quarantine"):
        return set()  # nothing quarantined: no hand is tainted (and no pass over the day's hands is needed)
    return set(con.execute(
        """
        WITH spans AS (
          SELECT table_id, hand_id, file, min(line) AS lo, max(line) AS hi FROM events
          WHERE game = $game AND hand_id IS NOT NULL GROUP BY ALL
        ), in_play AS (
          SELECT table_id, hand_id, min(seq) AS first, max(seq) AS last FROM events
          WHERE game = $game AND hand_id IS NOT NULL GROUP BY ALL
        )
        SELECT s.table_id, s.hand_id FROM spans s JOIN quarantine q
          ON (q.table_id = s.table_id AND q.hand_id = s.hand_id) OR (q.file = s.file AND q.line BETWEEN s.lo AND s.hi)
        UNION
        SELECT h.table_id, h.hand_id FROM in_play h JOIN quarantine q
          ON q.table_id = h.table_id AND q.seq > h.first AND q.seq < h.last
        """, {"game": game}).fetchall())


def quarantined_seqs(con: duckdb.DuckDBPyConnection, game: str) -> dict[str, list[int]]:
    """Per table, the ``seq`` of every quarantined record tied to it (sorted): the places where a hand, or part of
    one, was refused."""
    rows = con.execute(
        "SELECT q.table_id, list(DISTINCT q.seq ORDER BY q.seq) FROM quarantine q JOIN tables t USING (table_id) "
        "WHERE t.game = ? AND q.seq IS NOT NULL GROUP BY q.table_id", [game]).fetchall()
    return dict(rows)


def chain_gap(previous: Hand | None, start: int, refused: list[int]) -> str | None:
    """Why the hand starting at ``seq`` ``start`` cannot be compared with ``previous``, the table's last complete
    hand (None: it can, or there is none)."""
    if previous is None:
        return None
    if "hand_order" in previous.table.not_logged:
        return "hand order not logged by the source"
    if previous.tainted:
        return "the previous hand has a quarantined record"
    at = bisect_right(refused, previous.start.seq)
    if at < len(refused) and refused[at] < start:
        return "a quarantined record lies between this hand and the previous one"
    return None


def _ranges(con: duckdb.DuckDBPyConnection, game: str, events_per_query: int = BATCH_EVENTS) -> list[TableRange]:
    """Consecutive ranges of the game's tables of about ``events_per_query`` events each: one query per range keeps
    the sort DuckDB materialises to one range, not the day."""
    sizes = con.execute("SELECT table_id, count(*) FROM events WHERE game = ? AND hand_id IS NOT NULL "
                        "GROUP BY table_id ORDER BY table_id", [game])
    return table_ranges(sizes.fetchall(), events_per_query)


def _pylist(column: pa.Array, repeated: bool) -> list:
    """The column's values as Python objects (``to_pylist``); a column of few distinct values is converted through
    them. A timestamp (``ts``) stays its integer of microseconds since 1970-01-01: only differences of it are read."""
    if column.type == _TIMESTAMP_US:
        return column.cast(pa.int64()).to_pylist()
    if not repeated:
        return column.to_pylist()
    encoded = pc.dictionary_encode(column)
    values = encoded.dictionary.to_pylist()
    return [None if i is None else values[i] for i in encoded.indices.to_pylist()]


def events(con: duckdb.DuckDBPyConnection, game: str, columns: tuple[str, ...], batch_size: int,
           timed: bool = False) -> Iterator[tuple[str, str, str, Source, tuple]]:
    """The game's hand events in ``table_id``, ``seq`` order as ``(table_id, hand_id, event, source, fields)``, the
    fields being ``columns``; the source carries the event's ``ts`` when ``timed``. One query per table range."""
    envelope = ("table_id", "hand_id", "event", "seq", "file", "line", *(("ts",) if timed else ()))
    names = envelope + columns
    select = (f"SELECT {', '.join(names)} FROM events WHERE game = $game AND hand_id IS NOT NULL "
              "AND table_id BETWEEN $lo AND $hi ORDER BY table_id, seq")
    width = len(envelope)
    for r in _ranges(con, game):
        query = con.sql(select, params={"game": game, "lo": r.first, "hi": r.last})
        for batch in query.to_arrow_reader(batch_size):
            lists = [_pylist(batch.column(i), name in _REPEATED) for i, name in enumerate(names)]
            sources = map(Source, *lists[3:width])
            yield from zip(lists[0], lists[1], lists[2], sources, zip(*lists[width:]))


def replay_hands(con: duckdb.DuckDBPyConnection, game: str, columns: tuple[str, ...], start_hand: StartHand[H],
                 batch_size: int = 1 << 16, timed: bool = False) -> Iterator[H]:
    """Every complete hand of ``game``, in table and ``seq`` order, with ``previous`` set to the table's last hand.
    A hand ends with its ``hand_end`` event.

    Only one table is open at a time: its unfinished hands and its last hand are dropped when the next table starts,
    so memory does not grow with the day."""
    tables = table_infos(con, game)
    tainted = tainted_hands(con, game)
    refused = quarantined_seqs(con, game)
    open_hands: dict[str, HandReplay[H]] = {}
    current_table: str | None = None
    last: H | None = None
    current: HandReplay[H] | None = None
    current_id: str | None = None
    for table_id, hand_id, event, src, fields in events(con, game, columns, batch_size, timed):
        if table_id != current_table:
            current_table, last, current, current_id = table_id, None, None, None
            open_hands.clear()
        if event == "hand_start":
            table = tables[table_id]
            if table.first_hand_id is None:
                table.first_hand_id = hand_id
            current, current_id = start_hand(table, hand_id, src, fields), hand_id
            hand = current.hand
            hand.tainted = (table_id, hand_id) in tainted
            hand.gap = chain_gap(last, src.seq, refused.get(table_id, []))
            open_hands[hand_id] = current
            continue
        if hand_id != current_id:
            current, current_id = open_hands.get(hand_id), hand_id
        if current is None:
            continue  # ingest guarantees a start; nothing to replay without it
        current.feed(event, src, fields)
        if event == "hand_end":
            del open_hands[hand_id]
            hand = current.hand
            current, current_id = None, None
            if last is not None:
                last.previous = None  # keep one hand of history per table, not the whole day
            hand.previous = None if hand.gap else last
            last = hand
            yield hand
