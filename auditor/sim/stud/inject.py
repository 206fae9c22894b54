"""Planting five-card stud violations: which rule comes next, and the labels a planted violation leaves.

Each hand schedules, with probability ``rate``, the next rule id of a fixed cycle through every enforced rule of
rulesets/stud.toml. A scheduled rule waits for a hand it fits (``sim/stud/plants.py`` says where each is planted).
Every planted violation writes one label per finding the auditor must report: the rule planted, and the rules that
necessarily fire with it as their articles read (``consequence_of``). A label carries the hand's pack
(``shoe``) and the hand, except 5CS-6.1 (the table's ante), which is the table's."""

from __future__ import annotations

from auditor.sim.holdem.inject import HoldemInjector, Planted
from auditor.sim.inject import Label

__all__ = ["CYCLE", "Planted", "StudInjector"]

# Interleaved so that a short run already plants varied rules.
CYCLE = (
    "5CS-10.4", "5CS-4.1", "5CS-2.2", "5CS-6.2", "5CS-10.10", "5CS-9.1", "5CS-1.1", "5CS-11.2", "5CS-5.1",
    "5CS-3.1", "5CS-10.14", "5CS-6.4", "5CS-10.2", "5CS-7.1", "5CS-2.3", "5CS-10.15", "5CS-4.3", "5CS-6.6",
    "5CS-10.7", "5CS-1.2", "5CS-10.18", "5CS-9.2", "5CS-3.2", "5CS-10.11", "5CS-5.3", "5CS-2.1", "5CS-10.5",
    "5CS-11.4", "5CS-6.3", "5CS-10.9", "5CS-4.2", "5CS-10.13", "5CS-8.1", "5CS-3.3", "5CS-10.12", "5CS-11.5",
    "5CS-2.5", "5CS-10.6", "5CS-6.5", "5CS-10.3", "5CS-5.4", "5CS-11.3", "5CS-10.1", "5CS-6.1", "5CS-10.16",
    "5CS-11.1", "5CS-10.8", "5CS-5.2", "5CS-10.17",
)


class StudInjector(HoldemInjector):
    """The schedule of planted stud violations for a whole run."""

    game = "stud"
    cycle = CYCLE

    def label(self, rule: str, planted: Planted, table: str, shoe: str | None,  # type: ignore[override]
              hand: str | None, target: dict) -> list[Label]:
        """Label the planted rule and its consequences, all pointing at ``target``; the rule is done."""
        self.take(rule)
        new = [Label(rule, table, shoe, hand, note=planted.note, target=target)]
        new += [Label(other, table, shoe, hand, note=f"consequence of {rule}", consequence_of=rule, target=target)
                for other in planted.consequences]
        self.labels += new
        return new
