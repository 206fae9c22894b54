"""The ingest reads PHH files as typed columns (``phh_batch.py``), not as JSON text: its records must be what the
same records give as JSON Lines text (the log format's own form), and an event it refuses is quarantined with its
record's JSON text."""

from __future__ import annotations

import json

import duckdb

from auditor.ingest.discover import discover
from auditor.ingest.load import ingest
from auditor.ingest.phh import read_phh
from tests.test_phh import THREE_HANDED, load

BAD_CARD = THREE_HANDED.replace('"d dh p1 AsKs"', '"d dh p1 XxKs"')
HANDS = {  # file name: text
    "plain.phh": THREE_HANDED,
    "bad-card.phh": BAD_CARD,
    "named.phh": THREE_HANDED.replace('["Ann", "Bob", "Cy"]', '["Ann \\"A\\" é", "\\u4e2d", "[Cy]"]')
    + "year = 2024\nmonth = 2\nday = 29\ntime = 23:59:59\ntable = 'T1'\ncurrency = 'MOP'\n",
    "decimal.phh": THREE_HANDED.replace("min_bet = 2", "min_bet = 2.5").replace("[1, 2, 0]", "[1.25, 2.5, 0]")
    .replace("finishing_stacks = [199, 217, 184]\n", ""),
    "unknown.phh": THREE_HANDED.replace("[200, 200, 200]", "[inf, 200, 200]")
    .replace('"d dh p2 7h7d"', '"d dh p2 ????"').replace("finishing_stacks = [199, 217, 184]\n", ""),
    "tables.phhs": "\n".join(f"[{i}]\n{THREE_HANDED.replace('hand = 7', f'hand = {9 - i}')}table = {i % 2}\n"
                             for i in range(1, 5)),
    "refused.phhs": f"[1]\n{THREE_HANDED.replace('hand = 7', 'hand = 5')}\n"
                    f"[2]\n{THREE_HANDED.replace('hand = 7', 'hand = 8').replace('NT', 'PO')}",
}
COMPARED = "* EXCLUDE (file, line)"  # a JSON Lines file has its own name and lines


def _dump(con: duckdb.DuckDBPyConnection) -> tuple[list, list]:
    events = con.execute(f"SELECT {COMPARED} FROM events ORDER BY table_id, seq").fetchall()
    quarantine = con.execute("SELECT reason, raw, table_id, hand_id, seq FROM quarantine ORDER BY ALL").fetchall()
    return events, quarantine


def test_the_typed_records_are_the_records_as_json_lines(tmp_path):
    (tmp_path / "phh").mkdir()
    (tmp_path / "jsonl").mkdir()
    for name, text in HANDS.items():
        path = tmp_path / "phh" / name
        path.write_text(text, encoding="utf-8")
        records = read_phh(path, name).to_pylist()
        # a record the reader refuses has no JSON text: only the events are compared
        (tmp_path / "jsonl" / f"{name}.jsonl").write_text(
            "".join(r["raw"] + "\n" for r in records if r["error"] is None), encoding="utf-8")
    typed, text = duckdb.connect(), duckdb.connect()
    ingest(typed, discover([tmp_path / "phh"]))
    ingest(text, discover([tmp_path / "jsonl"]))
    events, quarantine = _dump(typed)
    assert (events, [q for q in quarantine if q[1].startswith("{")]) == _dump(text)
    assert len(events) > 250 and len(quarantine) == 2  # the bad card; hand 2 of refused.phhs
    tables = "SELECT table_id, game, config FROM tables ORDER BY ALL"
    assert typed.execute(tables).fetchall() == text.execute(tables).fetchall()


def test_an_event_that_the_record_checks_refuse_is_quarantined_as_its_json_text(tmp_path):
    con, quarantine = load(tmp_path / "x.phh", BAD_CARD)
    assert quarantine == [(7, "field card: expected a card such as As, Td, 9h, found Xx")]
    raw = con.execute("SELECT raw FROM quarantine").fetchone()[0]
    assert raw == json.dumps({"table_id": "x.phh", "game": "holdem", "seq": 7, "event": "deal", "hand_id": "7",
                              "to": "seat", "seat": 1, "face": "down", "card": "Xx"})


def test_the_records_of_many_files_keep_their_files_and_lines(tmp_path):
    for i in range(30):
        (tmp_path / f"h{i:02d}.phh").write_text(THREE_HANDED.replace("hand = 7", f"hand = {i}"), encoding="utf-8")
    (tmp_path / "h05.phh").write_text(BAD_CARD, encoding="utf-8")
    con = duckdb.connect()
    ingest(con, discover([tmp_path]))
    per_file = con.execute("SELECT file, count(*), min(line), max(line), count(DISTINCT table_id) FROM events "
                           "GROUP BY file ORDER BY file").fetchall()
    full = len(read_phh(tmp_path / "h00.phh", "h00.phh"))
    assert per_file == [(f"h{i:02d}.phh", full - (i == 5), 1, 20, 1) for i in range(30)]
    assert con.execute("SELECT file, line FROM quarantine").fetchall() == [("h05.phh", 7)]
    assert con.execute("SELECT DISTINCT table_id = file FROM events").fetchall() == [(True,)]
