"""Art. 9 (塲方抽水, house rake; as amended by Portaria n.º 118/89/M): "The house takes a rake of 4% of the stakes on
the table. In the last betting round, stakes that the player who leads bets, raises or re-raises and that no other
customer calls are not raked." (1985 Portuguese: «3% sobre o valor do bolo da mesa, excepto o da aposta feita no
lanço final, que não seja acompanhada por nenhum dos outros jogadores».)

The house rake due is ``rake_rate`` of the rake base, rounded down to the chip unit (``rake.py``): more is a
violation, less an under-collection (a warning). A rake that is exactly the rake of the base with the uncalled part
in it has raked that part: one error, 5CS-9.2's finding alone. Not evaluated: the house rake not logged, a voided
hand, or a player absent from the betting short of a bet (what was called is unknown). 5CS-9.2 is not applicable to
a hand with no uncalled part in its last round."""

from __future__ import annotations

from collections.abc import Iterator
from decimal import Decimal

from auditor.engine.registry import register
from auditor.engine.replay_runner import NOT_APPLICABLE, Breach, ReplayRule, breach
from auditor.engine.ruleset import Ruleset
from auditor.games.stud.hand import Hand
from auditor.games.stud.rake import SHORT, VOIDED, HouseRake, house_rake, spared_bet, unknown_house_rake


def _f(x: Decimal) -> str:
    return f"{x.normalize():f}"


def _base(r: HouseRake) -> str:
    antes = f", antes of {_f(r.antes)}" if r.antes else ""
    spared = f", the uncalled {_f(r.spared)} of seat {r.spared_seat} left out" if r.spared else ""
    return f"{_f(r.rate * 100)}% of the rake base of {_f(r.base)} (bets, calls and raises{antes}{spared})"


def _rate(hand: Hand, ruleset: Ruleset) -> Iterator[Breach]:
    r = house_rake(hand, ruleset)
    if r.taken == r.due or r.spared_raked():
        return
    over = r.taken > r.due
    yield breach(r.src, f"house rake {_f(r.taken)} in hand {hand.hand_id}; {_base(r)}, rounded down to the chip "
                        f"unit, is {_f(r.due)} ({'over' if over else 'under'}-collected; art. 9)", _f(r.due),
                 _f(r.taken), severity=None if over else "warning")


def _uncalled(hand: Hand, ruleset: Ruleset) -> Iterator[Breach]:
    r = house_rake(hand, ruleset)
    if r.spared_raked():
        yield breach(r.src, f"house rake {_f(r.taken)} in hand {hand.hand_id}: {_f(r.rate * 100)}% of "
                            f"{_f(r.base + r.spared)} rounded down, the {_f(r.spared)} of seat {r.spared_seat} that "
                            f"nobody called included; due {_f(r.due)} on the rake base of {_f(r.base)} (art. 9: no "
                            "rake on the part of a last-round bet or raise that nobody calls)", _f(r.due), _f(r.taken))


def _short(hand: Hand) -> bool:
    """A player absent from the betting is short of a bet (a dead hand's call is not missing)."""
    return bool(hand.short - hand.folded - hand.exposed.keys())


def _judged(hand: Hand, ruleset: Ruleset) -> str | None:
    if hand.void is not None:
        return VOIDED
    if (why := unknown_house_rake(hand)) is not None:
        return why
    return SHORT if _short(hand) else None


def _uncalled_judged(hand: Hand, ruleset: Ruleset) -> str | None:
    """5CS-9.2 is not applicable to a hand whose last round left no bet uncalled (as ``last_round_definition``
    reads it), unless what was called is unknown."""
    if hand.void is None and not _short(hand) and spared_bet(hand, ruleset)[1] == 0:
        return NOT_APPLICABLE
    return _judged(hand, ruleset)


register(ReplayRule(id="5CS-9.1", game="stud", check=_rate, applies=_judged))
register(ReplayRule(id="5CS-9.2", game="stud", check=_uncalled, applies=_uncalled_judged))
