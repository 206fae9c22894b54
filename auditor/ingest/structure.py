"""Checks that need more than one record: duplicate ``seq``, the table's opening, and the bounds of each coup or hand.

These run after record-level validation, over the records that passed it. A record that fails here is quarantined
with its reason; the replay never repairs what the log says.

They run on a narrow projection of the records (``rid``, ``fid``, ``line``, ``table_id``, ``seq``, ``event``,
``hand_id``, ``game``, ``seat``, ``shoe_id``), one range of whole tables at a time: every check is within a table,
so a range is checked alone, and only the outcome per record (``problem``, ``hand_key``, ``nth``) is kept and joined
back by ``rid``."""

from __future__ import annotations

from auditor.games.catalog import END_EVENTS, START_EVENTS

_IN_START = f"event IN ({', '.join(repr(e) for e in START_EVENTS)})"
_IN_END = f"event IN ({', '.join(repr(e) for e in END_EVENTS)})"


def structure_sql(records: str, files: str, first_hand_key: int) -> str:
    """SELECT giving ``(rid, problem, hand_key, nth)`` for every record of ``records`` (a relation of the narrow
    columns above, whole tables). ``files`` maps ``fid`` to ``file``; ``fid`` order is file name order. ``hand_key``
    counts from ``first_hand_key`` + 1 in ``(table_id, start seq, hand_id)`` order, every hand with an accepted record
    numbered, so ranges taken in ``table_id`` order number the day's hands as one."""
    return f"""
WITH twice AS (
  -- A (table, seq) given more than once: found by a hash aggregate, so that only those records are sorted.
  SELECT table_id, seq FROM {records} GROUP BY table_id, seq HAVING count(*) > 1
), ranked AS (
  SELECT rid, row_number() OVER w AS dup_rank, first_value(fid) OVER w AS first_fid,
         first_value(line) OVER w AS first_line
  FROM {records} SEMI JOIN twice USING (table_id, seq) WINDOW w AS (PARTITION BY table_id, seq ORDER BY fid, line)
), d AS (
  SELECT r.*, coalesce(dup_rank, 1) AS dup_rank, first_fid, first_line FROM {records} r LEFT JOIN ranked USING (rid)
), once AS (
  -- Events that occur once per key (docs/log-format.md): a seat per hand; a result and a void per coup or hand; a
  -- shoe_start and a cut_card per shoe. A later one would make the log say two things of one seat, coup or shoe
  -- (and the first would silently win), or merge two shoes.
  SELECT rid, row_number() OVER w AS once_rank, first_value(fid) OVER w AS once_fid,
         first_value(line) OVER w AS once_line
  FROM {records}
  WHERE (event = 'seat' AND hand_id IS NOT NULL AND seat IS NOT NULL)
     OR (event IN ('result', 'void') AND hand_id IS NOT NULL)
     OR (event IN ('shoe_start', 'cut_card') AND shoe_id IS NOT NULL)
  WINDOW w AS (PARTITION BY table_id, event,
                 CASE WHEN event IN ('seat', 'result', 'void') THEN hand_id ELSE shoe_id END, seat
               ORDER BY seq, fid, line)
), opens AS (
  SELECT table_id, game AS table_game, seq AS open_seq, fid AS open_fid, line AS open_line
  FROM d WHERE event = 'table_open' AND dup_rank = 1
  QUALIFY row_number() OVER (PARTITION BY table_id ORDER BY seq, fid, line) = 1
), r1 AS (
  SELECT d.rid, d.table_id, d.seq, d.event, d.hand_id, CASE
    WHEN dup_rank > 1 THEN 'duplicate seq ' || seq || ' at table ' || table_id
                            || ' (first at ' || first_f.file || ':' || first_line || ')'
    WHEN table_game IS NULL THEN 'table ' || table_id || ' has no valid table_open'
    WHEN game <> table_game THEN 'game ' || game || ' at a ' || table_game || ' table'
    WHEN event = 'table_open' AND NOT (d.fid = open_fid AND line = open_line)
      THEN 'table ' || table_id || ' opened twice (first at ' || open_f.file || ':' || open_line || ')'
    WHEN seq < open_seq THEN 'event before the table_open of ' || table_id
    WHEN once_rank > 1 THEN CASE event
        WHEN 'seat' THEN 'seat ' || d.seat || ' seated twice in hand ' || d.hand_id
        WHEN 'shoe_start' THEN 'shoe ' || d.shoe_id || ' started twice at table ' || d.table_id
        WHEN 'cut_card' THEN 'a second cut_card of shoe ' || d.shoe_id
        ELSE 'a second ' || event || ' of hand ' || d.hand_id
      END || ' (first at ' || once_f.file || ':' || once_line || ')'
  END AS problem
  FROM d LEFT JOIN opens USING (table_id) LEFT JOIN once USING (rid)
  LEFT JOIN {files} first_f ON first_f.fid = d.first_fid LEFT JOIN {files} open_f ON open_f.fid = opens.open_fid
  LEFT JOIN {files} once_f ON once_f.fid = once.once_fid
), g AS (
  SELECT table_id, hand_id,
         count(*) FILTER ({_IN_START}) AS n_start,
         min(seq) FILTER ({_IN_START}) AS start_seq,
         min(seq) FILTER ({_IN_END}) AS end_seq
  FROM r1 WHERE problem IS NULL AND hand_id IS NOT NULL GROUP BY table_id, hand_id
), h AS (
  -- hand_key: the hand's number in the day, in (table_id, start) order; an integer key for the checks' joins.
  SELECT *, {first_hand_key} + row_number() OVER (ORDER BY table_id, start_seq, hand_id) AS hand_key FROM g
), c AS (
  SELECT r1.rid, r1.seq, r1.event, h.hand_key, coalesce(r1.problem, CASE
    WHEN r1.hand_id IS NULL THEN NULL
    WHEN h.n_start = 0 THEN 'no start event for hand ' || r1.hand_id
    WHEN {_IN_START.replace('event', 'r1.event')} AND r1.seq > h.start_seq
      THEN 'hand ' || r1.hand_id || ' started twice'
    WHEN r1.seq < h.start_seq THEN 'event before the start of hand ' || r1.hand_id
    WHEN h.end_seq IS NULL THEN 'hand ' || r1.hand_id || ' never ended (truncated log?)'
    WHEN r1.seq > h.end_seq THEN 'event after the end of hand ' || r1.hand_id
  END) AS problem
  FROM r1 LEFT JOIN h ON r1.problem IS NULL AND r1.table_id = h.table_id AND r1.hand_id = h.hand_id
)
-- nth: the event's number among the accepted events of its type in its hand (the third deal has nth 3).
SELECT rid, problem, hand_key,
  CASE WHEN problem IS NULL AND hand_key IS NOT NULL
    THEN row_number() OVER (PARTITION BY problem IS NULL, hand_key, event ORDER BY seq) END AS nth
FROM c
"""
