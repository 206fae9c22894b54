"""The evidence the report prints beside each finding, read from the audited events: when it happened, the seat
and player of its event, and the cards of its coup or hand. Read as logged: nothing is inferred or repaired.

Only the events of the tables the findings name are read: each query takes ``events`` filtered by a list of those
tables, which DuckDB pushes into its scan (a join with the findings it does not), so that the row groups, and from
the nightly catalog the partition files, of the other tables are skipped. A finding's time falls back from its event
to the first event of its coup or hand, then of its shoe, then of its table: the shoes and the tables are read only
for the findings still without a time."""

from __future__ import annotations

from collections.abc import Iterable

import duckdb
import pyarrow as pa

from auditor.model.result import Evidence

SUITS = {"s": "\u2660", "h": "\u2665", "d": "\u2666", "c": "\u2663"}
TIME = "strftime({}, '%Y-%m-%dT%H:%M:%S')"

# Per finding (i): the time, seat and player of its event, else the time of the first event of its coup or hand.
EVENT_SQL = f"""
WITH at_seq AS (
  SELECT f.i, e.ts, e.seat, e.player FROM found f JOIN {{at_seq}} e ON e.table_id = f."table" AND e.seq = f.seq
), hands AS (
  SELECT table_id, hand_id, min(ts) AS ts FROM {{in_hand}}
  SEMI JOIN found f ON table_id = f."table" AND hand_id = f.hand GROUP BY ALL
)
SELECT f.i, {TIME.format("coalesce(s.ts, h.ts)")}, s.seat, s.player
FROM found f
LEFT JOIN at_seq s USING (i)
LEFT JOIN hands h ON h.table_id = f."table" AND h.hand_id = f.hand
ORDER BY f.i
"""
# Per finding (i): the time of the first event of its shoe, of its table.
SHOE_SQL = f"""
WITH shoes AS (
  SELECT table_id, shoe_id, min(ts) AS ts FROM {{events}} SEMI JOIN found f ON table_id = f."table" AND shoe_id = f.shoe
  GROUP BY ALL
)
SELECT f.i, {TIME.format("s.ts")} FROM found f JOIN shoes s ON s.table_id = f."table" AND s.shoe_id = f.shoe
"""
TABLE_SQL = f"""
WITH tables AS (SELECT table_id, min(ts) AS ts FROM {{events}} GROUP BY ALL)
SELECT f.i, {TIME.format("t.ts")} FROM found f JOIN tables t ON t.table_id = f."table"
"""
CARDS_SQL = """
SELECT table_id, hand_id, event, target, seat, card FROM {events}
SEMI JOIN (SELECT DISTINCT "table", hand FROM found) f ON table_id = f."table" AND hand_id = f.hand
WHERE card IS NOT NULL AND event IN ('deal', 'board', 'card_exposed')
ORDER BY table_id, hand_id, seq
"""


def card_text(card: str) -> str:
    """``Ts`` -> ``10♠``: the rank as printed on the card, the suit as its sign."""
    rank, suit = card[:-1], card[-1:]
    return ("10" if rank == "T" else rank) + SUITS.get(suit, suit)


def _holder(event: str, target: str | None, seat: int | None) -> str:
    if event == "board" or target == "board":
        return "board"
    if event == "card_exposed":
        return "exposed" if seat is None else f"exposed, seat {seat}"
    if target in ("player", "banker"):
        return target.capitalize()
    return f"seat {seat}" if seat is not None else str(target)


def hand_cards(rows: list[tuple[str, str | None, int | None, str]]) -> str:
    """The cards of one coup or hand, grouped by who received them, in the order each first received one:
    ``Player 9♠ 3♦ · Banker A♦ K♣``."""
    groups: dict[str, list[str]] = {}
    for event, target, seat, card in rows:
        groups.setdefault(_holder(event, target, seat), []).append(card_text(card))
    return " · ".join(f"{holder} {' '.join(cards)}" for holder, cards in groups.items())


def _found(findings: list[dict]) -> pa.Table:
    return pa.table({
        "i": pa.array(range(len(findings)), pa.int64()),
        "table": pa.array([f["table"] for f in findings], pa.string()),
        "shoe": pa.array([f["shoe"] for f in findings], pa.string()),
        "hand": pa.array([f["hand"] for f in findings], pa.string()),
        "seq": pa.array([f["seq"] for f in findings], pa.int64()),
    })


def _events_of(tables: list[str]) -> str:
    """The events of ``tables`` (a ``?`` each): a filter DuckDB pushes into its scan, where a join is not."""
    if not tables:
        return "(SELECT * FROM events WHERE false)"
    return f"(SELECT * FROM events WHERE table_id IN ({', '.join('?' * len(tables))}))"


def _tables(findings: list[dict], among: Iterable[int], column: str) -> list[str]:
    """The tables of the findings at ``among`` that name a ``column`` (``table`` itself: any)."""
    return sorted({findings[i]["table"] for i in among
                   if findings[i]["table"] is not None and findings[i][column] is not None})


def _times(con: duckdb.DuckDBPyConnection, findings: list[dict]) -> list[tuple[str | None, int | None, str | None]]:
    """Per finding: its time (that of its event, else of the first event of its coup or hand, of its shoe, of its
    table), and the seat and player of its event."""
    everyone = range(len(findings))
    at_seq = _tables(findings, everyone, "seq")
    in_hand = _tables(findings, everyone, "hand")
    rows = con.execute(EVENT_SQL.format(at_seq=_events_of(at_seq), in_hand=_events_of(in_hand)),
                       at_seq + in_hand).fetchall()
    times = [list(row[1:]) for row in rows]
    for column, sql in (("shoe", SHOE_SQL), ("table", TABLE_SQL)):
        untimed = [i for i, (time, _, _) in enumerate(times) if time is None]
        tables = _tables(findings, untimed, column)
        if tables:
            first = {i: time for i, time in con.execute(sql.format(events=_events_of(tables)), tables).fetchall()}
            for i in untimed:
                times[i][0] = first.get(i)
    return [(time, seat, player) for time, seat, player in times]


def _cards(con: duckdb.DuckDBPyConnection, findings: list[dict]) -> dict[tuple[str, str], str]:
    """(table, hand) -> the cards of that coup or hand, as :func:`hand_cards` writes them."""
    tables = _tables(findings, range(len(findings)), "hand")
    cards: dict[tuple[str, str], list] = {}
    for table, hand, event, target, seat, card in con.execute(
            CARDS_SQL.format(events=_events_of(tables)), tables).fetchall() if tables else []:
        cards.setdefault((table, hand), []).append((event, target, seat, card))
    return {key: hand_cards(rows) for key, rows in cards.items()}


def finding_evidence(con: duckdb.DuckDBPyConnection, findings: list[dict]) -> list[Evidence]:
    """One :class:`Evidence` per finding of ``findings``, in their order."""
    if not findings:
        return []
    con.register("found", _found(findings))
    try:
        times = _times(con, findings)
        cards = _cards(con, findings)
    finally:
        con.unregister("found")
    return [Evidence(time, seat, player, cards.get((f["table"], f["hand"]), ""))
            for f, (time, seat, player) in zip(findings, times, strict=True)]


def gaming_days(con: duckdb.DuckDBPyConnection) -> list[str]:
    """The dates of the logged events (the gaming days the logs cover), in order."""
    return [d for (d,) in con.execute(
        "SELECT strftime(d, '%Y-%m-%d') FROM (SELECT DISTINCT ts::DATE AS d FROM events WHERE ts IS NOT NULL) "
        "ORDER BY d").fetchall()]
