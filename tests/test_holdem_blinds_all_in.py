"""A pre-flop round in which nobody can act after the forced bets (the blinds, or all but one player, all in on
them): arts. 6(3) and 6(4) have no round to judge (not applicable), unless an action is logged in it all the same
(it is judged). A round in which a player still owes an action is judged as any other (docs/holdem-checks.md)."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import write_jsonl
from holdem_logs import Table

from auditor.engine.audit import audit
from auditor.engine.ruleset import load_rulesets
from auditor.model.result import RuleSummary

BOARD = ["Kd", "Qs", "9h", "5c", "4h"]
PREFLOP = ("THE-6.2", "THE-6.3", "THE-6.4")
LATER = ("THE-6.5", "THE-7.2", "THE-7.3", "THE-8.3")
HOLE = {1: "AsAh", 2: "7c2d", 3: "8c3d", 4: "Ts2h", 5: "Td3h", 6: "Jc5d"}


def run(tmp_path: Path, rows: list[dict], profile: str = "macau") -> tuple[list[tuple], dict[str, RuleSummary]]:
    """Audit ``rows``: the findings as (rule, message up to its citation), and the rules."""
    result, con = audit([write_jsonl(tmp_path / "h.jsonl", rows)], load_rulesets(profile=profile))
    con.close()
    assert not result.quarantine, result.quarantine
    found = [(f["rule"], f["message"].rpartition(" (")[0] or f["message"]) for f in result.findings]
    return found, {r.id: r for r in result.rules}


def coverage(rules: dict[str, RuleSummary], ids: tuple[str, ...]) -> dict[str, tuple[int, int]]:
    return {rule: (rules[rule].evaluated, rules[rule].not_evaluated) for rule in ids}


def hand(stacks: dict[int, str], posts: list[tuple], preflop: list[tuple], paid: list[tuple],
         logged: bool = True) -> list[dict]:
    """Button 1, the seats of ``stacks``; ``posts`` and ``preflop``: (seat, action, chips); the board run out (no
    action after the flop), every seat shows, ``paid``: (event, seat, chips). ``logged``: the stacks before the
    hand are logged (else the ``seat`` events carry none, and no ``stack`` event ends the hand; ``all_in`` still
    flags the posts and actions that leave a player without chips)."""
    t = Table(rake_rate=None)
    h = t.hand("h1", 1, stacks)
    for seat, kind, chips in [*posts, *preflop]:
        h.act(seat, kind, chips)
    order = sorted(stacks)
    h.deal({s: HOLE[s] for s in order[1:] + order[:1]})
    for cards in (BOARD[:3], BOARD[3:4], BOARD[4:]):
        h.street(*cards)
    h.show(*order)
    h.rake(0)
    for event, seat, chips in paid:
        (h.award if event == "award" else h.refund)(seat, chips)
    h.end()
    if not logged:
        return [{k: v for k, v in r.items() if not (r["event"] == "seat" and k == "amount")} for r in t.rows
                if r["event"] != "stack"]
    return t.rows


# Heads-up at blinds 5/10 (the button, seat 1, posts the big blind; seat 2 the small blind and acts first).
SB_ALL_IN = ({1: "1000", 2: "3"}, [(2, "post_small_blind", 3), (1, "post_big_blind", 10)],
             [("award", 1, 6), ("refund", 1, 7)])
BOTH_ALL_IN = ({1: "8", 2: "5"}, [(2, "post_small_blind", 5), (1, "post_big_blind", 8)],
               [("award", 1, 10), ("refund", 1, 3)])
BB_ALL_IN_MATCHED = ({1: "5", 2: "1000"}, [(2, "post_small_blind", 5), (1, "post_big_blind", 5)],
                     [("award", 1, 10)])
# Three-handed, button 1: the small blind (2) and the big blind (3) all in on their blinds; the button has chips.
BLINDS_ALL_IN_3 = ({1: "1000", 2: "4", 3: "8"}, [(2, "post_small_blind", 4), (3, "post_big_blind", 8)],
                   [("award", 1, 20), ("refund", 1, 2)])
# Six-handed with antes of 1: seats 1, 4, 5 and 6 all in on their ante, the small blind (2) on his blind; the big
# blind (3) covers them all and is left alone with chips.
ANTES_6 = ({1: "1", 2: "4", 3: "1000", 4: "1", 5: "1", 6: "1"},
           [*((s, "post_ante", 1) for s in (1, 2, 3, 4, 5, 6)), (2, "post_small_blind", 3), (3, "post_big_blind", 10)],
           [("award", 1, 6), ("award", 3, 6), ("refund", 3, 7)])


@pytest.mark.parametrize("logged", [True, False], ids=["stacks", "no-stacks"])
@pytest.mark.parametrize("case", [SB_ALL_IN, BOTH_ALL_IN, BB_ALL_IN_MATCHED, ANTES_6],
                         ids=["heads-up-small-blind", "heads-up-both", "heads-up-big-blind", "six-way-antes"])
def test_nobody_can_act_after_the_blinds(tmp_path, case, logged):
    """No action is owed before the flop (the one player with chips has matched every all-in): nothing breached,
    and the pre-flop rules, like the later rounds', are not applicable."""
    stacks, posts, paid = case
    findings, rules = run(tmp_path, hand(stacks, posts, [], paid, logged))
    assert findings == []
    assert coverage(rules, PREFLOP + LATER) == dict.fromkeys(PREFLOP + LATER, (0, 0))


def test_a_player_left_to_call_the_all_in_blinds_owes_an_action(tmp_path):
    """Three-handed, both blinds all in: the button still calls or folds (evaluated); his missing action is the one
    finding."""
    stacks, posts, paid = BLINDS_ALL_IN_3
    findings, rules = run(tmp_path, hand(stacks, posts, [(1, "call", 10)], paid))
    assert findings == []
    assert coverage(rules, PREFLOP) == {"THE-6.2": (1, 0), "THE-6.3": (1, 0), "THE-6.4": (0, 0)}
    findings, _ = run(tmp_path, hand(stacks, posts, [], [("award", 3, 8), ("refund", 3, 4)]))
    assert ("THE-6.2", "the preflop betting ended with seat 1 still to act") in findings


@pytest.mark.parametrize(("action", "found"), [
    ((1, "check", 0), []),  # the big blind's check: his option, in turn
    ((2, "check", 0), [("THE-6.2", "seat 2 acted (check) on the preflop when it was seat 1's turn"),
                       ("THE-6.3", "pre-flop check by seat 2 facing 7 to call; art. 6(3)-(4) allows a check only to "
                                   "the big blind in an unraised pot")]),
], ids=["big-blind-checks", "all-in-small-blind-checks"])
def test_an_action_where_none_was_owed_is_judged(tmp_path, action, found):
    """An action logged in a pre-flop round nobody could bet in is judged: the rules are evaluated."""
    stacks, posts, paid = SB_ALL_IN
    findings, rules = run(tmp_path, hand(stacks, posts, [action], paid))
    assert findings == found
    assert rules["THE-6.2"].evaluated == rules["THE-6.3"].evaluated == 1


def test_the_big_blinds_option_with_nobody_to_bet_against(tmp_path):
    """Three-handed: the button calls all in for the big blind, the small blind completes all in; the big blind has
    nobody to bet against: his option is not judged (THE-6.4 not applicable) unless he takes it."""
    stacks = {1: "10", 2: "10", 3: "1000"}
    posts = [(2, "post_small_blind", 5), (3, "post_big_blind", 10)]
    preflop = [(1, "call", 10), (2, "call", 5)]
    findings, rules = run(tmp_path, hand(stacks, posts, preflop, [("award", 1, 30)]))
    assert findings == []
    assert coverage(rules, PREFLOP) == {"THE-6.2": (1, 0), "THE-6.3": (1, 0), "THE-6.4": (0, 0)}
    findings, rules = run(tmp_path, hand(stacks, posts, [*preflop, (3, "check", 0)], [("award", 1, 30)]))
    assert findings == []
    assert coverage(rules, PREFLOP) == {"THE-6.2": (1, 0), "THE-6.3": (1, 0), "THE-6.4": (1, 0)}


@pytest.mark.parametrize("profile", ["macau", "common"])
def test_the_last_player_with_chips_checks_after_a_short_big_blind(tmp_path, profile):
    """Heads-up, the big blind all in for 5 (less than the table's 10), the small blind's 5 matches it: nobody is
    left to call a full big blind, so the small blind's check answers no bet (it was a check facing 5 to call)."""
    stacks, posts, paid = BB_ALL_IN_MATCHED
    if profile == "common":  # the button posts the small blind
        stacks, posts = {1: "1000", 2: "5"}, [(1, "post_small_blind", 5), (2, "post_big_blind", 5)]
    small = posts[0][0]
    findings, rules = run(tmp_path, hand(stacks, posts, [(small, "check", 0)], paid), profile)
    assert findings == []
    assert rules["THE-6.2"].evaluated == rules["THE-6.3"].evaluated == 1


def test_a_call_of_too_much_all_in_leaves_the_bettor_nothing_to_match(tmp_path):
    """Seat 2 bets 100 on the flop, seat 3 'calls' all in for 150 (a call of too much: THE-7.3's one finding; a call
    never raises the bet), seat 1 folds: seat 2 owes nothing more, the board is run out (no round ends with him
    still to act)."""
    t = Table(rake_rate=None)
    h = t.hand("h1", 1, {1: "1000", 2: "1000", 3: "160"})
    h.act(2, "post_small_blind", 5)
    h.act(3, "post_big_blind", 10)
    h.deal({2: HOLE[1], 3: HOLE[3], 1: HOLE[2]})
    h.act(1, "call", 10)
    h.act(2, "call", 5)
    h.act(3, "check")
    h.street(*BOARD[:3])
    h.act(2, "bet", 100)
    h.act(3, "call", 150)
    h.act(1, "fold")
    for cards in (BOARD[3:4], BOARD[4:]):
        h.street(*cards)
    h.show(2, 3)
    h.rake(0)
    h.refund(3, 50)
    h.award(2, 230)
    h.end()
    findings, _ = run(tmp_path, t.rows)
    assert [rule for rule, _ in findings] == ["THE-7.3"]
