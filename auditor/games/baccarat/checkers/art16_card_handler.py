"""Art. 16 (准許揭牌), n.º 2: where the house lets players handle the cards, "the seated player with the largest bet
handles the cards." """

from auditor.engine.registry import Scope, SqlRule, register
from auditor.games.baccarat.scopes import BET_UNLOGGED, INPUT_ERROR_COUP

# A player's stake is the sum of the bets the reading counts (ruleset parameter handler_stake): all his bets in the
# coup ('total'), or only his Player and Banker bets ('main'). The stakes are summed only for the coups whose card
# handler is logged and every bettor's status is known (a bet whose status is not logged may be the largest seated
# one); where no seated player stakes, nobody has the largest bet (a coup without stakes has no leader, so no finding
# either); the leaders are named only where the handler is not one of them.
_MAIN = "{{handler_stake}} = 'main'"


def _counted(bet: str) -> str:
    """Whether a bet event (``bet``: its alias, with the dot) makes a seated player's stake."""
    return f"(NOT {bet}standing AND ({{{{handler_stake}}}} = 'total' OR {bet}bet_type IN ('player', 'banker')))"


def _any_bet(coup: str, where: str) -> str:
    return f"EXISTS (SELECT 1 FROM bac_events b WHERE b.hand_key = {coup}.hand_key AND b.event = 'bet' AND {where})"


# The premise is a player handling the cards. At a table that logs a card handler in some coup, a coup without one
# had none: not applicable. A table that logs none may not record them: its coups are not evaluated.
register(SqlRule(
    id="BAC-16.1", game="baccarat",
    scope=Scope("bac_coups", "NOT demo AND (handled OR tainted OR NOT handlers_logged)",
                f"""CASE WHEN tainted THEN '{INPUT_ERROR_COUP}'
                    WHEN NOT handled THEN 'no card handler logged at this table'
                    WHEN bets_unlogged THEN '{BET_UNLOGGED}'
                    WHEN {_any_bet('u', 'b.standing IS NULL')} THEN 'a bettor status (seated or standing) not logged'
                    WHEN NOT {_any_bet('u', _counted('b.'))}
                      THEN CASE WHEN {_MAIN} THEN 'no seated Player or Banker bet' ELSE 'no seated bet' END
                END"""),
    findings=f"""
    WITH handled AS (
      SELECT hand_key, shoe_id FROM bac_coups c
      WHERE handled AND NOT demo AND NOT tainted AND NOT bets_unlogged AND NOT {_any_bet('c', 'b.standing IS NULL')}
    ), stakes AS (
      SELECT hand_key, player, sum(amount) AS staked FROM bac_events e JOIN handled USING (hand_key)
      WHERE e.event = 'bet' AND {_counted('e.')} GROUP BY ALL
    ), top AS (
      SELECT hand_key, max(staked) AS top_stake FROM stakes GROUP BY ALL
    ), breaches AS (
      SELECT h.*, c.shoe_id, s.staked, t.top_stake
      FROM bac_events h JOIN handled c USING (hand_key) JOIN top t USING (hand_key)
      LEFT JOIN stakes s ON s.hand_key = h.hand_key AND s.player = h.player
      WHERE h.event = 'card_handler' AND coalesce(s.staked, -1) < t.top_stake
    ), leaders AS (
      SELECT s.hand_key, string_agg(s.player, ', ' ORDER BY s.player) AS leaders
      FROM stakes s JOIN (SELECT DISTINCT hand_key, top_stake FROM breaches) b
        ON b.hand_key = s.hand_key AND s.staked = b.top_stake
      GROUP BY s.hand_key
    )
    SELECT b.table_id, b.shoe_id, b.hand_id, b.seq, b.file, b.line,
           'cards handled by ' || b.player || CASE WHEN {_MAIN} THEN ' (Player/Banker stake ' ELSE ' (stake ' END
             || coalesce(fmt_money(b.staked), 'none') || '); the seated player with the largest bet '
             || CASE WHEN {_MAIN} THEN 'on Player or Banker ' ELSE '' END
             || 'is ' || l.leaders || ' (' || fmt_money(b.top_stake) || ')' AS message,
           l.leaders AS expected, b.player AS found
    FROM breaches b JOIN leaders l USING (hand_key)
    """,
))
