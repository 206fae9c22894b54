"""Art. 11 (勝負): "Of Banker and Player, the hand with the higher total at the end of the coup wins"; equal
totals are a tie (art. 12). The declared result must be the winner of the final totals."""

from auditor.engine.registry import SqlRule, register

register(SqlRule(
    id="BAC-11.1", game="baccarat",
    scope="""
    SELECT c.table_id, c.hand_id AS unit_id, CASE
        WHEN (c.table_id, c.hand_id) IN (SELECT (table_id, hand_id) FROM bac_tainted)
          THEN 'input error in coup (quarantined record)'
        WHEN c.voided THEN 'coup voided'
        WHEN NOT (c.counts_ok AND c.first_four_ok AND c.thirds_ok)
          THEN 'cards do not form a valid coup (reported under BAC-7.1, 7.2 or 9.1)'
        WHEN NOT c.cards_known THEN 'a dealt card is not logged'
        WHEN c.declared IS NULL THEN 'no result declared'
      END AS missing
    FROM bac_coups c WHERE NOT c.demo
    """,
    findings="""
    SELECT c.table_id, c.shoe_id, c.hand_id, c.result_seq AS seq, c.file, c.result_line AS line,
           'declared ' || c.declared || ' but Player ' || c.player_total || ', Banker ' || c.banker_total
             || ' is a ' || CASE WHEN c.winner = 'tie' THEN 'tie' ELSE c.winner || ' win' END AS message,
           c.winner AS expected, c.declared AS found
    FROM bac_coups c
    WHERE NOT c.demo AND NOT c.voided AND c.counts_ok AND c.first_four_ok AND c.thirds_ok AND c.cards_known
      AND c.declared IS NOT NULL AND c.declared <> c.winner
      AND (c.table_id, c.hand_id) NOT IN (SELECT (table_id, hand_id) FROM bac_tainted)
    """,
))
