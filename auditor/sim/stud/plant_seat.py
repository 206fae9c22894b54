"""5CS-3.3 (art. 3): a player changes seat during a hand. After the first betting round, before the third card,
the log seats him again at an empty seat next to his own (no player of the hand between the two, so that every
order of the game, counterclockwise from the croupier's right, stays the same), and from then on his cards,
actions, showdown, payout and stack are at the new seat, from which he leaves the table after the hand.

How the log shows it: a second ``seat`` event of the hand, for the same player at another seat (with his stack
before the hand), after the first round's actions; the old seat never appears again in the hand; after
``hand_end``, a ``leave`` of the player from the new seat."""

from __future__ import annotations

import random

from auditor.sim.stud.hand import PlayedHand
from auditor.sim.stud.head import EVENT_DELAY, deal_blocks
from auditor.sim.stud.inject import Planted
from auditor.sim.stud.table import SEATS


def _moves(hand: PlayedHand, live: list[int]) -> list[tuple[int, int]]:
    """(from, to): a player still in and an empty seat with no player of the hand between them."""
    seats = sorted(hand.cards)
    found = []
    for seat in live:
        for empty in range(1, SEATS + 1):
            low, high = sorted((seat, empty))
            if empty not in seats and not any(low < s < high for s in seats):
                found.append((seat, empty))
    return found


def _moved(mapping: dict, old: int, new: int) -> dict:
    return {new if key == old else key: value for key, value in mapping.items()}


def change_seat(hand: PlayedHand, rng: random.Random) -> tuple[int, int, Planted] | None:
    """Move a player after the first round; the seats (from, to) and what was planted."""
    blocks = deal_blocks(hand)
    if len(blocks) < 2:
        return None
    at = blocks[1][0]
    moves = _moves(hand, sorted({hand.head[i][1]["seat"] for i in blocks[1]}))
    if not moves:
        return None
    old, new = rng.choice(moves)
    player = next(e["player"] for _, e in hand.head if e["event"] == "seat" and e["seat"] == old)
    for _, event in hand.head[at:]:
        if event.get("seat") == old:
            event["seat"] = new
    seat = {"event": "seat", "hand_id": hand.hand_id, "seat": new, "player": player, "amount": str(hand.stacks[old])}
    hand.head.insert(at, (EVENT_DELAY, seat))
    hand.stacks, hand.cards = _moved(hand.stacks, old, new), _moved(hand.cards, old, new)
    hand.contributions, hand.values = _moved(hand.contributions, old, new), _moved(hand.values, old, new)
    hand.folded = {new if s == old else s for s in hand.folded}
    settlement = hand.settlement
    settlement.refunds = [(new if s == old else s, amount) for s, amount in settlement.refunds]
    settlement.awards = [(pot, new if s == old else s, amount) for pot, s, amount in settlement.awards]
    return old, new, Planted(seat, f"player {player} moved from seat {old} to seat {new} during the hand")
