"""Paying out a hold'em hand (arts. 10, 13 and 16 of the despacho of 18 January 2008), over the shared pots
(``sim/poker/pots.py``).

* Art. 16 (docs/readings.md): the rake, taken from the main pot, is rate × pot rounded down to the chip unit, at most
  five big blinds; the pot is every contribution less the uncalled bet.
* Art. 10(2), (4), (5): each pot goes to the best hand among the players who reached it; equal hands share it, the
  whole indivisible remainder to the first tied winner from seat 1 clockwise (parameter odd_chip_from)."""

from __future__ import annotations

from auditor.sim.holdem.table import HoldemTable
from auditor.sim.poker.pots import Pot, Settlement, build_pots, divide, uncalled, winners


def awards(pots: list[Pot], tied: list[list[int]], rake: int, unit: int) -> list[tuple[int, int, int]]:
    """(pot, seat, amount) for every share that is not nothing; the rake comes out of the main pot."""
    result = []
    for index, (pot, seats) in enumerate(zip(pots, tied)):
        amount = pot.amount - (rake if index == 0 else 0)
        result += [(index, seat, share) for seat, share in divide(amount, seats, unit) if share]
    return result


def settle(contributions: dict[int, int], folded: set[int], values: dict[int, int],
           table: HoldemTable) -> tuple[Settlement, list[Pot], list[list[int]]]:
    """The refund, rake and awards of a hand that was played out, with its pots and their winners."""
    back = uncalled(contributions)
    matched = dict(contributions)
    if back:
        matched[back[0]] -= back[1]
    pots = build_pots(matched, folded)
    tied = winners(pots, values)
    rake = table.rake(sum(matched.values()))
    settlement = Settlement(None if table.rake_permille is None else rake, [back] if back else [],
                            awards(pots, tied, rake, table.chip_unit))
    return settlement, pots, tied
