"""Hostile files, whatever their records: encodings, line ends, truncation, copies, compression, links and suffixes.
Each is read as written or refused with its file, line and a reason that says what is wrong; nothing is skipped or
counted twice without a word."""

from __future__ import annotations

import codecs
import gzip
import json
import os
import shutil
from pathlib import Path

import pytest

from auditor.ingest.discover import InputError, discover
from tests.conftest import write_csv, write_jsonl, write_parquet
from tests.test_ingest import load
from tests.test_phh import THREE_HANDED

WRITERS = {"jsonl": write_jsonl, "csv": write_csv, "parquet": write_parquet}


def write_log(path: Path, rows: list[dict]) -> Path:
    """``rows`` in the format of ``path``'s suffix (PHH: the three-handed hand, whatever ``rows``)."""
    if path.suffix.lower() in (".phh", ".phhs"):
        path.write_text(THREE_HANDED, encoding="utf-8")
        return path
    return WRITERS[path.suffix.lower().lstrip(".")](path, rows)


@pytest.mark.parametrize("old, new, reason", [
    ('"player": "p1"', '"player": "p1", "": 1', 'unknown field(s): ""'),
    ('"player": "p1"', '"player": "p1", "": 1, "": 2', 'field(s) given twice: ""; unknown field(s): "", ""'),
    ('"player": "p1"', '"player": "p1", " seq": 1', 'unknown field(s): " seq"'),
])
def test_an_empty_or_padded_field_name_is_shown_quoted(tmp_path, coup, old, new, reason):
    """A key with no name (or spaces at an end) gave a reason that named nothing: ``unknown field(s): ``."""
    path = write_jsonl(tmp_path / "t.jsonl", coup)
    path.write_text(path.read_text().replace(old, new, 1))
    _, quarantine = load(path)
    assert [(line, r) for _, line, r in quarantine] == [(3, reason)]


def test_a_csv_column_without_a_name_is_shown_quoted(tmp_path, coup):
    path = write_csv(tmp_path / "t.csv", coup)
    lines = path.read_bytes().split(b"\r\n")
    path.write_bytes(b"\r\n".join([lines[0] + b","] + [line + b",x" for line in lines[1:-1]] + [b""]))
    _, quarantine = load(path)
    assert {r for _, _, r in quarantine} == {'unknown field(s): ""'}
    assert len(quarantine) == len(coup)


@pytest.mark.parametrize("suffix", ["jsonl", "csv", "phh"])
@pytest.mark.parametrize("encoding, name", [("utf-16", "UTF-16"), ("utf-16-be", "UTF-16"), ("utf-32", "UTF-32")])
def test_a_utf16_or_utf32_file_is_refused_naming_its_encoding(tmp_path, coup, suffix, encoding, name):
    """A file that starts with the byte-order mark of UTF-16 or UTF-32 (a spreadsheet's "Unicode text") is one
    record, refused with the encoding named: its lines were each refused as "malformed JSON" or "not UTF-8"."""
    path = write_log(tmp_path / f"t.{suffix}", coup)
    text = path.read_text(encoding="utf-8")
    path.write_bytes((codecs.BOM_UTF16_BE if encoding == "utf-16-be" else b"") + text.encode(encoding))
    _, quarantine = load(path)
    assert len(quarantine) == 1 and quarantine[0][1] == 1, quarantine
    assert f"{name} text" in quarantine[0][2] and "UTF-8" in quarantine[0][2], quarantine


def test_json_lines_ending_with_a_bare_cr_are_named(tmp_path, coup):
    """Old Mac line ends (CR alone): the file is one line, refused; its reason names the carriage returns (it said
    "truncated record at end of file")."""
    path = write_jsonl(tmp_path / "t.jsonl", coup)
    path.write_bytes(path.read_bytes().replace(b"\n", b"\r"))
    _, quarantine = load(path)
    assert len(quarantine) == 1 and "carriage return (CR) not followed by a line feed" in quarantine[0][2], quarantine


def test_json_lines_joined_with_their_byte_order_marks_are_named(tmp_path, coup):
    """Two exports joined (``cat a.jsonl b.jsonl``): the second one's byte-order mark starts a line, which is then
    refused saying so (it said "malformed JSON")."""
    path = write_jsonl(tmp_path / "t.jsonl", coup)
    path.write_bytes(path.read_bytes() + codecs.BOM_UTF8 + b'{"table_id": "T9"}\n')
    _, quarantine = load(path)
    assert [(line, r) for _, line, r in quarantine] == [
        (len(coup) + 1, "malformed JSON: the line starts with a byte-order mark (files joined together?)")]


@pytest.mark.parametrize("cut", [30, 2])
def test_a_csv_file_cut_in_its_last_row_says_it_may_be_truncated(tmp_path, coup, cut):
    path = write_csv(tmp_path / "t.csv", coup)
    path.write_bytes(path.read_bytes().rstrip(b"\r\n")[:-cut])
    _, quarantine = load(path)
    last = max(quarantine, key=lambda q: q[1])
    assert last[1] == len(coup) + 1 and "truncated record at end of file (no final newline)" in last[2], quarantine


@pytest.mark.parametrize("suffix", ["jsonl", "csv", "parquet", "phh"])
def test_the_same_log_under_two_names_is_an_input_error(tmp_path, coup, suffix):
    """Two copies of one log: a PHH table is named after its file, so a copy was a second table and every hand was
    audited twice; in the other formats every record of the copy was refused as a duplicate seq."""
    (tmp_path / "day").mkdir()
    write_log(tmp_path / "day" / f"a.{suffix}", coup)
    shutil.copy(tmp_path / "day" / f"a.{suffix}", tmp_path / f"copy.{suffix}")
    with pytest.raises(InputError, match="holds the same bytes as") as raised:
        load(tmp_path)
    assert f"copy.{suffix}" in str(raised.value) and f"day/a.{suffix}" in str(raised.value)


def test_two_empty_files_are_no_copy(tmp_path):
    """Two files without a record are not one log twice (each is reported as a file without an accepted record)."""
    (tmp_path / "a.jsonl").write_text("")
    (tmp_path / "b.jsonl").write_text("\n\n")
    (tmp_path / "c.jsonl").write_text("\n\n")
    con, quarantine = load(tmp_path)
    assert quarantine == [] and con.execute("SELECT count(*) FROM events").fetchone()[0] == 0


@pytest.mark.parametrize("name", ["b.jsonl.gz", "b.CSV.GZ", "b.phhs.bz2", "b.parquet.zip", "b.ndjson.xz",
                                  "b.jsonl.zst"])
def test_a_compressed_log_is_refused_not_skipped(tmp_path, coup, name):
    """A compressed log in a folder was left out without a word (its suffix is no log's): an audit of the rest
    said nothing of it. It is an input error, named, whether in a folder or given."""
    write_jsonl(tmp_path / "a.jsonl", coup)
    (tmp_path / name).write_bytes(gzip.compress(b"{}\n"))
    for given in (tmp_path, tmp_path / name):
        with pytest.raises(InputError, match=f"{name}: a rotated, backup or compressed copy of a log"):
            discover([given])


def test_a_link_loop_given_is_named_as_such(tmp_path):
    os.symlink(tmp_path / "loop.jsonl", tmp_path / "loop.jsonl")
    with pytest.raises(InputError, match="a symbolic link that leads to no file"):
        discover([tmp_path / "loop.jsonl"])


@pytest.mark.parametrize("suffix", ["JSONL", "Csv", "PARQUET", "PHH", "NDJSON"])
def test_upper_case_suffixes_are_read(tmp_path, coup, suffix):
    path = write_log(tmp_path / f"t.{suffix}", coup) if suffix != "NDJSON" else write_jsonl(tmp_path / "t.NDJSON", coup)
    con, quarantine = load(tmp_path)
    assert quarantine == [] and con.execute("SELECT count(*) FROM events").fetchone()[0] > 0, path


@pytest.mark.parametrize("text", ["", "\n\n", "# a comment only\n"])
def test_an_empty_phh_file_says_so(tmp_path, text):
    """It said "field actions: expected an array of strings"."""
    path = tmp_path / "t.phh"
    path.write_text(text)
    _, quarantine = load(path)
    assert [(line, reason) for _, line, reason in quarantine] == [(1, "the PHH file holds no hand (it is empty)")]


@pytest.mark.parametrize("data", [b"", b"PAR1", b"not a parquet file at all, but long enough to be read as one"])
def test_an_unreadable_parquet_file_has_a_one_line_reason(tmp_path, data):
    """DuckDB's message went on with the query it ran (``LINE 1: DESCRIBE SELECT * FROM read_parqu``)."""
    path = tmp_path / "t.parquet"
    path.write_bytes(data)
    _, quarantine = load(path)
    assert len(quarantine) == 1 and quarantine[0][2].startswith("unreadable Parquet file: "), quarantine
    assert "<U+000A>" not in quarantine[0][2] and "SELECT" not in quarantine[0][2], quarantine


@pytest.mark.parametrize("seats", ["[1, 2, 99999999999999999999]", "[1, 2, 9223372036854775808]"])
def test_a_phh_seat_beyond_64_bits_refuses_the_hand(tmp_path, seats):
    """It stopped the audit with an OverflowError."""
    path = tmp_path / "t.phh"
    path.write_text(THREE_HANDED + f"seats = {seats}\n")
    _, quarantine = load(path)
    assert len(quarantine) == 1 and quarantine[0][2].startswith("field seats: expected 3 different seat numbers")


@pytest.mark.parametrize("value", ["9223372036854775808", "18446744073709551616", "9" * 30])
def test_an_integer_beyond_64_bits_says_so(tmp_path, coup, value):
    """Refused with "expected an integer of at least 1", which a huge number is."""
    path = write_jsonl(tmp_path / "t.jsonl", coup)
    path.write_text(path.read_text().replace('"spot": 1', f'"spot": {value}', 1))
    _, quarantine = load(path)
    assert [(line, r.split(", found")[0]) for _, line, r in quarantine] == [
        (3, "field spot: expected an integer from 1 to 9223372036854775807")], quarantine


def test_a_duplicate_key_written_with_an_escape_is_refused(tmp_path, coup):
    """``"s\\u0065q"`` is the key ``seq``: the record gives it twice."""
    path = write_jsonl(tmp_path / "t.jsonl", coup)
    path.write_text(path.read_text().replace('"seq": 3', '"seq": 3, "s\\u0065q": 30', 1))
    _, quarantine = load(path)
    assert [(line, r) for _, line, r in quarantine] == [(3, "field(s) given twice: seq")]
    assert json.loads(path.read_text().splitlines()[2])["seq"] == 30  # what a reader taking the last would read
