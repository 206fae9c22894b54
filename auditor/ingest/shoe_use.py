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
use, so a pack never started contradicts nothing."""

from __future__ import annotations

from auditor.games.catalog import ONE_SHOE

_ONE_SHOE = f"game IN ({', '.join(repr(g) for g in ONE_SHOE)})"


def shoe_use_sql(records: str, files: str, in_start: str) -> str:
    """CTEs ending in ``shoe_use (rid, shoe_problem)``: for every accepted record of ``records`` (columns ``rid``,
    ``fid``, ``line``, ``table_id``, ``game``, ``seq``, ``event``, ``hand_id``, ``shoe_id``, ``problem``) naming a
    shoe, the reason it is refused, or NULL. ``in_start``: SQL true for the event that starts a coup or hand."""
    return f"""shoe_starts AS (
  SELECT r.table_id, r.shoe_id, r.seq AS start_seq, f.file || ':' || r.line AS start_at
  FROM {records} r JOIN {files} f USING (fid) WHERE r.problem IS NULL AND r.event = 'shoe_start'
), shoe_ends AS (
  SELECT r.table_id, r.shoe_id, r.seq AS end_seq, f.file || ':' || r.line AS end_at
  FROM {records} r JOIN {files} f USING (fid) WHERE r.problem IS NULL AND r.event = 'shoe_end'
), unit_starts AS (
  SELECT table_id, hand_id, min(seq) AS unit_seq FROM {records}
  WHERE problem IS NULL AND hand_id IS NOT NULL AND {in_start} GROUP BY ALL
), named AS (
  -- the records naming a shoe (its own start aside), each with the shoe's start (NULL: never started) and end
  SELECT r.rid, r.table_id, r.game, r.seq, r.event, r.shoe_id, s.start_seq, s.start_at, e.end_seq, e.end_at,
    u.unit_seq
  FROM {records} r LEFT JOIN shoe_starts s USING (table_id, shoe_id) LEFT JOIN shoe_ends e USING (table_id, shoe_id)
  LEFT JOIN unit_starts u USING (table_id, hand_id)
  WHERE r.problem IS NULL AND r.event <> 'shoe_start' AND r.shoe_id IS NOT NULL
    AND (s.start_seq IS NOT NULL OR {_ONE_SHOE})
), current AS (
  -- the shoe last started at the record (and its end), and at the start of its coup or hand (ASOF joins on seq)
  SELECT n.*, c.shoe_id AS current_shoe, c.start_at AS current_at, ce.end_seq AS current_end, cu.shoe_id AS unit_shoe
  FROM named n ASOF LEFT JOIN shoe_starts c ON n.table_id = c.table_id AND n.seq > c.start_seq
  LEFT JOIN shoe_ends ce ON ce.table_id = c.table_id AND ce.shoe_id = c.shoe_id
  ASOF LEFT JOIN shoe_starts cu ON n.table_id = cu.table_id AND n.unit_seq > cu.start_seq
), shoe_use AS (
  SELECT rid, CASE
    WHEN start_seq IS NULL AND coalesce(current_end > seq, current_shoe IS NOT NULL)
      THEN event || ' of shoe ' || shoe_id || ', which table ' || table_id || ' never started, while shoe '
           || current_shoe || ' is in use (started at ' || current_at || ')'
    WHEN start_seq IS NULL THEN NULL
    WHEN unit_seq > start_seq AND unit_seq < coalesce(end_seq, unit_seq + 1)
      AND (unit_shoe = shoe_id OR NOT {_ONE_SHOE}) THEN NULL
    WHEN seq < start_seq THEN event || ' of shoe ' || shoe_id || ' before its shoe_start (at ' || start_at || ')'
    WHEN seq > end_seq THEN event || ' of shoe ' || shoe_id || ' after its shoe_end (at ' || end_at || ')'
    WHEN current_shoe <> shoe_id AND {_ONE_SHOE}
      THEN event || ' of shoe ' || shoe_id || ' while shoe ' || current_shoe || ' is in use (started at '
           || current_at || ')'
  END AS shoe_problem
  FROM current
)"""
