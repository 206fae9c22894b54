"""Hostile input never crashes the audit and is never read otherwise than as written: each case is a quarantined
record with its reason (issue 10, section 4)."""

from __future__ import annotations

import codecs
import json
import re
from datetime import UTC, datetime
from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq
import pytest
from typer.testing import CliRunner

from auditor.cli import app
from auditor.ingest.schema import load_schema
from tests.conftest import baccarat_coup, write_csv, write_jsonl, write_parquet
from tests.test_ingest import load
from tests.test_phh import THREE_HANDED


def reasons(quarantine: list[tuple]) -> dict[int, str]:
    return {line: reason for _, line, reason in quarantine}


def with_config_text(path: Path, rows: list[dict], config: str) -> Path:
    """``rows`` as JSON Lines, the first record's config replaced by the JSON text ``config``."""
    write_jsonl(path, rows)
    lines = path.read_text().splitlines()
    first = json.loads(lines[0])
    first["config"] = "@CONFIG@"
    lines[0] = json.dumps(first).replace('"@CONFIG@"', config)
    path.write_text("\n".join(lines) + "\n")
    return path


def with_bet_amount(path: Path, rows: list[dict], written: str) -> Path:
    """``rows`` as JSON Lines, the bet's ``"amount": "100"`` (line 3) replaced by the JSON text ``written``."""
    write_jsonl(path, rows)
    lines = path.read_text().splitlines()
    lines[2] = lines[2].replace('"amount": "100"', written)
    path.write_text("\n".join(lines) + "\n")
    return path


@pytest.mark.parametrize("value", [
    "[" * 100_000 + "]" * 100_000,  # beyond Python's recursion limit
    "{" + '"a":{' * 5_000 + "}" * 5_001,
])
def test_a_deeply_nested_config_is_quarantined(tmp_path, coup, value):
    config = json.dumps(coup[0]["config"])[:-1] + f', "casino": {value}}}'
    _, quarantine = load(with_config_text(tmp_path / "t.jsonl", coup, config))
    assert "config: nested more than" in reasons(quarantine)[1]
    assert len(quarantine) == len(coup)  # the table has no valid table_open


def test_a_deeply_nested_config_in_csv_is_quarantined(tmp_path, coup):
    coup[0]["config"] = '{"casino": ' + "[" * 10_000 + "]" * 10_000 + "}"  # a CSV cell holds at most 128 KiB
    _, quarantine = load(write_csv(tmp_path / "t.csv", coup))
    assert "nested more than" in reasons(quarantine)[2]


@pytest.mark.parametrize("key, digits, reason", [
    ("decks", "9" * 5000, "config: decks: expected an integer of at most 18 digits"),
    ("min_bet", "9" * 5000, "config: min_bet: expected an exact decimal"),
    ("min_bet", "1." + "0" * 5000, "config: min_bet: expected an exact decimal"),
])
def test_a_huge_number_in_a_config_is_quarantined(tmp_path, coup, key, digits, reason):
    config = json.dumps({**coup[0]["config"], key: "@N@"}).replace('"@N@"', digits)
    _, quarantine = load(with_config_text(tmp_path / "t.jsonl", coup, config))
    assert reason in reasons(quarantine)[1]
    assert len(reasons(quarantine)[1]) < 1000  # the number is not quoted whole


@pytest.mark.parametrize("amount, accepted", [
    ("100.000000000000001", False),  # a binary float would read 100.0
    ("1.00000", False),  # five decimals written, whatever their value
    ("1e2", False),  # an exponent is no exact decimal of the format
    ("12.5", True),
])
def test_a_config_money_number_is_read_as_written(tmp_path, coup, amount, accepted):
    config = json.dumps({**coup[0]["config"], "min_bet": "@N@"}).replace('"@N@"', amount)
    con, quarantine = load(with_config_text(tmp_path / "t.jsonl", coup, config))
    if accepted:
        assert quarantine == []
        assert json.loads(con.execute("SELECT config FROM tables").fetchone()[0])["min_bet"] == amount
    else:
        assert "config: min_bet: expected an exact decimal" in reasons(quarantine)[1]


def test_a_duplicate_key_in_a_config_is_refused(tmp_path, coup):
    config = json.dumps(coup[0]["config"])[:-1] + ', "decks": 6}'
    _, quarantine = load(with_config_text(tmp_path / "t.jsonl", coup, config))
    assert "config: key decks given twice" in reasons(quarantine)[1]


def test_a_duplicate_field_is_refused_naming_it(tmp_path, coup):
    _, quarantine = load(with_bet_amount(tmp_path / "t.jsonl", coup, '"amount": "1000", "amount": "999999"'))
    assert reasons(quarantine) == {3: "field(s) given twice: amount"}


def test_a_phh_array_nested_50000_deep_is_quarantined(tmp_path):
    path = tmp_path / "deep.phh"
    path.write_text(THREE_HANDED.replace("antes = [0, 0, 0]", "antes = " + "[" * 50_000 + "]" * 50_000))
    _, quarantine = load(path)
    assert "nested more than" in reasons(quarantine)[2]


@pytest.mark.parametrize("old, new, line", [
    ("starting_stacks = [200,", "starting_stacks = [" + "9" * 400 + ",", 5),
    ("starting_stacks = [200,", "starting_stacks = [" + "9" * 400 + ".5,", 5),
    ("min_bet = 2", "min_bet = " + "9" * 400, 4),
    ('"p3 cbr 6"', '"p3 cbr ' + "9" * 400 + '"', 8),
])
def test_a_400_digit_phh_amount_is_quarantined(tmp_path, old, new, line):
    path = tmp_path / "big.phh"
    path.write_text(THREE_HANDED.replace(old, new))
    _, quarantine = load(path)
    assert "more than 14 integer digits" in reasons(quarantine)[line]


@pytest.mark.parametrize("first, second", [('"²"', '"³"'), ('"' + "9" * 1000 + '"', '"' + "8" * 1000 + '"')])
def test_phh_hand_numbers_that_int_cannot_read_are_ordered_as_text(tmp_path, first, second):
    """Hand numbers order a table's hands digit run by digit run: a superscript digit, which int() refuses, is
    compared as text instead of stopping the audit; a run of 1,000 digits (the longest name) as a number."""
    path = tmp_path / "t.phhs"
    path.write_text(f"[1]\n{THREE_HANDED.replace('hand = 7', f'hand = {first}')}\n"
                    f"[2]\n{THREE_HANDED.replace('hand = 7', f'hand = {second}')}")
    con, quarantine = load(path)
    assert quarantine == [] and con.execute("SELECT count(DISTINCT hand_id) FROM events").fetchone()[0] == 2


STRICT_VALUES = [
    ("spot", "0x8"), ("spot", "0b1"), ("spot", "0o7"), ("spot", "1_000"), ("spot", "1e9"), ("spot", " 8"),
    ("spot", "+8"), ("spot", "08"), ("spot", "1.0"),
    ("seq", "-3"),  # seq is at least 0, a seat at least 1
    ("ts", "infinity"), ("ts", "-infinity"), ("ts", "epoch"), ("ts", "2024-1-1"), ("ts", "2024-05-01 BC"),
    ("ts", "2024-05-01T10:00:00.1234567"),  # finer than the microseconds kept
    ("standing", "TRUE"), ("standing", "yes"),
]


WRITERS = [(write_jsonl, "jsonl", 1), (write_csv, "csv", 2), (write_parquet, "parquet", 1)]


def with_value(path: Path, rows: list[dict], field: str, text: str, writer) -> Path:
    """``rows`` written by ``writer`` with the third record's ``field`` written as ``text``: in a Parquet file a string
    column for the field, whatever its type."""
    if writer is not write_parquet:
        return writer(path, [*rows[:2], {**rows[2], field: text}, *rows[3:]])
    table = pq.read_table(write_parquet(path, rows))
    if field not in table.column_names:
        table = table.append_column(field, pa.nulls(table.num_rows, pa.string()))
    column = [None if v is None else str(v).lower() if isinstance(v, bool) else str(v)
              for v in table.column(field).to_pylist()]
    column[2] = text
    pq.write_table(table.set_column(table.schema.get_field_index(field), field, pa.array(column, pa.string())), path)
    return path


@pytest.fixture(scope="module")
def strict_reasons(tmp_path_factory) -> dict[tuple[str, int], str]:
    """Every case below in one ingest (one file and table a case): the quarantine's reasons by file and line."""
    folder = tmp_path_factory.mktemp("strict")
    paths = [with_value(folder / f"{i}-{field}.{suffix}", baccarat_coup(table=f"{suffix}-{i}"), field, text, writer)
             for writer, suffix, _ in WRITERS for i, (field, text) in enumerate(STRICT_VALUES)]
    _, quarantine = load(*paths)
    return {(file, line): reason for file, line, reason in quarantine}


@pytest.mark.parametrize("field, text", STRICT_VALUES)
@pytest.mark.parametrize("suffix, first", [(suffix, first) for _, suffix, first in WRITERS])
def test_only_the_schemas_own_notation_is_accepted(strict_reasons, field, text, suffix, first):
    """As text (every CSV value, a string column of a Parquet file, a JSON string) a value of the schema's type is
    written in its one notation: what some tools read otherwise, or read at all, is refused."""
    name = f"{STRICT_VALUES.index((field, text))}-{field}.{suffix}"
    assert f"field {field}: expected" in strict_reasons.get((name, first + 2), ""), \
        {key: reason for key, reason in strict_reasons.items() if key[0] == name}


@pytest.mark.parametrize("field, value", [
    ("seq", 3.0), ("spot", 10**19), ("standing", 1), ("hand_id", ["C1"]), ("amount", True), ("ts", 1714550400),
])
def test_a_json_value_of_another_type_is_refused(tmp_path, coup, field, value):
    coup[2][field] = value
    _, quarantine = load(write_jsonl(tmp_path / "t.jsonl", coup))
    assert f"field {field}: expected" in reasons(quarantine).get(3, ""), quarantine


@pytest.mark.parametrize("amount", ["100.000000000000001", "100.00000", "1e2", "1E+2", "0.1e1"])
def test_a_json_number_of_money_is_read_as_written(tmp_path, coup, amount):
    """Not through a binary float, which would give 100.0 or 1.0 for all of these."""
    _, quarantine = load(with_bet_amount(tmp_path / "t.jsonl", coup, f'"amount": {amount}'))
    assert reasons(quarantine)[3].startswith("field amount: expected an exact decimal"), quarantine


@pytest.mark.parametrize("old, new, field", [('"amount": "100"', '"amount": -0', "amount"),
                                             ('"amount": "100"', '"amount": -0.0', "amount"),
                                             ('"seq": 3', '"seq": -0', "seq"), ('"seq": 3', '"seq": -00', None)])
def test_a_json_number_with_a_minus_sign_is_refused_even_for_zero(tmp_path, coup, old, new, field):
    """The schema's notation has no sign (the text "-0" is refused); DuckDB reads the JSON number -0 as 0, which was
    accepted: a bet of 0, a seq of 0. ``-00`` is not JSON."""
    path = write_jsonl(tmp_path / "t.jsonl", coup)
    lines = path.read_text().splitlines()
    assert old in lines[2]
    lines[2] = lines[2].replace(old, new)
    path.write_text("\n".join(lines) + "\n")
    _, quarantine = load(path)
    assert reasons(quarantine)[3].startswith(f"field {field}: expected" if field else "malformed JSON"), quarantine


def test_a_json_number_of_money_with_4_decimals_is_exact_at_any_size(tmp_path, coup):
    con, quarantine = load(with_bet_amount(tmp_path / "t.jsonl", coup, '"amount": 12345678901234.5678'))
    assert quarantine == []
    assert con.execute("SELECT amount::VARCHAR FROM events WHERE line = 3").fetchone()[0] == "12345678901234.5678"


@pytest.mark.parametrize("writer, suffix, first", [(write_jsonl, "jsonl", 1), (write_csv, "csv", 2),
                                                   (write_parquet, "parquet", 1)])
@pytest.mark.parametrize("row, field, value", [(2, "payout", "5"), (7, "amount", "10"), (3, "seat", 1),
                                               (0, "reason", "notes"), (9, "card", "As")])
def test_a_field_the_event_does_not_use_is_refused(tmp_path, coup, writer, suffix, first, row, field, value):
    """A payout on a bet would be a statement of the log that no check reads: refused like an unknown field."""
    coup[row][field] = value
    _, quarantine = load(writer(tmp_path / f"t.{suffix}", coup))
    event = coup[row]["event"]
    assert f"event {event} does not use field(s) {field}" in reasons(quarantine).get(first + row, ""), quarantine


def test_a_json_lines_file_with_a_byte_order_mark(tmp_path, coup):
    path = write_jsonl(tmp_path / "t.jsonl", coup)
    path.write_bytes(codecs.BOM_UTF8 + path.read_bytes())
    con, quarantine = load(path)
    assert quarantine == []
    assert con.execute("SELECT count(*) FROM events").fetchone()[0] == len(coup)


def test_a_json_lines_file_with_a_byte_order_mark_and_a_bad_line(tmp_path, coup):
    """The line-by-line reader (a line not UTF-8) strips it too."""
    path = write_jsonl(tmp_path / "t.jsonl", coup)
    path.write_bytes(codecs.BOM_UTF8 + path.read_bytes() + b'{"x": "\xff"}\n')
    _, quarantine = load(path)
    assert list(reasons(quarantine)) == [len(coup) + 1]


def test_an_unterminated_csv_quote_keeps_every_line_counted_and_shown(tmp_path, coup):
    path = write_csv(tmp_path / "t.csv", coup)
    lines = path.read_text().splitlines()
    lines[3] = lines[3].replace(",", ',"', 1)  # line 4 opens a quote it never closes
    path.write_text("\n".join(lines) + "\n")
    con, quarantine = load(path)
    shown = con.execute("SELECT line, raw FROM quarantine WHERE reason = ? ORDER BY line",
                        [f"malformed CSV row: unexpected end of data (lines 4 to {len(lines)} read as one row)"]
                        ).fetchall()
    assert shown == list(zip(range(4, len(lines) + 1), lines[3:]))
    assert [q[1:] for q in quarantine if q[1] < 4] == [(3, "hand C1 never ended (truncated log?)")]


def test_an_unreadable_csv_header_keeps_every_line_counted_and_shown(tmp_path, coup):
    path = write_csv(tmp_path / "t.csv", coup)
    lines = path.read_text().splitlines()
    lines[0] = 'table_id,"game' + lines[0].removeprefix("table_id,game")
    path.write_text("\n".join(lines) + "\n")
    con, quarantine = load(path)
    assert [line for _, line, _ in quarantine] == list(range(1, len(lines) + 1))
    assert [r for (r,) in con.execute("SELECT raw FROM quarantine ORDER BY line").fetchall()] == lines


def test_a_csv_row_of_the_wrong_shape_shows_its_lines_as_written(tmp_path, coup):
    path = write_csv(tmp_path / "t.csv", coup)
    lines = path.read_text().splitlines()
    lines[4] = lines[4] + ',"x\ny"'  # one field too many, over two lines
    path.write_text("\n".join(lines) + "\n")
    con, _ = load(path)
    shown = con.execute("SELECT line, raw FROM quarantine WHERE reason LIKE 'CSV row has%' ORDER BY line").fetchall()
    assert shown == [(5, lines[4].split("\n")[0]), (6, 'y"')]


def test_a_memory_limit_too_small_is_an_input_error_with_a_message(tmp_path, coup):
    path = write_jsonl(tmp_path / "t.jsonl", coup * 1)
    result = CliRunner().invoke(app, ["audit", str(path), "--out", str(tmp_path / "out"), "--no-pdf", "--quiet",
                                      "--memory-limit", "1MB"])
    assert result.exit_code == 2, result.output
    assert "out of memory" in result.output and "--memory-limit" in result.output
    assert "Traceback" not in result.output


def _doc_event_fields() -> dict[tuple[str, str], set[str]]:
    """(event, game) -> the fields the event tables of docs/log-format.md list (Baccarat; Texas Hold'em)."""
    doc = (Path(__file__).resolve().parents[1] / "docs" / "log-format.md").read_text(encoding="utf-8")
    sections = {"baccarat": doc.split("## Baccarat")[1].split("\n## ")[0],
                "holdem": doc.split("## Texas Hold'em")[1].split("\n## ")[0].split("### ")[0]}
    found = {}
    for game, text in sections.items():
        for row in re.findall(r"^\| `(\w+)` \| ([^|]*) \|", text, re.MULTILINE):
            cell = re.sub(r"\([^)]*\)", "", row[1])  # values in parentheses: `to` (`player`/`banker`)
            found[(row[0], game)] = {name.split(":")[0] for name in re.findall(r"`([^`]+)`", cell)}
    return found


def test_the_fields_of_each_event_are_the_same_in_the_docs_and_the_schema():
    schema = load_schema()
    envelope = {"table_id", "game", "seq", "event", "ts", "shoe_id", "hand_id"}
    documented = _doc_event_fields()
    assert len(documented) >= 30
    for (event, game), fields in documented.items():
        assert fields - envelope == set(schema.events[event].uses[game]) - envelope, (event, game)


@pytest.mark.parametrize("ts, utc", [
    ("2024-05-01", "2024-05-01 00:00:00"), ("2024-05-01T09:45:39", "2024-05-01 09:45:39"),
    ("2024-05-01 09:45:39.497", "2024-05-01 09:45:39.497"),
    ("2024-05-01T09:45:39.123456Z", "2024-05-01 09:45:39.123456"),
    ("2024-05-01T09:45:39+08:00", "2024-05-01 01:45:39"), ("2024-05-01T09:45-0130", "2024-05-01 11:15:00"),
])
def test_iso_8601_timestamps_are_read(tmp_path, coup, ts, utc):
    coup[2]["ts"] = ts
    con, quarantine = load(write_csv(tmp_path / "t.csv", coup))
    assert quarantine == []
    assert con.execute("SELECT ts::VARCHAR FROM events WHERE line = 4").fetchone()[0] == utc


@pytest.mark.parametrize("kind", [pa.timestamp("ms"), pa.timestamp("us", tz="UTC"), pa.timestamp("s", tz="+08:00")])
def test_a_parquet_timestamp_column_is_read(tmp_path, coup, kind):
    path = write_parquet(tmp_path / "t.parquet", coup)
    table = pq.read_table(path)
    stamps = pa.array([datetime(2024, 5, 1, 9, 45, 39, tzinfo=UTC)] * table.num_rows, pa.timestamp("s", "UTC"))
    pq.write_table(table.append_column("ts", stamps.cast(kind)), path)
    con, quarantine = load(path)
    assert quarantine == []
    assert con.execute("SELECT DISTINCT ts::VARCHAR FROM events").fetchall() == [("2024-05-01 09:45:39",)]


FIXTURES = Path(__file__).parent / "fixtures"


@pytest.mark.parametrize("game, log", [
    ("baccarat", None),
    ("holdem", FIXTURES / "holdem" / "THE-5.3" / "clean.jsonl"),
    ("stud", FIXTURES / "stud" / "5CS-10.6" / "clean.jsonl"),
])
def test_a_config_key_given_null_is_quarantined(tmp_path, coup, game, log):
    """``"big_blind": null`` is no value of the key's type: the table_open is refused, whatever the key, required or
    not (a null big blind, blind limit, rake rate or not_logged crashed the audit). One file and table a key, all
    read in one ingest."""
    rows = coup if log is None else [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines()]
    keys, _ = load_schema().config[game]
    assert rows[0]["event"] == "table_open"
    paths = {key: write_jsonl(tmp_path / f"{game}-{key}.jsonl", [
        {**rows[0], "table_id": key, "config": {**rows[0]["config"], key: None}},
        *({**row, "table_id": key} for row in rows[1:])]) for key in keys}
    _, quarantine = load(*paths.values())
    for key, path in paths.items():
        first = [reason for file, line, reason in quarantine if file == path.name and line == 1]
        assert first and f"config: {key} is null" in first[0], (key, quarantine)
