"""Art. 18 (Comissão / 抽水), as replaced by Despacho n.º 73/2005: "1. Em cada lance ganho pelo grupo banqueiro
(«banker»), a casa cobra uma comissão de 5% … sobre o montante dos ganhos deste grupo. 2. Em alternativa …, a casa
não cobra qualquer comissão … Todavia, quando este grupo vença o lance com 6 (seis) pontos, o prémio a pagar é de 50%
… do valor apostado." Amounts are rounded down to the table's chip unit (DECISIONS.md): over-collection is a
violation, under-collection a warning."""

from auditor.engine.registry import SqlRule, register
from auditor.games.baccarat.scopes import judged_settlements, settlements

_STANDARD_WIN = "bet_type = 'banker' AND expected_result = 'win' AND commission_scheme = 'standard'"

register(SqlRule(
    id="BAC-18.1", game="baccarat", scope=settlements(_STANDARD_WIN),
    findings=f"""
    WITH s AS (
      SELECT *, bac_floor_unit(amount * {{{{payout_banker}}}} * {{{{commission_rate}}}}, chip_unit) AS due
      FROM ({judged_settlements(_STANDARD_WIN)}) WHERE result = 'win'
    )
    SELECT table_id, shoe_id, hand_id, seq, file, line,
           CASE WHEN commission > due THEN 'violation' ELSE 'warning' END AS severity,
           'commission of ' || fmt_money(commission) || ' on a winning Banker bet of ' || fmt_money(amount) || '; 5% rounded down to the '
             || 'chip unit ' || fmt_money(chip_unit) || ' is ' || fmt_money(due)
             || CASE WHEN commission > due THEN ' (over-collected)' ELSE ' (under-collected)' END AS message,
           fmt_money(due) AS expected, fmt_money(commission) AS found
    FROM s WHERE commission <> due
    """,
))

register(SqlRule(
    id="BAC-18.2", game="baccarat", scope=settlements("NOT (" + _STANDARD_WIN + ")"),
    findings=f"""
    SELECT table_id, shoe_id, hand_id, seq, file, line,
           'commission of ' || fmt_money(commission) || ' collected on a ' || bet_type || ' bet that should '
             || CASE expected_result WHEN 'win' THEN 'win' WHEN 'lose' THEN 'lose' ELSE 'push' END
             || CASE WHEN commission_scheme = 'no_commission' THEN ' at a no-commission table' ELSE '' END
             || '; commission is due only on winning Banker bets' AS message,
           '0' AS expected, fmt_money(commission) AS found
    FROM ({judged_settlements("NOT (" + _STANDARD_WIN + ")")}) WHERE commission <> 0
    """,
))

_NO_COMMISSION_WIN = "bet_type = 'banker' AND expected_result = 'win' AND commission_scheme = 'no_commission'"

register(SqlRule(
    id="BAC-18.3", game="baccarat", scope=settlements(_NO_COMMISSION_WIN),
    findings=f"""
    WITH s AS (
      SELECT *, CASE WHEN banker_total = 6
                     THEN bac_floor_unit(amount * {{{{no_commission_banker_six_ratio}}}}, chip_unit)
                     ELSE amount * {{{{payout_banker}}}} END AS due
      FROM ({judged_settlements(_NO_COMMISSION_WIN)})
    )
    SELECT table_id, shoe_id, hand_id, seq, file, line,
           'no-commission table: Banker won with ' || banker_total || '; bet of ' || fmt_money(amount) || ' settled ' || result
             || ' with payout ' || fmt_money(payout) || ', art. 18(2) pays ' || fmt_money(due) AS message,
           'win, payout ' || fmt_money(due) AS expected, result || ', payout ' || fmt_money(payout) AS found
    FROM s WHERE result <> 'win' OR payout <> due
    """,
))
