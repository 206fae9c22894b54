"""Planted violations of the order and kind of the actions of a lawfully played stud hand, and of the showdown
order: two actions or shows swapped, a raise logged as a bet, a fifth round of checks. Only checks, folds and calls
change places, so every amount stays the one due and the money is never touched. ``None``: no opportunity."""

from __future__ import annotations

import random

from auditor.sim.stud.hand import PlayedHand, opens
from auditor.sim.stud.head import before_bet, betting, events, index_of, insert, swap
from auditor.sim.stud.inject import Planted
from auditor.sim.stud.order import by_open_cards
from auditor.sim.stud.plant_deal import Plant

WAITING = ("check", "fold")  # actions that leave the amounts owed as they were


def bet_after_bet(hand: PlayedHand, rng: random.Random) -> Planted | None:
    """5CS-10.6 (art. 10 b)): after a bet a player "bets" (the chips of a lawful raise, logged as a bet)."""
    raises = [e for _, _, e in betting(hand) if e["action"] == "raise"]
    if not raises:
        return None
    event = rng.choice(raises)
    event["action"] = "bet"
    return Planted(event, f"seat {event['seat']} bet after a bet (his raise logged as a bet)")


def wrong_leader(round_no: int) -> Plant:
    """5CS-10.10, 10.11, 10.12 (art. 10 c) i), c) v), d)): the second strongest open cards act first in round 2,
    3 or 4 (two checks or folds before any bet, in each other's turn)."""
    def plant(hand: PlayedHand, rng: random.Random) -> Planted | None:
        first = before_bet(hand, round_no)[:2]
        if len(first) < 2 or any(e["action"] not in WAITING for _, e in first):
            return None
        (i, leader), (j, second) = first
        swap(hand, i, j)
        return Planted(second, f"round {round_no}: seat {second['seat']} acted first, not seat {leader['seat']}")
    return plant


def wrong_option_order(hand: PlayedHand, rng: random.Random) -> Planted | None:
    """5CS-10.15 (art. 10 c) ii)): before any bet of a round 2-4, the option passes to the third strongest open
    cards before the second (two checks or folds in each other's turn; the round's first actor is right)."""
    for round_no in (2, 3, 4):
        actions = before_bet(hand, round_no)[1:3]
        if len(actions) == 2 and all(e["action"] in WAITING for _, e in actions):
            (i, second), (j, third) = actions
            swap(hand, i, j)
            return Planted(third, f"round {round_no}: seat {third['seat']} had the option before seat "
                                  f"{second['seat']}")
    return None


def fifth_round(hand: PlayedHand, rng: random.Random) -> Planted | None:
    """5CS-10.17 (art. 10 d)): after a fourth round that everyone checked, the players check once more, a fifth
    betting round, before the showdown (an action after a round closed and before the next deal opens a round)."""
    shows = events(hand, "show")
    if any(e["action"] == "bet" for _, number, e in betting(hand) if number == 4):
        return None  # a check after a bet of round 4 could be read as 5CS-10.14
    all_in = {e["seat"] for e in events(hand, "action") if e.get("all_in")}
    able = [s for s in by_open_cards({e["seat"]: opens(hand.cards[e["seat"]]) for e in shows}, 4) if s not in all_in]
    if len(able) < 2:
        return None
    at = index_of(hand, shows[0])
    checks = [{"event": "action", "hand_id": hand.hand_id, "seat": seat, "action": "check", "amount": "0",
               "all_in": False} for seat in able]
    for k, check in enumerate(checks):
        insert(hand, at + k, check)
    return Planted(checks[0], f"a fifth betting round: {len(checks)} checks after the fourth round")


def wrong_reveal(hand: PlayedHand, rng: random.Random) -> Planted | None:
    """5CS-10.18 (art. 10 e)): the first two hole cards of the showdown are turned in each other's turn."""
    shows = events(hand, "show")
    if len(shows) < 2:
        return None
    swap(hand, index_of(hand, shows[0]), index_of(hand, shows[1]))
    return Planted(shows[1], f"seat {shows[1]['seat']} showed before seat {shows[0]['seat']}")


def out_of_turn(hand: PlayedHand, rng: random.Random) -> Planted | None:
    """5CS-11.3 (art. 11 c)): after a bet, two players call or fold in each other's turn (amounts unchanged)."""
    actions = betting(hand)
    bet_made: set[int] = set()
    for (i, round_no, first), (j, _, second) in zip(actions, actions[1:]):
        if first["action"] in ("bet", "raise"):
            bet_made.add(round_no)
        if (round_no in bet_made and j == i + 1 and first["action"] in ("call", "fold")
                and second["action"] in ("call", "fold") and first["seat"] != second["seat"]):
            swap(hand, i, j)
            return Planted(second, f"round {round_no}: seat {second['seat']} acted ({second['action']}) before "
                                   f"seat {first['seat']}")
    return None


PLANTS: dict[str, Plant] = {
    "5CS-10.6": bet_after_bet,
    "5CS-10.10": wrong_leader(2),
    "5CS-10.11": wrong_leader(3),
    "5CS-10.12": wrong_leader(4),
    "5CS-10.15": wrong_option_order,
    "5CS-10.17": fifth_round,
    "5CS-10.18": wrong_reveal,
    "5CS-11.3": out_of_turn,
}
