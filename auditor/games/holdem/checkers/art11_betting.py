"""Art. 11 (博彩的适用规则): "(2) In games with a betting limit … in the first two rounds the bet equals the small
pre-bet, and in the last two rounds it equals the big pre-bet. (3) In games without a betting limit, a player may
bet, with the chips he has on the table, any amount equal to or above the minimum bet … without prejudice to betting
all his remaining chips (all-in)." Units per docs/readings.md: the table's small_bet/big_bet, by default the blinds."""

from __future__ import annotations

from collections.abc import Iterator

from auditor.engine.registry import register
from auditor.engine.replay_runner import Breach, ReplayRule, breach
from auditor.engine.ruleset import Ruleset
from auditor.games.holdem.conditions import all_in_logged, all_of, bet_made, betting, seated, short_bet, stacks_logged
from auditor.games.holdem.hand import Hand
from auditor.games.holdem.limits import bet_unit
from auditor.present import present

AGGRESSIVE = ("bet", "raise")


def _limit_units(hand: Hand, ruleset: Ruleset) -> Iterator[Breach]:
    for a in hand.actions:
        if a.kind in AGGRESSIVE and a.increment > 0:
            unit = bet_unit(hand.table, ruleset, a.street)
            if a.increment != unit and not (a.all_in and a.increment < unit):
                yield breach(a.src, f"fixed limit: a {a.kind} of {a.increment.normalize():f} on the {a.street}; "
                                    f"art. 11(2): {unit.normalize():f}", f"{unit.normalize():f}",
                             f"{a.increment.normalize():f}")


def _no_limit(hand: Hand, ruleset: Ruleset) -> Iterator[Breach]:
    minimum = hand.table.money("min_bet") or present(hand.table.money("big_blind"), "big_blind")
    for a in hand.actions:
        if a.stack_before is None:
            continue  # never: the stacks are logged (``stacks_logged``)
        if a.amount > a.stack_before:
            yield breach(a.src, f"seat {a.seat} put in {a.amount.normalize():f} with a stack of "
                                f"{a.stack_before.normalize():f} (art. 11(3): with the chips he has)",
                         f"<= {a.stack_before.normalize():f}", f"{a.amount.normalize():f}")
        elif a.kind == "bet" and a.current_bet == 0 and a.total < minimum and not a.all_in:
            yield breach(a.src, f"bet of {a.total.normalize():f} below the minimum {minimum.normalize():f} "
                                "(art. 11(3))", f">= {minimum.normalize():f}", f"{a.total.normalize():f}")


# Not applicable to a hand in which nobody bet or raised (nothing to size).
register(ReplayRule[Hand](id="THE-11.2", game="holdem", check=_limit_units,
                          applies=all_of(betting("fixed_limit"), seated, bet_made, all_in_logged(short_bet))))
register(ReplayRule[Hand](id="THE-11.3", game="holdem", check=_no_limit,
                          applies=all_of(betting("no_limit"), seated, stacks_logged)))
