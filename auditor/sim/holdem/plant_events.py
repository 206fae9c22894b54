"""Planted violations that change the events of a legally played hand: cards, shuffle, deal, blinds, the order and
the kind of actions, burns and showdown. Each is the smallest change that breaks its rule as docs/holdem-checks.md
reads it; the rules it necessarily breaks too are its consequences. ``None``: the hand offers no opportunity."""

from __future__ import annotations

import random
from collections.abc import Callable

from auditor.sim.holdem.hand import PlayedHand
from auditor.sim.holdem.inject import Planted

Plant = Callable[[PlayedHand, random.Random], "Planted | None"]
BLINDS = ("post_small_blind", "post_big_blind")
STREETS = ("pre-flop", "flop", "turn", "river")


def _betting(hand: PlayedHand) -> list[tuple[int, int, dict]]:
    """(index in the events, street 0..3, event) of every action but the blinds."""
    street, found = 0, []
    for index, event in enumerate(hand.head):
        if event["event"] == "burn":
            street += 1
        elif event["event"] == "action" and event["action"] not in BLINDS:
            found.append((index, street, event))
    return found


def _of(hand: PlayedHand, kind: str) -> list[dict]:
    return [e for e in hand.head if e["event"] == kind]


def duplicate_card(hand: PlayedHand, rng: random.Random) -> Planted | None:
    """THE-1.1 (art. 1(1)(3), one deck): the card burned before the flop is a card already dealt to a player."""
    burns = _of(hand, "burn")
    if not burns:
        return None
    seat = rng.choice(sorted(hand.holes))
    burns[0]["card"] = card = hand.holes[seat][0]
    return Planted(burns[0], f"the card burned before the flop, {card}, was dealt to seat {seat}")


def uncut(hand: PlayedHand, rng: random.Random) -> Planted | None:
    """THE-3.1 (art. 3(1)): a manual shuffle with no cut."""
    cuts = _of(hand, "cut")
    if not cuts:
        return None
    index = hand.head.index(cuts[0])
    del hand.head[index]
    return Planted(hand.head[index - 1], "manual shuffle, no cut")


def deal_from_second_seat(hand: PlayedHand, rng: random.Random) -> Planted | None:
    """THE-3.2 (art. 3(2)): the deal starts with the second player left of the button; the deal order of THE-6.1
    is then necessarily wrong too."""
    deals = _of(hand, "deal")
    n = len(deals) // 2
    if n < 2:
        return None
    start = hand.head.index(deals[0])
    first, second = deals[:n], deals[n:]
    hand.head[start:start + 2 * n] = first[1:] + first[:1] + second[1:] + second[:1]
    return Planted(hand.head[start], f"first hole card to seat {first[1]['seat']}, not seat {first[0]['seat']}",
                   ("THE-6.1",))


def blinds_after_deal(hand: PlayedHand, rng: random.Random) -> Planted | None:
    """THE-5.2 (art. 5): both blinds posted after the hole cards were dealt."""
    posts = [e for e in hand.head if e["event"] == "action" and e["action"] in BLINDS]
    if len(posts) != 2:
        return None
    for post in posts:
        hand.head.remove(post)
    last_deal = hand.head.index(_of(hand, "deal")[-1])
    hand.head[last_deal + 1:last_deal + 1] = posts
    return Planted(posts[0], "blinds posted after the deal")


def face_up(hand: PlayedHand, rng: random.Random) -> Planted | None:
    """THE-6.1 (art. 6(1)): a hole card dealt face up."""
    deal = rng.choice(_of(hand, "deal"))
    deal["face"] = "up"
    return Planted(deal, f"hole card {deal['card']} dealt face up to seat {deal['seat']}")


def out_of_turn(streets: tuple[int, ...]) -> Plant:
    """THE-6.2, THE-7.2, THE-8.3 (arts. 6(3), 7(2), 8(2)): two players act in each other's turn. Only a check or
    fold and then a check, fold or call are swapped, so every amount stays the one due."""
    def plant(hand: PlayedHand, rng: random.Random) -> Planted | None:
        actions = _betting(hand)
        for (i, street, first), (j, _, second) in zip(actions, actions[1:]):
            if (street in streets and j == i + 1 and first["action"] in ("check", "fold")
                    and second["action"] in ("check", "fold", "call") and first["seat"] != second["seat"]):
                hand.head[i], hand.head[j] = second, first
                return Planted(second, f"{STREETS[street]}: seat {second['seat']} acted ({second['action']}) before "
                                       f"seat {first['seat']}")
        return None
    return plant


def relabel(preflop: bool, old: str, new: str) -> Plant:
    """THE-6.3 (art. 6(3)): a pre-flop raise logged as a bet (the big blind is the bet); THE-7.3 (art. 7(3)): an
    opening bet after the flop logged as a raise."""
    def plant(hand: PlayedHand, rng: random.Random) -> Planted | None:
        for _, street, event in _betting(hand):
            if (street == 0) == preflop and event["action"] == old:
                event["action"] = new
                return Planted(event, f"a {old} by seat {event['seat']} logged as '{new}'")
        return None
    return plant


def no_big_blind_option(hand: PlayedHand, rng: random.Random) -> Planted | None:
    """THE-6.4 (art. 6(4)): in an unraised pot the flop comes before the big blind used his option."""
    preflop = [(i, e) for i, street, e in _betting(hand) if street == 0]
    big = next(e["seat"] for e in hand.head if e.get("action") == "post_big_blind")
    if not preflop or preflop[-1][1]["action"] != "check" or preflop[-1][1]["seat"] != big:
        return None
    index = preflop[-1][0]
    del hand.head[index]
    return Planted(hand.head[index], f"the flop dealt before the big blind (seat {big}) checked his option")


def round_not_finished(hand: PlayedHand, rng: random.Random) -> Planted | None:
    """THE-6.5 (art. 6(5)): a round after the flop ends before its last player checked."""
    actions = _betting(hand)
    for k, (index, street, event) in enumerate(actions):
        last_of_round = k + 1 == len(actions) or actions[k + 1][1] != street
        after = hand.head[index + 1] if index + 1 < len(hand.head) else None
        if street and last_of_round and event["action"] == "check" and (after is None or after["event"] == "burn"):
            del hand.head[index]
            target = after if after is not None else hand.shows[0]
            return Planted(target, f"seat {event['seat']} never acted on the {STREETS[street]}")
    return None


def missing_burn(burn: int, streets: tuple[int, ...], consequences: tuple[str, ...] = ()) -> Plant:
    """THE-7.1 (art. 7(1)), THE-8.1 (art. 8(1)-(3)), THE-8.2 (art. 8(3)): no card burned before the flop, turn or
    river. Planted only on hands that end where the other burn rules stay unbroken (or name them)."""
    def plant(hand: PlayedHand, rng: random.Random) -> Planted | None:
        if hand.streets not in streets:
            return None
        event = _of(hand, "burn")[burn]
        index = hand.head.index(event)
        del hand.head[index]
        return Planted(hand.head[index], f"burn {burn + 1} missing", consequences)
    return plant


def mucked(hand: PlayedHand, rng: random.Random) -> Planted | None:
    """THE-8.4 (art. 8(5)): a losing player at the showdown does not show his cards: he mucks them in his turn to
    show (a ``muck`` event), or his show is missing from the log, one or the other at random."""
    paid = {seat for _, seat, _ in hand.settlement.awards}
    losers = [seat for seat in hand.values if seat not in paid]
    if not losers:
        return None
    seat = rng.choice(losers)
    at = next(i for i, e in enumerate(hand.shows) if e["seat"] == seat)
    hand.shows = [e for e in hand.shows if e["seat"] != seat]
    if rng.random() < 0.5:
        muck = {"event": "muck", "hand_id": hand.hand_id, "seat": seat}
        hand.shows.insert(at, muck)
        return Planted(muck, f"seat {seat} mucked his cards")
    return Planted(hand.shows[-1], f"seat {seat} did not show his cards")


PLANTS: dict[str, Plant] = {
    "THE-1.1": duplicate_card,
    "THE-3.1": uncut,
    "THE-3.2": deal_from_second_seat,
    "THE-5.2": blinds_after_deal,
    "THE-6.1": face_up,
    "THE-6.2": out_of_turn((0,)),
    "THE-6.3": relabel(True, "raise", "bet"),
    "THE-6.4": no_big_blind_option,
    "THE-6.5": round_not_finished,
    "THE-7.1": missing_burn(0, (2, 3)),
    "THE-7.2": out_of_turn((1,)),
    "THE-7.3": relabel(False, "bet", "raise"),
    "THE-8.1": missing_burn(1, (3,)),
    "THE-8.2": missing_burn(2, (4,), ("THE-8.1",)),
    "THE-8.3": out_of_turn((2, 3)),
    "THE-8.4": mucked,
}
