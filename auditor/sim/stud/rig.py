"""Showdowns that chance seldom deals, for planted violations of arts. 4 and 5: every player's five cards are
chosen before the hand (``HandPlan.rig``), everyone stays to the showdown, and ``finish`` pays the main pot
wrongly.

* 5CS-4.3 and 5CS-5.4: two players hold straights of the same rank in different suits (equal hands under art. 5),
  the others weaker hands. 4.3: the split is unequal (more than the odd chip apart); 5.4: the player whose top card
  has the better suit takes the whole pot, as if suits broke the tie.
* 5CS-5.2: one player holds A-5-6-7-8 in mixed suits (the lowest straight, the Ace as a 4), another three of a
  kind, the others weaker; the pot goes to the three of a kind, as if A-5-6-7-8 were no straight."""

from __future__ import annotations

import random

from auditor.games.stud.evaluate import rank5
from auditor.sim.poker.pots import divide
from auditor.sim.stud.hand import PlayedHand
from auditor.sim.stud.inject import Planted
from auditor.sim.stud.pack import PACK
from auditor.sim.stud.plan import HandPlan
from auditor.sim.stud.plant_money import pay_pot, pot_total
from auditor.sim.stud.table import StudTable

RANKS = "56789TJQKA"
SUITS = "shdc"  # art. 10 b): spades, hearts, clubs, diamonds, strongest first
RULES = ("5CS-4.3", "5CS-5.2", "5CS-5.4")


def _mixed(ranks: str, rng: random.Random, taken: set[str]) -> list[str]:
    """One card of each rank, not all of one suit, none of ``taken``."""
    while True:
        cards = [rank + rng.choice([s for s in SUITS if rank + s not in taken]) for rank in ranks]
        if len({card[1] for card in cards}) > 1:
            taken.update(cards)
            return cards


def _weaker(rng: random.Random, taken: set[str], below: int) -> list[str]:
    while True:
        cards = rng.sample([card for card in PACK if card not in taken], 5)
        if rank5(cards) < below:
            taken.update(cards)
            return cards


def rig(rule: str, seats: list[int], rng: random.Random) -> HandPlan:
    """The cards of ``seats`` (every player of the hand) for ``rule``, each player's in a random dealing order."""
    first, second = rng.sample(seats, 2)
    taken: set[str] = set()
    if rule == "5CS-5.2":
        hands = {first: _mixed("A5678", rng, taken)}
        trips, *odd = rng.sample("9TJQK", 3)
        three = [trips + suit for suit in rng.sample(SUITS, 3)]
        taken.update(three)
        hands[second] = three + [rank + rng.choice(SUITS) for rank in odd]
        taken.update(hands[second])
        below = rank5(hands[second])
    else:
        top = rng.randrange(4, len(RANKS))
        ranks = RANKS[top - 4:top + 1]
        hands = {first: _mixed(ranks, rng, taken), second: _mixed(ranks, rng, taken)}
        below = rank5(hands[first])
    for seat in seats:
        if seat not in hands:
            hands[seat] = _weaker(rng, taken, below)
    for cards in hands.values():
        rng.shuffle(cards)
    return HandPlan(rig=hands, stay=frozenset(seats))


def finish(rule: str, hand: PlayedHand, table: StudTable, rng: random.Random) -> Planted | None:
    """Pay the main pot of the rigged showdown wrongly; None if the hand did not come out as rigged."""
    if len(hand.values) < 2:
        return None
    total, tied = pot_total(hand, 0), hand.tied[0]
    if rule == "5CS-5.2":
        if len(tied) != 1:
            return None
        straight = tied[0]
        trips = max((s for s in hand.pots[0].eligible if s != straight), key=hand.values.__getitem__)
        pay_pot(hand, 0, [(trips, total)])
        return Planted("award", f"main pot to seat {trips}'s three of a kind over seat {straight}'s A-5-6-7-8")
    if len(tied) != 2:
        return None
    if rule == "5CS-5.4":
        taker = max(tied, key=lambda s: SUITS[::-1].index(max(hand.cards[s], key=lambda c: RANKS.index(c[0]))[1]))
        pay_pot(hand, 0, [(taker, total)])
        return Planted("award", f"equal hands of seats {sorted(tied)}: seat {taker} took the whole pot by suit")
    shares = divide(total, sorted(tied, reverse=True), table.chip_unit)
    moved = max(2 * table.chip_unit, table.down(shares[1][1] // 4))
    if moved >= shares[1][1]:
        return None
    pay_pot(hand, 0, [(shares[0][0], shares[0][1] + moved), (shares[1][0], shares[1][1] - moved)])
    return Planted("award", f"seat {shares[0][0]} took {moved} of seat {shares[1][0]}'s equal share")
