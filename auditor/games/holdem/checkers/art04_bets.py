"""Art. 4 (投注): "2. In tournament-format games, players may not take off the table, while play continues, the chips
used in the game or the chips won in it. 3. A notice of the maximum and minimum amounts of the pre-deal bets
(blinds) shall be displayed on the table." """

from __future__ import annotations

from collections.abc import Iterator

from auditor.engine.registry import register
from auditor.engine.replay_runner import NOT_APPLICABLE, Breach, ReplayRule, breach
from auditor.engine.ruleset import Ruleset
from auditor.games.holdem.conditions import all_in_logged, previous_hand, seated, short_blind, stacks_logged
from auditor.games.holdem.hand import Hand

BLINDS = ("post_small_blind", "post_big_blind")


def _tournament_stacks(hand: Hand, ruleset: Ruleset) -> Iterator[Breach]:
    before = hand.previous
    if before is None:
        return  # never: the previous hand is known (``_tournament_applies``)
    for seat, stack in sorted(hand.stacks.items()):
        if stack is None:
            continue  # never: the stacks are logged (``stacks_logged``)
        player = hand.seats[seat]
        old = next((s for s, p in before.seats.items() if p == player), None)
        if old is not None and old in before.stacks_after and before.stacks_after[old] != stack:
            yield breach(hand.seat_sources[seat], f"tournament: {player} starts with {stack.normalize():f} after "
                         f"ending the previous hand with {before.stacks_after[old].normalize():f} (art. 4(2))",
                         f"{before.stacks_after[old].normalize():f}", f"{stack.normalize():f}")


def _tournament_applies(hand: Hand, ruleset: Ruleset) -> str | None:
    if not hand.table.config.get("tournament"):
        return NOT_APPLICABLE
    if reason := previous_hand(hand, ruleset):  # the table's first hand has no previous hand: not applicable
        return reason
    if hand.previous is None or not hand.previous.stacks_after:  # previous_hand made sure it is known
        return "no stacks logged after the previous hand"
    return seated(hand, ruleset) or stacks_logged(hand, ruleset)


def _blind_limits(hand: Hand, ruleset: Ruleset) -> Iterator[Breach]:
    low, high = hand.table.money("min_blind"), hand.table.money("max_blind")
    if low is None or high is None:
        return  # never: the table declares both (applies)
    for a in hand.actions:
        if a.kind in BLINDS and not a.all_in and not (low <= a.amount <= high):
            yield breach(a.src, f"blind of {a.amount.normalize():f} outside the posted limits "
                                f"{low.normalize():f}-{high.normalize():f} (art. 4(3))",
                         f"{low.normalize():f}..{high.normalize():f}", f"{a.amount.normalize():f}")


register(ReplayRule[Hand](id="THE-4.2", game="holdem", check=_tournament_stacks, applies=_tournament_applies))
register(ReplayRule[Hand](
    id="THE-4.3", game="holdem", check=_blind_limits,
    applies=lambda h, r: all_in_logged(short_blind)(h, r) if h.table.config.get("min_blind") is not None
    and h.table.config.get("max_blind") is not None else "the table declares no blind limits"))
