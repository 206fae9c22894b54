"""Numbering and timing hold'em events: the baccarat ``Recorder`` (seq from 1, a reproducible clock, the labels'
``seq`` filled in once written) with the delays of a poker hand, about a minute and a half a hand."""

from __future__ import annotations

from auditor.sim.record import Recorder

# Delay before each event type, in milliseconds: (least, spread). Every delay is positive: ``ts`` increases.
DELAYS: dict[str, tuple[int, int]] = {
    "table_open": (1, 0), "hand_start": (15_000, 30_000), "seat": (50, 100), "shuffle": (8_000, 8_000),
    "cut": (2_000, 2_000), "deal": (400, 300), "action": (1_500, 12_000), "burn": (1_000, 1_000),
    "board": (400, 300), "show": (800, 800), "muck": (800, 800), "void": (10_000, 20_000), "rake": (1_500, 1_500),
    "refund": (800, 800), "award": (1_500, 1_500), "stack": (50, 100), "hand_end": (500, 1_000),
    "table_close": (30_000, 90_000),
}


class HoldemRecorder(Recorder):
    delays = DELAYS
