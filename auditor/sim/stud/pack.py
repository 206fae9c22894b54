"""The packs of one table (art. 2): 40 cards, shuffled and cut before every hand, used for at most ten hands.

* A pack comes into use (``shoe_start``) and goes out of use (``shoe_end``) only between hands; the house may
  change it after any hand, and must after its tenth.
* Each hand: a manual shuffle, then at most two players cut, each cut at least six cards (both parts of the pack
  keep at least six), then the top card is burned before the first card is dealt."""

from __future__ import annotations

import random

PACK = tuple(rank + suit for rank in "AKQJT98765" for suit in "shdc")  # art. 1 a)
MAX_HANDS = 10
LIFETIMES = (10, 10, 10, 10, 10, 9, 8, 6, 4, 1)  # hands a pack is kept for, drawn at random
CUTS = (0, 1, 1, 1, 2, 2)  # how many players cut, drawn at random
MIN_CUT = 6


class Packs:
    """The pack in use at a table, and when it is replaced."""

    def __init__(self, table_id: str, rng: random.Random) -> None:
        self.table_id = table_id
        self.rng = rng
        self.count = 0
        self.shoe_id: str | None = None
        self.used = 0
        self.lifetime = 0
        self.limit = MAX_HANDS  # raised only to plant a violation of art. 2

    def between_hands(self) -> list[dict]:
        """The events that replace the pack when it is due (before the table's first hand, after its last)."""
        if self.shoe_id is not None and self.used < self.lifetime:
            return []
        return self.start(self.rng.choice(LIFETIMES))

    def start(self, lifetime: int) -> list[dict]:
        """Close the pack in use, if any, and bring a new one into use for ``lifetime`` hands. A planted violation
        of art. 2 also starts one during a hand (with at most nine hands to go, so that the pack stays within
        ten whichever hand it is counted for)."""
        events = self.close()
        self.count += 1
        self.shoe_id = f"{self.table_id}-K{self.count:05d}"
        self.used, self.lifetime, self.limit = 0, lifetime, MAX_HANDS
        return events + [{"event": "shoe_start", "shoe_id": self.shoe_id}]

    def take(self) -> str:
        """The pack of the next hand."""
        assert self.shoe_id is not None and self.used < self.limit
        self.used += 1
        return self.shoe_id

    def close(self) -> list[dict]:
        if self.shoe_id is None:
            return []
        events = [{"event": "shoe_end", "shoe_id": self.shoe_id}]
        self.shoe_id = None
        return events


def shuffle_and_cut(rng: random.Random, cutters: list[str]) -> tuple[list[str], list[tuple[str, int]]]:
    """A shuffled pack, cut by up to two of ``cutters`` (players of the hand): the pack in dealing order (its top
    card first) and the cuts, (player, cards lifted)."""
    cards = rng.sample(PACK, len(PACK))
    cuts = []
    for player in rng.sample(cutters, min(rng.choice(CUTS), len(cutters))):
        size = rng.randint(MIN_CUT, len(PACK) - MIN_CUT)
        cards = cards[size:] + cards[:size]
        cuts.append((player, size))
    return cards, cuts
