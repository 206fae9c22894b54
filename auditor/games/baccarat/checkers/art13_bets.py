"""Art. 13 (Modalidades de apostas / 投注項目): the authorised bets; "a banker or player pair exists when the first two
cards of either hand form a pair: two cards of the same value regardless of colour or suit … two Jacks form a pair,
but a Jack and a Queen do not." Pair bets are settled on the cards, independently of the coup's result."""

from auditor.engine.registry import Scope, SqlRule, UnitBreach, register
from auditor.games.baccarat.scopes import INPUT_ERROR_COUP, SETTLEMENT_EVIDENCE, settlements

register(SqlRule(
    id="BAC-13.1", game="baccarat",
    scope=Scope("bac_bets", "NOT demo", f"CASE WHEN tainted THEN '{INPUT_ERROR_COUP}' END"),
    findings=UnitBreach(
        when="NOT allowed", seq="seq", line="line",
        message="'bet type ' || bet_type || ' is not authorised at this table (' || bac_allowed(u.table_id) || ')'",
        expected="bac_allowed(u.table_id)", found="bet_type",
    ),
))

_PAIR = settlements("bet_type IN ('player_pair', 'banker_pair')")

register(SqlRule(
    id="BAC-13.2", game="baccarat", scope=_PAIR,
    findings=UnitBreach(
        when="result IN ('win', 'lose') AND result <> expected_result", **SETTLEMENT_EVIDENCE,
        message="bet_type || ' bet settled ' || result || ' but the first two cards of the hand ' "
                "|| CASE WHEN expected_result = 'win' THEN 'have the same rank' ELSE 'differ in rank' END "
                "|| '; art. 13: a pair is two cards of the same rank'",
        expected="expected_result", found="result",
    ),
))

register(SqlRule(
    id="BAC-13.3", game="baccarat", scope=_PAIR,
    findings=UnitBreach(
        when="result NOT IN ('win', 'lose')", **SETTLEMENT_EVIDENCE,
        message="bet_type || ' bet settled ' || result || ' on a ' || winner "
                "|| ' coup; art. 13: pair bets are settled on the cards alone'",
        expected="expected_result", found="result",
    ),
))
