"""Art. 12 (和局): "When … the Banker and Player totals are equal, the result is a tie"; Player and Banker bets are
neither paid nor collected (a push). Its commission side is BAC-18.2's."""

from auditor.engine.registry import SqlRule, UnitBreach, register
from auditor.games.baccarat.scopes import SETTLEMENT_EVIDENCE, settlements

register(SqlRule(
    id="BAC-12.1", game="baccarat",
    scope=settlements("bet_type IN ('player', 'banker') AND winner = 'tie'", "payout", "push"),
    findings=UnitBreach(
        when="result <> 'push' OR payout <> 0", **SETTLEMENT_EVIDENCE,
        message="'tie: ' || bet_type || ' bet of ' || fmt_money(amount) || ' settled ' || result || ' with payout ' "
                "|| bac_logged(payout) || '; art. 12: it pushes'",
        expected="'push, payout 0'", found="result || ', payout ' || bac_logged(payout)",
    ),
))
