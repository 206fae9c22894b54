"""Pots: the uncalled bet, the standard side-pot construction and the expected division of each pot.

Side pots are not written in the hold'em text; docs/readings.md applies the standard construction (as art. 11 a) of
the stud text does) under arts. 10 and 11(3). Shares follow art. 10(4)–(5): equal division down to the chip unit,
the whole indivisible remainder to the first tied winner from ``odd_chip_from``."""

from __future__ import annotations

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


def build_pots(contributions: dict[int, Decimal], folded: set[int], dead: Decimal = ZERO) -> list[Pot]:
    """Main pot first, then side pots, from each player's betting contribution after the uncalled bet was returned;
    ``dead`` money (the antes) goes to the main pot."""
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
    if dead and pots:
        pots[0] = Pot(pots[0].amount + dead, pots[0].eligible)
    elif dead:
        pots.append(Pot(dead, tuple(s for s in sorted(contributions) if s not in folded)))
    return pots


def floor_to(amount: Decimal, unit: Decimal) -> Decimal:
    return (amount / unit).to_integral_value(rounding=ROUND_FLOOR) * unit


def divide(amount: Decimal, winners: list[int], unit: Decimal) -> dict[int, Decimal]:
    """Art. 10(4)-(5): equal shares rounded down to ``unit``; the indivisible remainder goes to the first winner
    (``winners`` is in odd-chip order)."""
    share = floor_to(amount / len(winners), unit)
    result = {s: share for s in winners}
    result[winners[0]] += amount - share * len(winners)
    return result
