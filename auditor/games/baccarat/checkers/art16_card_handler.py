"""Art. 16 (准許揭牌), n.º 2: where the house lets players handle the cards, "the seated player with the largest bet
handles the cards." """

from auditor.engine.registry import SqlRule, register

register(SqlRule(
    id="BAC-16.1", game="baccarat",
    scope="""
    SELECT c.table_id, c.hand_id AS unit_id,
           CASE WHEN (c.table_id, c.hand_id) IN (SELECT (table_id, hand_id) FROM bac_tainted)
                THEN 'input error in coup (quarantined record)'
                WHEN NOT EXISTS (SELECT 1 FROM bac_events h WHERE h.event = 'card_handler'
                                 AND h.table_id = c.table_id AND h.hand_id = c.hand_id)
                THEN 'no card handler logged' END AS missing
    FROM bac_coups c WHERE NOT c.demo
    """,
    findings="""
    WITH stakes AS (
      SELECT table_id, hand_id, player, sum(amount) AS staked FROM bac_bets
      WHERE standing IS DISTINCT FROM true GROUP BY ALL
    ), top AS (
      SELECT table_id, hand_id, max(staked) AS top_stake,
             string_agg(player, ', ' ORDER BY player) FILTER (WHERE rank = 1) AS leaders
      FROM (SELECT *, rank() OVER (PARTITION BY table_id, hand_id ORDER BY staked DESC) AS rank FROM stakes)
      GROUP BY ALL
    )
    SELECT h.table_id, c.shoe_id, h.hand_id, h.seq, h.file, h.line,
           'cards handled by ' || h.player || ' (stake ' || coalesce(fmt_money(s.staked), 'none')
             || '); the seated player with the largest bet is ' || t.leaders || ' (' || fmt_money(t.top_stake) || ')' AS message,
           t.leaders AS expected, h.player AS found
    FROM bac_events h JOIN bac_coups c USING (table_id, hand_id)
    JOIN top t USING (table_id, hand_id)
    LEFT JOIN stakes s ON s.table_id = h.table_id AND s.hand_id = h.hand_id AND s.player = h.player
    WHERE h.event = 'card_handler' AND NOT c.demo AND coalesce(s.staked, -1) < t.top_stake
      AND (h.table_id, h.hand_id) NOT IN (SELECT (table_id, hand_id) FROM bac_tainted)
    """,
))
