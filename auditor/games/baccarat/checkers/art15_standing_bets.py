"""Art. 15 (投注): "Standing players may not place bets in the betting area assigned to seated players." """

from auditor.engine.registry import Scope, SqlRule, register
from auditor.games.baccarat.scopes import INPUT_ERROR_COUP

# A standing bet is joined to the seated bets of its coup's spot: only the breaches meet. A seated player's bet is
# not applicable.
register(SqlRule(
    id="BAC-15.1", game="baccarat",
    scope=Scope("bac_bets", "NOT demo AND (tainted OR standing IS NOT FALSE)", f"""CASE
        WHEN tainted THEN '{INPUT_ERROR_COUP}'
        WHEN standing IS NULL OR spot IS NULL THEN 'bettor status or betting spot not logged'
      END"""),
    findings="""
    WITH standing AS (SELECT * FROM bac_events WHERE event = 'bet' AND standing),
    seated AS (SELECT hand_key, spot, player FROM bac_events WHERE event = 'bet' AND standing = false)
    SELECT b.table_id, c.shoe_id, b.hand_id, b.seq, b.file, b.line,
           'standing player ' || b.player || ' bet in spot ' || b.spot || ', where seated player ' || min(s.player)
             || ' bets; art. 15' AS message,
           'no standing bet in a seated player''s spot' AS expected, 'spot ' || b.spot AS found
    FROM standing b JOIN seated s ON s.hand_key = b.hand_key AND s.spot = b.spot
    JOIN bac_coups c ON c.hand_key = b.hand_key AND NOT c.demo AND NOT c.tainted
    GROUP BY b.table_id, c.shoe_id, b.hand_id, b.seq, b.file, b.line, b.player, b.spot
    """,
))
