"""The evidence the report prints beside each finding, read from the audited events: when it happened, the seat
and player of its event, and the cards of its coup or hand. Read as logged: nothing is inferred or repaired."""

from __future__ import annotations

import duckdb
import pyarrow as pa

from auditor.model.result import Evidence

SUITS = {"s": "\u2660", "h": "\u2665", "d": "\u2666", "c": "\u2663"}
TIME = "strftime({}, '%Y-%m-%dT%H:%M:%S')"

# Per finding (i): the time of its event, else the first of its coup or hand, of its shoe, of its table.
EVIDENCE_SQL = f"""
WITH at_seq AS (
  SELECT f.i, e.ts, e.seat, e.player FROM found f JOIN events e ON e.table_id = f."table" AND e.seq = f.seq
), hands AS (
  SELECT table_id, hand_id, min(ts) AS ts FROM events SEMI JOIN found f ON table_id = f."table" AND hand_id = f.hand
  GROUP BY ALL
), shoes AS (
  SELECT table_id, shoe_id, min(ts) AS ts FROM events SEMI JOIN found f ON table_id = f."table" AND shoe_id = f.shoe
  GROUP BY ALL
), tables AS (
  SELECT table_id, min(ts) AS ts FROM events SEMI JOIN found f ON table_id = f."table" GROUP BY ALL
)
SELECT f.i, {TIME.format("coalesce(s.ts, h.ts, sh.ts, t.ts)")}, s.seat, s.player
FROM found f
LEFT JOIN at_seq s USING (i)
LEFT JOIN hands h ON h.table_id = f."table" AND h.hand_id = f.hand
LEFT JOIN shoes sh ON sh.table_id = f."table" AND sh.shoe_id = f.shoe
LEFT JOIN tables t ON t.table_id = f."table"
ORDER BY f.i
"""

CARDS_SQL = """
SELECT table_id, hand_id, event, target, seat, card FROM events
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


def finding_evidence(con: duckdb.DuckDBPyConnection, findings: list[dict]) -> list[Evidence]:
    """One :class:`Evidence` per finding of ``findings``, in their order."""
    if not findings:
        return []
    con.register("found", pa.table({
        "i": pa.array(range(len(findings)), pa.int64()),
        "table": pa.array([f["table"] for f in findings], pa.string()),
        "shoe": pa.array([f["shoe"] for f in findings], pa.string()),
        "hand": pa.array([f["hand"] for f in findings], pa.string()),
        "seq": pa.array([f["seq"] for f in findings], pa.int64()),
    }))
    try:
        rows = con.execute(EVIDENCE_SQL).fetchall()
        cards: dict[tuple[str, str], list] = {}
        for table, hand, event, target, seat, card in con.execute(CARDS_SQL).fetchall():
            cards.setdefault((table, hand), []).append((event, target, seat, card))
    finally:
        con.unregister("found")
    texts = {key: hand_cards(value) for key, value in cards.items()}
    return [
        Evidence(time, seat, player, texts.get((f["table"], f["hand"]), ""))
        for f, (_, time, seat, player) in zip(findings, rows, strict=True)
    ]


def gaming_days(con: duckdb.DuckDBPyConnection) -> list[str]:
    """The dates of the logged events (the gaming days the logs cover), in order."""
    return [d for (d,) in con.execute(
        "SELECT DISTINCT strftime(ts, '%Y-%m-%d') AS d FROM events WHERE ts IS NOT NULL ORDER BY d").fetchall()]
