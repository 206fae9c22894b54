"""Validation of the table configuration carried by ``table_open`` (``x-config`` in the schema).

The JSON text is read as written: each number keeps its text (``JsonNumber``), never a binary float or an integer
of unbounded size, and a key given twice is refused (which of the two is meant is unknown)."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from decimal import Decimal

from auditor.ingest.nesting import TOO_DEEP, json_too_deep
from auditor.ingest.schema import MAX_TEXT_LENGTH, MONEY_PATTERN, ConfigKey, Schema, is_identifier

_MONEY = re.compile(MONEY_PATTERN)
_INT64 = 2**63  # what the model's BIGINT columns hold


@dataclass(frozen=True)
class JsonNumber:
    """A JSON number as written; ``integer``: without fraction or exponent."""

    text: str
    integer: bool

    def __str__(self) -> str:
        return self.text


class _DuplicateKey(ValueError):
    pass


def _object(pairs: list[tuple[str, object]]) -> dict[str, object]:
    keys = [k for k, _ in pairs]
    twice = sorted({k for k in keys if keys.count(k) > 1})
    if twice:
        raise _DuplicateKey(", ".join(twice))
    return dict(pairs)


class _TooDeep(ValueError):
    pass


def _parse(text: str) -> object:
    """The JSON text, numbers as ``JsonNumber``; raises ``ValueError`` (a key twice: ``_DuplicateKey``; nested
    too deep for a recursive parser: ``_TooDeep``)."""
    if json_too_deep(text):
        raise _TooDeep(TOO_DEEP)
    return json.loads(text, parse_int=lambda t: JsonNumber(t, True), parse_float=lambda t: JsonNumber(t, False),
                      parse_constant=lambda t: JsonNumber(t, False), object_pairs_hook=_object)


def _read(text: str, record: str | None) -> object:
    """The configuration: the JSON text ``text``, or, given the text of its valid ``table_open`` record, the
    record's ``config`` as written there (an object, or a string holding one)."""
    if record is None:
        return _parse(text)
    config = _parse(record)["config"]  # type: ignore[index]
    return _parse(config) if isinstance(config, str) else config


def _check_value(key: ConfigKey, value: object) -> str | None:
    """The reason ``value`` does not fit, or None."""
    kind, enum = key.kind, key.enum
    if kind == "integer":
        if not isinstance(value, JsonNumber) or not value.integer:
            return "expected an integer"
        if len(value.text) > 20 or not -_INT64 <= int(value.text) < _INT64:
            return "expected an integer of at most 18 digits"
        return "expected one of " + ", ".join(map(str, enum)) if enum and int(value.text) not in enum else None
    if kind == "boolean":
        return None if isinstance(value, bool) else "expected true or false"
    if kind == "money":
        text = value if isinstance(value, str) else value.text if isinstance(value, JsonNumber) else None
        if text is None or _MONEY.fullmatch(text) is None:
            return "expected an exact decimal such as \"0.05\""
        return "expected an amount above zero" if key.positive and Decimal(text) <= 0 else None
    if not isinstance(value, str):
        return "expected a string"
    if enum and value not in enum:
        return "expected one of " + ", ".join(map(str, enum))
    if not enum and not is_identifier(value):  # free text, shown on the report as it is: held to the identifiers' rule
        return (f"expected printable text (not empty, at most {MAX_TEXT_LENGTH:,} characters; no control, invisible "
                "or line-break character; no space at either end)")
    return None


def _normalised(key: ConfigKey, value: object) -> object:
    if key.kind == "money":
        return str(Decimal(str(value)))
    return int(value.text) if isinstance(value, JsonNumber) else value


def validate_config(
    schema: Schema, game: str, text: str, record: str | None = None
) -> tuple[dict | None, list[str]]:
    """Parse and check one table configuration (``text``, or as written in ``record``: see ``_read``); returns
    (normalised config, errors)."""
    try:
        config = _read(text, record)
    except _DuplicateKey as exc:
        return None, [f"config: key {exc} given twice"]
    except _TooDeep as exc:
        return None, [f"config: {exc}"]
    except ValueError as exc:
        return None, [f"config is not JSON: {exc}"]
    if not isinstance(config, dict):
        return None, ["config is not a JSON object"]
    keys, required = schema.config[game]
    errors = [f"config: unknown key {k}" for k in sorted(config) if k not in keys]
    errors += [f"config: missing required key {k}" for k in required if k not in config]
    for name, value in sorted(config.items()):
        spec = keys.get(name)
        if spec is None:
            continue
        if value is None:  # null declares nothing: a key not declared is left out
            errors.append(f"config: {name} is null (leave out a key the table does not declare)")
            continue
        problem = _check_value(spec, value)
        if problem:
            shown = value.text if isinstance(value, JsonNumber) else json.dumps(value, default=str)
            errors.append(f"config: {name}: {problem}, found {shown[:40]}")
    if errors:
        return None, errors
    return {k: _normalised(keys[k], v) for k, v in config.items()}, []
