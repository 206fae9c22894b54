"""Art. 17 (Prémios / 彩金): "Winning bets on Player and Banker are paid at 1 to 1. Winning tie bets are paid at 8
to 1. Winning Banker pair and Player pair bets are paid at 11 to 1." Losing bets are collected. What a bet should
have won comes from the cards (docs/baccarat-checks.md); each breach is reported once, under the bet's situation."""

from auditor.engine.registry import SqlRule, UnitBreach, register
from auditor.games.baccarat.scopes import SETTLEMENT_EVIDENCE, settlements


def _winning(rule_id: str, where: str, ratio: str, label: str) -> None:
    """A winning bet must be settled ``win`` with a payout of ``ratio`` times its stake."""
    register(SqlRule(
        id=rule_id, game="baccarat", scope=settlements(where, "payout", "win"),
        findings=UnitBreach(
            when=f"result <> 'win' OR payout <> amount * {ratio}", **SETTLEMENT_EVIDENCE,
            message=f"'winning {label} bet of ' || fmt_money(amount) || ' settled ' || result || ' with payout ' "
                    f"|| bac_logged(payout) || '; art. 17 pays ' || {ratio} || ' to 1'",
            expected=f"'win, payout ' || fmt_money(amount * {ratio})",
            found="result || ', payout ' || bac_logged(payout)",
        ),
    ))


_winning("BAC-17.1", "bet_type = 'player' AND expected_result = 'win'", "{{payout_player}}", "Player")
_winning("BAC-17.2", "bet_type = 'banker' AND expected_result = 'win' AND commission_scheme = 'standard'",
         "{{payout_banker}}", "Banker")
_winning("BAC-17.3", "bet_type = 'tie' AND expected_result = 'win'", "{{payout_tie}}", "tie")
# Art. 17(5), n.º 56/2018: "Os prémios das apostas vencedoras no «6 Sortudo» são pagos na proporção de 12 para 1
# para as duas primeiras cartas e na proporção de 20 para 1 [com a carta adicional]".
_winning("BAC-17.7", "bet_type = 'lucky6' AND expected_result = 'win'",
         "CASE WHEN n_banker = 2 THEN {{payout_lucky6_two_cards}} ELSE {{payout_lucky6_three_cards}} END", "Lucky 6")

# Pair bets: a wrong win/lose is art. 13's (BAC-13.2, 13.3); here only the amount of a correctly won pair bet.
register(SqlRule(
    id="BAC-17.4", game="baccarat",
    scope=settlements("bet_type IN ('player_pair', 'banker_pair') AND expected_result = 'win'", "payout", "win"),
    findings=UnitBreach(
        when="result = 'win' AND payout <> amount * {{payout_pair}}", **SETTLEMENT_EVIDENCE,
        message="'winning ' || bet_type || ' bet of ' || fmt_money(amount) || ' paid ' || bac_logged(payout) "
                "|| '; art. 17(3) pays {{payout_pair}} to 1'",
        expected="fmt_money(amount * {{payout_pair}})", found="bac_logged(payout)",
    ),
))

register(SqlRule(
    id="BAC-17.5", game="baccarat", scope=settlements("expected_result = 'lose'", "payout", "lose"),
    findings=UnitBreach(
        when="""CASE WHEN bet_type IN ('player_pair', 'banker_pair') THEN result = 'lose' AND payout <> 0
                     ELSE result <> 'lose' OR payout <> 0 END""",
        **SETTLEMENT_EVIDENCE,
        message="'losing ' || bet_type || ' bet of ' || fmt_money(amount) || ' settled ' || result || ' with payout ' "
                "|| bac_logged(payout) || '; a losing bet is collected'",
        expected="'lose, payout 0'", found="result || ', payout ' || bac_logged(payout)",
    ),
))
