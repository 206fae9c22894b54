"""The same PHH hand read twice (two files whose bytes differ, or twice in one file): audited once.

A PHH table is named after its file, so a hand copied into another file (re-saved with its keys in another order,
comments or other spacing, moved into a ``.phhs``) would be a hand of a second table, audited and counted twice. A
hand is the same hand when what the source says of it is the same: its fields as parsed (numbers by value, ``200.0``
is ``200``; the order of keys, comments and layout are no part of it) and its actions as read (the commentary after
``#`` is not). A hand that differs in anything, its ``hand`` number, a card or a stack, is another hand; so are two
hands of one ``.phhs`` file under two table keys when they have no ``hand`` number (the file numbers them). Each later
copy's records are quarantined naming where the hand was first read (file order, then reading order), as a JSON
Lines record whose ``seq`` repeats one read before is; a table whose every hand is such a copy is quarantined with its
opening, so that no table of nothing but copies is audited."""

from __future__ import annotations

import hashlib
from decimal import Decimal
from typing import Any

from auditor.ingest.phh_parse import HandSource

COPY = "the same hand as {} (a copy: audited once)"
_SCALARS = frozenset((str, int, bool))  # TOML values that stand for themselves (``repr`` tells True from 1)


def _canonical(value: Any) -> Any:
    """A TOML value as a value whose ``repr`` tells it apart from any other: strings, integers and booleans as they
    are, an array as a list, a table as a dict in key order; a float (an exact ``Decimal``) by its value, an integral
    one of at most 64 bits as that integer (no ``1e999999`` is made an integer), else tagged; a date or time as its ISO
    text, tagged (only tags are tuples)."""
    kind = type(value)
    if kind in _SCALARS:
        return value
    if kind is list:
        return value if _SCALARS.issuperset(map(type, value)) else [_canonical(v) for v in value]
    if kind is dict:
        return {k: _canonical(value[k]) for k in sorted(value)}
    if kind is Decimal:
        if value.is_finite() and value.adjusted() < 19 and value == value.to_integral_value():
            return int(value)
        return ("decimal", str(value.normalize()) if value.is_finite() else str(value))
    return (kind.__name__, value.isoformat())  # a date, time or date-time


def hand_digest(source: HandSource) -> bytes:
    """What the source says of the hand (module docstring), as a digest: the ``repr`` of its fields (but its
    actions) in key order, then one line per action of its words, read once by the parser, one space apart."""
    fields = source.fields
    said = repr({k: _canonical(fields[k]) for k in sorted(fields) if k != "actions"})
    actions = "\n".join([f"{a.actor} {a.verb} {' '.join(a.args)}" for a in source.actions])
    return hashlib.blake2b(f"{said}\n{actions}".encode("utf-8", "surrogatepass"), digest_size=20).digest()


class Copies:
    """The hands read so far in an audit, by digest: the place (``file:line``) of the first reading, its file and
    its table key in a ``.phhs`` file."""

    def __init__(self) -> None:
        self._first: dict[bytes, tuple[str, str, str | None]] = {}

    def first_reading(self, source: HandSource, name: str) -> str | None:
        """Where the hand ``source`` of file ``name`` was read before, or None (it is then noted as read here). A
        ``.phhs`` file numbers its hands by their table keys: two hands of one file under two keys, without a
        ``hand`` field, are two hands however alike."""
        reading = (f"{name}:{source.header_line}", name, source.key)
        first = self._first.setdefault(hand_digest(source), reading)
        if first is reading or (first[1] == name and first[2] != source.key and "hand" not in source.fields):
            return None
        return first[0]
