"""Art. 13 (Modalidades de apostas / 投注項目): the authorised bets; "a banker or player pair exists when the first two
cards of either hand form a pair: two cards of the same value regardless of colour or suit … two Jacks form a pair,
but a Jack and a Queen do not." Pair bets are settled on the cards, independently of the coup's result."""

from auditor.engine.registry import SqlRule, register
from auditor.games.baccarat.scopes import judged_settlements, settlements

register(SqlRule(
    id="BAC-13.1", game="baccarat",
    scope="""
    SELECT b.table_id, b.hand_id || '#' || b.seq AS unit_id, NULL::VARCHAR AS missing
    FROM bac_bets b JOIN bac_coups c USING (table_id, hand_id) WHERE NOT c.demo
    """,
    findings="""
    SELECT b.table_id, c.shoe_id, b.hand_id, b.seq, b.file, b.line,
           'bet type ' || b.bet_type || ' is not authorised at this table (' || array_to_string(t.bets_allowed, ', ')
             || ')' AS message,
           array_to_string(t.bets_allowed, ', ') AS expected, b.bet_type AS found
    FROM bac_bets b JOIN bac_coups c USING (table_id, hand_id) JOIN bac_tables t USING (table_id)
    WHERE NOT c.demo AND NOT list_contains(t.bets_allowed, b.bet_type)
    """,
))

_PAIR = "bet_type IN ('player_pair', 'banker_pair')"

register(SqlRule(
    id="BAC-13.2", game="baccarat", scope=settlements(_PAIR),
    findings=f"""
    SELECT table_id, shoe_id, hand_id, seq, file, line,
           bet_type || ' bet settled ' || result || ' but the first two cards of the hand '
             || CASE WHEN expected_result = 'win' THEN 'have the same rank' ELSE 'differ in rank' END
             || '; art. 13: a pair is two cards of the same rank' AS message,
           expected_result AS expected, result AS found
    FROM ({judged_settlements(_PAIR)}) WHERE result IN ('win', 'lose') AND result <> expected_result
    """,
))

register(SqlRule(
    id="BAC-13.3", game="baccarat", scope=settlements(_PAIR),
    findings=f"""
    SELECT table_id, shoe_id, hand_id, seq, file, line,
           bet_type || ' bet settled ' || result || ' on a ' || winner
             || ' coup; art. 13: pair bets are settled on the cards alone' AS message,
           expected_result AS expected, result AS found
    FROM ({judged_settlements(_PAIR)}) WHERE result NOT IN ('win', 'lose')
    """,
))
