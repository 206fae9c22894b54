"""PHH forced bets read by amount: who posts is the PHH array's position (heads-up: reversed, as PokerKit reads it),
which blind it is comes from its size (the smaller the small blind, a lone blind by the minimum bet)."""

from __future__ import annotations

import json

import duckdb
import pytest

from tests.test_phh import load


def hand(blinds: str, stacks: str, actions_: str, extra: str = "") -> str:
    """A no-limit hand of minimum bet 10; its hole cards (unknown) are dealt before ``actions_``."""
    count = len(json.loads(stacks))
    deals = ", ".join(f'"d dh p{i} ????"' for i in range(1, count + 1))
    return (f'variant = "NT"\nantes = {[0] * count}\nblinds_or_straddles = {blinds}\nmin_bet = 10\n'
            f"starting_stacks = {stacks}\nactions = [{deals}, {actions_[1:]}\n{extra}")


def at_a_table(blinds: str, stacks: str, actions_: str) -> str:
    """The hand as the second of a table whose first hand posts both blinds (5 and 10), as ``[2]`` of a file; a lone
    blind takes the other blind's amount from it."""
    count = len(json.loads(stacks))
    folds = ["p2 f"] if count == 2 else [f"p{i} f" for i in range(3, count + 1)] + ["p1 f"]
    first = hand(str([5, 10] + [0] * (count - 2)), stacks, json.dumps(folds))
    return f"[1]\n{first}\n[2]\n{hand(blinds, stacks, actions_)}"


def posts(con: duckdb.DuckDBPyConnection) -> list[tuple]:
    rows = con.execute("SELECT seat, action, amount FROM events WHERE event = 'action' AND action LIKE 'post_%' "
                       "AND hand_id = '2' ORDER BY seq").fetchall()
    return [(seat, action, format(amount.normalize(), "f")) for seat, action, amount in rows]




CASES = [
    # blinds, stacks, actions, expected posts (seat, kind, amount)
    ("a lone big blind", "[10, 0, 0, 0, 0]", "[1000, 1000, 1000, 1000, 1000]",
     '["p2 f", "p3 f", "p4 cc", "p5 f", "p1 f"]', [(1, "post_big_blind", "10")]),
    ("a lone big blind of three", "[10, 0, 0]", "[1000, 1000, 1000]", '["p2 f", "p3 f"]',
     [(1, "post_big_blind", "10")]),
    ("a lone small blind", "[5, 0, 0]", "[1000, 1000, 1000]", '["p2 f", "p3 f"]',
     [(1, "post_small_blind", "5")]),
    ("blinds listed big first", "[10, 5, 0]", "[1000, 1000, 1000]", '["p3 f", "p1 f"]',
     [(2, "post_small_blind", "5"), (1, "post_big_blind", "10")]),
    ("heads-up by size", "[5, 10]", "[1000, 1000]", '["p2 f"]',
     [(2, "post_small_blind", "5"), (1, "post_big_blind", "10")]),
    ("heads-up listed big first", "[10, 5]", "[1000, 1000]", '["p1 f"]',
     [(1, "post_small_blind", "5"), (2, "post_big_blind", "10")]),
    ("a straddle", "[5, 10, 20, 0]", "[1000, 1000, 1000, 1000]", '["p4 f", "p1 f", "p2 f"]',
     [(1, "post_small_blind", "5"), (2, "post_big_blind", "10"), (3, "post_straddle", "20")]),
]


@pytest.mark.parametrize("name,blinds,stacks,acts,expected", CASES, ids=[c[0] for c in CASES])
def test_forced_bets_by_amount(tmp_path, name, blinds, stacks, acts, expected):
    con, quarantine = load(tmp_path / "h.phhs", at_a_table(blinds, stacks, acts))
    assert quarantine == []
    assert posts(con) == expected
    config = json.loads(con.execute("SELECT config FROM tables").fetchone()[0])
    assert (config["small_blind"], config["big_blind"]) == ("5", "10")


def findings(tmp_path, text: str, name: str) -> list[tuple[str, str]]:
    """(rule, message) of every finding on ``text`` audited alone under the common profile."""
    from auditor.engine.audit import audit
    from auditor.engine.ruleset import load_rulesets

    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    result, con = audit([path], load_rulesets(profile="common"))
    con.close()
    assert result.quarantine == []
    return [(f["rule"], f["message"]) for f in result.findings]


TURNS = [
    # A lone big blind: the player after it acts first, the big blind last (the 2009 ABS hand 3017647904).
    ("[10, 0, 0, 0, 0]", "[1000, 1000, 1000, 1000, 1000]", '["p2 f", "p3 f", "p4 cc", "p5 f", "p1 cc", '
     '"d db 8hTd8s", "p1 cc", "p4 cc", "d db 6c", "p1 cc", "p4 cc", "d db 6s", "p1 cbr 45", "p4 f"]'),
    # Heads-up listed big first: p1 posts the small blind and acts first (the 2009 PTY hand 16406821336).
    ("[10, 5]", "[1000, 1000]", '["p1 f"]'),
]


@pytest.mark.parametrize("blinds,stacks,acts", TURNS, ids=[t[0] for t in TURNS])
def test_the_turn_follows_the_blinds_read_by_amount(tmp_path, blinds, stacks, acts):
    found = findings(tmp_path, at_a_table(blinds, stacks, acts), "h.phhs")
    assert not [f for f in found if f[0].startswith(("THE-6", "THE-7", "THE-8", "THE-12"))], found


# A negative entry: a player joining or returning posts out of turn. The common site rule, which the 2009 Ongame and
# PartyPoker hands' finishing stacks bear out: up to the big blind the post is live (part of his bet), the rest, or a
# post smaller than the big blind, is dead (in the pot, as an ante is, not part of his bet).
POSTED = [
    ("a missed small blind is dead", "[5, 10, -5, 0, 0]",
     '["p3 cc", "p4 f", "p5 f", "p1 f", "p2 cc", "d db JhQsKc", "p2 cc", "p3 cc", "d db 4h", "p2 cc", "p3 cc", '
     '"d db 4c", "p2 cc", "p3 cc", "p2 sm 3dKs", "p3 sm 8cQd"]', "[995, 1020, 985, 1000, 1000]",
     [(1, "post_small_blind", "5"), (2, "post_big_blind", "10"), (3, "post_dead", "5")], {3: "15"}),
    ("a new player's big blind is live", "[5, 10, -10, 0, 0]",
     '["p3 cc", "p4 f", "p5 f", "p1 f", "p2 cc", "d db JhQsKc", "p2 cc", "p3 cbr 10", "p2 f"]',
     "[995, 990, 1015, 1000, 1000]",
     [(1, "post_small_blind", "5"), (2, "post_big_blind", "10"), (3, "post_live", "10")], {3: "20"}),
    ("both blinds missed: the big one live, the small one dead", "[5, 10, -15, 0, 0]",
     '["p3 cc", "p4 f", "p5 f", "p1 f", "p2 cc", "d db JhQsKc", "p2 cc", "p3 cbr 10", "p2 f"]',
     "[995, 990, 1015, 1000, 1000]",
     [(1, "post_small_blind", "5"), (2, "post_big_blind", "10"), (3, "post_live", "10"), (3, "post_dead", "5")],
     {3: "25"}),
]


@pytest.mark.parametrize("name,blinds,acts,finishing,expected,put", POSTED, ids=[p[0] for p in POSTED])
def test_a_post_out_of_turn_is_live_up_to_the_big_blind_and_dead_beyond(tmp_path, name, blinds, acts, finishing,
                                                                          expected, put):
    stacks = "[1000, 1000, 1000, 1000, 1000]"
    text = hand(blinds, stacks, acts, f"finishing_stacks = {finishing}\n")
    con, quarantine = load(tmp_path / "h.phh", text)
    assert quarantine == []
    rows = con.execute("SELECT seat, action, amount FROM events WHERE event = 'action' AND action LIKE 'post_%' "
                       "ORDER BY seq").fetchall()
    assert [(s, a, format(m.normalize(), "f")) for s, a, m in rows] == expected
    spent = con.execute("SELECT sum(amount) FROM events WHERE event = 'action' AND seat = 3").fetchone()[0]
    assert {3: format(spent.normalize(), "f")} == put
    found = findings(tmp_path, text, "f.phh")
    assert found == [], found
