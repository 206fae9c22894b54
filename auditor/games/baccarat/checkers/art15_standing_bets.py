"""Art. 15 (投注): "Standing players may not place bets in the betting area assigned to seated players." """

from auditor.engine.registry import SqlRule, register

register(SqlRule(
    id="BAC-15.1", game="baccarat",
    scope="""
    SELECT b.table_id, b.hand_id || '#' || b.seq AS unit_id,
           CASE WHEN b.standing IS NULL OR b.spot IS NULL THEN 'bettor status or betting spot not logged' END AS missing
    FROM bac_bets b JOIN bac_coups c USING (table_id, hand_id) WHERE NOT c.demo
    """,
    findings="""
    SELECT b.table_id, c.shoe_id, b.hand_id, b.seq, b.file, b.line,
           'standing player ' || b.player || ' bet in spot ' || b.spot || ', where seated player ' || s.player
             || ' bets; art. 15' AS message,
           'no standing bet in a seated player''s spot' AS expected, 'spot ' || b.spot AS found
    FROM bac_bets b JOIN bac_coups c USING (table_id, hand_id)
    JOIN (SELECT table_id, hand_id, spot, min(player) AS player FROM bac_bets
          WHERE standing = false GROUP BY ALL) s
      ON s.table_id = b.table_id AND s.hand_id = b.hand_id AND s.spot = b.spot
    WHERE b.standing AND NOT c.demo
    """,
))
