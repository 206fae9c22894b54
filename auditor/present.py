"""A value the code has already established is there (a field the log format requires, a row an aggregate always
returns), narrowed from ``X | None`` to ``X``: its absence would be a defect of the auditor, said as such."""

from __future__ import annotations

from typing import TypeVar

T = TypeVar("T")


def present(value: T | None, what: str) -> T:
    """``value``, which cannot be None here (``what`` names it in the error that says otherwise)."""
    if value is None:
        raise ValueError(f"{what}: None where a value is required")
    return value
