"""A simulated five-card stud day: one session per table, written table by table (``simulate_stud``)."""

from __future__ import annotations

import random
from dataclasses import dataclass
from datetime import date
from pathlib import Path

from auditor.sim.record import Recorder, write_tables
from auditor.sim.stud.hand import HandEngine, Timed
from auditor.sim.stud.pack import Packs
from auditor.sim.stud.players import Seating
from auditor.sim.stud.table import make_table
from auditor.sim.stud.timing import Clock


@dataclass(frozen=True, slots=True)
class Summary:
    files: list[Path]
    hands: int
    events: int


class StudTableRun:
    """One table for one day: its players and packs between hands, and its hands."""

    def __init__(self, index: int, seed: int, day: date) -> None:
        self.rng = random.Random(f"{seed}:stud:{index}")
        self.time_rng = random.Random(f"{seed}:stud-time:{index}")
        self.clock = Clock(self.time_rng)
        self.table = make_table(index, self.rng)
        self.seating = Seating(self.table, self.rng)
        self.packs = Packs(self.table.table_id, self.rng)
        self.engine = HandEngine(self.table, self.rng, self.clock)
        self.prefix = f"{self.table.table_id}-{day:%Y%m%d}-"  # of the hand ids
        self.hands = 0

    def run(self, recorder: Recorder, hands: int) -> None:
        recorder.write_timed(self.timed([{"event": "table_open", "config": self.table.config},
                                         *self.seating.opening()]))
        while self.hands < hands:
            recorder.write_timed(self.next_hand())
        recorder.write_timed(self.timed([*self.packs.close(), *self.seating.closing(), {"event": "table_close"}]))

    def timed(self, events: list[dict]) -> list[Timed]:
        return [(self.clock.delay(event["event"]), event) for event in events]

    def next_hand(self) -> list[Timed]:
        """The events between the previous hand and this one, then this hand's."""
        between = self.seating.between_hands() if self.hands else []
        between += self.packs.between_hands()
        self.hands += 1
        seated = dict(self.seating.seats)
        hand = self.engine.play(f"{self.prefix}{self.hands:06d}", self.packs.take(), seated)
        for seat, stack in hand.stacks_after().items():
            seated[seat].stack = stack
        return self.timed(between) + hand.events(self.clock)


def simulate_stud(out: Path, *, seed: int, tables: int = 4, hands: int = 250, formats: tuple[str, ...] = ("jsonl",),
                  day: date = date(2024, 5, 1)) -> Summary:
    """Write one log file per table to ``out`` (formats cycle over the tables)."""
    runs = (StudTableRun(index, seed, day) for index in range(tables))
    files, played, events = write_tables(out, runs, hands, formats, Recorder, day, "stud")
    return Summary(files, sum(run.hands for run in played), events)
