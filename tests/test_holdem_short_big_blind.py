"""A big blind posted all-in for less than the table's (6 at blinds 5/10): the text does not say what the others
call. ``short_big_blind_call``: ``full_big_blind`` (common practice, TDA and Robert's Rules: the full big blind is
called, and a raise is measured from it) or ``posted_amount`` (the bet is what he posted)."""

from __future__ import annotations

import pytest
from conftest import write_jsonl
from test_holdem_robustness import BOARD, CONFIG, act, money

from auditor.engine.audit import audit
from auditor.engine.ruleset import load_rulesets

HOLE = {2: ["7c", "2d"], 3: ["8c", "3d"], 1: ["As", "Ah"]}


def short_big_blind(button_acts: tuple[str, str], small_blind_adds: str) -> list[dict]:
    """Button 1, small blind 2 posts 5, big blind 3 posts his whole stack of 6; the button ``button_acts`` (action,
    chips), the small blind adds ``small_blind_adds``; checked down between 1 and 2, the button's aces take both
    pots (the main pot 3 x 6, the side pot the rest)."""
    to = int(button_acts[1])
    stacks = {1: "1000", 2: "1000", 3: "6"}
    rows = [{"event": "hand_start", "hand_id": "h1", "seat": 1},
            *({"event": "seat", "hand_id": "h1", "seat": s, "player": f"P{s}", "amount": a} for s, a in stacks.items()),
            {"event": "shuffle", "hand_id": "h1", "method": "machine"},
            act("h1", 2, "post_small_blind", "5"), act("h1", 3, "post_big_blind", "6"),
            *({"event": "deal", "hand_id": "h1", "card": HOLE[s][r], "to": "seat", "seat": s, "face": "down"}
              for r in (0, 1) for s in (2, 3, 1)),
            act("h1", 1, *button_acts), act("h1", 2, "call", small_blind_adds)]
    for cards in (BOARD[:3], BOARD[3:4], BOARD[4:]):
        rows += [{"event": "burn", "hand_id": "h1"}, *({"event": "board", "hand_id": "h1", "card": c} for c in cards)]
        rows += [act("h1", 2, "check"), act("h1", 1, "check")]
    rows += [{"event": "show", "hand_id": "h1", "seat": s, "card": c} for s in (2, 3, 1) for c in HOLE[s]]
    pot = 6 + to + 5 + int(small_blind_adds)
    rows += [money("award", "h1", 1, str(pot))]
    after = {1: 1000 - to + pot, 2: 1000 - 5 - int(small_blind_adds), 3: 0}
    rows += [money("stack", "h1", s, str(a)) for s, a in after.items()]
    return [*rows, {"event": "hand_end", "hand_id": "h1"}]


def run(tmp_path, rows: list[dict], reading: str) -> list[str]:
    events = [{"event": "table_open", "config": CONFIG}, *rows]
    log = write_jsonl(tmp_path / "h.jsonl", [{"table_id": "H1", "game": "holdem", "seq": i, **r}
                                             for i, r in enumerate(events, start=1)])
    result, con = audit([log], load_rulesets(overrides={"holdem.short_big_blind_call": reading}))
    con.close()
    assert not result.quarantine, result.quarantine
    return [f["rule"] for f in result.findings]


@pytest.mark.parametrize(("button_acts", "small_blind_adds", "reading", "found"), [
    (("call", "10"), "5", "full_big_blind", []),  # the full big blind called
    (("call", "10"), "5", "posted_amount", ["THE-6.3", "THE-6.3"]),  # 6 was due, from each
    (("call", "6"), "1", "posted_amount", []),
    (("call", "6"), "1", "full_big_blind", ["THE-6.3", "THE-6.3"]),  # 10 was due, from each
    (("raise", "20"), "15", "full_big_blind", []),  # a full raise of 10 over the big blind
    (("raise", "20"), "15", "posted_amount", []),
    (("raise", "16"), "11", "posted_amount", []),  # 10 over the 6 posted
    (("raise", "16"), "11", "full_big_blind", ["THE-12.1"]),  # 6 over the big blind of 10: short of a full raise
    (("raise", "10"), "5", "posted_amount", ["THE-12.1"]),  # 4 over the 6 posted
    (("raise", "10"), "5", "full_big_blind", []),  # the full big blind, called
])
def test_a_big_blind_all_in_for_less(tmp_path, button_acts, small_blind_adds, reading, found):
    assert run(tmp_path, short_big_blind(button_acts, small_blind_adds), reading) == found
