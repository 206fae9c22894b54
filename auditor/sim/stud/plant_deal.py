"""Planted violations that change the cards, the pack and the deal of a lawfully played stud hand: the cards
themselves, cuts, burn, the order of antes, first rake and deal, the faces, a card after the hand was won, an
exposed hole card. Each is the smallest change that breaks its rule; the rules it necessarily breaks too are its
consequences; the money is never touched, so chips still balance. ``None``: the hand offers no opportunity.

Reading shared with the checkers: a player's open cards are his first, third, fourth and fifth cards by dealing
position (a face is judged by 5CS-10.3 alone)."""

from __future__ import annotations

import random
from collections.abc import Callable

from auditor.sim.stud.hand import PlayedHand
from auditor.sim.stud.head import EVENT_DELAY, deal_blocks, events, index_of, insert, move, rotate, unused
from auditor.sim.stud.inject import Planted
from auditor.sim.stud.pack import MIN_CUT, PACK

Plant = Callable[[PlayedHand, random.Random], "Planted | None"]


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
    """5CS-2.2 (art. 2): a cut by a third player, or a cut of fewer than six cards."""
    cuts = events(hand, "cut")
    players = sorted({e["player"] for e in events(hand, "seat")})
    others = [p for p in players if p not in {c["player"] for c in cuts}]
    if len(cuts) == 2 and rng.random() < 0.5 and others:
        third = {"event": "cut", "hand_id": hand.hand_id, "player": rng.choice(others),
                 "position": rng.randint(MIN_CUT, len(PACK) - MIN_CUT)}
        insert(hand, index_of(hand, cuts[-1]) + 1, third)
        return Planted(third, "a cut by a third player")
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
    "5CS-10.9": wrong_deal_start,
    "5CS-10.16": card_after_last_player,
    "5CS-11.4": exposed_hole_card,
}
