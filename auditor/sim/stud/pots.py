"""Paying out a stud hand: the uncalled bet, the house rake, side pots and the shares of each pot.

* The part of the largest contribution that nobody matched goes back to its owner (``refund``): it can only be
  a bet or raise of the last betting round played, the one the art. 9 rake spares.
* Art. 9 (as amended by Portaria n.º 118/89/M): the house rake is 4% of every chip bet, called or raised in the
  betting rounds, antes excluded (art. 8 already took one ante), less the uncalled part, rounded down to the chip
  unit.
* Art. 11 a): side pots by the standard construction, one level per contribution of a player still in; a folded
  player's chips stay in the pots they reached (``sim/poker/pots.py``).
* Arts. 8 and 9: the first rake and the house rake come out of the main pot, then the next pots if need be.
* Art. 4: each pot goes to the best hand among the players who reached it; equal hands share it, each share rounded
  down to the chip unit, the remainder to the first tied winner counterclockwise from the croupier's right (the
  highest seat)."""

from __future__ import annotations

from auditor.sim.poker.pots import Pot, Settlement, build_pots, divide, uncalled, winners
from auditor.sim.stud.table import StudTable


def first_rake(antes: dict[int, int], table: StudTable) -> int:
    """Art. 8: the rake of "that hand's ante": what every player posted when all posted alike (another ante than the
    table's is a planted 5CS-6.5), else the table's."""
    posted = set(antes.values())
    return posted.pop() if len(posted) == 1 else table.ante


def settle(contributions: dict[int, int], antes: dict[int, int], folded: set[int], values: dict[int, int],
           table: StudTable, rake: int | None = None) -> tuple[Settlement, list[Pot], list[list[int]]]:
    """The refund, house rake and awards of a hand (``antes``: each player's ante; ``values``: the art. 5 value
    of every player at the showdown, empty when one player is left), with its pots and their best hands.
    The uncalled bet is of the betting rounds (the same with antes included when they are equal); ``rake``: what the
    house took instead of the lawful rake (a planted violation)."""
    back = uncalled({seat: amount - antes.get(seat, 0) for seat, amount in contributions.items()})
    matched = dict(contributions)
    if back:
        matched[back[0]] -= back[1]
    rake = table.house_rake(sum(matched.values()) - sum(antes.values())) if rake is None else rake
    pots = build_pots(matched, folded)
    tied = winners(pots, values)
    taken, awards = first_rake(antes, table) + rake, []
    for index, (pot, best) in enumerate(zip(pots, tied)):
        out = min(taken, pot.amount)
        taken -= out
        shares = divide(pot.amount - out, sorted(best, reverse=True), table.chip_unit)
        awards += [(index, seat, share) for seat, share in shares if share]
    return Settlement(rake, [back] if back else [], awards), pots, tied
