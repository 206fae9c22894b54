"""Validation of the table configuration carried by ``table_open`` (``x-config`` in the schema)."""

from __future__ import annotations

import json
import re
from decimal import Decimal

from auditor.ingest.schema import FLOAT_MONEY_LIMIT, MONEY_PATTERN, ConfigKey, Schema

_MONEY = re.compile(MONEY_PATTERN)
_INT64 = 2**63  # what the model's BIGINT columns hold


def _check_value(key: ConfigKey, value: object) -> str | None:
    """The reason ``value`` does not fit, or None."""
    kind, enum = key.kind, key.enum
    if kind == "integer":
        if not isinstance(value, int) or isinstance(value, bool):
            return "expected an integer"
        if not -_INT64 <= value < _INT64:
            return "expected an integer of at most 18 digits"
        return "expected one of " + ", ".join(map(str, enum)) if enum and value not in enum else None
    if kind == "boolean":
        return None if isinstance(value, bool) else "expected true or false"
    if kind == "money":
        text = value if isinstance(value, str) else repr(value) if isinstance(value, (int, float)) else None
        ok = text is not None and not isinstance(value, bool) and _MONEY.fullmatch(text) is not None
        if not ok or (isinstance(value, float) and abs(value) >= FLOAT_MONEY_LIMIT):
            return "expected an exact decimal such as \"0.05\""
        return "expected an amount above zero" if key.positive and Decimal(text) <= 0 else None
    if not isinstance(value, str):
        return "expected a string"
    if enum and value not in enum:
        return "expected one of " + ", ".join(enum)
    return None


def validate_config(schema: Schema, game: str, text: str) -> tuple[dict | None, list[str]]:
    """Parse and check one table configuration; returns (normalised config, errors)."""
    try:
        config = json.loads(text)
    except json.JSONDecodeError as exc:
        return None, [f"config is not JSON: {exc.msg}"]
    if not isinstance(config, dict):
        return None, ["config is not a JSON object"]
    keys, required = schema.config[game]
    errors = [f"config: unknown key {k}" for k in sorted(config) if k not in keys]
    errors += [f"config: missing required key {k}" for k in required if k not in config]
    for name, value in sorted(config.items()):
        spec = keys.get(name)
        if spec is None or value is None:
            continue
        problem = _check_value(spec, value)
        if problem:
            errors.append(f"config: {name}: {problem}, found {json.dumps(value)[:40]}")
    if errors:
        return None, errors
    normalised = {k: (str(Decimal(str(v))) if keys[k].kind == "money" else v) for k, v in config.items()}
    return normalised, []
