"""Art. 3 (Última jogada / 最後一局): "When dealing reaches the white card, that coup is the last one, or only one more
coup may be played" (n.º 1); the shoe may be changed only at the end of a coup (n.º 2)."""

from auditor.engine.registry import Scope, SqlRule, register
from auditor.games.baccarat.scopes import INPUT_ERROR_SHOE, NO_SHOE_START, SHOES, UNJUDGED_SHOE

# The premise is the cut card coming out. A shoe whose log does not show it is not applicable where the cut card
# cannot have come out: an automatic shuffler-dealer has none (art. 2(3)), or fewer cards came out of the shoe
# (burned, dealt, exposed) than lay in front of it (its decks' cards less the cut position; of several cuts, the
# one that leaves the fewest in front). Where more came out, or the cut position or the burns are not logged, it may
# have come out unlogged: not evaluated. A shoe without a coup has no coup that could follow its cut card.
register(SqlRule(
    id="BAC-3.1", game="baccarat",
    scope=Scope("bac_shoes", """tainted OR (first_coup_seq IS NOT NULL AND (cut_card_out OR NOT (auto_shuffler
                                 OR coalesce(drawn <= fewest_in_front AND (burns_logged OR burn_method = 'none'),
                                             false))))""", f"""CASE
        WHEN tainted THEN '{INPUT_ERROR_SHOE}'
        WHEN cut_card_out THEN NULL
        WHEN NOT started THEN '{NO_SHOE_START}'
        WHEN fewest_in_front IS NULL
          THEN 'the cut card''s coming out is not logged in this shoe, and its cut position is not'
        WHEN drawn > fewest_in_front
          THEN 'more cards came out of the shoe than lay in front of the cut card, but its coming out is not logged'
        ELSE 'the cut card''s coming out is not logged in this shoe, and the table logs no burn'
      END"""),
    findings="""
    WITH cut AS (
      SELECT table_id, shoe_id, min(start_seq) AS cut_coup_seq FROM bac_coups WHERE cut_card_out GROUP BY ALL
    ), after AS (
      SELECT c.*, t.coups_after_cut_card AS allowed,
             row_number() OVER (PARTITION BY c.table_id, c.shoe_id ORDER BY c.start_seq) AS n
      FROM bac_coups c JOIN cut USING (table_id, shoe_id) JOIN bac_tables t USING (table_id)
      WHERE c.start_seq > cut.cut_coup_seq AND NOT c.demo
    )
    SELECT a.table_id, a.shoe_id, a.hand_id, a.start_seq AS seq, a.file, a.start_line AS line,
           'coup ' || a.hand_id || ' is coup ' || a.n || ' after the cut card came out; the table allows '
             || a.allowed AS message,
           '<= ' || a.allowed AS expected, a.n AS found
    FROM after a JOIN bac_shoes s USING (table_id, shoe_id)
    WHERE a.n = a.allowed + 1 AND NOT s.tainted
    """,
))

register(SqlRule(
    id="BAC-3.2", game="baccarat", scope=SHOES,
    findings="""
    SELECT e.table_id, coalesce(e.shoe_id, c.shoe_id) AS shoe_id, c.hand_id, e.seq, e.file, e.line,
           e.event || ' during coup ' || c.hand_id || '; art. 3(2): the shoe changes only at the end of a coup'
             AS message,
           'between coups' AS expected, 'inside coup ' || c.hand_id AS found
    FROM bac_shoe_events e JOIN bac_coups c ON e.table_id = c.table_id AND e.open_coup = c.hand_id
    WHERE e.event IN ('shoe_start', 'shuffle', 'cut', 'shoe_end')
      AND NOT EXISTS (SELECT 1 FROM bac_shoes s WHERE s.table_id = c.table_id AND s.shoe_id = c.shoe_id
                      AND """ + UNJUDGED_SHOE + """)
    """,
))
