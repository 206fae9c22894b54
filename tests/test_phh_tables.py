"""PHH tables and play order: interleaved tables, hands out of play order, a refused hand inside a table, a change
of configuration between hands, and a source that does not show which hand came before."""

from __future__ import annotations

import json

import duckdb

from tests.test_phh import load
from tests.test_phh_forced_bets import findings


def hand(number: str, table: str | None, seats: list[int], time: str, blinds: str = "[5, 10, 0]",
         min_bet: int = 10) -> str:
    """A three-handed hand where everybody folds to the big blind; the button is the last of ``seats``."""
    where = f"table = '{table}'\n" if table is not None else ""
    return (f'variant = "NT"\nantes = [0, 0, 0]\nblinds_or_straddles = {blinds}\nmin_bet = {min_bet}\n'
            'starting_stacks = [1000, 1000, 1000]\nactions = ["d dh p1 ????", "d dh p2 ????", "d dh p3 ????", '
            f'"p3 f", "p1 f"]\nhand = \'{number}\'\n{where}seats = {seats}\nseat_count = 9\n'
            f"year = 2009\nmonth = 7\nday = 1\ntime = {time}\n")


def phhs(*hands: str) -> str:
    return "\n".join(f"[{i}]\n{h}" for i, h in enumerate(hands, start=1))


def order(con: duckdb.DuckDBPyConnection) -> list[tuple[str, str]]:
    return con.execute("SELECT table_id, hand_id FROM events WHERE event = 'hand_start' ORDER BY table_id, seq"
                       ).fetchall()


def configs(con: duckdb.DuckDBPyConnection) -> dict[str, dict]:
    return {t: json.loads(c) for t, c in con.execute("SELECT table_id, config FROM tables").fetchall()}


# Table A: hands R1-7-1..3 (a counter of its hands), button 3 -> 5 -> 7; table B interleaved, backwards in the file.
A1, A2, A3 = (hand("R1-7-1", "A", [4, 5, 3], "00:00:10"), hand("R1-7-2", "A", [6, 7, 5], "00:01:00"),
              hand("R1-7-3", "A", [8, 3, 7], "00:02:00"))
B1, B2 = hand("R1-8-9", "B", [2, 3, 1], "00:00:30"), hand("R1-8-10", "B", [3, 1, 2], "00:01:30")


def test_tables_are_read_apart_and_hands_in_the_order_of_their_numbers(tmp_path):
    con, quarantine = load(tmp_path / "x.phhs", phhs(A3, B2, A1, B1, A2))
    assert quarantine == []
    name = "x.phhs"  # the file's audit name
    assert order(con) == [(f"{name}:A", "R1-7-1"), (f"{name}:A", "R1-7-2"), (f"{name}:A", "R1-7-3"),
                          (f"{name}:B", "R1-8-9"), (f"{name}:B", "R1-8-10")]  # 9 before 10: numbers, not text
    assert all("hand_order" not in c["not_logged"] for c in configs(con).values())
    assert [f for f in findings(tmp_path, phhs(A3, B2, A1, B1, A2), "y.phhs") if f[0] == "THE-1.2"] == []


def test_a_button_that_does_not_move_is_found_when_the_hands_are_consecutive(tmp_path):
    stuck = hand("R1-7-2", "A", [6, 7, 3], "00:01:00")  # the button stays on seat 3
    assert [f[0] for f in findings(tmp_path, phhs(A1, stuck), "x.phhs") if f[0] == "THE-1.2"] == ["THE-1.2"]


def test_the_order_is_not_logged_when_the_source_may_leave_hands_out(tmp_path):
    """Site-wide hand numbers (a gap between two hands of the table), times that contradict the numbers, hands that
    name no table among hands that do: the button rule is not evaluated, never compared with a hand that may not be the
    one before."""
    stuck = hand("R1-7-5", "A", [6, 7, 3], "00:01:00")  # R1-7-2 .. 4 are not in the file
    backwards = [hand("1", "T", [4, 5, 3], "00:00:10"), hand("2", "T", [6, 7, 3], "00:00:05")]
    loose = [A1, hand("R1-7-2", None, [6, 7, 3], "00:01:00"), hand("R1-7-3", None, [6, 7, 3], "00:02:00")]
    for n, hands in enumerate([(A1, stuck), backwards, loose]):
        con, quarantine = load(tmp_path / f"{n}.phhs", phhs(*hands))
        assert quarantine == []
        tables = configs(con)
        assert any("hand_order" in c["not_logged"] for c in tables.values()), n
        assert [f for f in findings(tmp_path, phhs(*hands), f"{n}b.phhs") if f[0] == "THE-1.2"] == [], n


def test_a_refused_hand_breaks_the_chain(tmp_path):
    """R1-7-2 cannot be audited (a bet above its stack): R1-7-3 is not compared with R1-7-1, across it."""
    bad = A2.replace('"p3 f", "p1 f"', '"p3 cbr 5000"')
    jump = hand("R1-7-3", "A", [4, 5, 3], "00:02:00")  # after seat 3: seat 5 if R1-7-2 did not exist
    from auditor.engine.audit import audit
    from auditor.engine.ruleset import load_rulesets

    path = tmp_path / "x.phhs"
    path.write_text(phhs(A1, bad, jump), encoding="utf-8")
    result, con = audit([path], load_rulesets(profile="common"))
    assert len(result.quarantine) == 1
    assert con.execute("SELECT table_id, hand_id FROM quarantine").fetchall() == [(f"{path.name}:A", "R1-7-2")]
    assert [f for f in result.findings if f["rule"] == "THE-1.2"] == []
    reasons = con.execute("SELECT missing FROM coverage WHERE rule = 'THE-1.2' AND missing IS NOT NULL").fetchall()
    assert reasons == [("a quarantined record lies between this hand and the previous one",)]
    con.close()


def test_a_change_of_stakes_opens_a_new_table_and_a_new_seat_does_not(tmp_path):
    moved = hand("R1-7-2", "A", [6, 7, 5], "00:01:00", blinds="[10, 20, 0]", min_bet=20)
    joined = A1.replace("seat_count = 9\n", "")
    higher = hand("R1-7-3", "A", [6, 7, 5], "00:02:00").replace("seat_count = 9\n", "")
    con, quarantine = load(tmp_path / "x.phhs", phhs(joined, moved))
    assert quarantine == []
    name = "x.phhs"  # the file's audit name
    tables = configs(con)
    assert sorted(tables) == [f"{name}:A", f"{name}:A#2"]
    assert (tables[f"{name}:A"]["big_blind"], tables[f"{name}:A#2"]["big_blind"]) == ("10", "20")
    con, quarantine = load(tmp_path / "y.phhs", phhs(joined, higher))
    assert quarantine == []
    assert [c["seats"] for c in configs(con).values()] == [7]  # the largest seat of the table's hands


def test_a_quarantined_hand_breaks_the_chain_in_every_format(tmp_path):
    """JSON Lines: hand 2 never ends (quarantined whole); hand 3 is not compared with hand 1 across it."""
    config = {"betting": "no_limit", "small_blind": "5", "big_blind": "10", "chip_unit": "1", "seats": 9,
              "tournament": True}
    records = [{"event": "table_open", "config": config}]
    for number, button, end in ((1, 3, True), (2, 5, False), (3, 3, True)):
        records.append({"event": "hand_start", "hand_id": str(number), "seat": button})
        records += [{"event": "seat", "hand_id": str(number), "seat": s, "player": f"p{s}", "amount": "100"}
                    for s in (3, 5, 7)]
        records += [{"event": "hand_end", "hand_id": str(number)}] if end else []
    path = tmp_path / "t.jsonl"
    path.write_text("".join(json.dumps({"table_id": "T", "game": "holdem", "seq": i, **r}) + "\n"
                            for i, r in enumerate(records)), encoding="utf-8")
    from auditor.engine.audit import audit
    from auditor.engine.ruleset import load_rulesets

    result, con = audit([path], load_rulesets(profile="common"))
    assert {q.reason for q in result.quarantine} == {"hand 2 never ended (truncated log?)"}
    assert [f for f in result.findings if f["rule"] == "THE-1.2"] == []
    for rule in ("THE-1.2", "THE-4.2"):  # the button, and a tournament's stacks from one hand to the next
        assert con.execute(f"SELECT missing FROM coverage WHERE rule = '{rule}' AND missing IS NOT NULL "
                           "AND missing LIKE '%previous one'").fetchall() == [
            ("a quarantined record lies between this hand and the previous one",)], rule
    con.close()
