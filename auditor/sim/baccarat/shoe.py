"""Cards and the baccarat shoe.

Art. 1(1): "six to twelve decks, 52 cards each"; art. 5: picture cards and tens count zero, an ace one, other cards
their face value. Cards are written as in the log format: rank ``A23456789TJQK`` then suit ``shdc``."""

from __future__ import annotations

import random
from collections import Counter

RANKS = "A23456789TJQK"
SUITS = "shdc"
DECK: tuple[str, ...] = tuple(rank + suit for rank in RANKS for suit in SUITS)
VALUE: dict[str, int] = {card: min(RANKS.index(card[0]) + 1, 10) % 10 for card in DECK}  # art. 5


class Shoe:
    """``decks`` shuffled decks dealt from the front; ``seen`` counts the cards the log shows (art. 1: BAC-1.2)."""

    __slots__ = ("decks", "cards", "pos", "seen")

    def __init__(self, decks: int, rng: random.Random) -> None:
        self.decks = decks
        self.cards = list(DECK) * decks
        rng.shuffle(self.cards)
        self.pos = 0
        self.seen: Counter[str] = Counter()

    def __len__(self) -> int:
        return len(self.cards)

    @property
    def remaining(self) -> int:
        return len(self.cards) - self.pos

    def take(self) -> str:
        """Take the next card out of the shoe (not shown: a face-down burn)."""
        card = self.cards[self.pos]
        self.pos += 1
        return card

    def show(self, card: str) -> None:
        """Record that the log shows ``card``."""
        self.seen[card] += 1

    def full_cards(self) -> list[str]:
        """Cards the log has already shown exactly ``decks`` times in this shoe."""
        return sorted(card for card, n in self.seen.items() if n == self.decks)
