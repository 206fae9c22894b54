"""Checks that need more than one record: duplicate ``seq``, the table's opening, and the bounds of each coup or hand.

These run after record-level validation, over the records that passed it. A record that fails here is quarantined
with its reason; the replay never repairs what the log says."""

from __future__ import annotations

START_EVENTS = ("coup_start", "hand_start")
END_EVENTS = ("coup_end", "hand_end")

_IN_START = "event IN ('coup_start', 'hand_start')"
_IN_END = "event IN ('coup_end', 'hand_end')"

STRUCTURE_SQL = f"""
CREATE OR REPLACE TEMP TABLE checked AS
WITH ok AS (
  SELECT * EXCLUDE (errors, key_table_id, key_hand_id, key_shoe_id) FROM staged WHERE len(errors) = 0
), d AS (
  SELECT *, row_number() OVER w AS dup_rank, first_value(file) OVER w AS first_file,
         first_value(line) OVER w AS first_line
  FROM ok WINDOW w AS (PARTITION BY table_id, seq ORDER BY file, line)
), opens AS (
  SELECT table_id, game AS table_game, seq AS open_seq, file AS open_file, line AS open_line
  FROM d WHERE event = 'table_open' AND dup_rank = 1
  QUALIFY row_number() OVER (PARTITION BY table_id ORDER BY seq, file, line) = 1
), r1 AS (
  SELECT d.*, CASE
    WHEN dup_rank > 1 THEN 'duplicate seq ' || seq || ' at table ' || table_id
                            || ' (first at ' || first_file || ':' || first_line || ')'
    WHEN table_game IS NULL THEN 'table ' || table_id || ' has no valid table_open'
    WHEN game <> table_game THEN 'game ' || game || ' at a ' || table_game || ' table'
    WHEN event = 'table_open' AND NOT (file = open_file AND line = open_line)
      THEN 'table ' || table_id || ' opened twice (first at ' || open_file || ':' || open_line || ')'
    WHEN seq < open_seq THEN 'event before the table_open of ' || table_id
  END AS problem
  FROM d LEFT JOIN opens USING (table_id)
), g AS (
  SELECT table_id, hand_id,
         count(*) FILTER ({_IN_START}) AS n_start,
         min(seq) FILTER ({_IN_START}) AS start_seq,
         min(seq) FILTER ({_IN_END}) AS end_seq
  FROM r1 WHERE problem IS NULL AND hand_id IS NOT NULL GROUP BY table_id, hand_id
), h AS (
  -- hand_key: the hand's number in the day, in (table_id, start) order; an integer key for the checks' joins.
  SELECT *, row_number() OVER (ORDER BY table_id, start_seq, hand_id) AS hand_key FROM g
)
SELECT r1.* EXCLUDE (dup_rank, first_file, first_line, problem), h.hand_key,
  coalesce(r1.problem, CASE
    WHEN r1.hand_id IS NULL THEN NULL
    WHEN h.n_start = 0 THEN 'no start event for hand ' || r1.hand_id
    WHEN {_IN_START.replace('event', 'r1.event')} AND r1.seq > h.start_seq
      THEN 'hand ' || r1.hand_id || ' started twice'
    WHEN r1.seq < h.start_seq THEN 'event before the start of hand ' || r1.hand_id
    WHEN h.end_seq IS NULL THEN 'hand ' || r1.hand_id || ' never ended (truncated log?)'
    WHEN r1.seq > h.end_seq THEN 'event after the end of hand ' || r1.hand_id
  END) AS problem
FROM r1 LEFT JOIN h ON r1.problem IS NULL AND r1.table_id = h.table_id AND r1.hand_id = h.hand_id
"""
