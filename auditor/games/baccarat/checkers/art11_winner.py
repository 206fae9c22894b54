"""Art. 11 (勝負): "Of Banker and Player, the hand with the higher total at the end of the coup wins"; equal
totals are a tie (art. 12). The declared result must be the winner of the final totals; a corrected coup's final
hands are not in the log (art. 10: the correction is logged, the hands it left are not), so it is not judged; a
voided coup ("cancelled and void", art. 10) has no winner: not applicable."""

from auditor.engine.registry import Scope, SqlRule, UnitBreach, register
from auditor.games.baccarat.scopes import CORRECTED, INPUT_ERROR_COUP, UNKNOWN_CARD, UNREADABLE_CARDS

register(SqlRule(
    id="BAC-11.1", game="baccarat",
    scope=Scope("bac_coups", "NOT demo AND (tainted OR NOT voided)", f"""CASE
        WHEN tainted THEN '{INPUT_ERROR_COUP}'
        WHEN corrected THEN '{CORRECTED}'
        WHEN NOT (counts_ok AND first_four_ok AND thirds_ok) THEN '{UNREADABLE_CARDS}'
        WHEN NOT cards_known THEN '{UNKNOWN_CARD}'
        WHEN declared IS NULL THEN 'no result declared'
      END"""),
    findings=UnitBreach(
        when="declared <> winner", seq="result_seq", line="result_line",
        message="'declared ' || declared || ' but Player ' || player_total || ', Banker ' || banker_total "
                "|| ' is a ' || CASE WHEN winner = 'tie' THEN 'tie' ELSE winner || ' win' END",
        expected="winner", found="declared",
    ),
))
