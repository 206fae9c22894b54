"""Art. 14 (莊閒投注不對等): when the Banker and Player stakes are unequal, the house accepts them up to the limit it
specifies (the table's ``max_difference``). Not evaluated where the table declares no such limit; a coup whose
Banker and Player stakes are equal (none at all included) is not applicable; one that settles a bet it does not log
is not evaluated (its stakes are not known)."""

from auditor.engine.registry import Scope, SqlRule, UnitBreach, register
from auditor.games.baccarat.scopes import BET_UNLOGGED, INPUT_ERROR_COUP

register(SqlRule(
    id="BAC-14.1", game="baccarat",
    scope=Scope("bac_coups", "NOT demo AND (tainted OR bets_unlogged OR banker_stake <> player_stake)", f"""CASE
        WHEN max_difference IS NULL THEN 'the table declares no Banker/Player difference limit'
        WHEN tainted THEN '{INPUT_ERROR_COUP}'
        WHEN bets_unlogged THEN '{BET_UNLOGGED}'
      END"""),
    findings=UnitBreach(
        when="abs(banker_stake - player_stake) > max_difference", seq="last_bet_seq", line="last_bet_line",
        message="'Banker stakes ' || fmt_money(banker_stake) || ' and Player stakes ' || fmt_money(player_stake) "
                "|| ' differ by ' || fmt_money(abs(banker_stake - player_stake)) || '; the table accepts at most ' "
                "|| fmt_money(max_difference)",
        expected="'<= ' || fmt_money(max_difference)", found="fmt_money(abs(banker_stake - player_stake))",
    ),
))
