"""Pots for both poker games: the uncalled bet, the standard side-pot construction and the division of a pot.

Side pots, stud art. 11 a): "If other players continue betting, their bets are placed separately, because the short
player has no interest in that separate pot ... he wins only the pot in which he bet"; the hold'em text says nothing
of them, and docs/readings.md applies the same construction under its arts. 10 and 11(3). Shares: "they share the pot
equally, divided down to the lowest divisible unit" (hold'em art. 10(4); stud art. 4), the whole indivisible
remainder to the first tied winner in the game's odd-chip order (``divide``)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from decimal import ROUND_FLOOR, Decimal

ZERO = Decimal(0)


@dataclass(frozen=True)
class Pot:
    amount: Decimal
    eligible: tuple[int, ...]  # non-folded seats that reached it, in seat order


def uncalled(contributions: dict[int, Decimal]) -> tuple[int, Decimal] | None:
    """The part of the largest contribution that nobody matched, and whose it is."""
    ranked = sorted(contributions.items(), key=lambda kv: kv[1], reverse=True)
    if not ranked:
        return None
    top_seat, top = ranked[0]
    second = ranked[1][1] if len(ranked) > 1 else ZERO
    return (top_seat, top - second) if top > second else None


def build_pots(contributions: dict[int, Decimal], folded: set[int],
               dead: Mapping[int, Decimal] | None = None) -> list[Pot]:
    """Main pot first, then side pots, from each player's betting contribution after the uncalled bet was returned;
    each seat's ``dead`` money (the antes) goes to the main pot (``_with_dead``)."""
    live = [s for s in sorted(contributions) if s not in folded]
    levels = sorted({contributions[s] for s in live if contributions[s] > 0})
    pots: list[Pot] = []
    previous = ZERO
    for level in levels:
        amount = sum((min(c, level) - min(c, previous) for c in contributions.values()), ZERO)
        eligible = tuple(s for s in live if contributions[s] >= level)
        if pots and pots[-1].eligible == eligible:
            pots[-1] = Pot(pots[-1].amount + amount, eligible)
        elif amount > 0:
            pots.append(Pot(amount, eligible))
        previous = level
    leftover = sum(contributions.values(), ZERO) - sum((p.amount for p in pots), ZERO)
    if leftover > 0 and pots:  # chips of folded players above every live level stay in the last pot
        pots[-1] = Pot(pots[-1].amount + leftover, pots[-1].eligible)
    return _with_dead(pots, contributions, live, dead or {})


def _with_dead(pots: list[Pot], contributions: dict[int, Decimal], live: list[int],
               dead: Mapping[int, Decimal]) -> list[Pot]:
    """The dead money in the main pot. A player still in who bet nothing (all in on his ante) plays for the dead
    money alone: it forms pots of its own, before the others, at the levels of such players' dead money (an ante
    short of the others' is a level below theirs); the rest of it joins the main pot."""
    levels = sorted({dead.get(s, ZERO) for s in live if contributions[s] == 0})
    front: list[Pot] = []
    previous = ZERO
    for level in levels:
        amount = sum((min(d, level) - min(d, previous) for d in dead.values()), ZERO)
        eligible = tuple(s for s in live if contributions[s] > 0 or dead.get(s, ZERO) >= level)
        if amount > 0:
            front.append(Pot(amount, eligible))
        previous = level
    rest = sum(dead.values(), ZERO) - sum((p.amount for p in front), ZERO)
    if rest > 0 and pots:
        pots[0] = Pot(pots[0].amount + rest, pots[0].eligible)
    elif rest > 0 and front:
        front[-1] = Pot(front[-1].amount + rest, front[-1].eligible)
    elif rest > 0:
        front.append(Pot(rest, tuple(live)))
    return front + pots


def floor_to(amount: Decimal, unit: Decimal) -> Decimal:
    """``amount`` rounded down to a whole number of ``unit`` (the chip unit)."""
    return (amount / unit).to_integral_value(rounding=ROUND_FLOOR) * unit


def divide(amount: Decimal, winners: list[int], unit: Decimal) -> dict[int, Decimal]:
    """Equal shares rounded down to ``unit``; the indivisible remainder goes to the first winner (``winners`` is in
    the game's odd-chip order: hold'em art. 10(5) from the croupier's left, stud counterclockwise)."""
    share = floor_to(amount / len(winners), unit)
    result = {s: share for s in winners}
    result[winners[0]] += amount - share * len(winners)
    return result
