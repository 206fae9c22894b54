"""The typed path of records given as JSON text (``validate_json.typed_json_sql``) keeps only records it reads as the
text path (``staged_sql``) does, and gives for each exactly the text path's row: every typed value, every error.

Records are generated as text, the ways exports write them and the ways hostile files break them: other separators
and whitespace, keys unknown, escaped, given twice or NULL, values of every JSON type and notation (floats that DuckDB
writes otherwise than the text path, money as JSON numbers, nested values, commas and quotes in strings). The default
run is a modest slice; ``-m slow`` runs many more examples."""

from __future__ import annotations

import json

import duckdb
import pyarrow as pa
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from auditor.ingest.readers import RAW_SCHEMA
from auditor.ingest.schema import load_schema
from auditor.ingest.validate_json import staged_sql, typed_json_sql
from tests.conftest import baccarat_coup
from tests.test_hostile_properties import HOLDEM, HOSTILE_TEXT, JSON_VALUES, RAW_JSON, STUD

SCHEMA = load_schema()
FIELDS = [f.name for f in SCHEMA.fields]
RECORDS = [r for log in (baccarat_coup(), HOLDEM, STUD) for r in log]
KEYS = st.sampled_from(FIELDS) | st.sampled_from(["x", "SEQ", "Amount", "\\u0073eq", "pl\\u0061yer", "a,b", "a\\\"b"])
VALUE_TEXTS = (
    JSON_VALUES.map(json.dumps)
    | RAW_JSON
    | HOSTILE_TEXT.map(json.dumps)
    | st.sampled_from([
        "1.5e300", "1e20", "-0.0", "100000000000000000000.0", "12.50", "1e-7", "7e3", "3.0", "0.1", "-1e400",
        '"12.50"', '"-x"', '"9"', '"a,b"', '"a\\"b"', '"\\u00e9"', '"{x"', '"[x"', "[1.5]", '{"a":1e20}', "null",
    ])
)
SEPARATORS = st.sampled_from([",", ", ", " , ", ",\t"])
COLONS = st.sampled_from([":", ": ", " :", "\r:\r"])


@st.composite
def record_texts(draw) -> str:
    """A record of the log format, its members changed, added, given twice, left NULL or dropped, written as JSON
    text with any separators; sometimes not an object at all."""
    members = [(json.dumps(k), json.dumps(v)) for k, v in draw(st.sampled_from(RECORDS)).items()]
    for _ in range(draw(st.integers(0, 3))):
        change = draw(st.sampled_from(["value", "add", "twice", "drop"]))
        if change == "drop" and members:
            members.pop(draw(st.integers(0, len(members) - 1)))
        elif change == "twice" and members:
            members.append(members[draw(st.integers(0, len(members) - 1))])
        elif change == "value" and members:
            i = draw(st.integers(0, len(members) - 1))
            members[i] = (members[i][0], draw(VALUE_TEXTS))
        else:
            members.append(('"' + draw(KEYS) + '"', draw(VALUE_TEXTS)))
    colon = draw(COLONS)
    text = "{" + draw(SEPARATORS).join(k + colon + v for k, v in members) + draw(st.sampled_from(["", ","])) + "}"
    return draw(st.sampled_from(["", " ", "\t"])) + text if draw(st.booleans()) else draw(
        st.sampled_from([text, "[" + text + "]", text + text, text[:-1], '"x"', "1", "null", "{}"]))


def staged(con: duckdb.DuckDBPyConnection, texts: list[str]) -> tuple[dict, dict]:
    """The rows of the text path and of the typed path, by ``rid``."""
    n = len(texts)
    batch = pa.table([pa.array(range(n), pa.int64()), pa.array([0] * n, pa.int32()), pa.array(range(1, n + 1),
                      pa.int64()), pa.array(texts, pa.string()), pa.nulls(n, pa.string()), pa.array([False] * n)],
                     names=["rid", "fid", "line", "raw", "error", "last"])
    assert batch.schema.field("raw").type == RAW_SCHEMA.field("raw").type
    con.register("records", batch)
    try:
        text, typed = ({row[0]: row for row in con.execute(sql).fetchall()}
                       for sql in (staged_sql(SCHEMA, "records"), typed_json_sql(SCHEMA, "records")))
    finally:
        con.unregister("records")
    return text, typed


@pytest.fixture(scope="module")
def con():
    con = duckdb.connect()
    con.execute("SET TimeZone = 'UTC'")
    yield con
    con.close()


def check_same_rows(con: duckdb.DuckDBPyConnection, texts: list[str]) -> None:
    text, typed = staged(con, texts)
    assert len(text) == len(texts)
    for rid, row in typed.items():
        assert row == text[rid], texts[rid]


VALUES = [
    "1.5e300", "1e20", "100000000000000000000.0", "-0.0", "12.50", "7e3", "0.1", '"9.5"', '"-x"', "NaN", "-Infinity",
    "123", '"\\u00e9\\u0041"', '"a\\"b"', "{}", "[1.5]", '{"a":1e20}', "true",
    "-0", '"-0"', '""', '" "', '" T1"', '"a\\nb"', '"a\\u0000b"', '"\\u200b"', '"\\u2028"', '"a\\tb"',
]
VALUED_FIELDS = ["player", "hand_id", "spot", "amount", "ts", "standing", "bet_type", "card"]
LEFT_TO_TEXT = [
    '{"table_id":"B","seq":1,"seq":2}', '{"table_id":"B","seq":1,"x":2}', '{"table_id":"B","seq":null}',
    '{"table_id":"B","SEQ":1}', '{"table_id":"B","seq":1,}', '{"table_id":"B","reason":"a,b"}', '[{"seq":1}]', "{}",
    '"x"', '{"seq":1}{"seq":2}', '{"table_id":"B"',
]


def valued_bet(field: str, value: str) -> str:
    """A bet record with ``field`` written as the JSON text ``value``."""
    bet = next(r for r in baccarat_coup() if r["event"] == "bet")
    return json.dumps({**bet, field: "@"}, separators=(",", ":")).replace('"@"', value)


@pytest.fixture(scope="module")
def one_batch(con) -> tuple[list[str], dict, dict]:
    """Every record of the cases below through both paths at once: the two queries are planned once, not once a
    case (the planning is most of the cost), and each case reads its record's rows by ``rid``. Both paths read a
    record without looking at any other (``test_the_typed_path_gives_the_text_paths_row_...`` mixes records)."""
    texts = [valued_bet(f, v) for f in VALUED_FIELDS for v in VALUES] + LEFT_TO_TEXT
    text, typed = staged(con, texts)
    assert sorted(text) == list(range(len(texts)))  # the text path gives a row for every record
    return texts, text, typed


@pytest.mark.parametrize("value", VALUES)
@pytest.mark.parametrize("field", VALUED_FIELDS)
def test_the_typed_path_reads_a_value_of_any_type_or_notation_as_the_text_path(one_batch, field, value):
    texts, text, typed = one_batch
    rid = texts.index(valued_bet(field, value))
    assert rid in typed and typed[rid] == text[rid]  # kept (one member a field, no other), and the same row


@pytest.mark.parametrize("written", LEFT_TO_TEXT)
def test_a_record_the_typed_path_cannot_read_as_the_text_path_is_left_to_it(one_batch, written):
    texts, _, typed = one_batch
    assert texts.index(written) not in typed


def test_the_typed_path_reads_every_record_of_a_clean_log_but_the_table_opens(con):
    texts = [json.dumps(r) for r in RECORDS]
    text, typed = staged(con, texts)
    assert set(typed) == {i for i, r in enumerate(RECORDS) if r["event"] != "table_open"}
    assert all(typed[rid] == text[rid] for rid in typed)


@settings(max_examples=40, deadline=None, derandomize=True, database=None, suppress_health_check=list(HealthCheck))
@given(st.lists(record_texts(), min_size=1, max_size=30))
def test_the_typed_path_gives_the_text_paths_row_for_every_record_it_keeps(con, texts):
    check_same_rows(con, texts)


@pytest.mark.slow
@settings(max_examples=300, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.lists(record_texts(), min_size=1, max_size=30))
def test_the_typed_path_gives_the_text_paths_row_for_every_record_it_keeps_exhaustive(con, texts):
    check_same_rows(con, texts)
