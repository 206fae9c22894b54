"""The players of a simulated stud table between hands (art. 6), and the session events that record them.

* ``buy_in``: a player sits down with at least the table's minimum (2,000 or 5,000; no maximum).
* ``top_up``: a player whose stack fell below 500 (or 1,000) adds chips after the hand, up to at least the minimum,
  before he is dealt in again; otherwise he leaves.
* ``leave``: a player quits the table and takes his chips (the only time chips leave the table but through play).

Players also leave at random, and new ones sit down in empty seats, so that every hand has 2 to 7 players."""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from auditor.sim.stud.table import SEATS, StudTable

BUY_INS = (1, 1, 1, 1.5, 2, 2, 3, 5)  # multiples of the table's minimum
P_LEAVE = 0.015  # per player and hand
P_JOIN = 0.08  # per hand, while the table has room under its usual most
P_TOP_UP = 0.75  # a player who must top up does, else he leaves


@dataclass(slots=True)
class Player:
    player: str
    stack: int
    loose: float  # how readily he stays in a hand, 0..1
    aggressive: float  # how readily he bets and raises, 0..1


@dataclass
class Seating:
    table: StudTable
    rng: random.Random
    seats: dict[int, Player] = field(default_factory=dict)
    count: int = 0

    def opening(self) -> list[dict]:
        """The first players' buy-ins."""
        low, high = self.table.target_players
        return [self.sit(seat) for seat in sorted(self.rng.sample(range(1, SEATS + 1), self.rng.randint(low, high)))]

    def sit(self, seat: int) -> dict:
        self.count += 1
        rng, table = self.rng, self.table
        amount = int(table.buy_in_min * rng.choice(BUY_INS))
        player = Player(f"{table.table_id}-P{self.count:04d}", amount, rng.random(), rng.random())
        self.seats[seat] = player
        return {"event": "buy_in", "seat": seat, "player": player.player, "amount": str(amount)}

    def leave(self, seat: int) -> dict:
        player = self.seats.pop(seat)
        return {"event": "leave", "seat": seat, "player": player.player, "amount": str(player.stack)}

    def between_hands(self) -> list[dict]:
        """Top-ups and departures after a hand, then newcomers."""
        rng, table, events = self.rng, self.table, []
        for seat, player in sorted(self.seats.items()):
            if player.stack < table.top_up_below and rng.random() < P_TOP_UP:
                target = max(table.buy_in_min, int(table.buy_in_min * rng.choice(BUY_INS)))
                events.append({"event": "top_up", "seat": seat, "player": player.player,
                               "amount": str(target - player.stack)})
                player.stack = target
            elif player.stack < table.top_up_below or rng.random() < P_LEAVE:
                events.append(self.leave(seat))
        low, high = table.target_players
        empty = [seat for seat in range(1, SEATS + 1) if seat not in self.seats]
        if empty and (len(self.seats) < low or (len(self.seats) < high and rng.random() < P_JOIN)):
            events.append(self.sit(rng.choice(empty)))
        while len(self.seats) < 2:
            events.append(self.sit(rng.choice([s for s in range(1, SEATS + 1) if s not in self.seats])))
        return events

    def closing(self) -> list[dict]:
        """Everyone leaves when the table closes."""
        return [self.leave(seat) for seat in sorted(self.seats)]
