"""Art. 17 (Prémios / 彩金): "Winning bets on Player and Banker are paid at 1 to 1. Winning tie bets are paid at 8
to 1. Winning Banker pair and Player pair bets are paid at 11 to 1." Losing bets are collected. What a bet should
have won comes from the cards (docs/baccarat-checks.md); each breach is reported once, under the bet's situation."""

from auditor.engine.registry import SqlRule, register
from auditor.games.baccarat.scopes import judged_settlements, settlements


def _winning(rule_id: str, where: str, ratio: str, label: str) -> None:
    """A winning bet must be settled ``win`` with a payout of ``ratio`` times its stake."""
    register(SqlRule(
        id=rule_id, game="baccarat", scope=settlements(where),
        findings=f"""
        SELECT table_id, shoe_id, hand_id, seq, file, line,
               'winning {label} bet of ' || fmt_money(amount) || ' settled ' || result || ' with payout ' || fmt_money(payout)
                 || '; art. 17 pays ' || {ratio} || ' to 1' AS message,
               'win, payout ' || fmt_money(amount * {ratio}) AS expected, result || ', payout ' || fmt_money(payout) AS found
        FROM ({judged_settlements(where)}) WHERE result <> 'win' OR payout <> amount * {ratio}
        """,
    ))


_winning("BAC-17.1", "bet_type = 'player' AND expected_result = 'win'", "{{payout_player}}", "Player")
_winning("BAC-17.2", "bet_type = 'banker' AND expected_result = 'win' AND commission_scheme = 'standard'",
         "{{payout_banker}}", "Banker")
_winning("BAC-17.3", "bet_type = 'tie' AND expected_result = 'win'", "{{payout_tie}}", "tie")

# Pair bets: a wrong win/lose is art. 13's (BAC-13.2, 13.3); here only the amount of a correctly won pair bet.
_PAIR_WON = "bet_type IN ('player_pair', 'banker_pair') AND expected_result = 'win'"
register(SqlRule(
    id="BAC-17.4", game="baccarat", scope=settlements(_PAIR_WON),
    findings=f"""
    SELECT table_id, shoe_id, hand_id, seq, file, line,
           'winning ' || bet_type || ' bet of ' || fmt_money(amount) || ' paid ' || fmt_money(payout)
             || '; art. 17(3) pays {{{{payout_pair}}}} to 1' AS message,
           fmt_money(amount * {{{{payout_pair}}}}) AS expected, fmt_money(payout) AS found
    FROM ({judged_settlements(_PAIR_WON)}) WHERE result = 'win' AND payout <> amount * {{{{payout_pair}}}}
    """,
))

_LOST = "expected_result = 'lose'"
register(SqlRule(
    id="BAC-17.5", game="baccarat", scope=settlements(_LOST),
    findings=f"""
    SELECT table_id, shoe_id, hand_id, seq, file, line,
           'losing ' || bet_type || ' bet of ' || fmt_money(amount) || ' settled ' || result || ' with payout ' || fmt_money(payout)
             || '; a losing bet is collected' AS message,
           'lose, payout 0' AS expected, result || ', payout ' || fmt_money(payout) AS found
    FROM ({judged_settlements(_LOST)})
    WHERE CASE WHEN bet_type IN ('player_pair', 'banker_pair') THEN result = 'lose' AND payout <> 0
               ELSE result <> 'lose' OR payout <> 0 END
    """,
))
