"""The log format's machine-readable schema (``event_schema.json``), read once.

The ingester derives everything from it: the field list and SQL types, the event types with their required fields,
and the per-game table configuration keys. docs/log-format.md explains it for people."""

from __future__ import annotations

import json
import unicodedata
from dataclasses import dataclass, field
from functools import cache
from importlib.resources import files

MONEY_PATTERN = r"^[0-9]{1,14}(\.[0-9]{1,4})?$"  # never negative: no amount of the log is
# Money given as a binary float (a FLOAT or DOUBLE Parquet column) is accepted only below this: up to it, every amount
# of at most 4 decimals has at most 15 significant digits, which a float gives back exactly. (A JSON number is read as
# written, never as a float.)
FLOAT_MONEY_LIMIT = 10**11
# An integer in decimal digits, without sign, leading zero, separator, base prefix or exponent that some tools read.
INTEGER_PATTERN = r"^(0|-?[1-9][0-9]{0,18})$"
# ISO 8601 (RFC 3339) date, or date and time to the microsecond with an optional offset (none: UTC). Words such as
# "epoch" or "infinity", which DuckDB would read as a time, are not timestamps.
TIMESTAMP_PATTERN = (r"^[0-9]{4}-[0-9]{2}-[0-9]{2}"
                     r"([T ][0-9]{2}:[0-9]{2}(:[0-9]{2}(\.[0-9]{1,6})?)?(Z|[+-][0-9]{2}(:?[0-9]{2})?)?)?$")
CARD_PATTERN = r"^[A2-9TJQK][shdc]$"
# An identifier (table, shoe, hand, player) is printable text that shows as written in reports and file names: not
# empty, no control, format (zero width, byte-order mark, direction override), private-use or line-separator
# character, no space of any kind at either end (" T1" and "T1" would print alike yet be two tables).
IDENTIFIER_PATTERN = r"^[^\p{C}\p{Z}]([^\p{C}\p{Zl}\p{Zp}]*[^\p{C}\p{Z}])?$"
# At most this many characters (code points), in an identifier and in a configuration's free text: more than any id a
# system assigns or a PHH file's path makes, few enough to print (a 10 MB table_id would be carried by every record).
MAX_TEXT_LENGTH = 1000
_NOT_IN_IDENTIFIERS = {"Cc", "Cf", "Co", "Cs", "Zl", "Zp"}  # the categories of \p{C} (RE2), \p{Zl} and \p{Zp}


def is_identifier(text: str) -> bool:
    """``IDENTIFIER_PATTERN`` and at most ``MAX_TEXT_LENGTH`` characters, for the names a reader composes ids from
    (PHH's ``table``, ``hand`` and ``players``) and a configuration's free text."""
    if not text or len(text) > MAX_TEXT_LENGTH:
        return False
    categories = [unicodedata.category(c) for c in text]
    return not _NOT_IN_IDENTIFIERS.intersection(categories) and "Z" not in (categories[0][0], categories[-1][0])
ENVELOPE = ("table_id", "game", "seq", "event")


@dataclass(frozen=True)
class Field:
    name: str  # name in the log
    column: str  # column in the DuckDB ``events`` table
    kind: str  # string | identifier | integer | boolean | money | timestamp | card | json
    sql_type: str
    enum: tuple[str, ...] | None
    minimum: int | None = None


@dataclass(frozen=True)
class EventType:
    name: str
    games: tuple[str, ...]
    required: tuple[str, ...]
    # ``x-required-when``: (field, selector, values): ``field`` is required when ``selector`` is one of ``values``
    required_when: tuple[tuple[str, str, tuple[str, ...]], ...] = ()
    # Per game: every field the event may carry (the envelope, ``x-every-event``, its required and optional fields;
    # a field of ``x-required-when`` is one of its optional fields, required only when the selector says).
    uses: dict[str, frozenset[str]] = field(default_factory=dict)


@dataclass(frozen=True)
class ConfigKey:
    name: str
    kind: str
    enum: tuple[str | int, ...] | None  # an integer key lists numbers
    positive: bool = False  # ``x-positive``: a money value that must be above zero (a chip unit is a divisor)


@dataclass(frozen=True)
class Schema:
    fields: tuple[Field, ...]
    events: dict[str, EventType]
    config: dict[str, tuple[dict[str, ConfigKey], tuple[str, ...]]]  # game -> (keys, required)
    games: tuple[str, ...]

    def field(self, name: str) -> Field:
        return next(f for f in self.fields if f.name == name)


def _event_type(name: str, spec: dict, everywhere: tuple[str, ...]) -> EventType:
    required_when = tuple((field, selector, tuple(values)) for field, when in spec.get("x-required-when", {}).items()
                          for selector, values in when.items())
    optional = spec["optional"]
    uses = {
        game: frozenset((*everywhere, *spec["required"], *(optional[game] if isinstance(optional, dict) else optional)))
        for game in spec["games"]
    }
    return EventType(name, tuple(spec["games"]), tuple(spec["required"]), required_when, uses)


@cache
def load_schema() -> Schema:
    doc = json.loads(files("auditor.ingest").joinpath("event_schema.json").read_text(encoding="utf-8"))
    sql_types = doc["x-types"]
    fields = tuple(
        Field(
            name=name,
            column=spec.get("x-column", name),
            kind=spec["x-type"],
            sql_type=sql_types[spec["x-type"]],
            enum=tuple(spec["enum"]) if "enum" in spec else None,
            minimum=spec.get("minimum"),
        )
        for name, spec in doc["properties"].items()
    )
    events = {name: _event_type(name, spec, (*doc["required"], *doc["x-every-event"]))
              for name, spec in doc["x-events"].items()}
    config = {
        game: (
            {
                k: ConfigKey(k, v["x-type"], tuple(v["enum"]) if "enum" in v else None, v.get("x-positive", False))
                for k, v in spec["properties"].items()
            },
            tuple(spec["required"]),
        )
        for game, spec in doc["x-config"].items()
    }
    games = tuple(doc["properties"]["game"]["enum"])
    return Schema(fields, events, config, games)
