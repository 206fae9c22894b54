"""The stud replay on the poker core: the order of play by open cards and counterclockwise after a bet, the readings
of art. 10 (``lead_before_bet``, ``min_raise``, the leaders of rounds 2 and 3), all-ins for less, time and what
cannot be judged (docs/stud-checks.md). Only the replay rules of the betting are looked at."""

from __future__ import annotations

from datetime import datetime, timedelta
from pathlib import Path

import pytest
from conftest import write_jsonl

from auditor.engine.audit import audit
from auditor.engine.ruleset import load_rulesets
from auditor.games.poker.order import clockwise, counterclockwise
from auditor.games.stud.leaders import strength

BETTING_RULES = {"5CS-10.4", "5CS-10.5", "5CS-10.6", "5CS-10.7", "5CS-10.8", "5CS-10.10", "5CS-10.11", "5CS-10.12",
                 "5CS-10.13", "5CS-10.14", "5CS-10.15", "5CS-10.17", "5CS-11.2", "5CS-11.3"}
START = datetime(2024, 5, 1, 20, 0)


def stud_log(path: Path, stacks: dict[int, int], steps: list[tuple]) -> Path:
    """One hand at table S1 (ante 20): seats, antes, first rake, burn, then ``steps``: ("up", {seat: card}) deals
    an open card to each seat named (counterclockwise), ("down", {seat: card}) the hole cards, ("act", seat, kind,
    amount[, seconds]) an action that many seconds after the event before it (default 5), ("end",) the close."""
    rows: list[dict] = []
    clock = [START]

    def add(event: dict, seconds: float = 1) -> None:
        clock[0] += timedelta(seconds=seconds)
        rows.append({"table_id": "S1", "game": "stud", "seq": len(rows) + 1,
                     "ts": clock[0].isoformat(timespec="milliseconds"), **event})

    add({"event": "table_open", "config": {"ante": "20", "chip_unit": "5", "seats": 7, "rake_rate": "0.04"}})
    for seat, stack in stacks.items():
        add({"event": "buy_in", "seat": seat, "player": f"M{seat}", "amount": str(stack)})
    add({"event": "shoe_start", "shoe_id": "K1"})
    h = {"hand_id": "H1"}
    add({"event": "hand_start", "shoe_id": "K1", **h})
    for seat, stack in stacks.items():
        add({"event": "seat", "seat": seat, "player": f"M{seat}", "amount": str(stack), **h})
    add({"event": "shuffle", "method": "manual", **h})
    for seat in sorted(stacks, reverse=True):
        add({"event": "action", "seat": seat, "action": "post_ante", "amount": "20", "all_in": False, **h})
    add({"event": "rake", "amount": "20", "reason": "first_rake", **h})
    add({"event": "burn", "card": "5c", **h})
    for step in steps:
        if step[0] in ("up", "down"):
            for seat in sorted(step[1], reverse=True):
                add({"event": "deal", "card": step[1][seat], "to": "seat", "seat": seat, "face": step[0], **h})
        elif step[0] == "act":
            seat, kind, amount, *seconds = step[1:]
            add({"event": "action", "seat": seat, "action": kind, "amount": str(amount), "all_in": False, **h},
                seconds[0] if seconds else 5)
        else:
            add({"event": "hand_end", **h})
    return write_jsonl(path, rows)


def betting_findings(log: Path, **params: object) -> tuple[list[tuple[str, str]], dict]:
    """The findings of the betting rules as (rule, message up to its citation), and the rules' summaries."""
    result, con = audit([log], load_rulesets(overrides={f"stud.{k}": str(v) for k, v in params.items()}))
    con.close()
    assert not result.quarantine
    found = [(f["rule"], f["message"].rpartition(" (")[0]) for f in result.findings if f["rule"] in BETTING_RULES]
    return found, {r.id: r for r in result.rules}


def test_the_order_round_the_table():
    seats = [1, 3, 5, 7]
    assert counterclockwise(seats, None) == [7, 5, 3, 1]  # from the croupier's right
    assert counterclockwise(seats, 5) == [3, 1, 7, 5]  # from the right of seat 5
    assert counterclockwise(seats, 4) == [3, 1, 7, 5]  # from the right of an empty seat
    assert clockwise(seats, 5) == [7, 1, 3, 5]


def test_the_leaders_readings():
    literal = strength(load_rulesets()["stud"])
    other = strength(load_rulesets(overrides={"stud.round2_no_pair_leader": "best_two_open_cards",
                                              "stud.round3_pair_requires_third_card": "false"})["stud"])
    # Round 2 without a pair: the highest second open card (K) leads, or the best two cards.
    assert literal(["6s", "Kd"], 2) > literal(["As", "Qd"], 2)
    assert other(["6s", "Kd"], 2) < other(["As", "Qd"], 2)
    # Round 3: a pair of the first two open cards counts only under the other reading.
    assert literal(["9s", "9d", "5c"], 3) < literal(["As", "Kd", "Qc"], 3)
    assert other(["9s", "9d", "5c"], 3) > other(["As", "Kd", "Qc"], 3)


ROUND_1 = [("up", {6: "Ks", 4: "Qh", 2: "Jd"}), ("down", {6: "9c", 4: "8c", 2: "7c"}),
           ("act", 6, "bet", 20), ("act", 4, "call", 20), ("act", 2, "call", 20),
           ("up", {6: "6d", 4: "Th", 2: "Ad"})]  # round 2: seat 2 (A) leads, then seat 4 (T), then seat 6 (6)
STACKS = {2: 2000, 4: 2000, 6: 2000}


def test_the_option_passes_by_open_cards_or_by_seats(tmp_path):
    """Round 2 checked by strength (2, 4, 6) is lawful under ``open_card_strength``; under ``seat_order`` the order
    is 2, then counterclockwise from his right: 6 (wrapping), then 4."""
    log = stud_log(tmp_path / "s.jsonl", STACKS, [*ROUND_1, ("act", 2, "check", 0), ("act", 4, "check", 0),
                                                  ("act", 6, "check", 0), ("end",)])
    assert betting_findings(log)[0] == []
    assert betting_findings(log, lead_before_bet="seat_order")[0] == [
        ("5CS-10.15", "seat 4 acted (check) in round 2 when it was seat 6's turn")]


def test_after_a_bet_the_turn_goes_counterclockwise_from_the_bettor(tmp_path):
    """Seat 4 bets in round 2 (seat 2 checked first): seat 2 is to his right, then seat 6."""
    steps = [*ROUND_1, ("act", 2, "check", 0), ("act", 4, "bet", 50), ("act", 6, "call", 50), ("act", 2, "call", 50),
             ("end",)]
    found, _ = betting_findings(stud_log(tmp_path / "s.jsonl", STACKS, steps))
    assert found == [("5CS-11.3", "seat 6 acted (call) in round 2 when it was seat 2's turn")]


@pytest.mark.parametrize("reading, found", [
    ("previous_bet", [("5CS-10.7", "seat 2 raised by 200 in round 2, less than the previous bettor's bet of 300 "
                                   "(min_raise previous_bet), and is not all-in")]),
    ("previous_increment", [])])
def test_the_smallest_raise(tmp_path, reading, found):
    """Seat 2 bets 100, seat 6 raises to 300, seat 2 re-raises to 500: by 200, less than the bet of 300 he raises
    but not less than the raise of 200."""
    steps = [*ROUND_1, ("act", 2, "bet", 100), ("act", 6, "raise", 300), ("act", 4, "fold", 0),
             ("act", 2, "raise", 400), ("act", 6, "call", 200), ("end",)]
    assert betting_findings(stud_log(tmp_path / "s.jsonl", STACKS, steps), min_raise=reading)[0] == found


def test_an_all_in_for_less_may_raise_by_less(tmp_path):
    """Seat 6 has 170 left after the ante and round 1: his all-in raise of 50 over a bet of 100 is lawful."""
    steps = [*ROUND_1, ("act", 2, "bet", 100), ("act", 6, "raise", 150), ("act", 4, "fold", 0),
             ("act", 2, "call", 50), ("end",)]
    log = stud_log(tmp_path / "s.jsonl", {2: 2000, 4: 2000, 6: 190}, steps)
    text = log.read_text(encoding="utf-8")
    all_in = text.replace('"amount": "150", "all_in": false', '"amount": "150", "all_in": true')
    log.write_text(all_in, encoding="utf-8")
    assert betting_findings(log)[0] == []


def test_a_check_after_a_bet_and_a_raise_after_a_check(tmp_path):
    """Seat 2 checks, seat 4 bets; to seat 4's right, seat 2 raises (having checked), then seat 6 checks."""
    steps = [*ROUND_1, ("act", 2, "check", 0), ("act", 4, "bet", 50), ("act", 2, "raise", 150),
             ("act", 6, "check", 0), ("act", 4, "call", 100), ("end",)]
    found, _ = betting_findings(stud_log(tmp_path / "s.jsonl", STACKS, steps))
    assert found == [("5CS-10.13", "seat 2 raised in round 2 after checking in it"),
                     ("5CS-10.14", "seat 6 checked in round 2 after a bet of 150")]


@pytest.mark.parametrize("seconds, forced, found", [
    (120, False, []),
    (121, False, ["seat 2 decided (check) 121 s after his turn began, past the 120 s allowed: his hand should have "
                  "been folded"]),
    (121, True, []),
    (119, True, ["seat 2 was folded for time 119 s after his turn began, before the 120 s allowed had passed"])])
def test_two_minutes_to_decide(tmp_path, seconds, forced, found):
    kind = "fold" if forced else "check"
    steps = [*ROUND_1, ("act", 2, kind, 0, seconds), ("act", 4, "check", 0), ("act", 6, "check", 0), ("end",)]
    log = stud_log(tmp_path / "s.jsonl", STACKS, steps)
    if forced:
        log.write_text(log.read_text(encoding="utf-8").replace(
            '"action": "fold", "amount": "0", "all_in": false', '"action": "fold", "amount": "0", "all_in": false, '
            '"reason": "time_out"'), encoding="utf-8")
    assert [m for rule, m in betting_findings(log)[0] if rule == "5CS-11.2"] == found


def test_open_cards_that_do_not_give_the_order(tmp_path):
    """A card outside the 40-card pack among the open cards: the order of play is not judged for the hand."""
    steps = [("up", {6: "Ks", 4: "2h", 2: "Jd"}), *ROUND_1[1:], ("end",)]
    found, rules = betting_findings(stud_log(tmp_path / "s.jsonl", STACKS, steps))
    assert found == []
    reason = "the open cards do not give the order of play in round 1"
    assert rules["5CS-10.4"].not_evaluated_reasons == {reason: 1} and rules["5CS-10.14"].evaluated == 1


def test_a_raise_must_raise(tmp_path):
    """A 'raise' that puts in only the bet is none of the actions art. 10 b) allows (not also a raise too small)."""
    steps = [*ROUND_1, ("act", 2, "bet", 50), ("act", 6, "raise", 50), ("act", 4, "call", 50), ("end",)]
    found, _ = betting_findings(stud_log(tmp_path / "s.jsonl", STACKS, steps))
    assert found == [("5CS-10.6", "'raise' by seat 6 to 50, no more than the bet of 50 in round 2")]


def test_a_wrong_answer_to_a_bet_may_be_corrected(tmp_path):
    """Seat 6 checks facing seat 2's bet (one finding), then calls it: his call is in turn; seat 4 acts after him."""
    steps = [*ROUND_1, ("act", 2, "bet", 50), ("act", 6, "check", 0), ("act", 6, "call", 50), ("act", 4, "call", 50),
             ("end",)]
    found, _ = betting_findings(stud_log(tmp_path / "s.jsonl", STACKS, steps))
    assert found == [("5CS-10.14", "seat 6 checked in round 2 after a bet of 50")]


def test_no_card_for_the_last_player_left(tmp_path):
    """Seats 4 and 2 fold to seat 6's bet in round 1: a third card dealt to seat 6 alone, one player left."""
    steps = [*ROUND_1[:3], ("act", 4, "fold", 0), ("act", 2, "fold", 0), ("up", {6: "6d"}), ("end",)]
    found, _ = betting_findings(stud_log(tmp_path / "s.jsonl", STACKS, steps))
    assert found == [("5CS-10.8", "a card was dealt to seat 6 with 1 player(s) left in the hand")]
