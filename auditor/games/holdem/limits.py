"""Bet sizes of a table: the fixed-limit unit of each round (art. 11(2)) and the no-limit minimum (art. 11(3))."""

from __future__ import annotations

from decimal import Decimal

from auditor.engine.ruleset import Ruleset
from auditor.games.poker.hand import TableInfo
from auditor.present import present


def bet_unit(table: TableInfo, ruleset: Ruleset, street: str) -> Decimal:
    """Art. 11(2): "in the first two rounds the bet equals the small blind, and in the last two rounds it equals the
    big blind" — the table's ``small_bet``/``big_bet`` when declared, else the reading ``limit_small_bet`` /
    ``limit_big_bet`` (docs/readings.md)."""
    early = street in ("preflop", "flop")
    declared = table.money("small_bet" if early else "big_bet")
    if declared is not None:
        return declared
    reading = ruleset.param("limit_small_bet" if early else "limit_big_bet")
    big = table.money("big_blind")
    unit = {"small_blind": table.money("small_blind"), "big_blind": big,
            "double_big_blind": None if big is None else big * 2}[str(reading)]
    return present(unit, f"the table's {reading} (a required key of the configuration)")


def smallest_increment(table: TableInfo, ruleset: Ruleset, street: str) -> Decimal:
    """The smallest full bet or raise a round opens with: the round's unit in fixed limit, else the minimum bet."""
    if table.config.get("betting") == "fixed_limit":
        return bet_unit(table, ruleset, street)
    return table.money("min_bet") or present(table.money("big_blind"), "the table's big_blind (a required key)")
