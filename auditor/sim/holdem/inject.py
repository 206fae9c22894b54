"""Planting hold'em violations: which rule comes next, and the labels a planted violation leaves.

Each hand schedules, with probability ``rate``, the next rule id of a fixed cycle through every enforced rule of
rulesets/holdem.toml (read as docs/holdem-checks.md reads them). A scheduled rule waits for a hand it fits: a
table of the right kind, a showdown with the right hands, a betting round with the right actions. Every planted
violation writes one label per finding the auditor must report: the rule planted, and the rules that necessarily
fire with it (``consequence_of``)."""

from __future__ import annotations

import random
from dataclasses import dataclass

from auditor.sim.inject import Label

# Interleaved so that a short run already plants varied rules.
CYCLE = (
    "THE-6.2", "THE-16.1", "THE-1.2", "THE-10.4", "THE-3.1", "THE-12.1", "THE-8.4", "THE-5.1", "THE-14.1",
    "THE-7.1", "THE-11.2", "THE-1.3", "THE-13.3", "THE-6.4", "THE-16.3", "THE-2.2", "THE-15.1", "THE-7.2",
    "THE-4.3", "THE-10.3", "THE-6.1", "THE-12.2", "THE-8.3", "THE-13.2", "THE-5.3", "THE-15.2", "THE-3.2",
    "THE-16.2", "THE-6.5", "THE-9.1", "THE-10.5", "THE-7.3", "THE-4.2", "THE-8.1", "THE-14.2", "THE-5.2",
    "THE-16.4", "THE-6.3", "THE-2.1", "THE-11.3", "THE-10.2", "THE-8.2", "THE-1.1", "THE-16.5",
)


@dataclass(frozen=True, slots=True)
class Planted:
    """What a plant did: the event that shows it (``target``: the event, or the type of the hand's first event of
    that type once the payout is rendered), a note, and the rules it necessarily breaks too."""

    target: dict | str
    note: str
    consequences: tuple[str, ...] = ()


class HoldemInjector:
    """The schedule of planted violations for a whole run (tables are generated one after the other), through
    ``cycle``, the game's rules (the stud simulator's injector is one too)."""

    game = "holdem"
    cycle: tuple[str, ...] = CYCLE

    def __init__(self, rate: float, seed: int) -> None:
        self.rate = rate
        self.rng = random.Random(f"{seed}:{self.game}-inject")
        self.next = self.rng.randrange(len(self.cycle))
        self.pending: list[str] = []
        self.labels: list[Label] = []

    def tick(self) -> None:
        """One hand is about to be played: maybe schedule the next rule of the cycle."""
        if self.rate and self.rng.random() < self.rate:
            self.pending.append(self.cycle[self.next])
            self.next = (self.next + 1) % len(self.cycle)

    def take(self, rule: str) -> None:
        self.pending.remove(rule)

    def label(self, rule: str, planted: Planted, table: str, hand: str, target: dict) -> None:
        """Label the planted rule and its consequences, all pointing at the planted event ``target``."""
        self.labels.append(Label(rule, table, None, hand, note=planted.note, target=target))
        for other in planted.consequences:
            self.labels.append(Label(other, table, None, hand, note=f"consequence of {rule}", consequence_of=rule,
                                     target=target))
