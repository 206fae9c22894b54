"""Planted violations decided before a hand is dealt: the blinds, one forced bet or raise, the cards (for the rare
showdowns of arts. 14(3) and 15(3)) or a void. ``plan`` says whether the hand about to be played can carry the
rule and how; ``finish`` checks that the played hand does, completes it and says where the violation shows."""

from __future__ import annotations

import random

from auditor.games.holdem.evaluate import rank7
from auditor.sim.holdem.betting import blind_seats
from auditor.sim.holdem.hand import HandPlan, PlayedHand, Rig
from auditor.sim.holdem.inject import Planted
from auditor.sim.holdem.table import HoldemTable, Player
from auditor.sim.poker.pots import Settlement

SUITS = "shdc"
LOW_RANKS = "23456789TJQ"
FORCES = {"THE-11.2": "oversize", "THE-11.3": "undersize_bet", "THE-12.1": "short_raise", "THE-12.2": "raise_war"}
RULES = frozenset({"THE-4.3", "THE-5.1", "THE-5.3", "THE-9.1", "THE-14.2", "THE-15.2", "THE-16.5", *FORCES})


def _cards(rng: random.Random, ranks: str, taken: set[str]) -> str:
    card = rng.choice([r + s for r in ranks for s in SUITS if r + s not in taken])
    taken.add(card)
    return card


def quads_rig(rng: random.Random, seats: list[int]) -> Rig:
    """Art. 15(3): four of a kind on the board; one player's fifth card is an Ace, the other's a King."""
    rank = rng.choice(LOW_RANKS)
    quads = tuple(rank + suit for suit in SUITS)
    others = LOW_RANKS.replace(rank, "")
    taken = set(quads)
    fifth = _cards(rng, others, taken)
    ace = (_cards(rng, "A", taken), _cards(rng, others, taken))
    king = (_cards(rng, "K", taken), _cards(rng, others, taken))
    return Rig(dict(zip(seats, (ace, king))), (*quads, fifth))


def wheel_rig(rng: random.Random, seats: list[int]) -> Rig:
    """Art. 14(3): a board of 2-3-4-5-K with no flush possible; one player makes 6-high, the other the wheel."""
    suits = rng.sample(SUITS, 4)
    board = tuple(rank + suit for rank, suit in zip("2345", suits)) + (f"K{rng.choice(SUITS)}",)
    taken = set(board)
    six = (_cards(rng, "6", taken), _cards(rng, "89TJQ", taken))
    wheel = (_cards(rng, "A", taken), _cards(rng, "89TJQ", taken))
    return Rig(dict(zip(seats, (six, wheel))), board)


def plan(rule: str, table: HoldemTable, seated: dict[int, Player], button: int, rng: random.Random) -> HandPlan | None:
    """How to play the next hand so that it breaks ``rule``; None if this hand cannot."""
    order = sorted(seated)
    small, big = blind_seats(order, button)
    if rule == "THE-4.3" and table.blind_limits and seated[big].stack > 2 * table.big_blind:
        return HandPlan(small_blind=2 * table.small_blind, big_blind=2 * table.big_blind)
    if rule == "THE-5.1":
        return HandPlan(small_blind=0)
    if rule == "THE-5.3":
        posted = table.small_blind + max(table.chip_unit, table.small_blind // 5 // table.chip_unit * table.chip_unit)
        return HandPlan(small_blind=posted) if seated[small].stack > posted else None
    if rule == "THE-9.1" or (rule == "THE-16.5" and table.rake_permille is not None):
        return HandPlan(void=True)
    if rule in FORCES and (rule in ("THE-11.2", "THE-12.2")) != table.no_limit:
        return HandPlan(force=FORCES[rule]) if rule != "THE-12.2" or len(order) > 2 else None
    if rule == "THE-14.2":
        return HandPlan(rig=wheel_rig(rng, rng.sample(order, 2)))
    if rule == "THE-15.2":
        return HandPlan(rig=quads_rig(rng, rng.sample(order, 2)))
    return None


def finish(rule: str, hand: PlayedHand, hand_plan: HandPlan, table: HoldemTable) -> Planted | None:
    """Complete the planted violation on the played hand; None if the hand turned out not to carry it."""
    posts = {e["action"]: e for e in hand.head if e["event"] == "action" and e["action"].startswith("post_")}
    if rule == "THE-4.3":
        return Planted(posts["post_big_blind"], f"blinds of {2 * table.small_blind}/{2 * table.big_blind} posted, "
                                                f"limits {table.small_blind}-{table.big_blind}")
    if rule == "THE-5.1":
        return Planted(hand.head[0], "no small blind posted")
    if rule == "THE-5.3":
        return Planted(posts["post_small_blind"], f"small blind {hand_plan.small_blind}, big blind {table.big_blind}")
    if rule in FORCES:
        forced = hand_plan.forced
        return Planted(forced, f"{hand_plan.force} {forced['action']} by seat {forced['seat']}") if forced else None
    if rule in ("THE-9.1", "THE-16.5"):
        return _void(rule, hand, table) if hand.void else None
    return _showdown(rule, hand, hand_plan.rig)


def _void(rule: str, hand: PlayedHand, table: HoldemTable) -> Planted:
    """THE-9.1 (art. 9(2)): one chip of a player's refund goes to another player. THE-16.5 (art. 16): a rake on
    the voided hand, kept out of the largest refund, which THE-9.1 then necessarily reports."""
    refunds, unit = hand.settlement.refunds, table.chip_unit
    if rule == "THE-9.1":
        (a, x), (b, y) = refunds[:2]
        refunds[:2] = [(a, x - unit), (b, y + unit)]
        return Planted("void", f"voided hand: seat {a} refunded {x - unit} of {x}, seat {b} {y + unit} of {y}")
    rake = max(table.rake(sum(amount for _, amount in refunds)), unit)
    largest = max(range(len(refunds)), key=lambda i: refunds[i][1])
    seat, amount = refunds[largest]
    hand.settlement = Settlement(rake, [*refunds[:largest], (seat, amount - rake), *refunds[largest + 1:]])
    return Planted("rake", f"rake {rake} on a voided hand, kept from seat {seat}'s refund", ("THE-9.1",))


def _showdown(rule: str, hand: PlayedHand, rig: Rig | None) -> Planted | None:
    """THE-14.2: the pot to the wheel over a 6-high straight. THE-15.2: the pot to the better fifth card of two
    equal fours of a kind (art. 15(3): it does not count)."""
    if rig is None:
        return None  # never: the hand was rigged for these rules (its plan's ``rig``)
    first, second = rig.holes
    if rule == "THE-14.2":
        loser, taker = first, second
    else:
        kickers = {s: rank7([*hand.holes[s], *hand.board], quads_kicker_counts=True) for s in rig.holes}
        taker = max(kickers, key=kickers.__getitem__)
        loser = first if taker == second else second
    total = sum(amount for _, _, amount in hand.settlement.awards)
    hand.settlement.awards = [(0, taker, total)]
    if rule == "THE-14.2":
        return Planted("award", f"pot to seat {taker}'s 5-4-3-2-A over seat {loser}'s 6-high straight")
    return Planted("award", f"equal fours of a kind: pot to seat {taker} (higher fifth card), none to seat {loser}")
