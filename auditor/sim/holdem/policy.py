"""How simulated players decide: a rough hand strength, each player's looseness and aggression, and bet sizes that
are always legal (arts. 6(3), 7(3), 11 and 12 of the despacho of 18 January 2008, as ``betting`` applies
them). No-limit players never keep fewer than ``SHORT_STACK_BIG_BLINDS`` big blinds behind: they move all in
instead, so that nobody starts a hand unable to post a full blind."""

from __future__ import annotations

import random

from auditor.sim.holdem.betting import Betting
from auditor.sim.holdem.table import SHORT_STACK_BIG_BLINDS, HoldemTable, Player

RANKS = "23456789TJQKA"
Decision = tuple[str, int]  # action, chips it adds


def preflop_strength(hole: list[str]) -> float:
    """0..1: pairs first, then high, suited and connected cards."""
    (a, sa), (b, sb) = [tuple(card) for card in hole]  # rank and suit of each card
    high, low = sorted((RANKS.index(a), RANKS.index(b)), reverse=True)
    if high == low:
        return 0.55 + 0.45 * high / 12
    return (2 * high + low) / 36 * 0.7 + (0.06 if sa == sb else 0.0) + (0.04 if high - low == 1 else 0.0)


def postflop_strength(preflop: float, hole: list[str], board: list[str]) -> float:
    """The pre-flop strength, raised by every hole card paired on the board."""
    ranks = {card[0] for card in board}
    paired = sum(card[0] in ranks for card in hole)
    return min(1.0, preflop * 0.6 + 0.35 * paired + (0.2 if hole[0][0] == hole[1][0] else 0.0))


def _round_down(amount: int, unit: int) -> int:
    return amount // unit * unit


def passive(b: Betting, seat: int) -> Decision:
    """Check, or call what is owed (all in for less if need be)."""
    owed = b.to_call(seat)
    return ("call", min(owed, b.stack[seat])) if owed else ("check", 0)


def raise_by(b: Betting, seat: int, increment: int) -> Decision:
    """A bet or raise of ``increment`` over the current bet, or all in if he has not that much."""
    amount = min(b.to_call(seat) + increment, b.stack[seat])
    return ("raise" if b.current_bet else "bet"), amount


def decide(b: Betting, seat: int, table: HoldemTable, player: Player, strength: float,
           rng: random.Random) -> Decision:
    """A legal action for the player whose turn it is."""
    stack, owed = b.stack[seat], b.to_call(seat)
    pot = sum(b.total.values())
    value = strength + 0.3 * (player.loose - 0.5) + rng.uniform(-0.15, 0.15)
    can_raise = b.may_raise(seat, not table.no_limit)
    aggressive = can_raise and value > 0.62 - 0.15 * player.aggressive and rng.random() < 0.3 + 0.5 * player.aggressive
    if owed and not aggressive and value < 0.3 + 0.6 * owed / (pot + owed):
        decision: Decision = ("fold", 0)
    elif aggressive:
        decision = _aggressive(b, seat, table, value, pot, rng)
    else:
        decision = passive(b, seat)
    if table.no_limit and 0 < stack - decision[1] < SHORT_STACK_BIG_BLINDS * table.big_blind:
        if stack <= owed:
            decision = ("call", stack)
        elif can_raise:
            decision = raise_by(b, seat, stack)
    return decision


def _aggressive(b: Betting, seat: int, table: HoldemTable, value: float, pot: int, rng: random.Random) -> Decision:
    """Fixed limit: one unit of the round (art. 11(2)). No limit: a share of the pot, at least the minimum
    increment (art. 12(1)), sometimes all in (art. 11(3))."""
    if not table.no_limit:
        return raise_by(b, seat, table.unit(b.street))
    if value > 0.85 and rng.random() < 0.3:
        return raise_by(b, seat, b.stack[seat])
    if b.street == 0:
        size = b.current_bet * rng.choice((1, 2, 2, 3)) + b.min_increment
    else:
        size = pot * rng.choice((1, 2, 2, 3, 4)) // 4
    return raise_by(b, seat, _round_down(max(size, b.min_increment), table.chip_unit))
