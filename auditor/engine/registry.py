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

from auditor.engine.ruleset import PREFIX, RULE_ID
from auditor.model.finding import rule_order

GAMES = tuple(PREFIX)


class Checker(Protocol):
    id: str
    game: str


@dataclass(frozen=True)
class SqlRule:
    """A set-based rule: two SQL queries over the game's model tables.

    ``findings`` returns one row per breach with the columns ``table_id, shoe_id, hand_id, seq, file, line, message,
    expected, found`` and optionally ``severity`` (to downgrade a row to a warning). ``scope`` returns one row per
    unit the rule covers (``table_id, unit_id, missing``): ``missing`` is NULL when the unit was evaluated, else the
    reason it could not be. ``{{name}}`` in either query is replaced by the ruleset parameter ``name``."""

    id: str
    game: str
    findings: str
    scope: str


class RegistryError(Exception):
    pass


_REGISTRY: dict[str, Checker] = {}


def register(checker: Checker) -> Checker:
    if not RULE_ID.match(checker.id) or not checker.id.startswith(PREFIX.get(checker.game, "?") + "-"):
        raise RegistryError(f"malformed rule id {checker.id!r} for game {checker.game!r}")
    if checker.id in _REGISTRY:
        raise RegistryError(f"rule {checker.id} registered twice")
    _REGISTRY[checker.id] = checker
    return checker


def _load(game: str) -> None:
    package = importlib.import_module(f"auditor.games.{game}.checkers")
    for module in pkgutil.iter_modules(package.__path__):
        importlib.import_module(f"{package.__name__}.{module.name}")


def checkers(game: str | None = None) -> list[Checker]:
    """Registered checkers (of one game), in rule-id order."""
    for g in GAMES if game is None else (game,):
        if importlib.util.find_spec(f"auditor.games.{g}.checkers") is not None:
            _load(g)
    chosen = [c for c in _REGISTRY.values() if game is None or c.game == game]
    return sorted(chosen, key=lambda c: rule_order(c.id))
