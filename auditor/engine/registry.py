"""The checker registry: one entry per rule id, refusing duplicates and malformed ids.

A checker is registered by the module of its article (``auditor/games/<game>/checkers/artNN_*.py``), so a finding's
rule id leads to its code with one grep. Set-based rules are ``SqlRule``s; sequence rules (poker) are replay rules
registered the same way."""

from __future__ import annotations

import importlib
import importlib.util
import pkgutil
from dataclasses import dataclass
from typing import Protocol

from auditor.games.catalog import BY_NAME, NAMES, PREFIX, RULE_ID
from auditor.model.finding import rule_order


class Checker(Protocol):
    """A registered rule (``SqlRule`` or ``ReplayRule``): its id and its game."""

    @property
    def id(self) -> str: ...
    @property
    def game(self) -> str: ...


class RegistryError(Exception):
    pass


@dataclass(frozen=True)
class Scope:
    """The units a rule covers, as rows of one model relation: those of ``units`` where ``where`` holds.

    ``missing`` is a SQL expression over the row: NULL when the unit can be evaluated, else the reason it cannot.
    The SQL runner counts the scopes of every rule over the same relation in one pass."""

    units: str
    where: str = "true"
    missing: str = "NULL"


@dataclass(frozen=True)
class UnitBreach:
    """A breach judged unit by unit, over the evaluated rows of the rule's ``Scope``: one finding per row where
    ``when`` holds. The other fields are SQL expressions over the row giving the finding's columns. The runner
    tests every rule over the same relation in one pass, then renders the findings of the few rows that breach."""

    when: str
    seq: str
    line: str
    message: str
    expected: str
    found: str
    severity: str = "NULL"  # an expression giving 'warning' to downgrade a row; NULL keeps the rule's severity
    hand: str = "hand_id"
    shoe: str = "shoe_id"
    file: str = "file"


@dataclass(frozen=True)
class SqlRule:
    """A set-based rule over the game's model tables: its ``scope`` (the units it covers) and its ``findings``.

    ``findings`` is either a ``UnitBreach``, judged row by row over the scope's relation together with the other
    rules over it, or a free query returning one row per breach with the columns ``table_id, shoe_id, hand_id, seq,
    file, line, message, expected, found`` and optionally ``severity`` (to downgrade a row to a warning), for breaches
    that are not one row of the relation. ``{{name}}`` anywhere is replaced by the ruleset parameter ``name``."""

    id: str
    game: str
    findings: str | UnitBreach
    scope: Scope


_REGISTRY: dict[str, Checker] = {}


def register(checker: Checker) -> Checker:
    if not RULE_ID.match(checker.id) or not checker.id.startswith(PREFIX.get(checker.game, "?") + "-"):
        raise RegistryError(f"malformed rule id {checker.id!r} for game {checker.game!r}")
    if checker.id in _REGISTRY:
        raise RegistryError(f"rule {checker.id} registered twice")
    _REGISTRY[checker.id] = checker
    return checker


def _load(game: str) -> None:
    package = importlib.import_module(BY_NAME[game].checkers)
    for module in pkgutil.iter_modules(package.__path__):
        importlib.import_module(f"{package.__name__}.{module.name}")


def checkers(game: str | None = None) -> list[Checker]:
    """Registered checkers (of one game), in rule-id order."""
    for g in NAMES if game is None else (game,):
        if importlib.util.find_spec(BY_NAME[g].checkers) is not None:
            _load(g)
    chosen = [c for c in _REGISTRY.values() if game is None or c.game == game]
    return sorted(chosen, key=lambda c: rule_order(c.id))
