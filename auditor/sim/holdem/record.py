"""Numbering and timing hold'em events: the baccarat ``Recorder`` (seq from 1, a reproducible clock, the labels'
``seq`` filled in once written) with the delays of a poker hand, about a minute and a half a hand."""

from __future__ import annotations

from datetime import timedelta

from auditor.sim.record import Recorder

# Delay before each event type, in milliseconds: (least, spread). Every delay is positive: ``ts`` increases.
DELAYS: dict[str, tuple[int, int]] = {
    "table_open": (1, 0), "hand_start": (15_000, 30_000), "seat": (50, 100), "shuffle": (8_000, 8_000),
    "cut": (2_000, 2_000), "deal": (400, 300), "action": (1_500, 12_000), "burn": (1_000, 1_000),
    "board": (400, 300), "show": (800, 800), "void": (10_000, 20_000), "rake": (1_500, 1_500),
    "refund": (800, 800), "award": (1_500, 1_500), "stack": (50, 100), "hand_end": (500, 1_000),
    "table_close": (30_000, 90_000),
}


class HoldemRecorder(Recorder):
    minute = -1
    prefix = ""

    def write(self, events: list[dict]) -> None:
        """Number, time and write ``events``."""
        rows = []
        random_, ms, seq = self.rng.random, self.ms, self.seq
        minute, prefix = self.minute, self.prefix
        for payload in events:
            least, spread = DELAYS[payload["event"]]
            ms += least + int(random_() * spread)
            seq += 1
            if ms // 60_000 != minute:
                minute = ms // 60_000
                prefix = self.prefix_of(minute)
            rest = ms % 60_000
            rows.append((seq, f"{prefix}{rest // 1000:02d}.{rest % 1000:03d}", payload))
        self.ms, self.seq, self.minute, self.prefix = ms, seq, minute, prefix
        self.writer.write(rows)
        self.events += len(rows)
        if self.watched:
            seqs = {id(payload): seq for seq, _, payload in rows}
            for label in self.watched:
                label.seq = seqs.get(id(label.target), label.seq)
            self.watched = [label for label in self.watched if label.seq is None]

    def prefix_of(self, minute: int) -> str:
        """The text of an ISO 8601 local time up to the minute (``ts`` adds seconds and milliseconds)."""
        day, minutes = divmod(minute, 1440)
        return f"{self.day + timedelta(days=day)}T{minutes // 60:02d}:{minutes % 60:02d}:"
