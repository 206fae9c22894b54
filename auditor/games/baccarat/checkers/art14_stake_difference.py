"""Art. 14 (莊閒投注不對等): when the Banker and Player stakes are unequal, the house accepts them up to the limit it
specifies (the table's ``max_difference``). Not evaluated where the table declares no such limit."""

from auditor.engine.registry import SqlRule, register

register(SqlRule(
    id="BAC-14.1", game="baccarat",
    scope="""
    SELECT c.table_id, c.hand_id AS unit_id, CASE
        WHEN t.max_difference IS NULL THEN 'the table declares no Banker/Player difference limit'
        WHEN (c.table_id, c.hand_id) IN (SELECT (table_id, hand_id) FROM bac_tainted)
          THEN 'input error in coup (quarantined record)'
      END AS missing
    FROM bac_coups c JOIN bac_tables t USING (table_id) WHERE NOT c.demo
    """,
    findings="""
    WITH stakes AS (
      SELECT table_id, hand_id,
             coalesce(sum(amount) FILTER (WHERE bet_type = 'banker'), 0) AS banker,
             coalesce(sum(amount) FILTER (WHERE bet_type = 'player'), 0) AS player,
             max(seq) AS seq, max(line) AS line, any_value(file) AS file
      FROM bac_bets GROUP BY table_id, hand_id
    )
    SELECT s.table_id, c.shoe_id, s.hand_id, s.seq, s.file, s.line,
           'Banker stakes ' || fmt_money(s.banker) || ' and Player stakes ' || fmt_money(s.player) || ' differ by ' || fmt_money(abs(s.banker - s.player))
             || '; the table accepts at most ' || fmt_money(t.max_difference) AS message,
           '<= ' || fmt_money(t.max_difference) AS expected, fmt_money(abs(s.banker - s.player)) AS found
    FROM stakes s JOIN bac_coups c USING (table_id, hand_id) JOIN bac_tables t USING (table_id)
    WHERE NOT c.demo AND t.max_difference IS NOT NULL AND abs(s.banker - s.player) > t.max_difference
      AND (s.table_id, s.hand_id) NOT IN (SELECT (table_id, hand_id) FROM bac_tainted)
    """,
))
