"""Art. 4 (陽反牌): "If … a card comes out of the shoe … face up, the exposed card and the bets of that coup remain
valid, and play continues." A coup voided after a card was exposed breaches it, unless its cards show a dealing
error (``dealing_broken``): art. 10 voids a coup whose error "cannot be corrected". A coup in which no card was
exposed is not applicable."""

from auditor.engine.registry import Scope, SqlRule, UnitBreach, register
from auditor.games.baccarat.scopes import INPUT_ERROR_COUP, UNKNOWN_CARD

register(SqlRule(
    id="BAC-4.1", game="baccarat",
    scope=Scope("bac_coups", "NOT demo AND (exposed OR tainted)", f"""CASE
        WHEN tainted THEN '{INPUT_ERROR_COUP}'
        WHEN exposed AND voided AND dealing_broken IS NULL THEN '{UNKNOWN_CARD}'
      END"""),
    findings=UnitBreach(
        when="exposed AND voided AND NOT dealing_broken", seq="void_seq", line="void_line",
        message="'coup ' || hand_id || ' was voided after a card was exposed; art. 4: its bets remain valid'",
        expected="'played and settled'", found="'voided'",
    ),
))
