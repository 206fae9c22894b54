"""Record-level validation of records given as JSON object text (JSON Lines, and what the CSV and PHH readers make
of their rows and hands): the text path, which reads any text, and the typed path, which reads the common record
for less and gives the same rows. ``validate.py`` holds the checks both share."""

from __future__ import annotations

from auditor.ingest.schema import Field, Schema
from auditor.ingest.validate import record_checks, sql_string, typed_and_checked

# JSON's whitespace, which may precede a document.
_JSON_SPACE = "' ' || chr(9) || chr(10) || chr(13)"


def _json_type(v: str, name: str) -> str:
    """SQL: the JSON type of field ``name`` whose text is ``v``, asked only when ``v`` is a text that a value other
    than a string can give (an object or array starts with ``{`` or ``[``, a number with ``-`` or a digit, a boolean
    is ``true`` or ``false``); else ``'VARCHAR'``, a string."""
    return (f"CASE WHEN left({v}, 1) IN ('{{', '[', '-', '0', '1', '2', '3', '4', '5', '6', '7', '8', '9') "
            f"OR {v} IN ('true', 'false') THEN json_type(raw, {sql_string('$.' + name)}) ELSE 'VARCHAR' END")


def _names(keys: str) -> str:
    """SQL: the list of keys ``keys`` as one text, a key without a name or with spaces at an end in quotes (``""``,
    ``" seq"``), so that a reason names what it refuses."""
    return ("array_to_string(list_transform(" + keys + ", lambda k: CASE WHEN k = '' OR k <> trim(k) "
            "THEN '\"' || k || '\"' ELSE k END), ', ')")


def staged_sql(schema: Schema, records: str) -> str:
    """SELECT over ``records`` (``rid, fid, line, raw, error, last``: records as JSON text) giving ``rid, fid,
    line``, the typed columns and ``errors`` (one text, NULL when the record is valid); ``raw`` only as
    ``open_raw``, of ``table_open`` records.

    Each record is parsed twice, not five times: ``json_keys`` (which fails on malformed JSON: ``try`` makes that
    NULL) and one ``json_extract_string`` of every field (a money value with a fraction once more: ``_as_written``).
    A record that is not plainly an object (its text does not start with ``{``, or it does not parse) is judged by
    ``json_valid`` and ``json_type`` as well; a field's own JSON type only when it may not be a string
    (``_json_type``)."""
    names = [f.name for f in schema.fields]
    index = {n: i + 1 for i, n in enumerate(names)}
    paths = "[" + ", ".join(sql_string("$." + n) for n in names) + "]"
    known = "[" + ", ".join(sql_string(n) for n in names) + "]"

    def v(name: str) -> str:
        return f"v_{name}"

    checks = [
        "read_error",
        "CASE WHEN read_error IS NULL AND NOT ok_json THEN CASE "
        "WHEN contains(rtrim(raw, chr(13)), chr(13)) THEN 'malformed JSON: the line holds a carriage return (CR) not "
        "followed by a line feed (lines end with LF or CR LF)' "
        "WHEN starts_with(raw, chr(65279)) THEN 'malformed JSON: the line starts with a byte-order mark (files "
        "joined together?)' "
        "WHEN last THEN 'truncated record at end of file (no final newline)' ELSE 'malformed JSON' END END",
        "CASE WHEN ok_json AND jt <> 'OBJECT' THEN 'record is not a JSON object' END",
        f"CASE WHEN len(again) > 0 THEN 'field(s) given twice: ' || {_names('list_sort(list_distinct(again))')} END",
        f"CASE WHEN len(unknown) > 0 THEN 'unknown field(s): ' || {_names('unknown')} END",
    ] + record_checks(schema, v, lambda name: _json_type(v(name), name), lambda name: "false", "jt = 'OBJECT'")
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
    CASE WHEN jt = 'OBJECT' THEN CASE WHEN keys IS NULL THEN json_keys(raw) ELSE keys END ELSE [] END AS all_keys
  FROM o
), s AS (
  SELECT *, list_filter(all_keys, lambda k: NOT list_contains({known}, k)) AS unknown,
    -- every key after its first occurrence (a lambda is three times cheaper here than list_distinct per record)
    list_filter(all_keys, lambda k, i: list_position(all_keys, k) < i) AS again
  FROM r
), f AS (
  SELECT *, {", ".join(f"{_as_written(schema.field(n), f'v[{index[n]}]')} AS {v(n)}" for n in names)} FROM s
), {typed_and_checked(schema, v, checks, open_raw="raw")}"""


def _as_written(f: Field, value: str, extracted: str | None = None) -> str:
    """SQL: the text of field ``f`` whose extracted text is ``value``, for money and integers as written in ``raw``.
    DuckDB reads a JSON number with a fraction or exponent as a binary float (``1.00000`` and ``100.000000000000001``
    both give ``1.0`` or ``100.0``), and ``-0`` as ``0``: such a number's own digits are found in ``raw`` (after
    ``{`` or ``,``, the field's name as a key, which no string of valid JSON can hold unescaped). A name written
    with escapes is not found; a float is then marked so that it is refused, a zero kept as read. ``extracted``:
    the text ``json_extract_string`` gives, when ``value`` is not it (default ``value``)."""
    if f.kind not in ("money", "integer"):
        return value
    key = "[{,][ \\t\\r\\n]*\"" + f.name + "\"[ \\t\\r\\n]*:[ \\t\\r\\n]*(-?[0-9][0-9.eE+-]*)"
    found = f"regexp_extract_all(raw, {sql_string(key)}, 1)"
    zero = (f"WHEN {value} = '0' AND regexp_matches(raw, ':[ \\t\\r\\n]*-0') "
            f"THEN CASE WHEN len({found}) = 1 THEN {found}[1] ELSE {value} END")
    if f.kind == "integer":
        return f"CASE {zero} ELSE {value} END"
    return (f"CASE WHEN regexp_matches({value}, '[.eE]') AND json_type(raw, {sql_string('$.' + f.name)}) = 'DOUBLE' "
            f"THEN CASE WHEN len({found}) = 1 THEN {found}[1] "
            f"ELSE {extracted or value} || ' (a JSON number whose digits were not found as written)' END "
            f"{zero} ELSE {value} END")


def typed_json_sql(schema: Schema, records: str) -> str:
    """``staged_sql`` for the common record, for less: each record is parsed once, into the fields declared
    (``from_json``), instead of listing its keys and extracting every field by path. Only the records for which this
    gives what ``staged_sql`` gives are kept; the others take the text path (``stage._insert_text``).

    Kept: a record that is an object of one member per field given (not NULL), no other member. ``from_json`` reads
    every member, takes the first of a key given twice, ignores unknown keys and NULL values: a record of ``K``
    members of which ``N`` fields are given has at least ``K - 1`` commas, and ``N <= K``; so ``N - 1`` commas in
    the whole text (strings included) mean ``K = N``: no unknown key, no key given twice, no NULL member (and a
    failed parse, or a value that is not an object, gives ``N = 0``). Each kept value is the text
    ``json_extract_string`` gives, but for a number with a fraction or exponent (a binary float, which ``from_json``
    writes in its own way: ``1e+20`` for ``100000000000000000000.0``): no typed kind reads such a text (an integer,
    money or timestamp pattern, a card, an enum), so it only changes what an error quotes (``shown``, extracted
    again; money as written is found in the record's text as on the text path), and a free string whose text starts
    as a number can (``-``, a digit) is extracted again."""
    names = [f.name for f in schema.fields]
    declared = "{" + ", ".join(f'"{n}": "VARCHAR"' for n in names) + "}"

    def v(name: str) -> str:
        return f"v_{name}"

    def extracted(name: str) -> str:
        return f"json_extract_string(raw, {sql_string('$.' + name)})"

    def value(f: Field) -> str:
        read = f's."{f.name}"'
        if f.kind in ("money", "integer"):  # a zero written -0, money with a fraction: as written
            return _as_written(f, read, extracted(f.name))
        if f.kind == "json":  # a table_open's config: its text as the text path writes it
            return f"CASE WHEN {read} IS NOT NULL THEN {extracted(f.name)} END"
        if f.kind in ("string", "identifier", "text") and not f.enum:  # as read: a float's own text, whatever it is
            return f"CASE WHEN {read} >= '-' AND {read} < ':' THEN {extracted(f.name)} ELSE {read} END"
        return read

    def shown(name: str) -> str:
        return _as_written(schema.field(name), extracted(name))

    checks = record_checks(schema, v, lambda name: _json_type(v(name), name), lambda name: "false", "true",
                           shown=shown)
    one_member_a_field = "given <> 0 AND strlen(raw) - strlen(replace(raw, ',', '')) = bit_count(given) - 1"
    return f"""
WITH p AS (
  SELECT rid, fid, line, raw, try(from_json(raw, {sql_string(declared)})) AS s FROM {records} WHERE error IS NULL
), f AS (
  SELECT rid, fid, line, raw, {", ".join(f"{value(f)} AS {v(f.name)}" for f in schema.fields)} FROM p
), {typed_and_checked(schema, v, checks, open_raw="raw", where=one_member_a_field)}"""
