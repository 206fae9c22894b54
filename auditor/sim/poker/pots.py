"""Paying out a poker hand, for the hold'em and stud simulators: the uncalled bet, side pots and the shares of a pot.

* The uncalled part of the largest contribution goes back to its owner (``refund``).
* Side pots: the standard construction from each player's contribution, one level per contribution of a player
  still in the hand; folded players' chips stay in the pots they reached (hold'em art. 13(3), parameter side_pots;
  stud art. 11 a)).
* Each pot goes to the best hand among the players who reached it; equal hands share it, each share rounded down to
  the chip unit, the whole indivisible remainder to the first tied winner in the game's order (hold'em art. 10(5):
  from the croupier's left; stud: counterclockwise from his right).
* ``Settlement``: the rake, refunds and awards of a hand, and the closing events they make."""

from __future__ import annotations

from dataclasses import dataclass, field


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
    """Equal shares down to the chip unit, the whole indivisible remainder to the first of ``tied`` (hold'em art.
    10(5): "the first player to the croupier's left", the lowest tied seat; stud: the highest)."""
    share = amount // len(tied) // unit * unit
    rest = amount - share * len(tied)
    return [(seat, share + (rest if i == 0 else 0)) for i, seat in enumerate(tied)]
