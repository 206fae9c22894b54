"""A simulated baccarat day (Despacho n.º 55/2004): tables one after the other, each written to its own file.

Every table draws from its own generators, seeded from the run's seed and its number; only the injector's schedule
runs across tables. No wall clock is read: the same seed and options give the same bytes."""

from __future__ import annotations

import random
from dataclasses import dataclass
from datetime import date
from pathlib import Path

from auditor.sim.baccarat.plant_shoe import table_overrides
from auditor.sim.baccarat.shoe_run import ShoeRun
from auditor.sim.baccarat.table import Patrons, Table, make_table
from auditor.sim.inject import Injector, Planted, write_labels
from auditor.sim.record import Recorder, write_tables


@dataclass(frozen=True, slots=True)
class Summary:
    files: list[Path]
    coups: int
    events: int
    labels: int


class TableRun:
    """One table for one day: table_open, its shoes, table_close."""

    def __init__(self, index: int, seed: int, injector: Injector, day: date) -> None:
        self.rng = random.Random(f"{seed}:table:{index}")
        self.time_rng = random.Random(f"{seed}:time:{index}")
        self.injector = injector
        self.day = day
        self.rule = next(iter(injector.waiting("table")), None)
        overrides = {}
        if self.rule:
            injector.take(self.rule)
            overrides = table_overrides(self.rule, injector.rng)
        self.table: Table = make_table(index, self.rng, **overrides)
        self.patrons = Patrons(self.table, self.rng)
        self.coups = 0
        self.labelled = len(injector.labels)  # labels already handed to the recorder

    def run(self, recorder: Recorder, shoes: int) -> None:
        table, table_id = self.table, self.table.table_id
        table_open = {"event": "table_open", "config": table.config}
        if self.rule:
            note = f"config.decks = {table.decks}" if self.rule == "BAC-1.1" else f"config.seats = {table.seats}"
            self.injector.label(self.rule, Planted(("table_open", 0), note), table=table_id, shoe=None, hand=None,
                                target=table_open)
        self.write(recorder, [table_open])
        for number in range(1, shoes + 1):
            shoe = ShoeRun(table, self.patrons, self.injector, self.rng, f"{table_id}-{self.day:%Y%m%d}-S{number:02d}")
            self.write(recorder, shoe.play())
            self.coups += shoe.coups
        self.write(recorder, [{"event": "table_close"}])

    def write(self, recorder: Recorder, events: list[dict]) -> None:
        """Write events, filling in the ``seq`` of the labels planted in them."""
        recorder.watch(self.injector.labels[self.labelled:])
        self.labelled = len(self.injector.labels)
        recorder.write(events)


def simulate(out: Path, *, seed: int, tables: int = 4, shoes: int = 6, inject: float = 0.0,
             formats: tuple[str, ...] = ("jsonl",), day: date = date(2024, 5, 1)) -> Summary:
    """Write one log file per table to ``out`` (formats cycle over the tables) and, with ``inject``,
    ``out/labels.jsonl``: one line per finding the auditor must report."""
    injector = Injector(inject, seed)
    runs = (TableRun(index, seed, injector, day) for index in range(tables))
    files, played, events = write_tables(out, runs, shoes, formats, Recorder, day, "baccarat")
    coups = sum(run.coups for run in played)
    if inject:
        files.append(write_labels(out, injector.labels))
    return Summary(files, coups, events, len(injector.labels))
