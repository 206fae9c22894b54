"""Record-level validation in DuckDB: records -> typed ``staged`` rows, each with its ``errors``; the checks every
source shares, and the typed path of Parquet files (records as JSON text: ``validate_json.py``).

Every check is derived from the schema (``event_schema.json``): JSON well-formedness, unknown and missing fields,
types, enums, the card and money patterns, event types and the games they belong to."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from auditor.ingest.schema import (
    CARD_PATTERN,
    ENVELOPE,
    FLOAT_MONEY_LIMIT,
    IDENTIFIER_PATTERN,
    INTEGER_PATTERN,
    MAX_TEXT_LENGTH,
    MONEY_PATTERN,
    TIMESTAMP_PATTERN,
    Field,
    Schema,
)


def sql_string(text: str) -> str:
    """``text`` as an SQL string literal."""
    return "'" + text.replace("'", "''") + "'"


def quoted_name(name: str) -> str:
    """``name`` as an SQL identifier (a column's name)."""
    return '"' + name.replace('"', '""') + '"'


def identifier_sql(v: str) -> str:
    """SQL: the text ``v`` is an identifier (``schema.is_identifier``)."""
    return f"(length({v}) <= {MAX_TEXT_LENGTH} AND regexp_full_match({v}, {sql_string(IDENTIFIER_PATTERN)}))"


def _typed(f: Field, v: str) -> str:
    """SQL turning the extracted text ``v`` into the field's type (NULL when it does not fit)."""
    if f.kind == "integer":
        return f"CASE WHEN regexp_full_match({v}, {sql_string(INTEGER_PATTERN)}) THEN try_cast({v} AS BIGINT) END"
    if f.kind == "boolean":
        return f"CASE WHEN {v} IN ('true', 'false') THEN {v} = 'true' END"
    if f.kind == "money":
        return f"CASE WHEN regexp_full_match({v}, {sql_string(MONEY_PATTERN)}) THEN {v}::DECIMAL(18,4) END"
    if f.kind == "timestamp":
        return (f"CASE WHEN regexp_full_match({v}, {sql_string(TIMESTAMP_PATTERN)}) "
                f"THEN (try_cast({v} AS TIMESTAMPTZ) AT TIME ZONE 'UTC') END")
    if f.kind == "card":
        return f"CASE WHEN regexp_full_match({v}, {sql_string(CARD_PATTERN)}) THEN {v} END"
    if f.kind in ("identifier", "text"):  # free text shows on the report as written: held to the same rule
        return f"CASE WHEN {identifier_sql(v)} THEN {v} END"
    if f.kind == "json":
        return f"CASE WHEN json_valid({v}) AND json_type({v}) = 'OBJECT' THEN {v}::JSON END"
    if f.enum:
        return f"CASE WHEN {v} IN ({', '.join(sql_string(e) for e in f.enum)}) THEN {v} END"
    return v


def _type_error(f: Field, v: str, typed: str, t: str, inexact: str, shown: str) -> str:
    """The error of field ``f`` whose text is ``v``, typed value ``typed`` (``_typed``), JSON type ``t``;
    ``inexact`` (SQL): the value came as a binary float that may not give the written amount back; ``shown``: the
    text the message quotes (``v``, or the same text by a costlier way that only refused values pay)."""
    what = {
        "integer": f"an integer from {f.minimum if f.minimum is not None else -2**63} to {2**63 - 1}",
        "boolean": "true or false",
        "money": "an exact decimal (at most 14 digits and 4 decimals; as a binary float, below 10^11)",
        "timestamp": "an ISO 8601 timestamp (date, or date and time to the microsecond)",
        "card": "a card such as As, Td, 9h",
        "identifier": f"a printable identifier (not empty, at most {MAX_TEXT_LENGTH:,} characters; no control, "
                      "invisible or line-break character; no space at either end)",
        "text": f"printable text (not empty, at most {MAX_TEXT_LENGTH:,} characters; no control, invisible or "
                "line-break character; no space at either end)",
        "json": "a JSON object",
        "string": "one of " + ", ".join(f.enum) if f.enum else "a string",
    }[f.kind]
    # A value that is no string (a number, a boolean, an object, an array) gives text that no typed kind's pattern or
    # enum accepts as it is written (``typed`` is NULL for it then): only free text (a string, identifier, text) must
    # ask the value's JSON type. (A number would be read as DuckDB writes it: 1.10 as 1.1, -0 as 0.)
    wrong = f" OR {t} <> 'VARCHAR'" if f.kind in ("string", "identifier", "text") and not f.enum else ""
    if f.kind == "integer" and f.minimum is not None:
        wrong += f" OR {typed} < {f.minimum}"
    elif f.kind == "money":  # a binary float (a Parquet FLOAT or DOUBLE column) only where it is exact
        wrong += f" OR ({inexact})"
    found = f"left({shown}, 80)"
    if f.kind in ("identifier", "text"):  # quoted: an empty value, or spaces at its ends, must show
        found = f"'\"' || {found} || '\"'"
    return (
        f"CASE WHEN {v} IS NOT NULL AND ({typed} IS NULL{wrong}) "
        f"THEN 'field {f.name}: expected {what}, found ' || {found} END"
    )


def _large(v: str) -> str:
    """SQL: the text ``v`` of a float is at or above FLOAT_MONEY_LIMIT, past which a double no longer gives back
    every amount of 4 decimals (15 significant digits)."""
    return f"(contains({v}, '.') AND try_cast({v} AS DOUBLE) >= {FLOAT_MONEY_LIMIT})"


def record_checks(
    schema: Schema, v: Callable[[str], str], t: Callable[[str], str], inexact: Callable[[str], str],
    is_object: str, native: frozenset[str] = frozenset(), shown: Callable[[str], str] | None = None,
) -> list[str]:
    """The checks of a record's values, whatever its source: SQL of one error message each (NULL when it passes).
    ``v(name)``: the field's text (NULL when absent), ``t(name)``: its JSON type, ``inexact(name)``: it came as a
    binary float that may not be the written amount, ``is_object``: the record is an
    object (else its fields are not read); the typed values (``_typed``) are columns named as in ``events``.
    ``native``: fields whose value already has the field's type (``v`` is that value; it can only be below the
    field's minimum);
    ``shown(name)``: the text a type error quotes (default ``v(name)``)."""
    shown = shown or v
    checks = [
        f"CASE WHEN {is_object} AND {v(n)} IS NULL THEN 'missing required field {n}' END" for n in ENVELOPE
    ]
    checks += [
        "NULL" if f.name in native and f.minimum is None
        else _type_error(f, v(f.name), f.column, t(f.name), inexact(f.name),
                         f"CAST({v(f.name)} AS VARCHAR)" if f.name in native else shown(f.name))
        for f in schema.fields
    ]
    events = ", ".join(sql_string(e) for e in schema.events)
    checks.append(
        f"CASE WHEN {v('event')} IS NOT NULL AND {v('event')} NOT IN ({events}) "
        f"THEN 'unknown event type ' || left({v('event')}, 40) END"
    )
    # One record has one event type: its game and its required fields are looked up by a CASE on it.
    games = ", ".join(sql_string(g) for g in schema.games)
    wrong_game = " ".join(
        f"WHEN {sql_string(ev.name)} THEN {v('game')} NOT IN ({', '.join(sql_string(g) for g in ev.games)})"
        for ev in schema.events.values() if set(ev.games) != set(schema.games)
    )
    checks.append(
        f"CASE WHEN {v('game')} IN ({games}) AND CASE {v('event')} {wrong_game} ELSE false END "
        f"THEN 'event ' || {v('event')} || ' does not exist in ' || {v('game')} END"
    )
    missing = " ".join(
        f"WHEN {sql_string(ev.name)} THEN concat_ws(', ', "
        + ", ".join(f"CASE WHEN {v(r)} IS NULL THEN {sql_string(r)} END" for r in ev.required) + ")"
        for ev in schema.events.values() if ev.required
    )
    checks.append(
        f"'event ' || {v('event')} || ': missing required field(s) ' || nullif(CASE {v('event')} {missing} END, '')"
    )
    checks.append(_unused_fields(schema, v))
    checks += [
        f"CASE WHEN {v('event')} = {sql_string(ev.name)} AND {v(selector)} IN ({', '.join(map(sql_string, values))}) "
        f"AND {v(field)} IS NULL THEN 'event {ev.name}: missing required field {field} (for {selector} ' "
        f"|| {v(selector)} || ')' END"
        for ev in schema.events.values() for field, selector, values in ev.required_when
    ]
    return checks


def _unused_mask(schema: Schema, v: Callable[[str], str]) -> str:
    """SQL: the fields given that the record's event does not use in its game (``uses`` of the event type), as a
    bit mask over ``schema.fields`` (0 for an unknown event or game), from the column ``given``."""
    unused = " ".join(
        f"WHEN {sql_string(f'{ev.name}/{game}')} THEN "
        f"{sum(1 << i for i, f in enumerate(schema.fields) if f.name not in ev.uses[game])}"
        for ev in schema.events.values() for game in ev.games
    )
    return f"(given & CASE {v('event')} || '/' || {v('game')} {unused} ELSE 0 END)"


def _given(schema: Schema, v: Callable[[str], str]) -> str:
    """SQL: the fields given (not NULL) as a bit mask over ``schema.fields``."""
    return " + ".join(f"CASE WHEN {v(f.name)} IS NOT NULL THEN {1 << i} ELSE 0 END"
                      for i, f in enumerate(schema.fields))


def _unused_fields(schema: Schema, v: Callable[[str], str]) -> str:
    """SQL of the error naming the fields that the record's event does not use (``unused_mask``): refused like an
    unknown field, since no check would read what they say."""
    names = "[" + ", ".join(sql_string(f.name) for f in schema.fields) + "]"
    return (f"CASE WHEN unused_mask <> 0 THEN 'event ' || {v('event')} || ' does not use field(s) ' || "
            f"array_to_string(list_filter({names}, lambda n, i: (unused_mask >> (i - 1)) & 1 = 1), ', ') END")


def _errors(checks: list[str]) -> str:
    """The record's errors joined by "; " in check order, NULL when there is none."""
    return f"nullif(concat_ws('; ', {', '.join(checks)}), '')"


def typed_and_checked(
    schema: Schema, v: Callable[[str], str], checks: list[str], native: frozenset[str] = frozenset(),
    open_raw: str = "NULL", where: str = "true",
) -> str:
    """The end of a staging SELECT, after a CTE ``f`` of ``rid, fid, line`` and the fields' values ``v(name)``:
    the typed columns (``native`` fields are their value), the errors ``checks`` give, and ``open_raw``: the text
    of a ``table_open`` record, from which its configuration is read as written (``_validate_configs``). Only the
    records for which ``where`` holds (SQL over ``f`` and ``given``, the mask of the fields given) are kept."""
    typed = ",\n  ".join(
        f"{v(f.name) if f.name in native else _typed(f, v(f.name))} AS {f.column}" for f in schema.fields
    )
    return f"""g AS (
  SELECT *,
  {typed},
  {_given(schema, v)} AS given
  FROM f
), h AS (
  SELECT *, {_unused_mask(schema, v)} AS unused_mask FROM g WHERE {where}
)
SELECT rid, fid, line, {", ".join(f.column for f in schema.fields)}, {_errors(checks)} AS errors,
  CASE WHEN {v("event")} = 'table_open' THEN {open_raw} END AS open_raw
FROM h
"""


# Parquet column types that already are the field's type: the value is the column, and cannot be of a wrong type.
_NATIVE = {"integer": "BIGINT", "boolean": "BOOLEAN"}
_DECIMAL = re.compile(r"DECIMAL\(([0-9]+),([0-9]+)\)")


def column_text(column: str, sql_type: str, kind: str | None) -> str:
    """SQL: the text of a Parquet column's value (``column``, SQL, of DuckDB type ``sql_type``) for a field of kind
    ``kind`` (None: not a log field): its cast to VARCHAR; but money in a DECIMAL column of more than 4 decimals is
    written with 4 when they hold it exactly (``10.500000`` is 10.5: the scale is the column's, not the value's
    notation), and refused, as cast, when they do not (``10.500001``)."""
    decimal = _DECIMAL.fullmatch(sql_type)
    if kind == "money" and decimal and int(decimal.group(2)) > 4:
        return (f"CASE WHEN {column} = round({column}, 4) THEN CAST(CAST({column} AS DECIMAL(38,4)) AS VARCHAR) "
                f"ELSE CAST({column} AS VARCHAR) END")
    return column if sql_type == "VARCHAR" else f"CAST({column} AS VARCHAR)"


def fields_only(schema: Schema, columns: Sequence[tuple[str, str]]) -> bool:
    """Every column is a log field, and no two share a name but for case (DuckDB's names ignore case)."""
    names = [name for name, _ in columns]
    known = {f.name for f in schema.fields}
    return all(name in known for name in names) and len({n.lower() for n in names}) == len(names)


def parquet_staged_sql(
    schema: Schema, source: str, columns: Sequence[tuple[str, str]], rid: str, fid: str,
    line: str = "file_row_number + 1",
) -> str:
    """The typed path for Parquet files whose columns are all log fields (``columns``: name and DuckDB type, as
    DESCRIBE gives them; ``fields_only`` holds, else the file takes the JSON text path): the same SELECT as
    ``validate_json.staged_sql``, straight from the columns of ``source``, ``rid``, ``fid`` and ``line`` given as SQL
    over it. (Also the path of the records a reader gives as typed columns: PHH.)

    What the text path gives (there, each value is the column cast to VARCHAR in a JSON string, every record is an
    object, and no field is unknown), but that a string field refuses a column that is not of strings (a number,
    boolean, date or list column), as it refuses a JSON value that is not a string."""
    fields = {f.name: f for f in schema.fields}
    names = [name for name, _ in columns]
    kinds = dict(columns)
    natives = frozenset(n for n in names if kinds[n] == _NATIVE.get(fields[n].kind))

    def v(name: str) -> str:
        return f"v_{name}"

    def value(name: str) -> str:
        """The column as the text path reads it (as text, or natively), NULL when the file lacks it."""
        if name not in kinds:
            return "NULL::VARCHAR"
        column = quoted_name(name)
        return column if name in natives else column_text(column, kinds[name], fields[name].kind)

    def inexact(name: str) -> str:
        """A DOUBLE column is exact below FLOAT_MONEY_LIMIT; a FLOAT (7 significant digits) never for money."""
        return {"DOUBLE": _large(v(name)), "FLOAT": "true"}.get(kinds.get(name, ""), "false")

    def json_type(name: str) -> str:
        """A string column's values are strings; any other column's are not (for a string field: refused)."""
        return sql_string(kinds.get(name, "VARCHAR"))

    checks = record_checks(schema, v, json_type, inexact, "true", natives)
    return f"""
WITH f AS (
  SELECT {rid} AS rid, {fid} AS fid, {line} AS line,
    {", ".join(f"{value(n)} AS {v(n)}" for n in fields)}
  FROM {source}
), {typed_and_checked(schema, v, checks, natives)}"""
