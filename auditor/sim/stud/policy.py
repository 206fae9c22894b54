"""How simulated stud players decide: a rough strength of their cards against the open cards they face, each
player's looseness and aggression, and bet sizes that ``betting`` accepts as lawful (a bet at least the ante, a
raise to at least twice the round's bet, all in when the chips run out)."""

from __future__ import annotations

import random
from collections import Counter

from auditor.sim.stud.betting import Betting
from auditor.sim.stud.players import Player
from auditor.sim.stud.table import StudTable

RANKS = "56789TJQKA"
P_OPENER_FOLDS = 0.04  # art. 10 b): the highest open card sometimes gives up the hand instead of opening
Decision = tuple[str, int]  # action, chips it adds


def strength(cards: list[str]) -> float:
    """0..1: what the cards make so far (pairs and better; at five cards straights and flushes), then high cards."""
    ranks = [RANKS.index(card[0]) for card in cards]
    counts = sorted(Counter(ranks).items(), key=lambda item: (item[1], item[0]), reverse=True)
    (rank, count), second = counts[0], counts[1][1] if len(counts) > 1 else 0
    if count == 4:
        return 0.98
    if count == 3:
        return 0.93 if second == 2 else 0.8 + rank * 0.005
    if len(cards) == 5 and len({card[1] for card in cards}) == 1:
        return 0.9
    if len(cards) == 5 and len(counts) == 5 and (max(ranks) - min(ranks) == 4 or sorted(ranks) == [0, 1, 2, 3, 9]):
        return 0.86
    if count == 2:
        return (0.66 if second == 2 else 0.42) + rank * 0.012
    return 0.05 + max(ranks) * 0.03


def decide(b: Betting, seat: int, player: Player, mine: list[str], theirs: list[list[str]], table: StudTable,
           rng: random.Random) -> Decision:
    """A lawful action for the player whose turn it is; ``mine``: his cards, ``theirs``: the open cards of the
    other players still in."""
    own = strength(mine)
    behind = any(strength(cards) > own for cards in theirs)
    value = own - (0.25 if behind else 0.0) + 0.3 * (player.loose - 0.5) + rng.uniform(-0.12, 0.12)
    pot, owed = sum(b.total.values()), b.to_call(seat)
    if not b.current:
        if b.round_no == 1:  # no check: open or give up
            if rng.random() < P_OPENER_FOLDS:
                return "fold", 0
            return sized_bet(b, seat, table.ante * rng.choice((1, 1, 2, 3)), table)
        if value > 0.55 - 0.15 * player.aggressive and rng.random() < 0.35 + 0.4 * player.aggressive:
            size = pot * rng.choice((1, 2, 2, 3)) * b.round_no // 8  # bets grow with the rounds
            return sized_bet(b, seat, _shove_or(b, seat, size, value, rng), table)
        return "check", 0
    raising = (b.may_raise(seat) and value > 0.62 - 0.15 * player.aggressive
               and rng.random() < 0.2 + 0.4 * player.aggressive)
    if not raising and value < 0.12 + 0.55 * owed / (pot + owed):
        return "fold", 0
    if raising:
        level = max(b.min_raise_to(), b.current + _shove_or(b, seat, pot * rng.choice((1, 2, 3)) // 4, value, rng))
        return "raise", min(table.down(level) - b.round[seat], b.stack[seat])
    return "call", min(owed, b.stack[seat])


def _shove_or(b: Betting, seat: int, size: int, value: float, rng: random.Random) -> int:
    """``size``, or everything he has with a strong hand now and then."""
    return b.stack[seat] if value > 0.7 and rng.random() < 0.4 else size


def sized_bet(b: Betting, seat: int, size: int, table: StudTable) -> Decision:
    return "bet", min(max(table.ante, table.down(size)), b.stack[seat])
