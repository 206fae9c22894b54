"""The betting state machine (auditor/games/poker/betting.py) picks who owes an action from its policy's order of the
turn; that order may hold only the hand's seats, each once. A policy that breaks this is stopped, not followed: a seat
not at the table would be waited for, and a seat given twice reported twice."""

from __future__ import annotations

from decimal import Decimal

import pytest

from auditor.games.poker.betting import Betting
from auditor.games.poker.hand import Action, Hand, Source, TableInfo
from auditor.games.poker.policy import Policy


class _GivenOrder(Policy):
    """The turn goes round ``seats``, whatever the hand's seats."""

    def __init__(self, seats: list[int]) -> None:
        self.seats = seats

    def order(self, betting: Betting) -> list[int]:
        return self.seats


def _betting(policy: Policy) -> Betting:
    hand = Hand(TableInfo("T1", {}, frozenset()), "h1", Source(1, "t.jsonl", 1))
    hand.seats = {1: "P1", 2: "P2", 3: "P3"}
    hand.stacks = dict.fromkeys(hand.seats, Decimal(100))
    return Betting(hand, policy, "preflop", lambda street: Decimal(2))


def test_an_order_of_the_hands_seats_each_once_is_followed():
    assert _betting(_GivenOrder([2, 3, 1])).to_act() == [2, 3, 1]
    assert _betting(_GivenOrder([3])).to_act() == [3]  # a policy may leave seats out (stud: not yet ranked)


@pytest.mark.parametrize("seats", [[1, 2, 3, 4], [4, 1, 2, 3], [1, 2, 2, 3], [3, 1, 3]],
                         ids=["a seat not at the table", "it first", "a seat twice", "the first seat twice"])
def test_a_policy_whose_order_breaks_it_is_stopped(seats):
    betting = _betting(_GivenOrder(seats))
    with pytest.raises(RuntimeError, match="order of the turn"):
        betting.to_act()
    with pytest.raises(RuntimeError, match="order of the turn"):
        betting.act(Action(Source(2, "t.jsonl", 2), 1, "check", Decimal(0), "preflop"))
