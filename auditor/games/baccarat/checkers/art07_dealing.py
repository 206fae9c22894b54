"""Art. 7 (派牌): "Starting with the Player, cards are dealt alternately, one at a time, two to each hand" (n.º 1);
with an automatic shuffler-dealer "the cards dealt to Player and Banker must be face up" (n.º 2)."""

from auditor.engine.registry import SqlRule, register
from auditor.games.baccarat.scopes import DEALT_COUPS, INPUT_ERROR_COUP

_JUDGED = """
FROM bac_coups c
WHERE NOT c.demo AND NOT c.voided AND NOT c.corrected
  AND (c.table_id, c.hand_id) NOT IN (SELECT (table_id, hand_id) FROM bac_tainted)
"""

register(SqlRule(
    id="BAC-7.1", game="baccarat", scope=DEALT_COUPS,
    findings=f"""
    SELECT c.table_id, c.shoe_id, c.hand_id, c.deals[1].seq AS seq, c.file, c.deals[1].line AS line,
           'the first four cards went to ' || array_to_string(c.targets[1:4], ', ')
             || '; art. 7(1): Player, Banker, Player, Banker' AS message,
           'player, banker, player, banker' AS expected, array_to_string(c.targets[1:4], ', ') AS found
    {_JUDGED} AND c.counts_ok AND NOT c.first_four_ok
    """,
))

register(SqlRule(
    id="BAC-7.2", game="baccarat", scope=DEALT_COUPS,
    findings=f"""
    SELECT c.table_id, c.shoe_id, c.hand_id, coalesce(c.deals[-1].seq, c.start_seq) AS seq, c.file,
           coalesce(c.deals[-1].line, c.start_line) AS line,
           'Player received ' || c.n_player || ' and Banker ' || c.n_banker
             || ' cards; each hand has two cards and at most one more (arts. 7(1), 9)' AS message,
           '2 or 3 cards per hand' AS expected, 'player ' || c.n_player || ', banker ' || c.n_banker AS found
    {_JUDGED} AND NOT c.counts_ok AND c.end_seq IS NOT NULL
    """,
))

register(SqlRule(
    id="BAC-7.3", game="baccarat",
    scope=f"""
    SELECT c.table_id, c.hand_id AS unit_id, CASE
        WHEN (c.table_id, c.hand_id) IN (SELECT (table_id, hand_id) FROM bac_tainted) THEN '{INPUT_ERROR_COUP}'
        WHEN c.voided OR c.corrected THEN 'coup voided or corrected (judged under art. 10)'
        WHEN len(list_filter(c.deals, lambda d: d.face IS NULL)) > 0 THEN 'face of a dealt card not logged'
      END AS missing
    FROM bac_coups c JOIN bac_tables t USING (table_id)
    WHERE NOT c.demo AND t.auto_shuffler
    """,
    findings=f"""
    WITH dealt AS (SELECT c.*, unnest(c.deals) AS d {_JUDGED})
    SELECT c.table_id, c.shoe_id, c.hand_id, c.d.seq AS seq, c.file, c.d.line AS line,
           'card ' || c.d.card || ' dealt face down by the automatic shuffler-dealer; art. 7(2): face up' AS message,
           'up' AS expected, c.d.face AS found
    FROM dealt c JOIN bac_tables t USING (table_id)
    WHERE t.auto_shuffler AND c.d.face = 'down'
    """,
))
