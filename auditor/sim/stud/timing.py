"""The clock of a simulated stud table: how long after the previous event each event comes.

Art. 11 b) is about time, so the hand decides its delays (the recorder only adds them up): a player decides within
``DECISION_LIMIT_MS`` of his turn (which starts with the previous event at the table), and a player who lets the
two minutes pass is folded by the croupier just after. Every delay is above zero, so ``ts`` always increases."""

from __future__ import annotations

import random

DECISION_LIMIT_MS = 120_000  # art. 11 b): two minutes
# Delay before each event type, in milliseconds: (least, spread).
DELAYS: dict[str, tuple[int, int]] = {
    "table_open": (1, 0), "buy_in": (20_000, 60_000), "top_up": (10_000, 20_000), "leave": (5_000, 20_000),
    "shoe_start": (10_000, 20_000), "shoe_end": (2_000, 5_000), "hand_start": (10_000, 20_000), "seat": (50, 100),
    "shuffle": (15_000, 15_000), "cut": (3_000, 4_000), "rake": (1_500, 1_500), "burn": (1_000, 1_000),
    "deal": (500, 400), "show": (1_500, 2_000), "refund": (800, 800), "award": (1_500, 1_500),
    "stack": (50, 100), "hand_end": (500, 1_000), "table_close": (30_000, 90_000),
}
ANTE = (300, 700)
DECISIONS = ((0.80, 1_500, 10_000), (0.17, 10_000, 40_000), (0.03, 40_000, 75_000))  # share, least, spread
TIME_OUT = (DECISION_LIMIT_MS + 500, 10_000)  # the croupier folds him once the two minutes have passed
LATE = (DECISION_LIMIT_MS + 1_000, 30_000)  # a planted violation: he acts after the two minutes


class Clock:
    def __init__(self, rng: random.Random) -> None:
        self.random = rng.random

    def delay(self, event: str) -> int:
        least, spread = DELAYS[event]
        return least + int(self.random() * spread)

    def ante(self) -> int:
        return ANTE[0] + int(self.random() * ANTE[1])

    def decision(self) -> int:
        """A player's time to decide, well within the limit."""
        draw = self.random()
        for share, least, spread in DECISIONS:
            if draw < share:
                return least + int(self.random() * spread)
            draw -= share
        return DECISIONS[-1][1]

    def time_out(self) -> int:
        return TIME_OUT[0] + int(self.random() * TIME_OUT[1])

    def late(self) -> int:
        return LATE[0] + int(self.random() * LATE[1])
