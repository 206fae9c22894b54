"""Planted violations that change the events of a lawfully played stud hand (its ``head``: from ``hand_start`` to
the last show): cards, cuts, burn, the order of the deal and of the actions, the faces, the showdown order. Each is
the smallest change that breaks its rule; the rules it necessarily breaks too are its consequences; the money is
never touched, so chips still balance. ``None``: the hand offers no opportunity.

Reading shared with the checkers: a round's actions run from the deal that opens it to the next deal; a player's
open cards are his first, third, fourth and fifth cards by dealing position (a face is judged by 5CS-10.3 alone)."""

from __future__ import annotations

import random
from collections.abc import Callable

from auditor.sim.stud.hand import PlayedHand, opens
from auditor.sim.stud.inject import Planted
from auditor.sim.stud.order import by_open_cards
from auditor.sim.stud.pack import MIN_CUT, PACK

Plant = Callable[[PlayedHand, random.Random], "Planted | None"]
WAITING = ("check", "fold")  # actions that leave the amounts owed as they were
EVENT_DELAY = 700  # milliseconds before an added event


def events(hand: PlayedHand, kind: str) -> list[dict]:
    return [e for _, e in hand.head if e["event"] == kind]


def index_of(hand: PlayedHand, event: dict) -> int:
    return next(i for i, (_, e) in enumerate(hand.head) if e is event)


def insert(hand: PlayedHand, at: int, event: dict) -> dict:
    hand.head.insert(at, (EVENT_DELAY, event))
    return event


def move(hand: PlayedHand, event: dict, after: dict) -> None:
    """Take ``event`` out of the head and put it back just after ``after`` (with its own delay)."""
    timed = hand.head.pop(index_of(hand, event))
    hand.head.insert(index_of(hand, after) + 1, timed)


def swap(hand: PlayedHand, i: int, j: int) -> None:
    """Exchange the events at ``i`` and ``j``, each keeping the delay of the place it takes."""
    (di, ei), (dj, ej) = hand.head[i], hand.head[j]
    hand.head[i], hand.head[j] = (di, ej), (dj, ei)


def betting(hand: PlayedHand) -> list[tuple[int, int, dict]]:
    """(index in the head, round 1..4, event) of every action but the antes."""
    found, round_no, previous = [], 0, ""
    for index, (_, event) in enumerate(hand.head):
        if event["event"] == "deal" and previous != "deal":
            round_no += 1
        elif event["event"] == "action" and event["action"] != "post_ante":
            found.append((index, round_no, event))
        previous = event["event"]
    return found


def before_bet(hand: PlayedHand, round_no: int) -> list[tuple[int, dict]]:
    """The actions of a round before its first bet."""
    found = []
    for index, number, event in betting(hand):
        if number == round_no:
            if event["action"] == "bet":
                break
            found.append((index, event))
    return found


def unused(hand: PlayedHand) -> list[str]:
    """The cards of the pack this hand did not show (deals and burn), in pack order."""
    seen = {e.get("card") for _, e in hand.head}
    return [card for card in PACK if card not in seen]


def deal_blocks(hand: PlayedHand) -> list[list[int]]:
    """Indexes of the deal events, one list per deal (the first holds both the open and the hole cards)."""
    blocks: list[list[int]] = []
    previous = ""
    for index, (_, event) in enumerate(hand.head):
        if event["event"] == "deal":
            if previous != "deal":
                blocks.append([])
            blocks[-1].append(index)
        previous = event["event"]
    return blocks


def hole_deal(hand: PlayedHand, seat: int) -> dict:
    return next(e for e in events(hand, "deal") if e["seat"] == seat and e["face"] == "down")


def hidden_hole(hand: PlayedHand, rng: random.Random) -> tuple[int, dict] | None:
    """A folded player's hole card, which nobody shows: changing it changes no open card and no showdown."""
    if not hand.folded:
        return None
    seat = rng.choice(sorted(hand.folded))
    return seat, hole_deal(hand, seat)


def foreign_card(hand: PlayedHand, rng: random.Random) -> Planted | None:
    """5CS-1.1 (art. 1 a)): a hole card of a rank the 40-card pack does not have (2, 3 or 4)."""
    found = hidden_hole(hand, rng)
    if found is None:
        return None
    seat, deal = found
    deal["card"] = hand.cards[seat][1] = rng.choice("234") + deal["card"][1]
    return Planted(deal, f"hole card {deal['card']} dealt to seat {seat}: no such card in the pack")


def duplicate_card(hand: PlayedHand, rng: random.Random) -> Planted | None:
    """5CS-1.2 (art. 1 a)): a hole card that is another player's first open card (two packs' worth of it)."""
    found = hidden_hole(hand, rng)
    if found is None:
        return None
    seat, deal = found
    other = rng.choice([s for s in sorted(hand.cards) if s != seat])
    deal["card"] = hand.cards[seat][1] = hand.cards[other][0]
    return Planted(deal, f"hole card {deal['card']} of seat {seat} is also seat {other}'s open card")


def bad_cut(hand: PlayedHand, rng: random.Random) -> Planted | None:
    """5CS-2.2 (art. 2): a third cut, or a cut of fewer than six cards."""
    cuts = events(hand, "cut")
    players = sorted({e["player"] for e in events(hand, "seat")})
    if len(cuts) == 2 and rng.random() < 0.5:
        third = {"event": "cut", "hand_id": hand.hand_id, "player": rng.choice(players),
                 "position": rng.randint(MIN_CUT, len(PACK) - MIN_CUT)}
        insert(hand, index_of(hand, cuts[-1]) + 1, third)
        return Planted(third, "a third cut")
    if cuts:
        cut = rng.choice(cuts)
        cut["position"] = rng.randint(1, MIN_CUT - 1)
    else:
        cut = {"event": "cut", "hand_id": hand.hand_id, "player": rng.choice(players),
               "position": rng.randint(1, MIN_CUT - 1)}
        insert(hand, index_of(hand, events(hand, "shuffle")[0]) + 1, cut)
    return Planted(cut, f"a cut of {cut['position']} cards")


def bad_burn(hand: PlayedHand, rng: random.Random) -> Planted | None:
    """5CS-2.3 (art. 2): no card burned before the first card, or two."""
    burn = events(hand, "burn")[0]
    at = index_of(hand, burn)
    if rng.random() < 0.5:
        del hand.head[at]
        return Planted(hand.head[at][1], "no card burned before the first card")
    second = insert(hand, at + 1, {"event": "burn", "hand_id": hand.hand_id, "card": unused(hand)[0]})
    return Planted(second, "two cards burned before the first card")


def late_first_rake(hand: PlayedHand, rng: random.Random) -> Planted | None:
    """5CS-8.1 (art. 8): the first rake is taken after the first card was dealt."""
    rake = events(hand, "rake")[0]
    move(hand, rake, events(hand, "deal")[0])
    return Planted(rake, "first rake taken after the first card")


def late_ante(hand: PlayedHand, rng: random.Random) -> Planted | None:
    """5CS-10.1 (art. 10 a)): a player antes after the first card was dealt, which is also an ante not posted
    before the first card (5CS-6.3)."""
    ante = rng.choice([e for e in events(hand, "action") if e["action"] == "post_ante"])
    move(hand, ante, events(hand, "deal")[0])
    return Planted(ante, f"seat {ante['seat']} anted after the first card", ("5CS-6.3",))


def rotate(hand: PlayedHand, indexes: list[int]) -> None:
    """Deal the cards of ``indexes`` starting with the second player, the first last."""
    delays = [hand.head[i][0] for i in indexes]
    moved = [hand.head[i][1] for i in indexes[1:] + indexes[:1]]
    for i, delay, event in zip(indexes, delays, moved):
        hand.head[i] = (delay, event)


def wrong_first_card(hand: PlayedHand, rng: random.Random) -> Planted | None:
    """5CS-10.2 (art. 10 a)): the first card (and the hole cards after it) go first to the second player on the
    croupier's right, the first player's last."""
    first = deal_blocks(hand)[0]
    n = len(first) // 2
    rotate(hand, first[:n])
    rotate(hand, first[n:])
    deal = hand.head[first[0]][1]
    return Planted(deal, f"first card to seat {deal['seat']}, not the highest seat")


def open_card_face_down(hand: PlayedHand, rng: random.Random) -> Planted | None:
    """5CS-10.3 (art. 10 a)-c)): a third, fourth or fifth card dealt face down."""
    later = [e for e in events(hand, "deal") if hand.cards[e["seat"]].index(e["card"]) >= 2]
    if not later:
        return None
    deal = rng.choice(later)
    deal["face"] = "down"
    return Planted(deal, f"card {hand.cards[deal['seat']].index(deal['card']) + 1} of seat {deal['seat']} dealt "
                         "face down")


def bet_after_bet(hand: PlayedHand, rng: random.Random) -> Planted | None:
    """5CS-10.6 (art. 10 b)): after a bet a player "bets" (the chips of a lawful raise, logged as a bet)."""
    raises = [e for _, _, e in betting(hand) if e["action"] == "raise"]
    if not raises:
        return None
    event = rng.choice(raises)
    event["action"] = "bet"
    return Planted(event, f"seat {event['seat']} bet after a bet (his raise logged as a bet)")


def wrong_deal_start(hand: PlayedHand, rng: random.Random) -> Planted | None:
    """5CS-10.9 (art. 10 b)-c)): a third, fourth or fifth card dealt first to the second player in turn, the
    player entitled to act first in the round before last."""
    blocks = [block for block in deal_blocks(hand)[1:] if len(block) > 1]
    if not blocks:
        return None
    block = rng.choice(blocks)
    rotate(hand, block)
    deal = hand.head[block[0]][1]
    position = hand.cards[deal["seat"]].index(deal["card"]) + 1
    return Planted(deal, f"the deal of card {position} started with seat {deal['seat']}")


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


def card_after_last_player(hand: PlayedHand, rng: random.Random) -> Planted | None:
    """5CS-10.16 (art. 10 c) iii)): everyone else folded, yet the last player is dealt one more card, which is also
    a card dealt to fewer than two players (5CS-10.8)."""
    live = [s for s in hand.cards if s not in hand.folded]
    if len(live) != 1 or len(hand.cards[live[0]]) == 5:
        return None
    seat = live[0]
    deal = {"event": "deal", "hand_id": hand.hand_id, "card": unused(hand)[0], "to": "seat", "seat": seat,
            "face": "up"}
    hand.head.append((EVENT_DELAY, deal))
    return Planted(deal, f"card dealt to seat {seat}, the only player left", ("5CS-10.8",))


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


def exposed_hole_card(hand: PlayedHand, rng: random.Random) -> Planted | None:
    """5CS-11.4 (art. 11 d)): a hole card comes out face up during the deal, yet the player plays on and his ante
    is not refunded."""
    seat = rng.choice(sorted(hand.cards))
    deal = hole_deal(hand, seat)
    exposed = insert(hand, index_of(hand, deal) + 1, {"event": "card_exposed", "hand_id": hand.hand_id,
                                                      "card": deal["card"], "seat": seat})
    return Planted(exposed, f"seat {seat}'s hole card exposed in the deal; his hand played on")


PLANTS: dict[str, Plant] = {
    "5CS-1.1": foreign_card,
    "5CS-1.2": duplicate_card,
    "5CS-2.2": bad_cut,
    "5CS-2.3": bad_burn,
    "5CS-8.1": late_first_rake,
    "5CS-10.1": late_ante,
    "5CS-10.2": wrong_first_card,
    "5CS-10.3": open_card_face_down,
    "5CS-10.6": bet_after_bet,
    "5CS-10.9": wrong_deal_start,
    "5CS-10.10": wrong_leader(2),
    "5CS-10.11": wrong_leader(3),
    "5CS-10.12": wrong_leader(4),
    "5CS-10.15": wrong_option_order,
    "5CS-10.16": card_after_last_player,
    "5CS-10.17": fifth_round,
    "5CS-10.18": wrong_reveal,
    "5CS-11.3": out_of_turn,
    "5CS-11.4": exposed_hole_card,
}
