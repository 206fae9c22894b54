"""Art. 15 (投注): "Standing players may not place bets in the betting area assigned to seated players." """

from auditor.engine.registry import Scope, SqlRule, register

# The seated players' spots are joined to the standing bets only.
register(SqlRule(
    id="BAC-15.1", game="baccarat",
    scope=Scope("bac_bets", "NOT demo",
                "CASE WHEN standing IS NULL OR spot IS NULL THEN 'bettor status or betting spot not logged' END"),
    findings="""
    SELECT b.table_id, b.shoe_id, b.hand_id, b.seq, b.file, b.line,
           'standing player ' || b.player || ' bet in spot ' || b.spot || ', where seated player ' || s.player
             || ' bets; art. 15' AS message,
           'no standing bet in a seated player''s spot' AS expected, 'spot ' || b.spot AS found
    FROM (SELECT * FROM bac_bets WHERE standing AND NOT demo) b
    JOIN (SELECT hand_key, spot, min(player) AS player FROM bac_events
          WHERE event = 'bet' AND standing = false GROUP BY ALL) s
      ON s.hand_key = b.hand_key AND s.spot = b.spot
    """,
))
