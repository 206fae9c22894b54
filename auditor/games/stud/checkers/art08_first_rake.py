"""Art. 8 (首次"抽水"): "In every hand, before the first card is dealt, the dealer takes a rake of $20 or $100,
according to whether that hand's ante is $20 or $100."

The first rake is the ``rake`` with ``reason: first_rake``; the ante of the hand is what all its players posted
alike, else the table's. As with every rake, taking more than is due (a second first rake, a larger one) is a
violation, taking less (none, a smaller one) an under-collection, a warning; a first rake after the first card is a
violation."""

from auditor.engine.registry import SqlRule, register
from auditor.games.stud.scopes import hands, judged, said, unless_not_logged

_FIRST_RAKE = hands(unless_not_logged("rake"),
                    ("NOT first_rakes_logged", said("no first rake logged at this table")))

register(SqlRule(
    id="5CS-8.1", game="stud", scope=_FIRST_RAKE,
    findings=f"""
    WITH h AS (SELECT *, coalesce(hand_ante, ante) AS due FROM {judged(_FIRST_RAKE)}),
    f AS (
      SELECT h.*, coalesce(first_deal_seq, start_seq) AS seq, 'no first rake in hand ' || hand_id
               || ' before its first card' AS what, fmt_money(due) AS expected, 'none' AS found, 'warning' AS severity
      FROM h WHERE first_rakes = 0
      UNION ALL
      SELECT h.*, first_rake_seqs[2], first_rakes || ' first rakes in hand ' || hand_id, '1', first_rakes::VARCHAR,
             NULL
      FROM h WHERE first_rakes > 1
      UNION ALL
      SELECT h.*, first_rake_seqs[1], 'a first rake of ' || fmt_money(first_rake) || ' in hand ' || hand_id
               || ', whose ante is ' || fmt_money(due), fmt_money(due), fmt_money(first_rake),
             CASE WHEN first_rake < due THEN 'warning' END
      FROM h WHERE first_rakes > 0 AND first_rake <> due
      UNION ALL
      SELECT h.*, first_rake_seqs[1], 'the first rake of hand ' || hand_id || ' taken after its first card (seq '
               || first_deal_seq || ')', 'before seq ' || first_deal_seq, 'seq ' || first_rake_seqs[1], NULL
      FROM h WHERE first_rake_seqs[1] > first_deal_seq
    )
    SELECT f.table_id, f.shoe_id, f.hand_id, f.seq, f.file, e.line,
           f.what || '; art. 8: one rake of the ante, taken before the first card is dealt' AS message,
           f.expected, f.found, f.severity
    FROM f LEFT JOIN stud_events e ON e.hand_key = f.hand_key AND e.seq = f.seq  -- the line of the event at seq
    """,
))
