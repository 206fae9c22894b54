"""Numbering and timing the events of one table, then handing them to its writer.

``seq`` counts from 1; ``ts`` advances by a plausible delay per event type, drawn from the table's own clock
generator, so that timestamps are reproducible and never depend on the wall clock."""

from __future__ import annotations

import random
from collections.abc import Iterable
from datetime import date, timedelta
from pathlib import Path
from typing import Any, Protocol, TypeVar

from auditor.sim.inject import Label
from auditor.sim.writers import Writer, open_writer

# Delay before each event type, in milliseconds: (least, spread).
DELAYS: dict[str, tuple[int, int]] = {
    "table_open": (0, 0), "shoe_start": (30_000, 60_000), "shuffle": (5_000, 10_000), "cut": (150_000, 150_000),
    "burn": (2_000, 2_000), "coup_start": (8_000, 12_000), "bet": (1_000, 4_000), "card_handler": (1_000, 2_000),
    "deal": (2_000, 2_000), "card_exposed": (1_000, 1_000), "settle": (1_000, 3_000), "shoe_end": (5_000, 15_000),
    "table_close": (30_000, 90_000),
}
OTHER_DELAY = (1_000, 2_000)  # cut_card, correction, void, result, coup_end


class Recorder:
    """Gives each event of a table its ``seq`` and ``ts``, writes it, and fills in the ``seq`` of watched labels.

    ``delays`` (per event type) and ``other_delay`` are the game's; a subclass of another game sets its own."""

    delays: dict[str, tuple[int, int]] = DELAYS
    other_delay: tuple[int, int] = OTHER_DELAY

    def __init__(self, writer: Writer, rng: random.Random, day: date) -> None:
        self.writer = writer
        self.rng = rng
        self.day = day
        self.seq = 0
        self.ms = 9 * 3_600_000 + rng.randrange(3_600_000)  # the table opens between 09:00 and 10:00
        self.events = 0
        self.watched: list[Label] = []
        self._minute = -1
        self._minute_text = ""

    def watch(self, labels: list[Label]) -> None:
        self.watched += labels

    def write(self, events: list[dict]) -> None:
        """Number, time and write ``events``, each after a delay drawn for its event type."""
        random_, delays, other = self.rng.random, self.delays, self.other_delay
        timed = []
        for payload in events:
            least, spread = delays.get(payload["event"], other)
            timed.append((least + int(random_() * spread), payload))
        self.write_timed(timed)

    def write_timed(self, timed: list[tuple[int, dict]]) -> None:
        """Number and write events given with their delays (milliseconds after the previous event, above zero):
        for a game whose rules are about time, the simulator of the hand decides them."""
        rows: list[tuple[int, str, dict]] = []
        append = rows.append
        ms, seq = self.ms, self.seq
        for delay, payload in timed:
            ms += delay
            seq += 1
            minute, rest = divmod(ms, 60_000)
            if minute != self._minute:
                self._start_minute(minute)
            append((seq, f"{self._minute_text}{rest // 1000:02d}.{rest % 1000:03d}", payload))
        self.ms, self.seq = ms, seq
        self.writer.write(rows)
        self.events += len(rows)
        if self.watched:
            seqs = {id(payload): seq for seq, _, payload in rows}
            for label in self.watched:
                label.seq = seqs.get(id(label.target), label.seq)
            self.watched = [label for label in self.watched if label.seq is None]

    def _start_minute(self, minute: int) -> None:
        """Timestamps are ISO 8601 local time with milliseconds; keep their text up to the minute."""
        day, minutes = divmod(minute, 1440)
        hours, minutes = divmod(minutes, 60)
        self._minute = minute
        self._minute_text = f"{(self.day + timedelta(days=day)).isoformat()}T{hours:02d}:{minutes:02d}:"


class SimulatedTable(Protocol):
    """One simulated table: its ``table`` (with ``table_id``), its clock generator, and ``run``, which plays ``size``
    shoes or hands into a recorder."""

    table: Any
    time_rng: random.Random

    def run(self, recorder: Any, size: int) -> None: ...


Run = TypeVar("Run", bound=SimulatedTable)


def write_tables(out: Path, runs: Iterable[Run], size: int, formats: tuple[str, ...], recorder: type[Recorder],
                 day: date, game: str) -> tuple[list[Path], list[Run], int]:
    """Each run's table into its own log file in ``out`` (the formats in turn), one table after the other: the files,
    the runs played and the number of events written."""
    out.mkdir(parents=True, exist_ok=True)
    files: list[Path] = []
    played: list[Run] = []
    events = 0
    for index, run in enumerate(runs):
        writer = open_writer(formats[index % len(formats)], out, run.table.table_id, game)
        record = recorder(writer, run.time_rng, day)
        try:
            run.run(record, size)
        finally:
            writer.close()
        files.append(writer.path)
        played.append(run)
        events += record.events
    return files, played, events
