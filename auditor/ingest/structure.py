"""Checks that need more than one record: duplicate ``seq``, the table's opening and closing, the bounds of each coup
or hand, and the time each shoe or pack is in use.

These run after record-level validation, over the records that passed it. A record that fails here is quarantined
with its reason; the replay never repairs what the log says. A log that contradicts its own structure (an event after
its table closed or its coup ended, a coup started inside another, a shoe named outside the time it is in use) is
such a record: what it would have said is judged by no rule. So is a hold'em player seated at two seats of one hand
(no article of hold'em forbids it, but the log says two things of him; stud's art. 3 does: 5CS-3.2, a violation).

A stud ``buy_in``, ``top_up`` or ``leave`` (between hands) of a player dealt into the hand in play, by his seat or
his name, is such a record too: the hand's stacks are its players' chips from its start to its end (the all-in of art.
11 a), the accounts of art. 7), and art. 6 has the buy-in before a player's game, the top-up after a hand. A player not
dealt into it (sitting down, say, to wait for the next hand) is between his hands.

They run on a narrow projection of the records (``rid``, ``fid``, ``line``, ``table_id``, ``seq``, ``event``,
``hand_id``, ``game``, ``seat``, ``player``, ``shoe_id``), one range of whole tables at a time: every check is
within a table, so a range is checked alone, and only the outcome per record (``problem``, ``hand_key``, ``nth``) is
kept and joined back by ``rid``."""

from __future__ import annotations

from auditor.games.catalog import END_EVENTS, START_EVENTS
from auditor.ingest.shoe_use import shoe_use_sql

_IN_START = f"event IN ({', '.join(repr(e) for e in START_EVENTS)})"
_IN_END = f"event IN ({', '.join(repr(e) for e in END_EVENTS)})"
_MOVES = "('buy_in', 'top_up', 'leave')"  # stud: a player's chips come or go between hands


def _at(file: str, line: str) -> str:
    """SQL: ``file:line``, the place a reason points to."""
    return f"{file} || ':' || {line}"


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
  -- shoe_start, a shoe_end and a cut_card per shoe. A later one would make the log say two things of one seat, coup
  -- or shoe (and the first would silently win), or merge two shoes.
  SELECT rid, row_number() OVER w AS once_rank, first_value(fid) OVER w AS once_fid,
         first_value(line) OVER w AS once_line
  FROM {records}
  WHERE (event = 'seat' AND hand_id IS NOT NULL AND seat IS NOT NULL)
     OR (event IN ('result', 'void') AND hand_id IS NOT NULL)
     OR (event IN ('shoe_start', 'shoe_end', 'cut_card') AND shoe_id IS NOT NULL)
  WINDOW w AS (PARTITION BY table_id, event,
                 CASE WHEN event IN ('seat', 'result', 'void') THEN hand_id ELSE shoe_id END, seat
               ORDER BY seq, fid, line)
), seated AS (
  -- Hold'em: one player at two seats of a hand (stud: a violation of art. 3, judged by its checker).
  SELECT rid, row_number() OVER w AS seated_rank, first_value(seat) OVER w AS first_seat,
         first_value(fid) OVER w AS seated_fid, first_value(line) OVER w AS seated_line
  FROM {records} WHERE event = 'seat' AND game = 'holdem' AND hand_id IS NOT NULL AND player IS NOT NULL
  WINDOW w AS (PARTITION BY table_id, hand_id, player ORDER BY seq, fid, line)
), opens AS (
  SELECT table_id, game AS table_game, seq AS open_seq, fid AS open_fid, line AS open_line
  FROM d WHERE event = 'table_open' AND dup_rank = 1
  QUALIFY row_number() OVER (PARTITION BY table_id ORDER BY seq, fid, line) = 1
), closes AS (
  -- The table's first table_close: nothing of the table follows it.
  SELECT table_id, seq AS close_seq, fid AS close_fid, line AS close_line
  FROM d WHERE event = 'table_close' AND dup_rank = 1
  QUALIFY row_number() OVER (PARTITION BY table_id ORDER BY seq, fid, line) = 1
), closed AS (
  SELECT c.*, {_at('f.file', 'c.close_line')} AS close_at FROM closes c JOIN {files} f ON f.fid = c.close_fid
), r1 AS (
  SELECT d.rid, d.fid, d.line, d.table_id, d.game, d.seq, d.event, d.hand_id, d.shoe_id, d.seat, d.player, CASE
    WHEN dup_rank > 1 THEN 'duplicate seq ' || seq || ' at table ' || table_id
                            || ' (first at ' || first_f.file || ':' || first_line || ')'
    WHEN table_game IS NULL THEN 'table ' || table_id || ' has no valid table_open'
    WHEN game <> table_game THEN 'game ' || game || ' at a ' || table_game || ' table'
    WHEN event = 'table_open' AND NOT (d.fid = open_fid AND line = open_line)
      THEN 'table ' || table_id || ' opened twice (first at ' || open_f.file || ':' || open_line || ')'
    WHEN seq < open_seq THEN 'event before the table_open of ' || table_id
    WHEN event = 'table_close' AND NOT (d.fid = close_fid AND line = close_line)
      THEN 'table ' || table_id || ' closed twice (first at ' || close_at || ')'
    WHEN seq > close_seq THEN 'event after the table_close of ' || table_id || ' (at ' || close_at || ')'
    WHEN once_rank > 1 THEN CASE event
        WHEN 'seat' THEN 'seat ' || d.seat || ' seated twice in hand ' || d.hand_id
        WHEN 'shoe_start' THEN 'shoe ' || d.shoe_id || ' started twice at table ' || d.table_id
        WHEN 'cut_card' THEN 'a second cut_card of shoe ' || d.shoe_id
        WHEN 'shoe_end' THEN 'a second shoe_end of shoe ' || d.shoe_id
        ELSE 'a second ' || event || ' of hand ' || d.hand_id
      END || ' (first at ' || once_f.file || ':' || once_line || ')'
    WHEN seated_rank > 1 THEN 'player ' || d.player || ' at two seats of hand ' || d.hand_id || ': seat ' || d.seat
      || ', and seat ' || first_seat || ' (at ' || seated_f.file || ':' || seated_line || ')'
  END AS problem
  FROM d LEFT JOIN opens USING (table_id) LEFT JOIN closed USING (table_id) LEFT JOIN once USING (rid)
  LEFT JOIN {files} first_f ON first_f.fid = d.first_fid LEFT JOIN {files} open_f ON open_f.fid = opens.open_fid
  LEFT JOIN {files} once_f ON once_f.fid = once.once_fid
  LEFT JOIN seated USING (rid) LEFT JOIN {files} seated_f ON seated_f.fid = seated.seated_fid
), {shoe_use_sql('r1', files, _IN_START, 'r2')}, g AS (
  SELECT table_id, hand_id,
         count(*) FILTER ({_IN_START}) AS n_start,
         min(seq) FILTER ({_IN_START}) AS start_seq,
         arg_min(fid, seq) FILTER ({_IN_START}) AS start_fid, arg_min(line, seq) FILTER ({_IN_START}) AS start_line,
         min(seq) FILTER ({_IN_END}) AS end_seq,
         arg_min(fid, seq) FILTER ({_IN_END}) AS end_fid, arg_min(line, seq) FILTER ({_IN_END}) AS end_line
  FROM r2 WHERE problem IS NULL AND hand_id IS NOT NULL GROUP BY table_id, hand_id
), refused AS (
  -- The first refused start of each hand: its other records point to it.
  SELECT table_id, hand_id, {_at('arg_min(f.file, r2.seq)', 'arg_min(r2.line, r2.seq)')} AS refused_at
  FROM r2 JOIN {files} f USING (fid) WHERE problem IS NOT NULL AND hand_id IS NOT NULL AND {_IN_START}
  GROUP BY table_id, hand_id
), h AS (
  -- hand_key: the hand's number in the day, in (table_id, start) order; an integer key for the checks' joins.
  -- Of the hands started before it, the one that ends last: a table plays one coup or hand at a time.
  SELECT *, {first_hand_key} + row_number() OVER (ORDER BY table_id, start_seq, hand_id) AS hand_key,
         max(end_seq) OVER w AS prior_end, arg_max(hand_id, end_seq) OVER w AS prior_hand
  FROM g WINDOW w AS (PARTITION BY table_id ORDER BY start_seq, hand_id
                      ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING)
), hp AS (
  SELECT h.*, CASE WHEN h.prior_end > h.start_seq
    THEN {_at('ps.file', 'p.start_line')} || ' to ' || {_at('pe.file', 'p.end_line')} END AS prior_span,
    {_at('e.file', 'h.end_line')} AS end_at
  FROM h LEFT JOIN g p ON h.prior_end > h.start_seq AND p.table_id = h.table_id AND p.hand_id = h.prior_hand
  LEFT JOIN {files} ps ON ps.fid = p.start_fid LEFT JOIN {files} pe ON pe.fid = p.end_fid
  LEFT JOIN {files} e ON e.fid = h.end_fid
), c AS (
  SELECT r2.rid, r2.seq, r2.event, h.hand_key, coalesce(r2.problem, CASE
    WHEN r2.hand_id IS NULL THEN NULL
    WHEN h.n_start = 0 THEN coalesce('start of hand ' || r2.hand_id || ' refused (' || x.refused_at || ')',
                                     'no start event for hand ' || r2.hand_id)
    WHEN {_IN_START.replace('event', 'r2.event')} AND r2.seq > h.start_seq
      THEN 'hand ' || r2.hand_id || ' started twice'
    WHEN r2.seq < h.start_seq THEN 'event before the start of hand ' || r2.hand_id
    WHEN h.prior_span IS NOT NULL
      THEN 'hand ' || r2.hand_id || ' started while hand ' || h.prior_hand || ' was in play (' || h.prior_span || ')'
    WHEN h.end_seq IS NULL THEN coalesce(
      'hand ' || r2.hand_id || ' did not end before the table_close of ' || r2.table_id || ' (at ' || k.close_at || ')',
      'hand ' || r2.hand_id || ' never ended (truncated log?)')
    WHEN {_IN_END.replace('event', 'r2.event')} AND r2.seq > h.end_seq
      THEN 'hand ' || r2.hand_id || ' ended twice (first at ' || h.end_at || ')'
    WHEN r2.seq > h.end_seq THEN 'event after the end of hand ' || r2.hand_id
  END) AS problem
  FROM r2 LEFT JOIN hp h ON r2.problem IS NULL AND r2.table_id = h.table_id AND r2.hand_id = h.hand_id
  LEFT JOIN refused x ON r2.problem IS NULL AND x.table_id = r2.table_id AND x.hand_id = r2.hand_id
  LEFT JOIN closed k ON k.table_id = r2.table_id
), in_play AS (
  -- a move between hands (stud) logged after the start of the last hand begun before it and before that hand's end
  SELECT m.rid, m.table_id, m.event, m.seat, m.player, p.hand_id
  FROM (SELECT * FROM r2 WHERE problem IS NULL AND hand_id IS NULL AND event IN {_MOVES}) m
  ASOF JOIN (SELECT table_id, hand_id, start_seq, end_seq FROM g WHERE start_seq IS NOT NULL) p
    ON p.table_id = m.table_id AND m.seq > p.start_seq
  WHERE m.seq < p.end_seq
), moves AS (
  SELECT i.rid, any_value(i.event || ' of seat ' || i.seat || ' (' || i.player || ') while hand ' || i.hand_id
    || ', into which he is dealt, is in play (a buy-in, top-up or departure is logged between hands)') AS move_problem
  FROM in_play i JOIN r2 s ON s.table_id = i.table_id AND s.hand_id = i.hand_id
    AND s.event = 'seat' AND s.problem IS NULL AND (s.seat = i.seat OR s.player = i.player)
  GROUP BY i.rid
)
-- nth: the event's number among the accepted events of its type in its hand (the third deal has nth 3).
SELECT rid, coalesce(problem, move_problem) AS problem, hand_key,
  CASE WHEN problem IS NULL AND hand_key IS NOT NULL
    THEN row_number() OVER (PARTITION BY problem IS NULL, hand_key, event ORDER BY seq) END AS nth
FROM c LEFT JOIN moves USING (rid)
"""
