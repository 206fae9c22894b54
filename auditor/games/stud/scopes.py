"""What one evaluation of a set-based stud rule covers, and when it cannot be made (``not_evaluated`` reasons).

Each scope is a ``Scope`` over a model relation (``model.sql``): its rows are the units, ``missing`` is NULL for a
unit that was evaluated, else the reason it was not. ``judged`` gives the evaluated rows to a findings query, so that
a rule never reports a unit its coverage counts as not evaluated."""

from auditor.engine.registry import Scope

INPUT_ERROR_HAND = "input error in hand (quarantined record)"
INPUT_ERROR_PACK = "input error in a hand of the pack (quarantined record)"

TABLES = Scope("stud_tables")


def said(text: str) -> str:
    """``text`` as a SQL string literal."""
    return "'" + text.replace("'", "''") + "'"


def hands(*reasons: tuple[str, str], premise: str | None = None) -> Scope:
    """Every hand, not evaluated when it carries an input error or when one of ``reasons`` holds: (condition over
    ``stud_hands``, SQL expression of the reason), the first that holds giving the reason. ``premise``: what must
    happen in a hand for the rule to say anything about it; a hand without it (and without an input error, which may
    hide it) is not applicable."""
    whens = "".join(f"\n    WHEN {when} THEN {why}" for when, why in reasons)
    return Scope("stud_hands", "true" if premise is None else f"tainted OR ({premise})",
                 f"CASE\n    WHEN tainted THEN {said(INPUT_ERROR_HAND)}{whens}\n  END")


def unless_not_logged(what: str) -> tuple[str, str]:
    """A reason of ``hands``: the table's source declares that it does not record ``what``."""
    return f"list_contains(not_logged, '{what}')", said(f"{what.replace('_', ' ')} not logged by the source")


# Art. 6's amounts (minimum buy-in, top-up threshold) exist only for an ante of 20 or 100.
NO_ANTE_CLASS = ("buy_in_min IS NULL", said("the table's ante is neither 20 nor 100 (reported under 5CS-6.1)"))
# Art. 11 e): a corrected dealing error returns or moves cards, and the log keeps every card as first dealt: which
# card is a seat's first, hole or fifth card, and whether a card seen twice was dealt twice, are not known.
CORRECTED = ("corrected", said("dealing error corrected (art. 11 e)): the cards as dealt are not the hands played"))
# The rules that compare a player's stack with his previous hand's.
CHAINED = ("chain IS NOT NULL", "chain")
STACKS_UNLOGGED = ("stacks_unlogged", said("a stack before or after a hand is not logged for a player of the hand"))
# A player's first hand in the log with no buy-in logged before it: the log may start in the middle of his sitting,
# so his stack is neither his buy-in (he may have lost since) nor known to follow no previous hand. ``breach``: the
# model's flag that a player of the hand already breaches the rule, which that unknown does not undo.
NO_BUY_IN = "buy-in not logged: a player's first hand in the log may not be the first of his sitting"


def buy_in_unlogged(breach: str) -> tuple[str, str]:
    """A reason of ``hands``: a player's buy-in is not logged (``NO_BUY_IN``), unless the hand breaches the rule."""
    return f"buy_in_unlogged AND NOT {breach}", said(NO_BUY_IN)


HANDS = hands()

# A pack whose shoe_start is not logged may have dealt hands before the log: its count is not known, unless the log
# alone already holds too many.
NO_PACK_START = "shoe_start of the pack not logged: the hands it dealt before the log are not known"
NO_PACKS_LOGGED = ("NOT packs_logged", said("no pack brought into use (shoe_start) is logged at this table"))

PACKS = Scope("stud_packs", missing=f"""CASE
    WHEN tainted THEN '{INPUT_ERROR_PACK}'
    WHEN shoe_id IS NULL THEN 'hands that name no pack, dealt while none is in use'
    WHEN packless_hands THEN 'a hand of the table names no pack and starts while none is in use'
    WHEN NOT started AND over_seq IS NULL THEN {said(NO_PACK_START)}
  END""")


def judged(scope: Scope) -> str:
    """The rows of ``scope`` that its rule evaluates, as a subquery for a findings query."""
    return f"(SELECT * FROM {scope.units} AS u WHERE ({scope.where}) AND ({scope.missing}) IS NULL)"
