"""The time a shoe (baccarat) or pack (stud) is in use at its table, from its ``shoe_start`` until its
``shoe_end`` (in a game whose table deals from one shoe at a time, baccarat, also until the next ``shoe_start``), and
the records that name it outside that time: one before its shoe_start, after its shoe_end, or (baccarat) while
another shoe is in use. The log then contradicts itself, and the record is refused. A stud table may keep two packs
in use (one dealt, one made ready): each hand names its own.

A record of a coup or hand that began while its shoe was in use is left to the articles (baccarat art. 3(2), stud
art. 2: the shoe or pack changes only between coups or hands, BAC-3.2 and 5CS-2.5): the shoe ending inside it is
what the log says happened, a breach, not a contradiction.

A shoe the table never starts (no accepted ``shoe_start``) is one whose start the log does not hold: its records
are accepted, and the rules that need its opening say so (``not_evaluated``), except, in baccarat, a record naming
it while another shoe is in use: the table deals from one shoe at a time. A stud table may keep several packs in
use, so a pack never started contradicts nothing.

A baccarat ``burn`` that names no shoe is of the shoe in use: the shoe of its table's last record naming one
(started or not). Before any such record, or after a ``shoe_end``, no shoe is in use: the card is of no shoe the log
knows, the shoe rules could not count it, and the record is refused."""

from __future__ import annotations

from auditor.games.catalog import ONE_SHOE

_ONE_SHOE = f"game IN ({', '.join(repr(g) for g in ONE_SHOE)})"


def shoe_use_sql(records: str, files: str, in_start: str, result: str) -> str:
    """CTEs ending in ``result``: the records of ``records`` (columns ``rid``, ``fid``, ``line``, ``table_id``,
    ``game``, ``seq``, ``event``, ``hand_id``, ``shoe_id``, ``problem``), each accepted one naming a shoe with the
    reason it is refused as its ``problem``, if any. ``in_start``: SQL true for the event that starts a coup or
    hand. The shoe in use at a record is found by one window over the table's records in ``seq`` order."""
    return f"""in_use AS (
  -- the shoe last started at each record (accepted records have distinct seqs)
  SELECT *, last_value(CASE WHEN problem IS NULL AND event = 'shoe_start' THEN shoe_id END IGNORE NULLS) OVER (
      PARTITION BY table_id ORDER BY seq ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING) AS current_shoe
  FROM {records}
), shoe_starts AS (
  SELECT r.table_id, r.shoe_id, r.seq AS start_seq, f.file || ':' || r.line AS start_at
  FROM {records} r JOIN {files} f USING (fid) WHERE r.problem IS NULL AND r.event = 'shoe_start'
), shoe_ends AS (
  SELECT r.table_id, r.shoe_id, r.seq AS end_seq, f.file || ':' || r.line AS end_at
  FROM {records} r JOIN {files} f USING (fid) WHERE r.problem IS NULL AND r.event = 'shoe_end'
), unit_starts AS (
  -- the start of each coup or hand, and the shoe last started there
  SELECT table_id, hand_id, min(seq) AS unit_seq, arg_min_null(current_shoe, seq) AS unit_shoe FROM in_use
  WHERE problem IS NULL AND hand_id IS NOT NULL AND {in_start} GROUP BY ALL
), named_use AS (
  -- each record naming a shoe (its own start aside) with the shoe's start (NULL: never started) and end
  SELECT n.* EXCLUDE (current_shoe) REPLACE (coalesce(n.problem, CASE
    WHEN n.event = 'shoe_start' OR n.shoe_id IS NULL OR (s.start_seq IS NULL AND NOT {_ONE_SHOE}) THEN NULL
    WHEN s.start_seq IS NULL AND coalesce(ce.end_seq > n.seq, n.current_shoe IS NOT NULL)
      THEN n.event || ' of shoe ' || n.shoe_id || ', which table ' || n.table_id || ' never started, while shoe '
           || n.current_shoe || ' is in use (started at ' || c.start_at || ')'
    WHEN s.start_seq IS NULL THEN NULL
    WHEN u.unit_seq > s.start_seq AND u.unit_seq < coalesce(e.end_seq, u.unit_seq + 1)
      AND (u.unit_shoe = n.shoe_id OR NOT {_ONE_SHOE}) THEN NULL
    WHEN n.seq < s.start_seq
      THEN n.event || ' of shoe ' || n.shoe_id || ' before its shoe_start (at ' || s.start_at || ')'
    WHEN n.seq > e.end_seq
      THEN n.event || ' of shoe ' || n.shoe_id || ' after its shoe_end (at ' || e.end_at || ')'
    WHEN n.current_shoe <> n.shoe_id AND {_ONE_SHOE}
      THEN n.event || ' of shoe ' || n.shoe_id || ' while shoe ' || n.current_shoe || ' is in use (started at '
           || c.start_at || ')'
  END) AS problem)
  FROM in_use n
  LEFT JOIN shoe_starts s ON n.problem IS NULL AND s.table_id = n.table_id AND s.shoe_id = n.shoe_id
  LEFT JOIN shoe_ends e ON n.problem IS NULL AND e.table_id = n.table_id AND e.shoe_id = n.shoe_id
  LEFT JOIN unit_starts u ON n.problem IS NULL AND u.table_id = n.table_id AND u.hand_id = n.hand_id
  LEFT JOIN shoe_starts c ON n.problem IS NULL AND c.table_id = n.table_id AND c.shoe_id = n.current_shoe
  LEFT JOIN shoe_ends ce ON n.problem IS NULL AND ce.table_id = n.table_id AND ce.shoe_id = n.current_shoe
), shoe_named AS (
  -- the records of a one-shoe table naming a shoe and accepted, its start included: the last one before a record
  -- gives the shoe in use at it, or none after a shoe_end
  SELECT r.table_id, r.seq, r.event, r.shoe_id, f.file || ':' || r.line AS named_at
  FROM named_use r JOIN {files} f USING (fid)
  WHERE r.problem IS NULL AND r.shoe_id IS NOT NULL AND r.{_ONE_SHOE}
    AND r.table_id IN (SELECT table_id FROM {records} WHERE event = 'burn' AND shoe_id IS NULL)
), loose_burns AS (
  SELECT b.rid, 'burn naming no shoe while table ' || b.table_id || ' has no shoe in use ('
    || CASE WHEN n.seq IS NULL THEN 'before any shoe' ELSE 'after the shoe_end of ' || n.shoe_id || ' at '
    || n.named_at END || '): the card cannot be counted in a shoe; give the burn its shoe_id' AS burn_problem
  FROM named_use b ASOF LEFT JOIN shoe_named n ON b.table_id = n.table_id AND b.seq > n.seq
  WHERE b.problem IS NULL AND b.event = 'burn' AND b.shoe_id IS NULL AND b.{_ONE_SHOE}
    AND coalesce(n.event = 'shoe_end', true)
), {result} AS (
  SELECT u.* REPLACE (coalesce(u.problem, l.burn_problem) AS problem)
  FROM named_use u LEFT JOIN loose_burns l USING (rid)
)"""
