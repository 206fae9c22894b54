"""One finding record for every game and every checker.

A finding is evidence: the rule and the article it cites, how serious it is, where it happened (table, shoe,
hand, event ``seq``, source file and line) and the numbers (expected vs. found)."""

from __future__ import annotations

import re
from dataclasses import asdict, dataclass
from typing import Literal

import pyarrow as pa

Severity = Literal["violation", "warning"]
SEVERITIES: tuple[str, ...] = ("violation", "warning")

# Column order of findings.json / findings.parquet and of the DuckDB ``findings`` table.
FINDING_COLUMNS: dict[str, str] = {
    "rule": "VARCHAR",
    "article": "VARCHAR",
    "severity": "VARCHAR",
    "game": "VARCHAR",
    "table": "VARCHAR",
    "shoe": "VARCHAR",
    "hand": "VARCHAR",
    "seq": "BIGINT",
    "file": "VARCHAR",
    "line": "BIGINT",
    "message": "VARCHAR",
    "expected": "VARCHAR",
    "found": "VARCHAR",
}

FINDING_ARROW_SCHEMA = pa.schema(
    [(name, pa.int64() if sql == "BIGINT" else pa.string()) for name, sql in FINDING_COLUMNS.items()]
)

# Deterministic order of findings everywhere they are written (after the rule id, in rule order).
FINDING_ORDER = ("table", "shoe", "hand", "seq", "file", "line", "message")


@dataclass(frozen=True, slots=True)
class Finding:
    """A breach (``violation``) or a lesser departure (``warning``) that the log proves."""

    rule: str
    article: str
    severity: Severity
    game: str
    table: str | None
    shoe: str | None
    hand: str | None
    seq: int | None
    file: str | None
    line: int | None
    message: str
    expected: str | None = None
    found: str | None = None

    def as_dict(self) -> dict[str, object]:
        return asdict(self)


def rule_order(rule_id: str) -> tuple:
    """BAC-9.5 before BAC-10.1: the game prefix, then the article and rule numbers numerically."""
    prefix, _, rest = rule_id.partition("-")
    return (prefix, *(int(n) for n in re.findall(r"\d+", rest)))


def sort_key(row: dict[str, object]) -> tuple:
    """Total order over finding dicts: rule order, then ``FINDING_ORDER``; None sorts first."""
    return (rule_order(str(row["rule"])),
            *((row[k] is not None, row[k] if row[k] is not None else "") for k in FINDING_ORDER))
