"""The games the auditor knows, each described once: its rule prefix, its unit, the events that open and close one,
and the modules the engine and the command line load for it.

Everything else that names the games derives from ``GAMES``: the rule id pattern and prefixes of the rulesets
(``engine/ruleset.py``), the registry's games and the checkers it loads (``engine/registry.py``), the SQL model and
the replay the audit runs (``engine/audit.py``, ``engine/replay_runner.py``), the ingest's unit bounds
(``ingest/structure.py``), the units a rule may judge, and the command line's game list (``auditor rules --game``,
``auditor simulate``). Adding a game starts here."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal


@dataclass(frozen=True)
class Game:
    """One game. ``model``: the module whose ``build_model(con, ruleset, batch)`` builds the relations of its SQL
    rules; ``replay``: the module whose ``replay(con, ruleset)`` yields its units for the replay rules (None: the game
    has no rule of that kind)."""

    name: str  # as logs write it in ``game``
    prefix: str  # of its rule ids: <prefix>-<article>.<n>
    unit: str  # what a hand of the game is called: coup or hand
    start: str  # the event that opens a unit
    end: str  # the event that closes it
    one_shoe: bool = False  # the table deals from one shoe at a time: a shoe_start takes the one before out of use
    model: str | None = None
    replay: str | None = None
    simulate: str | None = None  # the module registering ``auditor simulate <name>``

    def module(self, kind: Literal["model", "replay"]) -> str:
        """The game's ``model`` or ``replay`` module, which a game with rules of that kind has."""
        name = self.model if kind == "model" else self.replay
        if name is None:
            raise LookupError(f"game {self.name} has no {kind} module")
        return name

    @property
    def checkers(self) -> str:
        """The package whose modules register the game's checkers, one per article."""
        return f"auditor.games.{self.name}.checkers"


GAMES = (
    Game("baccarat", "BAC", "coup", "coup_start", "coup_end", one_shoe=True, model="auditor.games.baccarat.model",
         simulate="auditor.cli.simulate_baccarat"),
    Game("holdem", "THE", "hand", "hand_start", "hand_end", replay="auditor.games.holdem.replay",
         simulate="auditor.cli.simulate_holdem"),
    Game("stud", "5CS", "hand", "hand_start", "hand_end", model="auditor.games.stud.model",
         replay="auditor.games.stud.replay", simulate="auditor.cli.simulate_stud"),
)
BY_NAME = {g.name: g for g in GAMES}
NAMES = tuple(BY_NAME)
PREFIX = {g.name: g.prefix for g in GAMES}
RULE_ID = re.compile(rf"^({'|'.join(re.escape(g.prefix) for g in GAMES)})-\d+(\.\d+)?$")
START_EVENTS = tuple(dict.fromkeys(g.start for g in GAMES))
END_EVENTS = tuple(dict.fromkeys(g.end for g in GAMES))
ONE_SHOE = tuple(g.name for g in GAMES if g.one_shoe)
UNITS = (*dict.fromkeys(g.unit for g in GAMES), "shoe", "table", "bet")  # what a rule judges one by one
