"""A simulated five-card stud day: one session per table, written table by table (``simulate_stud``), with
planted violations when ``inject`` is given (``inject``, ``plants``)."""

from __future__ import annotations

import random
from dataclasses import dataclass
from datetime import date
from pathlib import Path

from auditor.sim.inject import Label, write_labels
from auditor.sim.record import Recorder, write_tables
from auditor.sim.stud.hand import HandEngine, Timed
from auditor.sim.stud.inject import StudInjector
from auditor.sim.stud.pack import Packs
from auditor.sim.stud.plants import Planter
from auditor.sim.stud.players import Seating
from auditor.sim.stud.table import make_table
from auditor.sim.stud.timing import Clock


@dataclass(frozen=True, slots=True)
class Summary:
    files: list[Path]
    hands: int
    events: int
    labels: int = 0


class StudTableRun:
    """One table for one day: its players and packs between hands, and its hands."""

    def __init__(self, index: int, seed: int, day: date, injector: StudInjector) -> None:
        self.rng = random.Random(f"{seed}:stud:{index}")
        self.time_rng = random.Random(f"{seed}:stud-time:{index}")
        self.clock = Clock(self.time_rng)
        self.planter = Planter(self, injector)
        self.table = self.planter.table(make_table(index, self.rng))
        self.seating = Seating(self.table, self.rng)
        self.packs = Packs(self.table.table_id, self.rng)
        self.engine = HandEngine(self.table, self.rng, self.clock)
        self.prefix = f"{self.table.table_id}-{day:%Y%m%d}-"  # of the hand ids
        self.hands = 0

    def run(self, recorder: Recorder, hands: int) -> None:
        opening = {"event": "table_open", "config": self.table.config}
        recorder.watch(self.planter.table_labels(opening))
        recorder.write_timed(self.timed([opening, *self.seating.opening()]))
        while self.hands < hands:
            events, labels = self.next_hand()
            recorder.watch(labels)
            recorder.write_timed(events)
        recorder.write_timed(self.timed([*self.packs.close(), *self.seating.closing(), {"event": "table_close"}]))

    def timed(self, events: list[dict]) -> list[Timed]:
        return [(self.clock.delay(event["event"]), event) for event in events]

    def next_hand(self) -> tuple[list[Timed], list[Label]]:
        """The events between the previous hand and this one, then this hand's, and the labels planted."""
        between = self.seating.between_hands() if self.hands else []
        planter = self.planter
        planter.before(between)
        between += self.packs.between_hands()
        planter.pack_started(between)
        self.hands += 1
        seated = dict(self.seating.seats)
        plan = planter.plan(seated, between)
        hand = self.engine.play(f"{self.prefix}{self.hands:06d}", self.packs.take(), seated, plan)
        planter.after(hand, seated)
        for seat, stack in hand.stacks_after().items():
            seated[seat].stack = stack
        events = self.timed(between) + hand.events(self.clock) + self.timed(planter.leaving(seated))
        return events, planter.labels(hand, events)

def simulate_stud(out: Path, *, seed: int, tables: int = 4, hands: int = 250, inject: float = 0.0,
                  formats: tuple[str, ...] = ("jsonl",), day: date = date(2024, 5, 1)) -> Summary:
    """Write one log file per table to ``out`` (formats cycle over the tables) and, with ``inject``,
    ``out/labels.jsonl``: one line per finding the auditor must report."""
    injector = StudInjector(inject, seed)
    runs = (StudTableRun(index, seed, day, injector) for index in range(tables))
    files, played, events = write_tables(out, runs, hands, formats, Recorder, day, "stud")
    if inject:
        files.append(write_labels(out, injector.labels))
    return Summary(files, sum(run.hands for run in played), events, len(injector.labels))
