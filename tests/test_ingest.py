"""Ingest: every accepted format, provenance, and each kind of broken input quarantined with file, line and reason."""

from __future__ import annotations

import codecs
import json
import os
from pathlib import Path

import duckdb
import pyarrow as pa
import pyarrow.parquet as pq
import pytest

from auditor.ingest import stage as stage_module
from auditor.ingest.discover import InputError, discover
from auditor.ingest.load import ingest
from auditor.ingest.readers import read_file
from tests.conftest import BACCARAT_CONFIG, baccarat_coup, write_csv, write_jsonl, write_parquet


def load(*paths: Path) -> tuple[duckdb.DuckDBPyConnection, list[tuple]]:
    con = duckdb.connect()
    result = ingest(con, discover(list(paths)))
    quarantine = con.execute("SELECT file, line, reason FROM quarantine ORDER BY file, line").fetchall()
    events = con.execute("SELECT count(*) FROM events").fetchone()[0]
    assert sum(i.records for i in result.inputs) == events + len(quarantine), "a record was dropped"
    return con, quarantine


@pytest.mark.parametrize("writer,suffix", [(write_jsonl, "jsonl"), (write_csv, "csv"), (write_parquet, "parquet")])
def test_each_format_loads_the_same_typed_events(tmp_path, coup, writer, suffix):
    con, quarantine = load(writer(tmp_path / f"t1.{suffix}", coup))
    assert quarantine == []
    rows = con.execute("SELECT line, event, target, amount::VARCHAR, standing FROM events ORDER BY seq").fetchall()
    first_line = 2 if suffix == "csv" else 1  # CSV line 1 is the header; Parquet counts rows from 1
    assert rows[0][:2] == (first_line, "table_open")
    assert rows[2][1:] == ("bet", None, "100.0000", False)
    assert rows[3][2] == "player"  # the log field `to` is stored as column `target`
    config = json.loads(con.execute("SELECT config FROM tables").fetchone()[0])
    assert config["decks"] == 8 and config["chip_unit"] == "1"


def test_money_is_exact_decimal(tmp_path, coup):
    coup[2]["amount"] = "0.1"
    coup[8]["amount"] = 0.2  # a JSON number with few decimals is accepted as the same decimal
    con, quarantine = load(write_jsonl(tmp_path / "t.jsonl", coup))
    assert quarantine == []
    assert con.execute("SELECT sum(amount)::VARCHAR FROM events").fetchone()[0] == "0.3000"



@pytest.mark.parametrize("field, value, accepted", [
    ("amount", 99999999999999, "99999999999999.0000"),  # a JSON integer is exact
    ("amount", 99999999999.9999, "99999999999.9999"),  # below 10^11 a float gives every 4-decimal amount back
    ("amount", 1234567890123.4568, "1234567890123.4568"),  # read as written, above 10^11 too (not as a float)
    ("amount", 1e2, "100.0000"),
    ("amount", "-100", None), ("amount", -100, None),  # money is never negative
    ("seq", 3.0, None),  # an integer field refuses a float
])
def test_money_and_integers_given_as_json_numbers(tmp_path, coup, field, value, accepted):
    coup[2][field] = value
    con, quarantine = load(write_jsonl(tmp_path / "t.jsonl", coup))
    if accepted is None:
        assert [q[1] for q in quarantine][:1] == [3] and f"field {field}: expected" in quarantine[0][2]
    else:
        assert quarantine == []
        assert con.execute("SELECT amount::VARCHAR FROM events WHERE line = 3").fetchone()[0] == accepted


def test_a_parquet_float_column_of_money_is_read_only_where_exact(tmp_path, coup):
    path = write_parquet(tmp_path / "t.parquet", coup)
    table = pq.read_table(path)
    amounts = [None if a is None else float(a) for a in table.column("amount").to_pylist()]
    amounts[2], amounts[8] = 125.5, 1234567890123.4567
    pq.write_table(table.set_column(table.schema.get_field_index("amount"), "amount", pa.array(amounts, pa.float64())),
                   path)
    con, quarantine = load(path)
    assert [(line, reason.split(", found")[0]) for _, line, reason in quarantine][:1] == [
        (9, "field amount: expected an exact decimal (at most 14 digits and 4 decimals; as a binary float, "
            "below 10^11)")]
    assert con.execute("SELECT amount::VARCHAR FROM events WHERE line = 3").fetchone()[0] == "125.5000"


BAD_RECORDS = [
    ("malformed JSON", '{"table_id": "T1", "game": "baccarat", "seq": 99, "event": "deal"', "malformed JSON"),
    ("unknown event", {"event": "teleport", "hand_id": "C1"}, "unknown event type teleport"),
    ("unknown field", {"event": "deal", "hand_id": "C1", "card": "9s", "to": "player", "colour": "red"},
     "unknown field(s): colour"),
    ("impossible card", {"event": "deal", "hand_id": "C1", "card": "1x", "to": "player"},
     "field card: expected a card"),
    ("wrong type", {"event": "deal", "hand_id": "C1", "card": "9s", "to": "player", "seq": "late"},
     "field seq: expected an integer"),
    ("money too precise", {"event": "bet", "hand_id": "C1", "player": "p2", "bet_type": "tie", "amount": "1.00001"},
     "field amount: expected an exact decimal"),
    ("missing field", {"event": "bet", "hand_id": "C1", "player": "p2", "bet_type": "tie"},
     "event bet: missing required field(s) amount"),
    ("wrong game", {"event": "board", "hand_id": "C1", "card": "9s"}, "event board does not exist in baccarat"),
    ("object for a string", {"event": "deal", "hand_id": "C1", "card": "9s", "to": {"a": [1]}},
     'field to: expected a string, found {"a":[1]}'),
    ("array for an integer", {"event": "deal", "hand_id": "C1", "card": "9s", "to": "player", "seat": [1]},
     "field seat: expected an integer from 1 to 9223372036854775807, found [1]"),
    ("not an object", '  [{"table_id": "T1", "game": "baccarat", "seq": 50, "event": "deal"}]',
     "record is not a JSON object"),
    ("text after the object", '{"table_id": "T1", "game": "baccarat", "seq": 50, "event": "deal"} {}',
     "malformed JSON"),
]


@pytest.mark.parametrize("name,record,reason", BAD_RECORDS, ids=[b[0] for b in BAD_RECORDS])
def test_bad_record_is_quarantined_with_file_line_and_reason(tmp_path, coup, name, record, reason):
    path = write_jsonl(tmp_path / "t.jsonl", coup)
    if isinstance(record, dict):
        record = json.dumps({"table_id": "T1", "game": "baccarat", "seq": 50, **record})
    lines = path.read_text().splitlines()
    lines.insert(4, record)  # inside the coup, as line 5
    path.write_text("\n".join(lines) + "\n")
    _, quarantine = load(path)
    assert [(Path(f).name, line) for f, line, _ in quarantine] == [("t.jsonl", 5)]
    assert reason in quarantine[0][2]


def test_json_text_that_only_looks_like_an_object_is_a_string(tmp_path, coup):
    """A string holding braces is a string, and whitespace before the object is JSON's."""
    coup[2]["player"] = "{p1}"
    coup[8]["player"] = "[p1]"
    path = write_jsonl(tmp_path / "t.jsonl", coup)
    lines = path.read_text().splitlines()
    lines[1] = " \t" + lines[1]
    path.write_text("\n".join(lines) + "\n")
    con, quarantine = load(path)
    assert quarantine == []
    assert con.execute("SELECT list(player ORDER BY seq) FILTER (WHERE player IS NOT NULL) FROM events").fetchone()[0] \
        == ["{p1}", "[p1]"]


def test_duplicate_seq_keeps_the_first_and_names_it(tmp_path, coup):
    coup[5]["seq"] = coup[4]["seq"]
    _, quarantine = load(write_jsonl(tmp_path / "t.jsonl", coup))
    assert len(quarantine) == 1 and quarantine[0][1] == 6
    assert f"duplicate seq {coup[4]['seq']} at table T1 (first at" in quarantine[0][2]


def test_event_after_the_coup_ended(tmp_path, coup):
    late = {**coup[3], "seq": 100, "card": "Kd"}
    _, quarantine = load(write_jsonl(tmp_path / "t.jsonl", coup + [late]))
    assert [(q[1], q[2]) for q in quarantine] == [(11, "event after the end of hand C1")]


def test_truncated_file(tmp_path, coup):
    path = write_jsonl(tmp_path / "t.jsonl", coup[:-1])  # the coup never ends
    text = path.read_text() + '{"table_id": "T1", "game": "bacc'  # and the last line is cut off
    path.write_text(text)
    _, quarantine = load(path)
    reasons = {line: reason for _, line, reason in quarantine}
    assert reasons[10] == "truncated record at end of file (no final newline)"
    assert reasons[2] == "hand C1 never ended (truncated log?)"
    assert len(quarantine) == 9  # every record of the unfinished coup, and the cut line


def test_table_without_valid_configuration(tmp_path, coup):
    coup[0]["config"] = {**coup[0]["config"], "decks": "eight", "color": "red"}
    _, quarantine = load(write_jsonl(tmp_path / "t.jsonl", coup))
    assert "config: decks: expected an integer" in quarantine[0][2]
    assert "config: unknown key color" in quarantine[0][2]
    assert all("has no valid table_open" in q[2] for q in quarantine[1:]) and len(quarantine) == len(coup)



@pytest.mark.parametrize("unit, reason", [("0", "an amount above zero"), ("-5", "an exact decimal")])
def test_chip_unit_must_be_above_zero(tmp_path, coup, unit, reason):
    """The chip unit divides every commission and odd chip: zero or less is a broken configuration, not a crash."""
    coup[0]["config"] = {**coup[0]["config"], "chip_unit": unit}
    _, quarantine = load(write_jsonl(tmp_path / "t.jsonl", coup))
    assert f'config: chip_unit: expected {reason}' in quarantine[0][2] and f'found "{unit}"' in quarantine[0][2]
    assert len(quarantine) == len(coup)


def test_a_configuration_integer_beyond_64_bits_is_refused(tmp_path, coup):
    coup[0]["config"] = {**coup[0]["config"], "decks": 10**19}
    _, quarantine = load(write_jsonl(tmp_path / "t.jsonl", coup))
    assert "config: decks: expected an integer of at most 18 digits" in quarantine[0][2]


def test_tables_that_give_one_configuration_each_get_its_outcome(tmp_path):
    """A configuration that several tables give alike is checked once; each of them gets its outcome (Parquet
    files: the configuration's text alone; JSON Lines: as written in its record)."""
    bad = {**BACCARAT_CONFIG, "decks": "eight"}
    tables = [("A", BACCARAT_CONFIG, "jsonl"), ("B", bad, "jsonl"), ("C", bad, "parquet"),
              ("D", BACCARAT_CONFIG, "parquet"), ("E", bad, "parquet")]
    for table, config, suffix in tables:
        rows = baccarat_coup(table)
        rows[0]["config"] = config
        (write_jsonl if suffix == "jsonl" else write_parquet)(tmp_path / f"{table}.{suffix}", rows)
    con, quarantine = load(tmp_path)
    assert {(file, line) for file, line, reason in quarantine if "config: decks: expected an integer" in reason} == {
        ("B.jsonl", 1), ("C.parquet", 1), ("E.parquet", 1)}
    assert con.execute("SELECT table_id, config::VARCHAR FROM tables ORDER BY 1").fetchall() == [
        (t, json.dumps(BACCARAT_CONFIG, sort_keys=True)) for t in ("A", "D")]


def test_a_poker_action_that_moves_chips_needs_its_amount(tmp_path):
    """A call without its amount was replayed as a call of 0 (five false findings in one hand): it is broken input."""
    rows = [{"table_id": "H1", "game": "holdem", "seq": i, **r} for i, r in enumerate([
        {"event": "table_open", "config": {"betting": "no_limit", "small_blind": "5", "big_blind": "10",
                                           "chip_unit": "1", "seats": 10}},
        {"event": "hand_start", "hand_id": "1"},
        {"event": "action", "hand_id": "1", "seat": 1, "action": "fold"},
        {"event": "action", "hand_id": "1", "seat": 2, "action": "call"},
        {"event": "hand_end", "hand_id": "1"},
    ], 1)]
    _, quarantine = load(write_jsonl(tmp_path / "t.jsonl", rows))
    assert [(line, reason) for _, line, reason in quarantine if line == 4] == [
        (4, "event action: missing required field amount (for action call)")]
    assert all(line != 3 for _, line, _ in quarantine)  # a fold moves no chips


def test_a_seat_taken_twice_in_a_hand_is_quarantined(tmp_path):
    """Two seat events for one seat in one hand say two things of it (the last one silently won before)."""
    rows = [{"table_id": "H1", "game": "holdem", "seq": i, **r} for i, r in enumerate([
        {"event": "table_open", "config": {"betting": "no_limit", "small_blind": "5", "big_blind": "10",
                                           "chip_unit": "1", "seats": 10}},
        {"event": "hand_start", "hand_id": "1"},
        {"event": "seat", "hand_id": "1", "seat": 2, "player": "ann", "amount": "1000"},
        {"event": "seat", "hand_id": "1", "seat": 3, "player": "bob", "amount": "1000"},
        {"event": "seat", "hand_id": "1", "seat": 2, "player": "eve", "amount": "5000"},
        {"event": "hand_end", "hand_id": "1"},
        {"event": "hand_start", "hand_id": "2"},
        {"event": "seat", "hand_id": "2", "seat": 2, "player": "ann", "amount": "1000"},  # a new hand: a new seating
        {"event": "hand_end", "hand_id": "2"},
    ], 1)]
    path = write_jsonl(tmp_path / "t.jsonl", rows)
    _, quarantine = load(path)
    assert [(line, reason) for _, line, reason in quarantine] == [
        (5, f"seat 2 seated twice in hand 1 (first at {path.name}:3)")]


def test_the_coups_after_the_cut_card_are_0_or_1(tmp_path, coup):
    """Art. 3(1): the last coup, "or only one more coup": a table declaring 3 (or 2^63 - 1) has no valid opening."""
    coup[0]["config"] = {**coup[0]["config"], "coups_after_cut_card": 3}
    _, quarantine = load(write_jsonl(tmp_path / "t.jsonl", coup))
    assert "config: coups_after_cut_card: expected one of 0, 1, found 3" in quarantine[0][2]


def test_a_shoe_started_twice_at_a_table_is_quarantined(tmp_path):
    """docs/log-format.md: a shoe_id is unique per table. A second shoe_start of it would merge two shoes (their
    burns, coups and cards counted as one shoe), and so would a second shoe_end; another table may use the same
    shoe_id."""
    rows = [{"table_id": t, "game": "baccarat", "seq": i, **r} for i, (t, r) in enumerate([
        ("T1", {"event": "table_open", "config": BACCARAT_CONFIG}),
        ("T1", {"event": "shoe_start", "shoe_id": "S1"}),
        ("T1", {"event": "shoe_end", "shoe_id": "S1"}),
        ("T1", {"event": "shoe_start", "shoe_id": "S1"}),
        ("T1", {"event": "shoe_end", "shoe_id": "S1"}),
        ("T2", {"event": "table_open", "config": BACCARAT_CONFIG}),
        ("T2", {"event": "shoe_start", "shoe_id": "S1"}),
    ], 1)]
    path = write_jsonl(tmp_path / "t.jsonl", rows)
    _, quarantine = load(path)
    assert [(line, reason) for _, line, reason in quarantine] == [
        (4, f"shoe S1 started twice at table T1 (first at {path.name}:2)"),
        (5, f"a second shoe_end of shoe S1 (first at {path.name}:3)")]


def test_a_second_result_void_or_cut_card_is_quarantined(tmp_path):
    """A coup has one declared result and is voided once; a shoe's cut card comes out once. A later one would say
    another thing of the coup or shoe, and the first silently won before: it is quarantined, naming the first."""
    c1, c2, c3 = (baccarat_coup(hand=h) for h in ("C1", "C2", "C3"))
    result = 7  # the index of a coup's result event
    void, cut_card = dict(c2[result], event="void", reason="x"), dict(c2[result], event="cut_card", shoe_id="S1")
    for extra in (void, cut_card):
        del extra["result"]
    rows = [*c1[:result + 1], dict(c1[result], result="banker"), *c1[result + 1:],  # lines 8 and 9
            *c2[1:result], void, dict(void, reason="y"), cut_card, *c2[result + 1:],  # lines 18, 19, 20
            *c3[1:result], dict(cut_card, hand_id="C3"), *c3[result:]]  # line 29
    path = write_jsonl(tmp_path / "t.jsonl", [dict(r, seq=n) for n, r in enumerate(rows, 1)])
    _, quarantine = load(path)
    assert [(n, reason) for _, n, reason in quarantine] == [
        (9, f"a second result of hand C1 (first at {path.name}:8)"),
        (19, f"a second void of hand C2 (first at {path.name}:18)"),
        (29, f"a second cut_card of shoe S1 (first at {path.name}:20)")]


def test_a_baccarat_refund_event_is_refused(tmp_path, coup):
    """No baccarat rule reads a refund event (a voided coup's bets are settled refund): it would be silently ignored."""
    refund = {k: coup[8][k] for k in ("table_id", "game", "hand_id", "amount")} | {"event": "refund"}
    rows = [dict(r, seq=n) for n, r in enumerate([*coup[:8], refund, *coup[8:]], 1)]
    _, quarantine = load(write_jsonl(tmp_path / "t.jsonl", rows))
    assert [line for _, line, _ in quarantine] == [9]


def test_csv_row_with_wrong_field_count(tmp_path, coup):
    path = write_csv(tmp_path / "t.csv", coup)
    lines = path.read_text().splitlines()
    lines.insert(3, "T1,baccarat,77")
    path.write_text("\n".join(lines) + "\n")
    _, quarantine = load(path)
    assert quarantine[0][1] == 4 and "CSV row has 3 fields" in quarantine[0][2]


def test_a_bare_cr_is_part_of_its_line(tmp_path, coup):
    """Lines end with LF (or CR LF): Python's csv ended a line at a bare CR too, so the lines after it were counted one
    too many, and an unquoted CR cut its row in two. In a quoted CSV value, or between JSON tokens, it is a
    character of its line; in an unquoted CSV value it makes the row malformed."""
    csv_path = write_csv(tmp_path / "t.csv", coup)
    lines = csv_path.read_text().splitlines()  # an LF file
    lines[3] = lines[3].replace(",player,", ',"play\rer",')  # the bet (line 4): a CR in a quoted value
    lines[5] = lines[5].replace(",2c,", ",2\rc,")  # a deal (line 6): a CR in an unquoted value
    csv_path.write_text("\n".join(lines) + "\n", newline="")
    con, quarantine = load(csv_path)
    assert [(line, reason) for _, line, reason in quarantine] == [
        (6, "malformed CSV row: a carriage return (CR) not followed by a line feed, outside quotes")]
    assert con.execute("SELECT list(line ORDER BY seq) FROM events").fetchone()[0] == [2, 3, 4, 5, 7, 8, 9, 10, 11]
    assert con.execute("SELECT bet_type FROM events WHERE event = 'bet'").fetchone()[0] == "play\rer"
    jsonl_path = write_jsonl(tmp_path / "t.jsonl", coup)
    lines = jsonl_path.read_text().splitlines()
    lines[3] = lines[3].replace(', "game"', ',\r "game"')  # JSON whitespace
    jsonl_path.write_text("\n".join(lines) + "\n", newline="")
    con, quarantine = load(jsonl_path)
    assert quarantine == []
    assert con.execute("SELECT list(line ORDER BY seq) FROM events").fetchone()[0] == list(range(1, 11))


def test_invalid_utf8_line(tmp_path, coup):
    path = write_jsonl(tmp_path / "t.jsonl", coup)
    path.write_bytes(path.read_bytes() + b'{"table_id": "T1\xff"}\n')
    _, quarantine = load(path)
    assert quarantine[0][1] == 11 and "not UTF-8" in quarantine[0][2]


def test_a_csv_byte_that_is_not_utf8_quarantines_its_row_only(tmp_path, coup):
    """The file was one quarantined record: now only the row holding the byte is, the reason naming its line (the
    second of a row whose quoted value spans two lines); the other rows are read, at their own lines."""
    path = write_csv(tmp_path / "t.csv", coup)
    lines = path.read_bytes().split(b"\r\n")
    lines[3] = lines[3].replace(b",p1,", b",p\xff1,")  # the bet
    lines[7] = lines[7].replace(b",3s,", b',"3\n\xe2\x82s",')  # a deal, over lines 8 and 9: a cut-off character
    path.write_bytes(b"\r\n".join(lines))
    con, quarantine = load(path)
    assert [(line, reason) for _, line, reason in quarantine] == [
        (4, "not UTF-8 text (invalid start byte at byte 28 of line 4)"),
        (8, "not UTF-8 text (invalid continuation byte at byte 0 of line 9)"),
    ]
    assert "p\ufffd1" in con.execute("SELECT raw FROM quarantine WHERE line = 4").fetchone()[0]
    assert con.execute("SELECT list(line ORDER BY seq) FROM events").fetchone()[0] == [2, 3, 5, 6, 7, 10, 11, 12]


def test_a_csv_header_that_is_not_utf8_quarantines_every_row(tmp_path, coup):
    """Which field a cell is cannot be known from a header cell that is not text: every row says why."""
    path = write_csv(tmp_path / "t.csv", coup)
    path.write_bytes(path.read_bytes().replace(b"payout", b"pay\xffout", 1))
    _, quarantine = load(path)
    assert len(quarantine) == len(coup)
    assert {reason for _, _, reason in quarantine} == {
        "the CSV header is not UTF-8 text (invalid start byte at byte 101 of line 1): which field each cell is is "
        "unknown"}


def test_discover_walks_folders_and_skips_answer_keys(tmp_path, coup):
    (tmp_path / "a").mkdir()
    write_jsonl(tmp_path / "a" / "t.jsonl", coup)
    label = {"rule": "BAC-9.5", "table": "T", "shoe": "S", "hand": "C1", "seq": 3, "note": "n", "consequence_of": None}
    (tmp_path / "a" / "labels.jsonl").write_text(json.dumps(label) + "\n")
    (tmp_path / "a" / "notes.txt").write_text("x")
    assert [p.name for p in discover([tmp_path])] == ["a/t.jsonl"]
    (tmp_path / "a" / "labels.jsonl").write_text("{}\n")  # not the simulator's labels: read as a log
    assert [p.name for p in discover([tmp_path])] == ["a/labels.jsonl", "a/t.jsonl"]
    with pytest.raises(InputError, match="no such file"):
        discover([tmp_path / "missing"])
    with pytest.raises(InputError, match="not a log file"):
        discover([tmp_path / "a" / "notes.txt"])


def test_discover_follows_linked_folders_and_stops_at_what_it_cannot_read(tmp_path, coup):
    """A log behind a linked folder is audited; a log name that is no readable regular file stops the audit with
    its name (rglob skipped linked folders and unreadable ones silently)."""
    (tmp_path / "real").mkdir()
    write_jsonl(tmp_path / "real" / "t.jsonl", coup)
    (tmp_path / "logs").mkdir()
    (tmp_path / "logs" / "day1").symlink_to(tmp_path / "real")
    (tmp_path / "logs" / "loop").symlink_to(tmp_path / "logs")
    assert [p.name for p in discover([tmp_path / "logs"])] == ["day1/t.jsonl"]  # the linked folder keeps its own name
    (tmp_path / "logs" / "gone.csv").symlink_to(tmp_path / "nowhere.csv")
    with pytest.raises(InputError, match="gone.csv: not a regular file"):
        discover([tmp_path / "logs"])
    bad = tmp_path / "names"
    bad.mkdir()
    (Path(os.fsdecode(bytes(bad) + b"/H\xff1.jsonl"))).write_text("{}\n")
    with pytest.raises(InputError, match="the file name is not UTF-8"):
        discover([bad])
    glob = tmp_path / "glob"
    glob.mkdir()
    write_parquet(glob / "day[12].parquet", coup)
    with pytest.raises(InputError, match="as a pattern of several files"):
        discover([glob])


def test_a_csv_header_naming_a_field_twice_quarantines_every_row(tmp_path, coup):
    path = write_csv(tmp_path / "t.csv", coup)
    lines = path.read_text().splitlines()
    lines[0] = lines[0].replace("payout", "amount")
    path.write_text("\n".join(lines) + "\n")
    _, quarantine = load(path)
    assert len(quarantine) == len(coup)
    assert {reason for _, _, reason in quarantine} == {
        "the CSV header names amount twice: which cell is meant is unknown"}


def _tables(con: duckdb.DuckDBPyConnection) -> dict[str, list[tuple]]:
    return {
        "events": con.execute("SELECT * FROM events").fetchall(),  # stored order: table_id, seq
        "quarantine": con.execute("SELECT * FROM quarantine ORDER BY ALL").fetchall(),
    }


def test_tables_checked_range_by_range_give_the_same_day(tmp_path, coup, monkeypatch):
    """The structure checks run a range of tables at a time: hand_key must number the day's hands as one."""
    rows = coup + [{**r, "table_id": "T0"} for r in coup] + baccarat_coup("T2", 1, "C1") + baccarat_coup("T2", 11, "C2")
    rows[3] = {**rows[3], "seq": rows[2]["seq"]}  # a duplicate seq at T1
    rows.append({**rows[-1], "seq": 99})  # a second coup_end of C2 at T2
    path = write_jsonl(tmp_path / "t.jsonl", rows)
    con, _ = load(path)
    whole = _tables(con)
    monkeypatch.setattr("auditor.ingest.load.STRUCTURE_ROWS", 1)  # one table per range
    con, _ = load(path)
    assert _tables(con) == whole
    keys = con.execute("SELECT table_id, hand_id, min(hand_key), max(hand_key) FROM events "
                       "WHERE hand_key IS NOT NULL GROUP BY ALL ORDER BY 3").fetchall()
    assert keys == [("T0", "C1", 1, 1), ("T1", "C1", 2, 2), ("T2", "C1", 3, 3), ("T2", "C2", 4, 4)]
    reasons = [q[2].split(" (first")[0] for q in whole["quarantine"]]
    assert sorted(reasons) == ["duplicate seq 3 at table T1", "hand C2 ended twice", "table T2 opened twice"]


def test_quarantined_text_is_read_again_and_a_changed_file_is_an_error(tmp_path, coup, monkeypatch):
    """Only the quarantine keeps a record's text, read again from its file; a file that changed meanwhile fails."""
    path = write_jsonl(tmp_path / "t.jsonl", coup + [{**coup[3], "seq": 100}])
    con, quarantine = load(path)
    assert con.execute("SELECT raw FROM quarantine").fetchone()[0] == path.read_text().splitlines()[-1]
    reads = []

    def read_then_change(p: Path, name: str):
        reads.append(p)
        if len(reads) == 2:  # between the reading and the reading again: a blank line moves every record
            p.write_text("\n" + p.read_text())
        return read_file(p, name)

    monkeypatch.setattr("auditor.ingest.stage.read_file", read_then_change)  # the first reading
    monkeypatch.setattr("auditor.ingest.load.read_file", read_then_change)  # the reading again
    with pytest.raises(InputError, match="changed during the audit"):
        ingest(duckdb.connect(), discover([path]))


def test_parquet_typed_and_text_paths_quarantine_alike(tmp_path, coup, monkeypatch):
    """A Parquet file whose columns are all log fields is validated from its typed columns, one with another column
    through JSON text: the same records are refused, with the same row, reason and text."""
    coup[2]["amount"] = "1.00001"
    coup[3]["card"] = "1x"
    coup[5]["seq"] = None
    typed = write_parquet(tmp_path / "typed.parquet", coup)
    text = tmp_path / "text.parquet"
    pq.write_table(pq.read_table(typed).append_column("colour", pa.array([None] * len(coup), pa.string())), text)
    took_typed_path = []
    insert = stage_module._insert_parquet

    def spy(con, schema, spans, group):
        took_typed_path.append((spans[group[0].span].path, insert(con, schema, spans, group)))
        return took_typed_path[-1][1]

    monkeypatch.setattr(stage_module, "_insert_parquet", spy)
    rows = {}
    for path in (typed, text):
        con, _ = load(path)
        rows[path] = con.execute("SELECT line, reason, raw FROM quarantine ORDER BY line").fetchall()
    assert took_typed_path == [(typed, True)]  # and the other file not even tried
    assert [(line, reason) for line, reason, _ in rows[typed]] == [
        (3, "field amount: expected an exact decimal (at most 14 digits and 4 decimals; as a binary float, "
            "below 10^11), found 1.00001"),
        (4, "field card: expected a card such as As, Td, 9h, found 1x"),
        (6, "missing required field seq"),
    ]
    text_rows = {line: (reason.removeprefix("unknown field(s): colour; "), raw) for line, reason, raw in rows[text]}
    for line, reason, raw in rows[typed]:
        assert text_rows[line][0] == reason
        assert json.loads(raw) == {k: v for k, v in json.loads(text_rows[line][1]).items() if k != "colour"}
    assert json.loads(rows[typed][0][2])["seq"] == "3"  # the text path's form: every value as text


@pytest.mark.parametrize("column", ["file_row_number", "File_Row_Number"])
def test_a_parquet_column_named_like_duckdbs_row_number_is_an_unknown_field(tmp_path, coup, column):
    """DuckDB's read_parquet(file_row_number = true) refused such a file whole: it is read as any file with a column
    that is no log field, every row quarantined at its own row with the unknown field named."""
    path = write_parquet(tmp_path / "t.parquet", coup)
    pq.write_table(pq.read_table(path).append_column(column, pa.array(["x"] * len(coup), pa.string())), path)
    con, quarantine = load(path)
    assert [(line, reason) for _, line, reason in quarantine] == [
        (n, f"unknown field(s): {column}") for n in range(1, len(coup) + 1)]
    assert json.loads(con.execute("SELECT raw FROM quarantine WHERE line = 3").fetchone()[0])["amount"] == "100"


def test_unreadable_parquet_is_one_quarantined_record(tmp_path, coup):
    path = tmp_path / "t.parquet"
    path.write_bytes(b"PAR1 not really")
    _, quarantine = load(path)
    assert len(quarantine) == 1 and quarantine[0][1] == 1 and "unreadable Parquet file" in quarantine[0][2]


@pytest.mark.parametrize("text", [
    b"", b"\n\n  \n", b'{"a": 1}', b'{"a": 1}\n\x0b\n\x0c\n \t\r\n\xc2\xa0\n{}\r\n   ', b"\xef\xbb\xbf{}\n{}\n\n",
    b'{"a": "\xff"}\n{}\n', b"{}\n\n\n{}", b'{"a": "\xe2\x80\xa8"}\n\xe2\x80\xa8\n',
], ids=["empty", "blank", "no final newline", "whitespace", "BOM", "not UTF-8", "gaps", "line separator"])
def test_jsonl_reader_split_in_arrow_is_the_line_by_line_reader(tmp_path, text):
    """Blank lines (ASCII whitespace only) are not records; every other line is, numbered from 1."""
    from auditor.ingest.readers import _read_jsonl_lines, read_jsonl

    path = tmp_path / "t.jsonl"
    path.write_bytes(text)
    unmarked = text.removeprefix(codecs.BOM_UTF8)  # a byte-order mark is no part of the first line, in both
    assert read_jsonl(path, "t").to_pylist() == _read_jsonl_lines(unmarked, "t").to_pylist()


def test_parquet_file_unreadable_past_its_schema_beside_a_good_one(tmp_path, coup):
    """Files of the same columns share one typed INSERT; when it fails, each file alone, then the text reader."""
    good = write_parquet(tmp_path / "a.parquet", coup)
    bad = write_parquet(tmp_path / "b.parquet", baccarat_coup("T2"))
    column = pq.read_metadata(bad).row_group(0).column(4)  # event: its data page overwritten
    data = bytearray(bad.read_bytes())
    data[column.data_page_offset + 15:column.data_page_offset + column.total_compressed_size] = \
        b"\xff" * (column.total_compressed_size - 15)
    bad.write_bytes(bytes(data))
    con, quarantine = load(good, bad)
    assert [(Path(f).name, line) for f, line, _ in quarantine] == [("b.parquet", 1)]
    assert quarantine[0][2].startswith("unreadable Parquet file")
    assert con.execute("SELECT count(*) FROM events").fetchone()[0] == len(coup)


def test_a_parquet_float32_money_column_is_refused(tmp_path, coup):
    """A 32-bit float holds about 7 significant digits: 20000.0001 would be read as 20000."""
    path = write_parquet(tmp_path / "t.parquet", coup)
    table = pq.read_table(path)
    amounts = [None if a is None else float(a) for a in table.column("amount").to_pylist()]
    pq.write_table(table.set_column(table.schema.get_field_index("amount"), "amount", pa.array(amounts, pa.float32())),
                   path)
    _, quarantine = load(path)
    assert {line for _, line, _ in quarantine} >= {3, 9}  # the bet and the settlement, both of their amounts
    assert all("field amount: expected an exact decimal" in reason for _, line, reason in quarantine if line in (3, 9))


def test_a_csv_file_without_its_header_keeps_its_first_line(tmp_path, coup):
    """The first line was consumed as the header and vanished; it is now a quarantined record of its own."""
    path = write_csv(tmp_path / "t.csv", coup)
    path.write_text("\n".join(path.read_text().splitlines()[1:]) + "\n")
    _, quarantine = load(path)
    assert quarantine[0][1:] == (1, "the CSV file's first line names no log field: a file without its header row?")
    assert len(quarantine) == len(coup)


def test_an_unterminated_csv_quote_names_the_lines_it_swallowed(tmp_path, coup):
    """Python's csv reads every line after an open quote into one field: the reason says which lines they are, so
    the records the file seems to lack are accounted for."""
    path = write_csv(tmp_path / "t.csv", coup)
    lines = path.read_text().splitlines()
    lines[3] = lines[3].replace(",", ',"', 1)  # line 4 opens a quote it never closes
    path.write_text("\n".join(lines) + "\n")
    _, quarantine = load(path)
    assert (4, f"malformed CSV row: unexpected end of data (lines 4 to {len(lines)} read as one row)") in [
        q[1:] for q in quarantine]
