"""What one evaluation of a baccarat rule covers, and when it cannot be made (``not_evaluated`` reasons).

Each scope is a ``Scope`` over a model relation (``model.sql``): its rows are the units, ``missing`` is NULL for a
unit that was evaluated, else the reason it was not."""

from auditor.engine.registry import Scope

INPUT_ERROR_COUP = "input error in coup (quarantined record)"
INPUT_ERROR_SHOE = "input error in shoe (quarantined record)"
UNREADABLE_CARDS = "cards do not form a valid coup (reported under BAC-7.1, 7.2 or 9.1)"
UNKNOWN_CARD = "a dealt card is not logged"
CORRECTED = "coup corrected (art. 10): its final hands are not derivable from the log"
NO_BET = "settlement of no logged bet (docs/log-format.md: one settlement per bet)"
NOT_SETTLED = "bet never settled in the log"
# The rules comparing the stakes of a coup (its largest seated bet, its Banker and Player stakes): a settlement of no
# logged bet says a bet was placed that the log does not give.
BET_UNLOGGED = "a bet settled in the coup is not logged (settlement of no logged bet)"

TABLES = Scope("bac_tables")

# A shoe whose shoe_start the log does not hold: what came out of it, or happened to it, before its first record is
# not known.
NO_SHOE_START = "shoe_start not logged: the opening of the shoe and the cards out of it before are not known"
SHOES = Scope("bac_shoes", missing=f"""CASE
    WHEN tainted THEN '{INPUT_ERROR_SHOE}'
    WHEN NOT started THEN '{NO_SHOE_START}'
  END""")
# A findings query's test that shoe ``s`` (a ``bac_shoes`` row) is not judged: an input error, or its start not logged.
UNJUDGED_SHOE = "(s.tainted OR NOT s.started)"

COUPS = Scope("bac_coups", "NOT demo", f"CASE WHEN tainted THEN '{INPUT_ERROR_COUP}' END")

# Arts. 7 and 9 judge the cards of a coup played to its result. A voided coup was not (art. 10 cancels it: BAC-4.1
# and BAC-10.1 judge it), so they do not apply to it; a corrected coup was, but the log keeps its cards as first
# dealt, not what the correction left: not evaluated.
PLAYED = "(tainted OR NOT voided)"
DEALT_COUPS = Scope("bac_coups", f"NOT demo AND {PLAYED}", f"""CASE
    WHEN tainted THEN '{INPUT_ERROR_COUP}'
    WHEN corrected THEN '{CORRECTED}'
  END""")

# The coups whose tableau is judged: cards that read as P1 B1 P2 B2 [P3] [B3], all of them logged.
_TABLEAU_MISSING = f"""CASE
    WHEN tainted THEN '{INPUT_ERROR_COUP}'
    WHEN corrected THEN '{CORRECTED}'
    WHEN NOT (counts_ok AND first_four_ok AND thirds_ok) THEN '{UNREADABLE_CARDS}'
    WHEN NOT cards_known THEN '{UNKNOWN_CARD}'
  END"""


def tableau_coups(premise: str) -> Scope:
    """The played coups whose tableau is judged, of those where ``premise`` holds (a natural, the Player standing or
    drawing): a coup whose cards are known and read as a coup without it is not applicable to the rule."""
    return Scope("bac_coups", f"NOT demo AND {PLAYED} AND (({_TABLEAU_MISSING}) IS NOT NULL OR ({premise}))",
                 _TABLEAU_MISSING)


def settlements(where: str, logged: str | None = None, when_result: str | None = None) -> Scope:
    """The bets of played (not voided, not demonstration) coups that match ``where``, each with its settlements
    (``bac_settlements``); a settlement of no logged bet, or a bet never settled, cannot be judged, nor can a bet of a
    corrected coup: the log keeps the cards as dealt, not the hands the correction left (art. 10). Where the cards
    cannot tell whether ``where`` holds (NULL: no winner, no expected result), the bet is counted not evaluated, with
    its reason (a card not logged, cards that do not form a coup), by every rule it may fall under. A rule that
    judges an amount (``logged``: payout or commission) cannot judge a settlement that does not log it, where its
    result is ``when_result`` (any result when None); a settlement of the wrong result is still judged on its
    result."""
    needs = "" if logged is None else f"""
    WHEN {logged} IS NULL{'' if when_result is None else f" AND result = '{when_result}'"} THEN '{logged} not logged'"""
    return Scope("bac_settlements", f"NOT voided AND NOT demo AND coalesce(({where}), NOT cards_readable)", f"""CASE
    WHEN tainted THEN '{INPUT_ERROR_COUP}'
    WHEN corrected THEN '{CORRECTED}'
    WHEN NOT cards_readable AND cards_known THEN '{UNREADABLE_CARDS}'
    WHEN NOT cards_known THEN '{UNKNOWN_CARD}'
    WHEN amount IS NULL THEN '{NO_BET}'
    WHEN settles = 0 THEN '{NOT_SETTLED}'{needs}
  END""")


# Where a finding over ``bac_settlements`` points: the bet's first settlement, else the bet (its ``seq``).
SETTLEMENT_EVIDENCE = {"seq": "seq", "line": "bac_line(u.hand_key, u.seq)", "file": "bac_file(u.hand_key, u.seq)"}
