"""Paying out a hold'em hand: the uncalled bet, side pots, the rake and the shares of each pot.

* The uncalled part of the largest contribution goes back to its owner (``refund``).
* Side pots: the standard construction from each player's contribution, one level per contribution of a player
  still in the hand; folded players' chips stay in the pots they reached (art. 13(3); parameter side_pots).
* Art. 16 (docs/readings.md): the rake, taken from the main pot, is rate × pot rounded down to the chip unit, at most
  five big blinds; the pot is every contribution less the uncalled bet.
* Art. 10(2), (4), (5): each pot goes to the best hand among the players who reached it; equal hands share it, each
  share rounded down to the chip unit, the whole indivisible remainder to the first tied winner from seat 1
  clockwise (the first to the croupier's left, parameter odd_chip_from)."""

from __future__ import annotations

from dataclasses import dataclass, field

from auditor.sim.holdem_table import HoldemTable


@dataclass(frozen=True, slots=True)
class Pot:
    amount: int
    eligible: tuple[int, ...]  # players still in the hand who reached it, in seat order


@dataclass(slots=True)
class Settlement:
    """The money events of a hand: ``rake`` (None when the table takes none), refunds (seat, amount) and
    awards (pot, seat, amount)."""

    rake: int | None
    refunds: list[tuple[int, int]] = field(default_factory=list)
    awards: list[tuple[int, int, int]] = field(default_factory=list)

    def stacks_after(self, stacks: dict[int, int], contributions: dict[int, int]) -> dict[int, int]:
        """Each seat's stack after the hand: before it, less his contributions, plus his refunds and awards."""
        after = {s: stacks[s] - contributions.get(s, 0) for s in stacks}
        for seat, amount in self.refunds:
            after[seat] += amount
        for _, seat, amount in self.awards:
            after[seat] += amount
        return after

    def events(self, hand_id: str, stacks: dict[int, int], contributions: dict[int, int]) -> list[dict]:
        """The hand's closing events: its rake (when the table takes one), refunds, awards, every seat's stack after
        the hand, and ``hand_end``."""
        h = hand_id
        tail: list[dict] = [] if self.rake is None else [{"event": "rake", "hand_id": h, "amount": str(self.rake)}]
        tail += [{"event": "refund", "hand_id": h, "seat": seat, "amount": str(amount)}
                 for seat, amount in self.refunds]
        tail += [{"event": "award", "hand_id": h, "seat": seat, "amount": str(amount), "pot": pot}
                 for pot, seat, amount in self.awards]
        tail += [{"event": "stack", "hand_id": h, "seat": seat, "amount": str(amount)}
                 for seat, amount in sorted(self.stacks_after(stacks, contributions).items())]
        return [*tail, {"event": "hand_end", "hand_id": h}]


def uncalled(contributions: dict[int, int]) -> tuple[int, int] | None:
    """(seat, amount) of the part of the largest contribution that nobody matched."""
    ranked = sorted(contributions.values(), reverse=True)
    top = ranked[0]
    second = ranked[1] if len(ranked) > 1 else 0
    if top == second:
        return None
    return next(s for s, c in contributions.items() if c == top), top - second


def build_pots(contributions: dict[int, int], folded: set[int]) -> list[Pot]:
    """Main pot first, then the side pots, from the contributions after the uncalled bet went back."""
    live = [s for s in sorted(contributions) if s not in folded]
    pots: list[Pot] = []
    previous = 0
    for level in sorted({contributions[s] for s in live if contributions[s] > 0}):
        amount = sum(min(c, level) - min(c, previous) for c in contributions.values())
        pots.append(Pot(amount, tuple(s for s in live if contributions[s] >= level)))
        previous = level
    leftover = sum(contributions.values()) - sum(p.amount for p in pots)
    if leftover:  # folded players' chips above every level of a player still in: the last pot
        pots[-1] = Pot(pots[-1].amount + leftover, pots[-1].eligible)
    return pots


def winners(pots: list[Pot], values: dict[int, int]) -> list[list[int]]:
    """The best hands of each pot (``values``: rank7 of every player still in; one player: he takes all)."""
    result = []
    for pot in pots:
        best = max(values.get(s, 0) for s in pot.eligible)
        result.append([s for s in pot.eligible if values.get(s, 0) == best])
    return result


def divide(amount: int, tied: list[int], unit: int) -> list[tuple[int, int]]:
    """Art. 10(4)-(5): equal shares down to the chip unit; "any indivisible remainder goes to the first player to
    the croupier's left", the lowest tied seat."""
    share = amount // len(tied) // unit * unit
    rest = amount - share * len(tied)
    return [(seat, share + (rest if i == 0 else 0)) for i, seat in enumerate(tied)]


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
