"""Art. 10 b) last para.: "If two or more players remain in the hand and all have called, the dealer deals each of
them a third card face up, in the same order as the previous deal, starting with the holder of the highest card."
c) ii): "... the dealer then deals the fourth card face up, in the direction of the previous deal, starting with the
player who had the right to bet first in the second round." c) iv): "The dealer then deals each player one card face
up in the order and direction set in c) ii). If the player who should act first has abandoned the hand, the dealer
deals the open card to the holder of the next highest cards in the same order and direction."

5CS-10.9: the deal of each seat's third, fourth and fifth card (card n) starts with the player still in (not folded
before it, nor his hand dead, art. 11 d)) whose open cards are the strongest for the betting round before it (round n -
2, ``leaders.py``), and goes counterclockwise from him, to those players alone. One finding a deal, at its first card
dealt out of that order or to a seated player out of the hand while two or more remain; a player still in who gets no
card is left out (5CS-10.8's), and so is a deal when fewer than two remain (10.8's and 10.16's)."""

from __future__ import annotations

from collections.abc import Iterator

from auditor.engine.registry import register
from auditor.engine.replay_runner import Breach, ReplayRule, breach
from auditor.engine.ruleset import Ruleset
from auditor.games.poker.conditions import all_of
from auditor.games.poker.hand import Card
from auditor.games.poker.order import counterclockwise, first_out_of_order
from auditor.games.stud.deal_order import DEALING, later_cards, listed, numbered, strongest
from auditor.games.stud.hand import Hand, per_hand

LATER = (3, 4, 5)
Deal = tuple[int, list[tuple[int, Card]], list[int]]  # card number, (seat, deal) in log order, the seats in turn


def _later_deals(hand: Hand, ruleset: Ruleset) -> list[Deal] | str:
    """Each deal of cards 3-5 with its order due, or why an order is not known."""
    cards: dict[int, list[tuple[int, Card]]] = {}
    for seat, n, d in numbered(hand):
        if n in LATER:
            cards.setdefault(n, []).append((seat, d))
    deals: list[Deal] = []
    for n, dealt in sorted(cards.items()):
        folded = hand.out_before(dealt[0][1].src.seq)
        live = sorted(s for s in hand.seats if s not in folded)
        if not live:
            continue  # a card after everyone folded: no order to keep (5CS-10.16's matter)
        leader = strongest(hand, live, n - 2)
        if isinstance(leader, str):
            return f"who is dealt card {n} first: {leader}"
        after = counterclockwise(live, leader)
        deals.append((n, dealt, after[-1:] + after[:-1]))
    return deals


_known, _deals = per_hand("5CS-10.9", _later_deals)


def _deal_starts(hand: Hand, ruleset: Ruleset) -> Iterator[Breach]:
    for n, dealt, due in _deals(hand, ruleset):
        found = first_out_of_order(dealt, due)
        # a card to a seated player out of the hand, while two or more remain (fewer: 5CS-10.8's and 10.16's matter)
        out = next((d for seat, d in dealt if seat in hand.seats and seat not in due), None) if len(due) > 1 else None
        if out is not None and (found is None or out.src.seq < found[0].src.seq):
            yield breach(out.src, f"card {n} dealt to seat {out.seat}, who is out of the hand (folded, or his hand "
                                  f"dead, art. 11 d)) (art. 10 b), c) ii), iv): a card to each player remaining: seats "
                                  f"{listed(due)})", f"seats {listed(due)}", f"seat {out.seat}")
        elif found is not None:
            d, seat = found
            yield breach(d.src, f"card {n} dealt to seat {d.seat} before seat {seat} (art. 10 b), c) ii), iv): "
                                f"counterclockwise from seat {due[0]}, the strongest open cards of round {n - 2} "
                                f"among the players still in: seats {listed(due)})", f"seat {seat}", f"seat {d.seat}")


register(ReplayRule(id="5CS-10.9", game="stud", check=_deal_starts, applies=all_of(later_cards, DEALING, _known)))
