"""Art. 16 (准許揭牌), n.º 2: where the house lets players handle the cards, "the seated player with the largest bet
handles the cards." """

from auditor.engine.registry import Scope, SqlRule, register
from auditor.games.baccarat.scopes import INPUT_ERROR_COUP

# The stakes are summed only for the coups whose card handler is logged.
register(SqlRule(
    id="BAC-16.1", game="baccarat",
    scope=Scope("bac_coups", "NOT demo",
                f"CASE WHEN tainted THEN '{INPUT_ERROR_COUP}' WHEN NOT handled THEN 'no card handler logged' END"),
    findings="""
    WITH handled AS (
      SELECT hand_key, shoe_id FROM bac_coups WHERE handled AND NOT demo AND NOT tainted
    ), stakes AS (
      SELECT hand_key, player, sum(amount) AS staked FROM bac_events JOIN handled USING (hand_key)
      WHERE event = 'bet' AND standing IS DISTINCT FROM true GROUP BY ALL
    ), top AS (
      SELECT hand_key, max(staked) AS top_stake,
             string_agg(player, ', ' ORDER BY player) FILTER (WHERE rank = 1) AS leaders
      FROM (SELECT *, rank() OVER (PARTITION BY hand_key ORDER BY staked DESC) AS rank FROM stakes)
      GROUP BY ALL
    )
    SELECT h.table_id, c.shoe_id, h.hand_id, h.seq, h.file, h.line,
           'cards handled by ' || h.player || ' (stake ' || coalesce(fmt_money(s.staked), 'none')
             || '); the seated player with the largest bet is ' || t.leaders || ' (' || fmt_money(t.top_stake) || ')' AS message,
           t.leaders AS expected, h.player AS found
    FROM bac_events h JOIN handled c USING (hand_key)
    JOIN top t USING (hand_key)
    LEFT JOIN stakes s ON s.hand_key = h.hand_key AND s.player = h.player
    WHERE h.event = 'card_handler' AND coalesce(s.staked, -1) < t.top_stake
    """,
))
