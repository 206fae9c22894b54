"""Art. 12 (和局): "When … the Banker and Player totals are equal, the result is a tie"; Player and Banker bets are
neither paid nor collected (a push). Its commission side is BAC-18.2's."""

from auditor.engine.registry import SqlRule, register
from auditor.games.baccarat.scopes import judged_settlements, settlements

_ON_TIE = "bet_type IN ('player', 'banker') AND winner = 'tie'"

register(SqlRule(
    id="BAC-12.1", game="baccarat", scope=settlements(_ON_TIE),
    findings=f"""
    SELECT table_id, shoe_id, hand_id, seq, file, line,
           'tie: ' || bet_type || ' bet of ' || fmt_money(amount) || ' settled ' || result || ' with payout ' || fmt_money(payout)
             || '; art. 12: it pushes' AS message,
           'push, payout 0' AS expected, result || ', payout ' || fmt_money(payout) AS found
    FROM ({judged_settlements(_ON_TIE)}) WHERE result <> 'push' OR payout <> 0
    """,
))
