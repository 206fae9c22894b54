"""Identifiers (``table_id``, ``shoe_id``, ``hand_id``, ``player``) are printable, non-empty text: an id that is
empty, only spaces, padded with spaces, or holds a control, format or line-separator character is refused with file,
line and reason, in JSON Lines, CSV and Parquet alike (it would show in reports and file names as something else, or
as nothing, and two ids that print alike would be two tables, hands or players)."""

from __future__ import annotations

import itertools
import json
from datetime import date
from pathlib import Path

import duckdb
import pyarrow as pa
import pyarrow.parquet as pq
import pytest

from auditor.ingest.schema import MAX_TEXT_LENGTH, is_identifier
from auditor.ingest.validate import identifier_sql
from tests.conftest import baccarat_coup, write_csv, write_jsonl, write_parquet
from tests.test_ingest import load
from tests.test_phh import THREE_HANDED
from tests.test_phh import load as phh_load

IDS = ["table_id", "shoe_id", "hand_id", "player"]
REFUSED = [
    " ", "   ", "\t", " T1", "T1 ", "T1\u00a0", "a\nb", "a\r\nb", "a\rb", "a\x00b", "\x07", "a\tb", "a\x7fb",
    "a\x85b", "a\u2028b", "a\u2029b", "\ufeffT1", "T\u200b1", "exe.\u202egnp", "\ue000",
]
ACCEPTED = ["T 1", "張三", "a\u00a0b", "é", "x" * 300, "M-101/7", "\u0645\u0631\u062d\u0628\u0627",
            "張" * MAX_TEXT_LENGTH]
TOO_LONG = ["x" * (MAX_TEXT_LENGTH + 1), "張" * (MAX_TEXT_LENGTH + 1), "x" * 10_000_000]
FORMATS = [(write_jsonl, "jsonl", 1), (write_csv, "csv", 2), (write_parquet, "parquet", 1)]


def with_ids(field: str, values: list[str]) -> tuple[list[dict], list[int]]:
    """A log of one coup per value, each at its own table, ``field`` set to the value wherever the coup gives it
    (``table_id``: every record); and the indexes of the records changed."""
    rows: list[dict] = []
    changed: list[int] = []
    for n, value in enumerate(values):
        for r in baccarat_coup(table=f"T{n}", start_seq=1):
            if field in r:
                changed.append(len(rows))
                r = {**r, field: value}
            rows.append(r)
    return rows, changed


@pytest.mark.parametrize("writer, suffix, first", FORMATS)
@pytest.mark.parametrize("field", IDS)
def test_an_identifier_that_is_not_printable_text_is_refused(tmp_path, field, writer, suffix, first):
    values = REFUSED + TOO_LONG[:2] + ([] if suffix == "csv" else [""])  # an empty CSV cell is an absent field
    rows, changed = with_ids(field, values)
    _, quarantine = load(writer(tmp_path / f"t.{suffix}", rows))
    lines = [line for _, line, reason in quarantine if f"field {field}: expected a printable identifier" in reason]
    if suffix == "csv":  # a quoted line break makes a record span two lines
        assert len(lines) == len(changed), quarantine
    else:
        assert lines == [first + i for i in changed], quarantine


@pytest.mark.parametrize("writer, suffix, first", FORMATS)
@pytest.mark.parametrize("field", IDS)
def test_an_identifier_of_printable_text_is_read_as_written(tmp_path, field, writer, suffix, first):
    rows, _ = with_ids(field, ACCEPTED)
    con, quarantine = load(writer(tmp_path / f"t.{suffix}", rows))
    assert quarantine == []
    read = con.execute(f"SELECT DISTINCT {field} FROM events WHERE {field} IS NOT NULL").fetchall()
    assert sorted(v for (v,) in read) == sorted(ACCEPTED)


def test_a_10_mb_identifier_is_refused_quoting_its_start(tmp_path):
    """A table_id of ten million characters (no system assigns one; every record of the table would carry it) is
    refused, its reason quoting its first 80 characters."""
    rows, changed = with_ids("table_id", TOO_LONG[2:])
    _, quarantine = load(write_jsonl(tmp_path / "t.jsonl", rows))
    assert [line for _, line, _ in quarantine] == [1 + i for i in changed]
    assert all(f"at most {MAX_TEXT_LENGTH:,} characters" in reason and len(reason) < 300 for _, _, reason in quarantine)


@pytest.mark.parametrize("value", ["a\nb", "a\x00b", "\x07", "a\u2028b", " T1"])
def test_a_refused_identifier_is_shown_on_one_line_and_visibly(tmp_path, value):
    """The reason quotes the value with its invisible characters as code points, never a line break or a NUL."""
    rows, _ = with_ids("player", [value])
    _, quarantine = load(write_jsonl(tmp_path / "t.jsonl", rows))
    reason = dict((line, r) for _, line, r in quarantine)[3]
    assert reason.isprintable(), reason
    assert "<U+" in reason or '" T1"' in reason, reason


NOT_STRINGS = ["12", "1.10", "1e2", "-0", "true", "false", "1E400"]


@pytest.mark.parametrize("field", ["table_id", "hand_id", "player", "bet_type", "reason"])
def test_a_json_number_or_boolean_for_a_string_field_is_refused(tmp_path, coup, field):
    """A string field takes a JSON string: a number would be read as DuckDB writes it (``1.10`` as 1.1, ``1e2`` as
    100.0, ``-0`` as 0), two ids written alike could be two ids, and ``true`` would be the text true. Each value on a
    bet of its own (line 11 on)."""
    path = write_jsonl(tmp_path / "t.jsonl", coup)
    bet = json.dumps({**coup[2], field: "@"})
    path.write_text(path.read_text() + "".join(
        bet.replace('"@"', value).replace(f'"seq": {coup[2]["seq"]}', f'"seq": {100 + n}') + "\n"
        for n, value in enumerate(NOT_STRINGS)))
    _, quarantine = load(path)
    refused = [line for _, line, r in quarantine if f"field {field}: expected " in r]
    assert refused == list(range(len(coup) + 1, len(coup) + 1 + len(NOT_STRINGS))), quarantine


@pytest.mark.parametrize("kind", [pa.int64(), pa.float64(), pa.bool_(), pa.list_(pa.string()), pa.binary(),
                                  pa.date32()])
def test_a_parquet_column_of_another_type_for_a_string_field_is_refused(tmp_path, coup, kind):
    values = {pa.int64(): 7, pa.float64(): 1.1, pa.bool_(): True, pa.list_(pa.string()): ["p1"], pa.binary(): b"p1",
              pa.date32(): date(2024, 5, 1)}[kind]
    path = write_parquet(tmp_path / "t.parquet", coup)
    table = pq.read_table(path)
    column = pa.array([None if v is None else values for v in table.column("player").to_pylist()], kind)
    pq.write_table(table.set_column(table.schema.get_field_index("player"), "player", column), path)
    _, quarantine = load(path)
    assert [line for _, line, r in quarantine if r.startswith("field player: expected a")] == [3, 9], quarantine


@pytest.mark.parametrize("old, new, reason", [
    ('"event": "bet"', '"event": "b\\u0000e\\nt"', 'unknown event type b<U+0000>e<U+000A>t'),
    ('"player": "p1"', '"player": "p1", "x\\ty\\u200b": 1', "unknown field(s): x<U+0009>y<U+200B>"),
    ('"player": "p1"', '"player": "p1", "\\u2028": 1, "\\u2028": 2', "field(s) given twice: <U+2028>"),
])
def test_a_reason_naming_a_field_or_event_shows_it_on_one_line(tmp_path, coup, old, new, reason):
    path = write_jsonl(tmp_path / "t.jsonl", coup)
    lines = path.read_text().splitlines()
    lines[2] = lines[2].replace(old, new)
    path.write_text("\n".join(lines) + "\n")
    _, quarantine = load(path)
    shown = dict((line, r) for _, line, r in quarantine)[3]
    assert reason in shown and shown.isprintable(), shown


@pytest.mark.parametrize("field, written", [
    ("table", '""'), ("table", '" x"'), ("table", '"x "'), ("table", "1.10"), ("table", "true"), ("table", "[1, 2]"),
    ("hand", '""'), ("hand", '" 7"'), ("hand", "7.50"), ("hand", "false"), ("hand", "{a = 1}"),
    ("table", f'"{"x" * (MAX_TEXT_LENGTH + 1)}"'), ("hand", f'"{"7" * (MAX_TEXT_LENGTH + 1)}"'),
])
def test_a_phh_table_or_hand_that_is_no_identifier_is_refused(tmp_path, field, written):
    """PHH's ``table`` and ``hand`` name the table and the hand: a string (an identifier) or an integer. A float
    would be read as Python writes it (7.50 as 7.5), a boolean as True, an empty or padded name would make a table
    id that prints like another (``x.phh:`` beside ``x.phh``)."""
    text = THREE_HANDED.replace("hand = 7", f"{field} = {written}") if field == "hand" else \
        THREE_HANDED + f"{field} = {written}\n"
    _, quarantine = phh_load(tmp_path / "t.phh", text)
    assert len(quarantine) == 1, quarantine
    assert quarantine[0][1].startswith(f"field {field}: expected a printable identifier or an integer, found "), \
        quarantine


@pytest.mark.parametrize("field, written, read", [("table", "5", "t.phh:5"), ("table", '"Table 5"', "t.phh:Table 5"),
                                                  ("hand", "-7", "-7"), ("hand", '"R5-17"', "R5-17")])
def test_a_phh_table_or_hand_of_an_integer_or_a_name_is_read_as_written(tmp_path, field, written, read):
    text = THREE_HANDED.replace("hand = 7", f"{field} = {written}") if field == "hand" else \
        THREE_HANDED + f"{field} = {written}\n"
    con, quarantine = phh_load(tmp_path / "t.phh", text)
    assert quarantine == []
    column = "table_id" if field == "table" else "hand_id"
    assert con.execute(f"SELECT DISTINCT {column} FROM events WHERE {column} IS NOT NULL").fetchall() == [(read,)]


@pytest.mark.parametrize("name", ["", " Bob", "Bob ", "B\u202eob", "B\nob", "x" * (MAX_TEXT_LENGTH + 1)])
def test_a_phh_player_name_that_is_no_identifier_refuses_the_hand(tmp_path, name):
    """A player's name becomes his ``player`` id: an empty one was replaced by his label (``p2``) without a word, a
    hidden character refused his records one by one. The hand is refused, at its ``players`` line."""
    text = THREE_HANDED.replace('"Bob"', json.dumps(name))
    _, quarantine = phh_load(tmp_path / "t.phh", text)
    line = text[:text.index("players =")].count("\n") + 1
    assert [(at, reason.split(":")[0]) for at, reason in quarantine] == [(line, "field players")], quarantine
    assert "player 2" in quarantine[0][1] and "printable identifier" in quarantine[0][1]


def test_the_python_rule_of_identifiers_is_the_schemas():
    con = duckdb.connect()
    for text in REFUSED + ACCEPTED + TOO_LONG[:2] + ["", "\U000e0001", "a\u3000", "\u3000a", "a\u3000b",
                                                     "\U0010fffd", "\ud7ff"]:
        in_sql = con.execute(f"SELECT {identifier_sql('$1')}", [text]).fetchone()[0]
        assert is_identifier(text) == in_sql, repr(text)


CONFIG_TEXT = [("baccarat", "casino"), ("baccarat", "licensee"), ("baccarat", "currency"),
               ("baccarat", "bets_allowed"), ("holdem", "not_logged"), ("stud", "casino")]
FIXTURES = Path(__file__).parent / "fixtures"


def table_with(game: str, key: str, value: str, table: str = "T1") -> list[dict]:
    """A clean log of ``game`` at ``table`` whose configuration declares ``key`` as ``value``."""
    if game == "baccarat":
        rows = baccarat_coup()
    else:
        log = FIXTURES / ("holdem/THE-5.3" if game == "holdem" else "stud/5CS-10.6") / "clean.jsonl"
        rows = [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines()]
    rows = [{**r, "table_id": table} for r in rows]
    return [{**rows[0], "config": {**rows[0]["config"], key: value}}, *rows[1:]]


@pytest.mark.parametrize("game, key", CONFIG_TEXT)
def test_a_config_text_that_is_not_printable_is_refused(tmp_path, game, key):
    """The configuration's free text (the casino and licence holder on the report's cover, the currency, the lists
    of bets and of facts not logged) follows the identifiers' rule: what shows must be what is there. One table per
    value."""
    tables = [table_with(game, key, value, f"T{n}") for n, value in enumerate(REFUSED + TOO_LONG[:1] + [""])]
    _, quarantine = load(write_jsonl(tmp_path / "t.jsonl", [r for rows in tables for r in rows]))
    opens = itertools.accumulate([1] + [len(t) for t in tables[:-1]])  # each table's first line
    reasons = dict((line, r) for _, line, r in quarantine)
    for line in opens:
        assert reasons.get(line, "").startswith(f"config: {key}: expected printable text"), (line, quarantine)
        assert reasons[line].isprintable() and len(reasons[line]) < 300, reasons[line]


@pytest.mark.parametrize("value", ["Grand Lisboa", "澳門銀河", "MOP", "x" * MAX_TEXT_LENGTH])
def test_a_config_text_of_printable_text_is_read_as_written(tmp_path, value):
    con, quarantine = load(write_jsonl(tmp_path / "t.jsonl", table_with("baccarat", "casino", value)))
    assert quarantine == []
    assert json.loads(con.execute("SELECT config FROM tables").fetchone()[0])["casino"] == value


def with_reasons(values: list[str]) -> tuple[list[dict], list[int]]:
    """A log of one coup per value, each at its own table, with a correction whose ``reason`` is the value; and the
    indexes of the corrections."""
    rows: list[dict] = []
    changed: list[int] = []
    for n, value in enumerate(values):
        coup = baccarat_coup(table=f"T{n}", start_seq=1)
        coup[-1]["seq"] = 101
        coup.insert(-1, {**coup[-1], "seq": 100, "event": "correction", "reason": value})
        changed.append(len(rows) + len(coup) - 2)
        rows += coup
    return rows, changed


@pytest.mark.parametrize("writer, suffix, first", FORMATS)
def test_a_free_text_reason_follows_the_rule_of_identifiers(tmp_path, writer, suffix, first):
    """A correction's or void's free text shows on the report as written: held to the identifiers' rule (and their
    length), as a configuration's free text is. It had no limit and could hold any hidden character."""
    values = REFUSED + TOO_LONG[:2] + ([] if suffix == "csv" else [""])
    rows, changed = with_reasons(values)
    _, quarantine = load(writer(tmp_path / f"t.{suffix}", rows))
    lines = [line for _, line, reason in quarantine if "field reason: expected printable text" in reason]
    if suffix == "csv":  # a quoted line break makes a record span two lines
        assert len(lines) == len(changed), quarantine
    else:
        assert lines == [first + i for i in changed], quarantine
    rows, _ = with_reasons(ACCEPTED)
    con, quarantine = load(writer(tmp_path / f"ok.{suffix}", rows))
    assert quarantine == []
    read = con.execute("SELECT reason FROM events WHERE reason IS NOT NULL").fetchall()
    assert sorted(v for (v,) in read) == sorted(ACCEPTED)
