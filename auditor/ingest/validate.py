"""Record-level validation in DuckDB: raw records -> typed ``staged`` rows, each with its ``errors``.

Every check is derived from the schema (``event_schema.json``): JSON well-formedness, unknown and missing fields,
types, enums, the card and money patterns, event types and the games they belong to."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from auditor.ingest.schema import CARD_PATTERN, ENVELOPE, FLOAT_MONEY_LIMIT, MONEY_PATTERN, Field, Schema


def sql_string(text: str) -> str:
    """``text`` as an SQL string literal."""
    return "'" + text.replace("'", "''") + "'"


def _typed(f: Field, v: str) -> str:
    """SQL turning the extracted text ``v`` into the field's type (NULL when it does not fit)."""
    if f.kind == "integer":
        return f"try_cast({v} AS BIGINT)"
    if f.kind == "boolean":
        return f"CASE WHEN lower({v}) IN ('true', 'false') THEN lower({v}) = 'true' END"
    if f.kind == "money":
        return f"CASE WHEN regexp_full_match({v}, {sql_string(MONEY_PATTERN)}) THEN {v}::DECIMAL(18,4) END"
    if f.kind == "timestamp":
        return f"(try_cast({v} AS TIMESTAMPTZ) AT TIME ZONE 'UTC')"
    if f.kind == "card":
        return f"CASE WHEN regexp_full_match({v}, {sql_string(CARD_PATTERN)}) THEN {v} END"
    if f.kind == "json":
        return f"CASE WHEN json_valid({v}) AND json_type({v}) = 'OBJECT' THEN {v}::JSON END"
    if f.enum:
        return f"CASE WHEN {v} IN ({', '.join(sql_string(e) for e in f.enum)}) THEN {v} END"
    return v


def _type_error(f: Field, v: str, typed: str, t: str, inexact: str) -> str:
    """The error of field ``f`` whose text is ``v``, typed value ``typed`` (``_typed``), JSON type ``t``;
    ``inexact`` (SQL): the value came as a binary float that may not give the written amount back."""
    what = {
        "integer": "an integer",
        "boolean": "true or false",
        "money": "an exact decimal (at most 14 digits and 4 decimals; as a JSON number, below 10^11)",
        "timestamp": "an ISO 8601 timestamp",
        "card": "a card such as As, Td, 9h",
        "json": "a JSON object",
        "string": "one of " + ", ".join(f.enum) if f.enum else "a string",
    }[f.kind]
    wrong = "" if f.kind == "json" else f" OR {t} IN ('OBJECT', 'ARRAY')"
    # A number with a fraction or an exponent is read through a binary float (its text then has a "."): never an
    # integer, and money only where the float is exact (``inexact``).
    if f.kind == "integer":
        wrong += f" OR contains({v}, '.')"
    elif f.kind == "money":
        wrong += f" OR ({inexact})"
    return (
        f"CASE WHEN {v} IS NOT NULL AND ({typed} IS NULL{wrong}) "
        f"THEN 'field {f.name}: expected {what}, found ' || left({v}, 80) END"
    )


def _large(v: str) -> str:
    """SQL: the text ``v`` of a float is at or above FLOAT_MONEY_LIMIT, past which a double no longer gives back
    every amount of 4 decimals (15 significant digits)."""
    return f"(contains({v}, '.') AND try_cast({v} AS DOUBLE) >= {FLOAT_MONEY_LIMIT})"


def _record_checks(
    schema: Schema, v: Callable[[str], str], t: Callable[[str], str], inexact: Callable[[str], str],
    is_object: str, native: frozenset[str] = frozenset(),
) -> list[str]:
    """The checks of a record's values, whatever its source: SQL of one error message each (NULL when it passes).
    ``v(name)``: the field's text (NULL when absent), ``t(name)``: its JSON type, ``inexact(name)``: it came as a
    binary float that may not be the written amount, ``is_object``: the record is an
    object (else its fields are not read); the typed values (``_typed``) are columns named as in ``events``.
    ``native``: fields whose value already has the field's type (``v`` is that value; it cannot be wrong)."""
    checks = [
        f"CASE WHEN {is_object} AND {v(n)} IS NULL THEN 'missing required field {n}' END" for n in ENVELOPE
    ]
    checks += [
        "NULL" if f.name in native else _type_error(f, v(f.name), f.column, t(f.name), inexact(f.name))
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
    checks += [
        f"CASE WHEN {v('event')} = {sql_string(ev.name)} AND {v(selector)} IN ({', '.join(map(sql_string, values))}) "
        f"AND {v(field)} IS NULL THEN 'event {ev.name}: missing required field {field} (for {selector} ' "
        f"|| {v(selector)} || ')' END"
        for ev in schema.events.values() for field, selector, values in ev.required_when
    ]
    return checks


def _errors(checks: list[str]) -> str:
    """The record's errors joined by "; " in check order, NULL when there is none."""
    return f"nullif(concat_ws('; ', {', '.join(checks)}), '')"


def _typed_and_checked(
    schema: Schema, v: Callable[[str], str], checks: list[str], native: frozenset[str] = frozenset()
) -> str:
    """The end of a staging SELECT, after a CTE ``f`` of ``rid, fid, line`` and the fields' values ``v(name)``:
    the typed columns (``native`` fields are their value), then the errors ``checks`` give."""
    typed = ",\n  ".join(
        f"{v(f.name) if f.name in native else _typed(f, v(f.name))} AS {f.column}" for f in schema.fields
    )
    return f"""g AS (
  SELECT *,
  {typed}
  FROM f
)
SELECT rid, fid, line, {", ".join(f.column for f in schema.fields)}, {_errors(checks)} AS errors
FROM g
"""


# JSON's whitespace, which may precede a document.
_JSON_SPACE = "' ' || chr(9) || chr(10) || chr(13)"


def staged_sql(schema: Schema, records: str) -> str:
    """SELECT over ``records`` (``rid, fid, line, raw, error, last``: records as JSON text) giving ``rid, fid,
    line``, the typed columns and ``errors`` (one text, NULL when the record is valid); not ``raw``.

    Each record is parsed twice, not five times: ``json_keys`` (which fails on malformed JSON: ``try`` makes that
    NULL) and one ``json_extract_string`` of every field. A record that is not plainly an object (its text does not
    start with ``{``, or it does not parse) is judged by ``json_valid`` and ``json_type`` as well; a field's own JSON
    type is asked only when its text starts with ``{`` or ``[`` (the only texts an object or array can give)."""
    names = [f.name for f in schema.fields]
    index = {n: i + 1 for i, n in enumerate(names)}
    paths = "[" + ", ".join(sql_string("$." + n) for n in names) + "]"
    known = "[" + ", ".join(sql_string(n) for n in names) + "]"

    def v(name: str) -> str:
        return f"v_{name}"

    def t(name: str) -> str:
        return f"CASE WHEN left({v(name)}, 1) IN ('{{', '[') THEN json_type(raw, {sql_string('$.' + name)}) END"

    checks = [
        "read_error",
        "CASE WHEN read_error IS NULL AND NOT ok_json THEN CASE WHEN last "
        "THEN 'truncated record at end of file (no final newline)' ELSE 'malformed JSON' END END",
        "CASE WHEN ok_json AND jt <> 'OBJECT' THEN 'record is not a JSON object' END",
        "CASE WHEN len(unknown) > 0 THEN 'unknown field(s): ' || array_to_string(unknown, ', ') END",
    ] + _record_checks(schema, v, t, lambda name: f"{_large(v(name))} AND json_type(raw, {sql_string('$.' + name)}) "
                                                    "= 'DOUBLE'", "jt = 'OBJECT'")
    return f"""
WITH p AS (
  SELECT rid, fid, line, raw, last, error AS read_error,
         CASE WHEN error IS NULL THEN try(json_keys(raw)) END AS keys
  FROM {records}
), q AS (
  SELECT *, keys IS NOT NULL AND starts_with(ltrim(raw, {_JSON_SPACE}), '{{') AS plain FROM p
), o AS (
  SELECT *,
    CASE WHEN plain THEN true WHEN read_error IS NULL THEN json_valid(raw) ELSE false END AS ok_json,
    CASE WHEN plain THEN 'OBJECT' WHEN read_error IS NULL AND json_valid(raw) THEN json_type(raw) END AS jt
  FROM q
), r AS (
  SELECT *,
    CASE WHEN jt = 'OBJECT' THEN json_extract_string(raw, {paths}) END AS v,
    CASE WHEN jt = 'OBJECT' THEN list_filter(CASE WHEN keys IS NULL THEN json_keys(raw) ELSE keys END,
                                             lambda k: NOT list_contains({known}, k))
         ELSE [] END AS unknown
  FROM o
), f AS (
  SELECT *, {", ".join(f"v[{index[n]}] AS {v(n)}" for n in names)} FROM r
), {_typed_and_checked(schema, v, checks)}"""


# Parquet column types that already are the field's type: the value is the column, and cannot be of a wrong type.
_NATIVE = {"integer": "BIGINT", "boolean": "BOOLEAN"}


def fields_only(schema: Schema, columns: Sequence[tuple[str, str]]) -> bool:
    """Every column is a log field, and no two share a name but for case (DuckDB's names ignore case)."""
    names = [name for name, _ in columns]
    known = {f.name for f in schema.fields}
    return all(name in known for name in names) and len({n.lower() for n in names}) == len(names)


def parquet_staged_sql(schema: Schema, source: str, columns: Sequence[tuple[str, str]], rid: str, fid: str) -> str:
    """The typed path for Parquet files whose columns are all log fields (``columns``: name and DuckDB type, as
    DESCRIBE gives them; ``fields_only`` holds, else the file takes the JSON text path): the same SELECT as
    ``staged_sql``, straight from the columns of ``source``, ``rid`` and ``fid`` given as SQL over it.

    Strictly what the text path gives: there, each value is the column cast to VARCHAR in a JSON string (so its JSON
    type is a string and its text the cast), every record is an object, and no field is unknown."""
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
        column = '"' + name + '"'
        return column if name in natives or kinds[name] == "VARCHAR" else f"CAST({column} AS VARCHAR)"

    def inexact(name: str) -> str:
        """A DOUBLE column is exact below FLOAT_MONEY_LIMIT; a FLOAT (7 significant digits) never for money."""
        return {"DOUBLE": _large(v(name)), "FLOAT": "true"}.get(kinds.get(name, ""), "false")

    checks = _record_checks(schema, v, lambda name: "'VARCHAR'", inexact, "true", natives)
    return f"""
WITH f AS (
  SELECT {rid} AS rid, {fid} AS fid, file_row_number + 1 AS line,
    {", ".join(f"{value(n)} AS {v(n)}" for n in fields)}
  FROM {source}
), {_typed_and_checked(schema, v, checks, natives)}"""
