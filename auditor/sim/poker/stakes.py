"""The chips of the players of one poker hand, as both simulators' betting moves them: each stack, what each player
put in over the hand and in the current round, who folded, and who is all in (hold'em art. 11(3); stud art. 11 a):
"A player who has put all his funds into the pot and cannot bet again is short")."""

from __future__ import annotations

from collections.abc import Iterable


class Stakes:
    def __init__(self, stacks: dict[int, int], order: Iterable[int]) -> None:
        """``order``: the seats in the order ``total`` lists them."""
        self.stack = dict(stacks)
        self.total = dict.fromkeys(order, 0)
        self.round: dict[int, int] = {}  # set by each betting round
        self.folded: set[int] = set()
        self.all_in: set[int] = set()

    def pay(self, seat: int, amount: int) -> None:
        """``amount`` chips from his stack into the pot; a player left with none is all in."""
        self.stack[seat] -= amount
        self.total[seat] += amount
        self.round[seat] += amount
        if self.stack[seat] == 0 and amount:
            self.all_in.add(seat)
