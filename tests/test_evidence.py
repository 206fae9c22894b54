"""The evidence printed beside each finding, read from the events as logged: time, seat, player, the cards."""

from __future__ import annotations

import duckdb
import pytest
from conftest import baccarat_coup, write_jsonl

from auditor.engine.audit import audit
from auditor.engine.evidence import card_text, finding_evidence, gaming_days, hand_cards
from auditor.engine.ruleset import load_rulesets
from auditor.model.result import Evidence

EVENTS = [  # table, seq, ts, event, shoe, hand, card, target, seat, player
    ("B1", 1, "2024-05-01 09:00:00", "table_open", None, None, None, None, None, None),
    ("B1", 2, "2024-05-01 09:01:00", "coup_start", "S1", "C1", None, None, None, None),
    ("B1", 3, "2024-05-01 09:01:05", "bet", "S1", "C1", None, None, None, "P7"),
    ("B1", 4, "2024-05-01 09:01:10", "deal", "S1", "C1", "9s", "player", None, None),
    ("B1", 5, "2024-05-01 09:01:11", "deal", "S1", "C1", "Td", "banker", None, None),
    ("B1", 6, "2024-05-01 09:01:12", "deal", "S1", "C1", "3h", "player", None, None),
    ("B1", 7, "2024-05-01 09:01:13", "deal", "S1", "C1", "Kc", "banker", None, None),
    ("H1", 1, None, "hand_start", None, "G1", None, None, 1, None),
    ("H1", 2, None, "deal", None, "G1", "As", "seat", 2, None),
    ("H1", 3, None, "deal", None, "G1", "Ah", "seat", 3, None),
    ("H1", 4, None, "board", None, "G1", "2c", None, None, None),
    ("H1", 5, None, "action", None, "G1", None, None, 3, "Q9"),
]


@pytest.fixture
def con() -> duckdb.DuckDBPyConnection:
    con = duckdb.connect()
    con.execute("CREATE TABLE events (table_id VARCHAR, seq BIGINT, ts TIMESTAMP, event VARCHAR, shoe_id VARCHAR, "
                "hand_id VARCHAR, card VARCHAR, target VARCHAR, seat BIGINT, player VARCHAR)")
    con.executemany("INSERT INTO events VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", EVENTS)
    return con


def row(table: str, shoe: str | None, hand: str | None, seq: int | None) -> dict:
    return {"table": table, "shoe": shoe, "hand": hand, "seq": seq}


def test_time_seat_player_and_cards(con: duckdb.DuckDBPyConnection) -> None:
    found = finding_evidence(con, [
        row("B1", "S1", "C1", 3),  # at the bet: its time and player
        row("B1", "S1", "C1", None),  # the coup: its first event
        row("B1", "S1", None, None),  # the shoe: its first event
        row("B1", None, None, None),  # the table: its first event
        row("H1", None, "G1", 5),  # no time logged: none invented
        row("B1", "S1", "C9", 99),  # an event the log does not hold: the shoe's time, nothing else
    ])
    coup = "Player 9♠ 3♥ · Banker 10♦ K♣"
    assert found == [
        Evidence("2024-05-01T09:01:05", None, "P7", coup),
        Evidence("2024-05-01T09:01:00", None, None, coup),
        Evidence("2024-05-01T09:01:00", None, None, ""),
        Evidence("2024-05-01T09:00:00", None, None, ""),
        Evidence(None, 3, "Q9", "seat 2 A♠ · seat 3 A♥ · board 2♣"),
        Evidence("2024-05-01T09:01:00", None, None, ""),
    ]
    assert finding_evidence(con, []) == []
    assert gaming_days(con) == ["2024-05-01"]


def test_card_words() -> None:
    assert [card_text(c) for c in ("Ts", "9h", "Ad", "Kc")] == ["10♠", "9♥", "A♦", "K♣"]
    cards = [("card_exposed", None, None, "7d"), ("deal", "banker", None, "2s")]
    assert hand_cards(cards) == "exposed 7♦ · Banker 2♠"


def test_the_audit_gives_one_evidence_per_finding(tmp_path) -> None:
    rows = baccarat_coup()
    for i, r in enumerate(rows):
        r["ts"] = f"2024-05-01T10:00:{i:02d}"
    settle = next(r for r in rows if r["event"] == "settle")
    settle["payout"] = "95"  # a Player bet of 100 paid 95: one finding at the settle event
    result, con = audit([write_jsonl(tmp_path / "t.jsonl", rows)], load_rulesets())
    con.close()
    assert result.findings and len(result.evidence) == len(result.findings)
    (at_settle,) = [e for f, e in zip(result.findings, result.evidence) if f["seq"] == settle["seq"]]
    assert at_settle == Evidence(settle["ts"], None, "p1", "Player 4♥ 5♦ · Banker 2♣ 3♠")
    assert result.gaming_days == ["2024-05-01"] and result.tables == ["T1"]


def test_only_the_named_tables_are_read(con: duckdb.DuckDBPyConnection) -> None:
    """Reading any event of a table no finding names fails: the evidence (the shoe's and the table's first events
    included) and the cards come from the named tables alone, as the nightly reads only their partitions."""
    con.execute("ALTER TABLE events RENAME TO logged")
    con.execute("INSERT INTO logged (table_id, seq, event) SELECT 'X' || i, 1, 'table_open' FROM range(3000) t(i)")
    con.execute("CREATE VIEW events AS SELECT * FROM logged WHERE table_id[1] <> 'X' OR error('read ' || table_id)")
    with pytest.raises(duckdb.Error, match="read X"):
        con.execute("SELECT count(*) FROM events").fetchall()
    found = finding_evidence(con, [row("B1", "S1", "C1", 3), row("B1", "S1", None, None), row("B1", None, None, None),
                                   row("H1", None, "G1", 5)])
    assert [e.time for e in found] == ["2024-05-01T09:01:05", "2024-05-01T09:01:00", "2024-05-01T09:00:00", None]
    assert found[3].cards == "seat 2 A♠ · seat 3 A♥ · board 2♣"
