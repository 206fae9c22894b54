"""Art. 18 (Comissão / 抽水), as replaced by Despacho n.º 73/2005: "1. Em cada lance ganho pelo grupo banqueiro
(«banker»), a casa cobra uma comissão de 5% … sobre o montante dos ganhos deste grupo. 2. Em alternativa …, a casa
não cobra qualquer comissão … Todavia, quando este grupo vença o lance com 6 (seis) pontos, o prémio a pagar é de 50%
… do valor apostado." Amounts are rounded down to the table's chip unit (docs/readings.md): over-collection is a
violation, under-collection a warning."""

from auditor.engine.registry import SqlRule, UnitBreach, register
from auditor.games.baccarat.scopes import SETTLEMENT_EVIDENCE, settlements

_STANDARD_WIN = "bet_type = 'banker' AND expected_result = 'win' AND commission_scheme = 'standard'"
_DUE = "bac_floor_unit(amount * {{payout_banker}} * {{commission_rate}}, chip_unit)"

register(SqlRule(
    id="BAC-18.1", game="baccarat", scope=settlements(_STANDARD_WIN, "commission", "win"),
    findings=UnitBreach(
        when=f"result = 'win' AND commission <> {_DUE}", **SETTLEMENT_EVIDENCE,
        severity=f"CASE WHEN commission > {_DUE} THEN 'violation' ELSE 'warning' END",
        message=f"'commission of ' || bac_logged(commission) || ' on a winning Banker bet of ' || fmt_money(amount) "
                f"|| '; 5% rounded down to the chip unit ' || fmt_money(chip_unit) || ' is ' || fmt_money({_DUE}) "
                f"|| CASE WHEN commission > {_DUE} THEN ' (over-collected)' ELSE ' (under-collected)' END",
        expected=f"fmt_money({_DUE})", found="bac_logged(commission)",
    ),
))

register(SqlRule(
    id="BAC-18.2", game="baccarat", scope=settlements(f"NOT ({_STANDARD_WIN})", "commission"),
    findings=UnitBreach(
        when="commission <> 0", **SETTLEMENT_EVIDENCE,
        message="'commission of ' || bac_logged(commission) || ' collected on a ' || bet_type || ' bet that should ' "
                "|| CASE expected_result WHEN 'win' THEN 'win' WHEN 'lose' THEN 'lose' ELSE 'push' END "
                "|| CASE WHEN commission_scheme = 'no_commission' THEN ' at a no-commission table' ELSE '' END "
                "|| '; commission is due only on winning Banker bets'",
        expected="'0'", found="bac_logged(commission)",
    ),
))

_NO_COMMISSION_DUE = """CASE WHEN banker_total = 6
    THEN bac_floor_unit(amount * {{no_commission_banker_six_ratio}}, chip_unit) ELSE amount * {{payout_banker}} END"""

register(SqlRule(
    id="BAC-18.3", game="baccarat",
    scope=settlements("bet_type = 'banker' AND expected_result = 'win' AND commission_scheme = 'no_commission'",
                      "payout", "win"),
    findings=UnitBreach(
        when=f"result <> 'win' OR payout <> {_NO_COMMISSION_DUE}", **SETTLEMENT_EVIDENCE,
        message=f"'no-commission table: Banker won with ' || banker_total || '; bet of ' || fmt_money(amount) "
                f"|| ' settled ' || result || ' with payout ' || bac_logged(payout) || ', art. 18(2) pays ' "
                f"|| fmt_money({_NO_COMMISSION_DUE})",
        expected=f"'win, payout ' || fmt_money({_NO_COMMISSION_DUE})",
        found="result || ', payout ' || bac_logged(payout)",
    ),
))
