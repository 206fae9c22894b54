"""PHH hand histories read as hold'em events: the mapping on small hands written here, the quarantine of what cannot
be audited, every real hand of ../shared/data/phh, and PokerKit as an independent check of the chips."""

from __future__ import annotations

import json
import tomllib
from decimal import Decimal
from pathlib import Path

import duckdb
import pytest

from auditor.engine.audit import audit
from auditor.engine.ruleset import load_rulesets
from auditor.ingest.audit_names import LogFile
from auditor.ingest.discover import discover
from auditor.ingest.load import ingest

DATA = Path(__file__).resolve().parents[2] / "shared" / "data" / "phh"
HOLDEM = ("'NT'", "'FT'", '"NT"', '"FT"')

THREE_HANDED = """\
variant = "NT"
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
min_bet = 2
starting_stacks = [200, 200, 200]
actions = [
  "d dh p1 AsKs", "d dh p2 7h7d", "d dh p3 QcJc",
  "p3 cbr 6",  # the button raises
  "p1 f",
  "p2 cc",
  "d db 2c3d9h",
  "p2 cc", "p3 cbr 10", "p2 cc",
  "d db Th",
  "p2 cc", "p3 cc",
  "d db 4s",
  "p2 cbr 20", "p3 f",
]
hand = 7
players = ["Ann", "Bob", "Cy"]
finishing_stacks = [199, 217, 184]
"""


def load(path: Path, text: str) -> tuple[duckdb.DuckDBPyConnection, list[tuple]]:
    """Ingest one PHH text; returns the connection and the quarantine as (line, reason)."""
    path.write_text(text, encoding="utf-8")
    con = duckdb.connect()
    ingest(con, discover([path]))
    return con, con.execute("SELECT line, reason FROM quarantine ORDER BY line").fetchall()


def actions(con: duckdb.DuckDBPyConnection) -> list[tuple]:
    rows = con.execute(
        "SELECT seat, action, amount::VARCHAR, all_in FROM events WHERE event = 'action' ORDER BY table_id, seq"
    ).fetchall()
    return [(seat, action, format(Decimal(amount).normalize(), "f"), all_in) for seat, action, amount, all_in in rows]


def money(con: duckdb.DuckDBPyConnection, event: str) -> dict[int, Decimal]:
    rows = con.execute(f"SELECT seat, amount FROM events WHERE event = '{event}' ORDER BY seq").fetchall()
    return {seat: amount.normalize() for seat, amount in rows}


def test_three_handed_raise_call_fold_and_uncalled_bet(tmp_path):
    con, quarantine = load(tmp_path / "t.phh", THREE_HANDED + "winnings = [0, 33, 0]\n")  # winnings agree
    assert quarantine == []
    assert load(tmp_path / "zero.phh", THREE_HANDED + "winnings = [0, 0, 0]\n")[1] == []  # not recorded
    assert actions(con) == [
        (1, "post_small_blind", "1", False), (2, "post_big_blind", "2", False), (3, "raise", "6", False),
        (1, "fold", "0", False), (2, "call", "4", False), (2, "check", "0", False), (3, "bet", "10", False),
        (2, "call", "10", False), (2, "check", "0", False), (3, "check", "0", False), (2, "bet", "20", False),
        (3, "fold", "0", False),
    ]
    assert money(con, "refund") == {2: 20}
    assert money(con, "award") == {2: 33}
    assert money(con, "stack") == {1: 199, 2: 217, 3: 184}
    start = con.execute("SELECT table_id, hand_id, seat, line FROM events WHERE event = 'hand_start'").fetchone()
    assert start == ("t.phh", "7", 3, 18)  # the button is the last player; line of `hand =`
    seats = con.execute("SELECT seat, player, amount FROM events WHERE event = 'seat' ORDER BY seq").fetchall()
    assert seats == [(1, "Ann", 200), (2, "Bob", 200), (3, "Cy", 200)]
    lines = con.execute("SELECT line FROM events WHERE event = 'action' ORDER BY seq").fetchall()
    assert [r[0] for r in lines] == [3, 3, 8, 9, 10, 12, 12, 12, 14, 14, 16, 16]
    config = json.loads(con.execute("SELECT config FROM tables").fetchone()[0])
    assert config == {"betting": "no_limit", "small_blind": "1", "big_blind": "2", "min_bet": "2", "chip_unit": "1",
                      "seats": 3, "not_logged": "burns,deal_order,croupier_position,rake,showdown_mucks"}
    deals = con.execute("SELECT seat, card, face, target FROM events WHERE event = 'deal' ORDER BY seq").fetchall()
    assert deals[:2] == [(1, "As", "down", "seat"), (1, "Ks", "down", "seat")] and len(deals) == 6
    assert [r[0] for r in con.execute("SELECT card FROM events WHERE event = 'board' ORDER BY seq").fetchall()] == [
        "2c", "3d", "9h", "Th", "4s"]


def test_heads_up_the_first_player_posts_the_big_blind(tmp_path):
    text = """\
variant = "NT"
antes = [0, 1]
blinds_or_straddles = [5, 10]
min_bet = 10
starting_stacks = [500, 500]
actions = ["d dh p1 2c2d", "d dh p2 3c3d", "p2 cc", "p1 cc", "d db AhKhQh", "p1 cbr 10", "p2 f"]
finishing_stacks = [510, 490]
"""
    con, quarantine = load(tmp_path / "hu.phh", text)
    assert quarantine == []
    assert actions(con)[:5] == [
        (1, "post_ante", "1", False), (2, "post_small_blind", "5", False), (1, "post_big_blind", "10", False),
        (2, "call", "5", False), (1, "check", "0", False),
    ]
    assert con.execute("SELECT seat, hand_id FROM events WHERE event = 'hand_start'").fetchone() == (2, "hu")
    assert money(con, "refund") == {1: 10} and money(con, "award") == {1: 21}


def test_all_in_shows_before_the_last_board_cards(tmp_path):
    text = """\
variant = "NT"
antes = [0, 0, 0]
blinds_or_straddles = [50, 100, 0]
min_bet = 100
starting_stacks = [3000, 1000, 400]
actions = [
  "d dh p1 AsAd", "d dh p2 KsKd", "d dh p3 ????",
  "p3 f", "p1 cbr 3000", "p2 cc",
  "p1 sm AsAd", "p2 sm -",
  "d db 2c3d9h", "d db Th", "d db 4s",
]
finishing_stacks = [4000, 0, 400]
"""
    con, quarantine = load(tmp_path / "allin.phh", text)
    assert quarantine == []
    assert actions(con)[2:] == [
        (3, "fold", "0", False), (1, "raise", "2950", True), (2, "call", "900", True),
    ]
    events = [r[0] for r in con.execute("SELECT event FROM events ORDER BY seq").fetchall()]
    assert events[-15:] == ["show"] * 4 + ["board"] * 5 + ["refund", "award", "stack", "stack", "stack", "hand_end"]
    shows = con.execute("SELECT seat, card FROM events WHERE event = 'show' ORDER BY seq").fetchall()
    assert shows == [(1, "As"), (1, "Ad"), (2, "Ks"), (2, "Kd")]  # "sm -" shows the cards dealt
    assert money(con, "refund") == {1: 2000} and money(con, "award") == {1: 2000}
    unknown = con.execute("SELECT count(*) FROM events WHERE event = 'deal' AND seat = 3 AND card IS NULL").fetchone()
    assert unknown == (2,)


def test_an_ante_is_never_part_of_the_uncalled_bet(tmp_path):
    text = """\
variant = "NT"
antes = [0, 30, 0]
blinds_or_straddles = [10, 20, 0]
min_bet = 20
starting_stacks = [1000, 1000, 1000]
actions = ["d dh p1 ????", "d dh p2 ????", "d dh p3 ????", "p3 cbr 60", "p1 f", "p2 cc", "d db 2c3d9h",
  "p2 cc", "p3 cc", "d db Th", "p2 cc", "p3 cc", "d db 4s", "p2 cc", "p3 cc", "p2 sm 2s2h", "p3 sm"]
finishing_stacks = [990, 1070, 940]
"""
    con, quarantine = load(tmp_path / "bba.phh", text)
    assert quarantine == []
    assert money(con, "refund") == {} and money(con, "award") == {2: 160}


def test_fixed_limit_hand(tmp_path):
    text = """\
variant = "FT"
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
small_bet = 2
big_bet = 4
starting_stacks = [100, 100, 100.5]
actions = ["d dh p1 ????", "d dh p2 ????", "d dh p3 ????", "p3 cbr 4", "p1 f", "p2 cc", "d db 2c3d9h",
  "p2 cbr 2", "p3 cbr 4", "p2 f"]
finishing_stacks = [99, 94, 107.5]
"""
    con, quarantine = load(tmp_path / "ft.phh", text)
    assert quarantine == []
    config = json.loads(con.execute("SELECT config FROM tables").fetchone()[0])
    assert (config["betting"], config["small_bet"], config["big_bet"], config["chip_unit"]) == (
        "fixed_limit", "2", "4", "0.1")
    assert "min_bet" not in config
    assert actions(con)[2:] == [(3, "raise", "4", False), (1, "fold", "0", False), (2, "call", "2", False),
                                (2, "bet", "2", False), (3, "raise", "4", False), (2, "fold", "0", False)]
    assert money(con, "refund") == {3: 2} and money(con, "award") == {3: 13}


def test_seats_table_and_time_fields(tmp_path):
    text = THREE_HANDED.replace("hand = 7\n", "hand = 7\ntable = 5\nseats = [2, 5, 9]\nseat_count = 10\n"
                                "time = 21:30:00\nday = 22\nmonth = 6\nyear = 2023\n")
    con, quarantine = load(tmp_path / "t.phh", text)
    assert quarantine == []
    assert con.execute("SELECT DISTINCT table_id, strftime(ts, '%Y-%m-%dT%H:%M') FROM events").fetchall() == [
        ("t.phh:5", "2023-06-22T21:30")]
    assert con.execute("SELECT seat FROM events WHERE event = 'hand_start'").fetchone() == (9,)
    assert money(con, "award") == {5: 33}
    assert json.loads(con.execute("SELECT config FROM tables").fetchone()[0])["seats"] == 10


def test_several_hands_share_one_table(tmp_path):
    hand = THREE_HANDED.replace("hand = 7\n", "")
    stud = hand.replace('variant = "NT"', 'variant = "F7S"')
    text = f"[1]\n{hand}\n['2']\n{hand}\n[3]\n{stud}"
    con, quarantine = load(tmp_path / "day.phhs", text)
    lines = text.split("\n")
    assert quarantine == [(lines.index("[3]") + 2, "PHH variant F7S is not audited (hold'em NT and FT only)")]
    rows = con.execute("SELECT DISTINCT table_id, hand_id FROM events WHERE event = 'hand_start'").fetchall()
    assert sorted(rows) == [("day.phhs", "1"), ("day.phhs", "2")]
    assert con.execute("SELECT count(*), min(seq), max(seq) FROM events").fetchone() == (2 * 33 + 1, 0, 66)
    assert con.execute("SELECT count(*) FROM events WHERE event = 'table_open'").fetchone() == (1,)
    first_raise = lines.index('  "p3 cbr 6",  # the button raises', lines.index("['2']")) + 1
    assert con.execute("SELECT min(line) FROM events WHERE hand_id = '2' AND action = 'raise'").fetchone() == (
        first_raise,)


def test_a_quoted_dotted_header_is_not_the_dotted_table(tmp_path):
    """["a.b"] is the hand "a.b"; [a.b] is table b inside the hand "a" (which has no actions): the line scanner read
    both as "a.b", so that hand's lines were the other's."""
    hand = THREE_HANDED.replace("hand = 7\n", "")
    text = f"[1]\n{hand}\n[a.b]\n{hand}\n[\"a.b\"]\n{hand}"
    con, quarantine = load(tmp_path / "day.phhs", text)
    lines = text.split("\n")
    assert quarantine == [(lines.index("[a.b]") + 1, "field actions: expected an array of strings")]
    assert con.execute("SELECT min(line) FROM events WHERE hand_id = 'a.b' AND action = 'raise'").fetchone() == (
        lines.index('  "p3 cbr 6",  # the button raises', lines.index('["a.b"]')) + 1,)


def test_a_phh_and_a_phhs_file_of_one_name_are_two_tables(tmp_path):
    """x.phh and x.phhs in one folder were both table x: the second file's first hand was a duplicate seq."""
    (tmp_path / "x.phh").write_text(THREE_HANDED, encoding="utf-8")
    (tmp_path / "x.phhs").write_text(f"[1]\n{THREE_HANDED.replace('hand = 7', 'hand = 8')}", encoding="utf-8")
    con = duckdb.connect()
    ingest(con, discover([tmp_path]))
    assert con.execute("SELECT line, reason FROM quarantine").fetchall() == []
    assert con.execute("SELECT table_id, hand_id FROM events WHERE event = 'hand_start' ORDER BY ALL").fetchall() == [
        ("x.phh", "7"), ("x.phhs", "8")]


BAD_HANDS = [
    ("finishing stacks after an unknown stack", "starting_stacks = [200, 200, 200]",
     "starting_stacks = [inf, 200, 200]", 20, "finishing_stacks with a starting stack of inf: the awards cannot be"),
    ("an unknown amount", "min_bet = 2", "min_bet = inf", 4, "min_bet is inf (unknown amount)"),
    ("negative ante", "antes = [0, 0, 0]", "antes = [0, -1, 0]", 2, "antes has a negative amount"),
    ("seats that do not go round the table in the players' order", "hand = 7\n", "hand = 7\nseats = [5, 2, 9]\n", 19,
     "field seats: [5, 2, 9] do not go clockwise in the order PHH lists the players"),
    ("stud", 'variant = "NT"', 'variant = "F7S"', 1, "PHH variant F7S is not audited (hold'em NT and FT only)"),
    ("omaha", 'variant = "NT"', 'variant = "PO"', 1, "PHH variant PO is not audited"),
    ("TOML error", "min_bet = 2", "min_bet = = 2", 4, "not valid TOML: Invalid value (at line 4, column 11)"),
    ("an amount past the format", "min_bet = 2", "min_bet = 1e1000000", 4,
     "min_bet = 1e+1000000 has more than 14 integer digits"),  # normalize() overflowed: the run crashed
    ("an integer of 5000 digits", "min_bet = 2", "min_bet = " + "9" * 5000, 1,
     "not valid TOML: Exceeds the limit (4300 digits)"),  # tomllib raises a ValueError: the run crashed
    ("bet above the stack", '"p2 cbr 20"', '"p2 cbr 2000"', 16, "'p2 cbr 2000' needs 2000 chips, p2 has 184"),
    ("a draw in hold'em", '"p3 f",\n]', '"p3 f", "p2 sd AsKs",\n]', 16, "action 'p2 sd AsKs' is not part of hold'em"),
    ("a hand cut off after the turn", '"d db 4s",\n  "p2 cbr 20", "p3 f",\n]', '\n]', 14,
     "the hand stops with 2 players in it after 4 board cards: it does not end (truncated?)"),
    ("a hand cut off after the river card", '"p2 cbr 20", "p3 f",\n]', '\n]', 15,
     "the hand stops with 2 players in it after 5 board cards"),
    ("winnings that finishing_stacks contradict", "finishing_stacks = [199, 217, 184]",
     "finishing_stacks = [199, 217, 184]\nwinnings = [0, 20, 13]", 20,
     "finishing_stacks and winnings disagree: p2 wins 33 by finishing_stacks, 20 by winnings"),
    ("chips out of nowhere", "[199, 217, 184]", "[199, 218, 184]", 20,
     "finishing_stacks hold more chips than starting_stacks"),
    ("a stack that grows without an award", "[199, 217, 184]", "[200, 217, 183]", 20,
     "finishing_stacks disagree with the actions: p3 ends with 183 but has 184 left"),
]


@pytest.mark.parametrize("name,old,new,line,reason", BAD_HANDS, ids=[b[0] for b in BAD_HANDS])
def test_what_cannot_be_audited_is_quarantined_with_its_line(tmp_path, name, old, new, line, reason):
    assert old in THREE_HANDED
    con, quarantine = load(tmp_path / "bad.phh", THREE_HANDED.replace(old, new))
    assert len(quarantine) == 1
    assert quarantine[0][0] == line and reason in quarantine[0][1]
    assert con.execute("SELECT count(*) FROM events").fetchone() == (0,)
    raw = con.execute("SELECT raw FROM quarantine").fetchone()[0]
    assert raw == (THREE_HANDED.replace(old, new).split("\n")[line - 1])



def test_a_byte_order_mark_is_not_part_of_the_hand(tmp_path):
    con, quarantine = load(tmp_path / "bom.phh", "\ufeff" + THREE_HANDED)
    assert quarantine == [] and con.execute("SELECT count(*) FROM events").fetchone()[0] > 0

def test_a_file_that_is_not_utf8_is_quarantined(tmp_path):
    path = tmp_path / "x.phh"
    path.write_bytes(b"variant = '\xff'\n")
    con = duckdb.connect()
    ingest(con, discover([path]))
    assert con.execute("SELECT line, reason LIKE 'file is not UTF-8%' FROM quarantine").fetchall() == [(1, True)]


# Every real hand: ingest never raises, hold'em hands are never quarantined, and the chips balance.

BALANCE_SQL = """
WITH seats AS (
  SELECT table_id, hand_id, seat,
         sum(amount) FILTER (event = 'seat') AS start,
         coalesce(sum(amount) FILTER (event = 'action'), 0) AS put,
         coalesce(sum(amount) FILTER (event = 'refund'), 0) AS back,
         coalesce(sum(amount) FILTER (event = 'award'), 0) AS won,
         sum(amount) FILTER (event = 'stack') AS finish
  FROM events WHERE event IN ('seat', 'action', 'refund', 'award', 'stack') GROUP BY ALL
), hands AS (
  SELECT table_id, hand_id, sum(start) AS start, sum(finish) AS finish, sum(put) AS put, sum(back) AS back,
         sum(won) AS won, bool_and(start - put + back + won = finish) AS seats_balance,
         bool_or(won <> round(won)) AS halves
  FROM seats GROUP BY ALL
)
SELECT count(*) AS hands, count(finish) AS with_finish,
       count(*) FILTER (finish IS NOT NULL AND NOT (start = finish AND put - back = won AND seats_balance)) AS broken,
       count(*) FILTER (halves) AS split_halves
FROM hands
"""


def _holdem(path: Path) -> int:
    """Hold'em hands in a real file (all of them are .phh)."""
    return sum(line.startswith("variant") and line.split("=")[1].strip() in HOLDEM
               for line in path.read_text(encoding="utf-8").splitlines())


def check_real_files(files: list[LogFile]) -> tuple[int, int, int]:
    con = duckdb.connect()
    result = ingest(con, files)
    quarantined = con.execute("SELECT file, reason FROM quarantine").fetchall()
    assert all("is not audited (hold'em NT and FT only)" in reason for _, reason in quarantined), quarantined[:5]
    assert not {file for file, _ in quarantined} & {f.name for f in files if _holdem(f.path)}
    hands, with_finish, broken, split = con.execute(BALANCE_SQL).fetchone()
    assert hands == sum(_holdem(f.path) for f in files)
    assert broken == 0
    assert sum(i.records for i in result.inputs) == result.events + len(quarantined)
    return hands, with_finish, split


def _real_files() -> list[LogFile]:
    """Every PHH file but the HandHQ uploads, whose known record faults (quarantined hands) are listed apart."""
    if not DATA.is_dir():
        pytest.skip(f"no PHH data at {DATA}")
    return [f for f in discover([DATA]) if "handhq" not in f.path.parts]


def test_a_sample_of_the_real_hands_ingests_and_balances():
    files = _real_files()
    sample = [f for i, f in enumerate(files) if i % 20 == 0 or "pluribus" not in f.path.parts]
    hands, with_finish, _ = check_real_files(sample)
    assert hands > 500 and with_finish == hands - 1  # one famous hand has no finishing_stacks


@pytest.mark.slow
def test_every_real_hand_ingests_and_balances():
    hands, with_finish, split = check_real_files(_real_files())
    assert (hands, with_finish, split) == (10020, 10019, 8)


# The audit of real hands: the WSOP and Pluribus records give one finding for the one action missing from them, and
# one THE-8.4 finding for each player who mucks at a showdown (``pN sm`` without cards; art. 8(5): all reveal).

WSOP_FINDINGS = [
    ("2019-event42-day3/00-01-07.phh", "THE-6.2",
     "seat 1 acted (call) on the preflop when it was seat 8's turn (art. 6(3))")]


def _audited(files: list[Path]) -> list[tuple[str, int, str, str]]:
    result, con = audit(files, load_rulesets(profile="common"))
    con.close()
    return [(_key(Path(f["file"])), f["line"], f["rule"], f["message"]) for f in result.findings]


def _key(path: Path) -> str:
    """A real hand's file by its folder and name (Pluribus reuses a name in each session's folder)."""
    return f"{path.parent.name}/{path.name}"


def _mucks(path: Path) -> list[tuple[str, int, str, str]]:
    """Read from the raw text, apart from the auditor: each player still in at the hand's end (no fold) whose ``sm``
    gives no cards, as the THE-8.4 finding it must be (these records write a player's seat as his place, pN)."""
    text = path.read_text(encoding="utf-8")
    actions = tomllib.loads(text)["actions"]
    folded = {a.split()[0] for a in actions if a.split()[1:] == ["f"]}
    lines = text.splitlines()
    found = []
    for action in actions:
        if action.split()[1:] == ["sm"] and action.split()[0] not in folded:
            line = next(i for i, t in enumerate(lines, 1) if f"'{action}'" in t or f'"{action}"' in t)
            seat = action.split()[0][1:]
            found.append((_key(path), line, "THE-8.4", f"seat {seat} mucked at the showdown: he showed 0 card(s) "
                                                      "(art. 8(5))"))
    return found


def _expected(files: list[Path]) -> list[tuple[str, int, str, str]]:
    wsop = [(name, 7, rule, message) for name, rule, message in WSOP_FINDINGS]
    return sorted(wsop + [m for f in files for m in _mucks(f)])


def test_the_wsop_and_a_sample_of_the_pluribus_hands_give_the_findings_their_records_explain():
    """2019 WSOP event 42, day 3, hand 00-01-07: seat 8 (p8) never acts, no fold is logged although he put nothing in
    after the blinds (PokerKit's replayer inserts one; a strict audit does not). Seat 1's call in his turn is the one
    betting finding: seat 8 is then absent from the betting, so seat 2's call, the four rounds that end without him
    and the river call after seat 2's bet are not reported again (they were six more findings). He put no chip in the
    pots: the awards are judged. Besides, each muck at a showdown (2023 WSOP hands 34 and 35, Pluribus hands) is one
    THE-8.4 finding on the line of its ``sm``."""
    files = [f.path for f in _real_files()]
    wsop = [f for f in files if "wsop" in f.parts and _holdem(f)]
    pluribus = [f for f in files if "pluribus" in f.parts][::20]
    found = _audited(wsop + pluribus)
    assert sorted(found) == _expected(wsop + pluribus)
    assert [m[0] for f in wsop for m in _mucks(f)] == ["2023-event43-day5/34.phh", "2023-event43-day5/35.phh"]


@pytest.mark.slow
def test_every_pluribus_hand_gives_a_finding_for_each_muck_at_a_showdown():
    files = [f.path for f in _real_files() if "pluribus" in f.path.parts]
    found = _audited(files)
    assert sorted(found) == sorted(m for f in files for m in _mucks(f))
    assert (len(found), len({(name, line) for name, line, _, _ in found})) == (870, 847)


# PokerKit as a peer: the same contributions and final stacks on real hands (the WSOP ones have big-blind antes).

def _pokerkit_chips(path: Path) -> tuple[list[Decimal], list[Decimal]]:
    """Per player: chips put in (every stack decrease), and the final stacks, replayed by PokerKit."""
    from pokerkit import HandHistory

    with path.open("rb") as handle:  # the 2019 WSOP file sets ante trimming with a big-blind ante, against the spec's
        history = HandHistory.load(handle, ante_trimming_status=False)  # advice: PokerKit would return that ante
    put = [Decimal(0)] * len(history.starting_stacks)
    before = list(history.starting_stacks)
    for state in history:
        put = [p + max(Decimal(b) - Decimal(s), Decimal(0)) for p, b, s in zip(put, before, state.stacks)]
        before = list(state.stacks)
    return put, [Decimal(s) for s in before]


def test_contributions_and_final_stacks_match_pokerkit():
    files = [f for f in _real_files() if "pluribus" in f.path.parts]
    halves = [f for f in files if ".5" in f.path.read_text(encoding="utf-8").rpartition("finishing_stacks")[2]]
    wsop = [f for f in _real_files() if "wsop" in f.path.parts and _holdem(f.path)]
    sample = files[::50] + halves + wsop
    con = duckdb.connect()
    ingest(con, sample)
    rows = con.execute(
        "SELECT file, seat, sum(amount) FILTER (event = 'action'), sum(amount) FILTER (event = 'stack') "
        "FROM events WHERE event IN ('action', 'stack') GROUP BY ALL ORDER BY file, seat"
    ).fetchall()
    ours: dict[str, list[tuple[Decimal, Decimal]]] = {}
    for file, _, put, stack in rows:
        ours.setdefault(file, []).append((put or Decimal(0), stack))
    assert len(ours) == len(sample) and len(halves) == 8
    for file in sample:
        put, final = _pokerkit_chips(file.path)
        assert [p for p, _ in ours[file.name]] == put, file
        stacks = [s for _, s in ours[file.name]]
        if file in halves:  # PokerKit gives the odd chip of a split pot to one player; the file halves it
            assert sum(stacks) == sum(final) and all(abs(a - b) <= Decimal("0.5") for a, b in zip(stacks, final))
        else:
            assert stacks == final, file
