"""Record-level validation in DuckDB: raw records -> typed ``staged`` rows, each with its list of errors.

Every check is derived from the schema (``event_schema.json``): JSON well-formedness, unknown and missing fields,
types, enums, the card and money patterns, event types and the games they belong to."""

from __future__ import annotations

from auditor.ingest.schema import CARD_PATTERN, ENVELOPE, MONEY_PATTERN, Field, Schema


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


def _type_error(f: Field, v: str, t: str) -> str:
    what = {
        "integer": "an integer",
        "boolean": "true or false",
        "money": "an exact decimal (at most 14 digits and 4 decimals)",
        "timestamp": "an ISO 8601 timestamp",
        "card": "a card such as As, Td, 9h",
        "json": "a JSON object",
        "string": "one of " + ", ".join(f.enum) if f.enum else "a string",
    }[f.kind]
    scalar = "" if f.kind == "json" else f" OR {t} IN ('OBJECT', 'ARRAY')"
    return (
        f"CASE WHEN {v} IS NOT NULL AND ({_typed(f, v)} IS NULL{scalar}) "
        f"THEN 'field {f.name}: expected {what}, found ' || left({v}, 80) END"
    )


def staged_sql(schema: Schema, records: str) -> str:
    """SELECT over ``records`` (``rid, fid, line, raw, error, last``) giving ``rid, fid, line``, the typed columns,
    best-effort text of the keys, and ``errors``; not ``raw``, which is kept apart for the quarantine."""
    names = [f.name for f in schema.fields]
    index = {n: i + 1 for i, n in enumerate(names)}
    paths = "[" + ", ".join(sql_string("$." + n) for n in names) + "]"
    known = "[" + ", ".join(sql_string(n) for n in names) + "]"

    def v(name: str) -> str:
        return f"v[{index[name]}]"

    def t(name: str) -> str:
        return f"t[{index[name]}]"

    checks = [
        "read_error",
        "CASE WHEN read_error IS NULL AND NOT ok_json THEN CASE WHEN last "
        "THEN 'truncated record at end of file (no final newline)' ELSE 'malformed JSON' END END",
        "CASE WHEN ok_json AND jt <> 'OBJECT' THEN 'record is not a JSON object' END",
        "CASE WHEN len(unknown) > 0 THEN 'unknown field(s): ' || array_to_string(unknown, ', ') END",
    ]
    checks += [
        f"CASE WHEN jt = 'OBJECT' AND {v(n)} IS NULL THEN 'missing required field {n}' END" for n in ENVELOPE
    ]
    checks += [_type_error(f, v(f.name), t(f.name)) for f in schema.fields]
    events = ", ".join(sql_string(e) for e in schema.events)
    checks.append(
        f"CASE WHEN {v('event')} IS NOT NULL AND {v('event')} NOT IN ({events}) "
        f"THEN 'unknown event type ' || left({v('event')}, 40) END"
    )
    for ev in schema.events.values():
        games = ", ".join(sql_string(g) for g in ev.games)
        checks.append(
            f"CASE WHEN {v('event')} = {sql_string(ev.name)} AND {v('game')} IN ({', '.join(sql_string(g) for g in schema.games)}) "
            f"AND {v('game')} NOT IN ({games}) THEN 'event {ev.name} does not exist in ' || {v('game')} END"
        )
        if ev.required:
            missing = ", ".join(f"CASE WHEN {v(r)} IS NULL THEN {sql_string(r)} END" for r in ev.required)
            checks.append(
                f"CASE WHEN {v('event')} = {sql_string(ev.name)} AND concat_ws(', ', {missing}) <> '' "
                f"THEN 'event {ev.name}: missing required field(s) ' || concat_ws(', ', {missing}) END"
            )
    columns = ",\n  ".join(f"{_typed(f, v(f.name))} AS {f.column}" for f in schema.fields)
    return f"""
WITH p AS (
  SELECT rid, fid, line, raw, last, error AS read_error,
         CASE WHEN error IS NULL THEN json_valid(raw) ELSE false END AS ok_json
  FROM {records}
), q AS (
  SELECT *, CASE WHEN ok_json THEN json_type(raw) END AS jt FROM p
), r AS (
  SELECT *,
    CASE WHEN jt = 'OBJECT' THEN json_extract_string(raw, {paths}) END AS v,
    CASE WHEN jt = 'OBJECT' THEN json_type(raw, {paths}) END AS t,
    CASE WHEN jt = 'OBJECT' THEN list_filter(json_keys(raw), lambda k: NOT list_contains({known}, k))
         ELSE [] END AS unknown
  FROM q
)
SELECT rid, fid, line,
  {columns},
  {v('table_id')} AS key_table_id, {v('hand_id')} AS key_hand_id, {v('shoe_id')} AS key_shoe_id,
  list_filter([{', '.join(checks)}], lambda e: e IS NOT NULL) AS errors
FROM r
"""
