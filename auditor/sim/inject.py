"""Planting violations: which rule comes next, when it is planted, and the labels it leaves.

Each coup schedules, with probability ``rate``, the next rule id of a fixed cycle (every enforced rule of
docs/baccarat-checks.md). A scheduled rule waits until an opportunity fits it: a coup with the right cards and
bets, the next shoe, or the next table. Every planted violation writes one label per rule the auditor will report
(the primary rule, and the rules that necessarily fire with it, marked ``consequence_of``)."""

from __future__ import annotations

import json
import random
from dataclasses import asdict, dataclass, field
from pathlib import Path

TABLE_RULES = ("BAC-1.1", "BAC-1.3")
SHOE_RULES = ("BAC-2.1", "BAC-2.2", "BAC-2.3", "BAC-3.1", "BAC-3.2")
# Interleaved so that a short run already plants varied rules.
CYCLE = (
    "BAC-9.4", "BAC-2.2", "BAC-17.3", "BAC-1.3", "BAC-11.1", "BAC-3.1", "BAC-13.2", "BAC-18.1", "BAC-4.1",
    "BAC-2.1", "BAC-15.1", "BAC-9.2", "BAC-7.3", "BAC-1.2", "BAC-17.1", "BAC-16.1", "BAC-3.2", "BAC-14.1",
    "BAC-18.3", "BAC-6.1", "BAC-1.1", "BAC-12.1", "BAC-9.5", "BAC-2.3", "BAC-17.5", "BAC-7.1", "BAC-13.1",
    "BAC-9.3", "BAC-17.2", "BAC-8.1", "BAC-10.1", "BAC-13.3", "BAC-7.2", "BAC-17.4", "BAC-18.2", "BAC-9.1",
    "BAC-17.7",
)


def kind(rule: str) -> str:
    """table, shoe or coup: the opportunity a rule is planted at."""
    return "table" if rule in TABLE_RULES else "shoe" if rule in SHOE_RULES else "coup"


@dataclass(frozen=True, slots=True)
class Planted:
    """What a plant did: the event it changed or added (``anchor``: event type, index in the coup), a note,
    and the other rules that the change necessarily breaks."""

    anchor: tuple[str, int]
    note: str
    consequences: tuple[str, ...] = ()


@dataclass(slots=True)
class Label:
    """One line of labels.jsonl: a finding the auditor must report. ``hand`` is null for table rules and for
    shoe rules found at a shoe event (cut, burns); then the key is (rule, table, shoe)."""

    rule: str
    table: str
    shoe: str | None
    hand: str | None
    seq: int | None = None
    note: str = ""
    consequence_of: str | None = None
    target: dict | None = field(default=None, repr=False)  # the event payload; ``seq`` is filled when written

    def record(self) -> dict:
        record = asdict(self)
        del record["target"]
        return record


def write_labels(out: Path, labels: list[Label]) -> Path:
    """``out/labels.jsonl``: one line per finding the auditor must report."""
    path = out / "labels.jsonl"
    with path.open("w", encoding="utf-8", newline="\n") as file:
        for label in labels:
            file.write(json.dumps(label.record(), ensure_ascii=False) + "\n")
    return path


class Injector:
    """The schedule of planted violations for a whole run (tables are generated one after the other)."""

    def __init__(self, rate: float, seed: int) -> None:
        self.rate = rate
        self.rng = random.Random(f"{seed}:inject")
        self.next = self.rng.randrange(len(CYCLE))
        self.pending: list[str] = []
        self.labels: list[Label] = []

    def tick(self) -> None:
        """One coup was played: maybe schedule the next rule of the cycle."""
        if self.rate and self.rng.random() < self.rate:
            self.pending.append(CYCLE[self.next])
            self.next = (self.next + 1) % len(CYCLE)

    def waiting(self, of_kind: str) -> list[str]:
        return [rule for rule in self.pending if kind(rule) == of_kind]

    def take(self, rule: str) -> None:
        self.pending.remove(rule)

    def put_back(self, rule: str) -> None:
        """A shoe rule that found no room in its shoe waits for the next one."""
        self.pending.insert(0, rule)

    def label(self, rule: str, planted: Planted, *, table: str, shoe: str | None, hand: str | None,
              target: dict) -> None:
        """Label the primary rule and its consequences, all pointing at the planted event."""
        self.labels.append(Label(rule, table, shoe, hand, note=planted.note, target=target))
        for other in planted.consequences:
            self.labels.append(Label(other, table, shoe, hand, note=f"consequence of {rule}",
                                     consequence_of=rule, target=target))
