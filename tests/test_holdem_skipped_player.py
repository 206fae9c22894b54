"""One skipped player, one finding: a player whose turn passes without his action (another acts in his place, or the
round ends) is reported once, and is then absent from the betting; the record is not repaired, and neither the
later rounds nor the pots and the showdown report the same missing action again (docs/holdem-checks.md)."""

from __future__ import annotations

from pathlib import Path

import pytest
from test_holdem_blinds_all_in import hand as blinds_hand
from test_holdem_blinds_all_in import run as blinds_run
from test_holdem_robustness import bet_out, run
from test_holdem_stacks_unlogged import flag_all_ins, unknown_stacks

from auditor.engine.audit import audit
from auditor.engine.ruleset import load_rulesets

FIVE = ["d dh p1 7c2d", "d dh p2 8c3d", "d dh p3 9s4s", "d dh p4 Td3h", "d dh p5 AsAh"]
FLOP, TURN, RIVER = "d db KdQs9h", "d db 5c", "d db 4h"
SHOWN = {1: "7c2d", 2: "8c3d", 3: "9s4s", 4: "Td3h", 5: "AsAh"}
UNKNOWN_POTS = "a player absent from the betting (his action is missing) reached a pot: who contests it is unknown"


def phh(tmp_path: Path, actions: list[str], finishing: list[int], stacks: list[int] | None = None,
        head: str = 'variant = "NT"\nmin_bet = 2\n') -> tuple[list[tuple[str, str]], dict]:
    """Audit one PHH hand (button on the last seat, blinds 1 and 2, 200 chips each unless ``stacks``) under the
    common profile: its findings as (rule, message up to its citation), and the rules."""
    stacks = stacks or [200] * len(finishing)
    n = len(finishing)
    text = (f"{head}antes = {[0] * n}\nblinds_or_straddles = {[1, 2] + [0] * (n - 2)}\n"
            f"starting_stacks = {stacks}\nactions = {actions}\nfinishing_stacks = {finishing}\n")
    path = tmp_path / "h.phh"
    path.write_text(text.replace("'", '"'), encoding="utf-8")
    result, con = audit([path], load_rulesets(profile="common"))
    con.close()
    assert not result.quarantine, result.quarantine
    return [(f["rule"], f["message"].rpartition(" (")[0]) for f in result.findings], {r.id: r for r in result.rules}


def checks(*seats: int) -> list[str]:
    return [f"p{s} cc" for s in seats]


def shows(*seats: int) -> list[str]:
    return [f"p{s} sm {SHOWN[s]}" for s in seats]


SKIP_4 = ("THE-6.2", "seat 5 acted (call) on the preflop when it was seat 4's turn")


def test_a_player_who_never_acts_is_one_finding(tmp_path):
    """Seat 4 never acts (no fold logged): seat 5's call in his turn is the one finding. The others' actions, the
    rounds that end with seat 4 not acting, and the river call after seat 2's bet are not reported again; seat 4 put
    nothing in, so the pots are judged (it was eight findings)."""
    actions = [*FIVE, "p3 f", "p5 cc", "p1 f", "p2 cc", FLOP, "p2 cc", "p5 cbr 4", "p2 cc", TURN, *checks(2, 5),
               RIVER, "p2 cbr 10", "p5 cc", *shows(2, 5)]
    findings, rules = phh(tmp_path, actions, [199, 184, 200, 200, 217])
    assert findings == [SKIP_4]
    assert rules["THE-15.1"].evaluated == 1 and rules["THE-10.2"].evaluated == 1


def test_a_skipped_player_who_acts_later_in_the_round_is_in_turn(tmp_path):
    """Seat 4 calls after seat 1, having been skipped by seat 5: his late call makes up the action the finding
    reported, and the order goes on from his seat (seat 1's call was a second finding)."""
    actions = [*FIVE, "p3 f", "p5 cc", "p1 cc", "p4 cc", "p2 cc", *(x for card in (FLOP, TURN, RIVER)
                                                                     for x in (card, *checks(1, 2, 4, 5))),
               *shows(1, 2, 4, 5)]
    findings, rules = phh(tmp_path, actions, [198, 198, 200, 198, 206])
    assert findings == [SKIP_4]
    assert rules["THE-15.1"].evaluated == 1


def later_rounds(flop: list[str]) -> list[str]:
    """Seat 4 is skipped pre-flop (he owed the big blind), the flop is ``flop``, the turn and river checked in
    order by seats 1, 2, 4 and 5, who all show."""
    rest = [x for card in (TURN, RIVER) for x in (card, *checks(1, 2, 4, 5))]
    return [*FIVE, "p3 f", "p5 cc", "p1 cc", "p2 cc", FLOP, *flop, *rest, *shows(1, 2, 4, 5)]


def test_a_skipped_player_who_acts_in_turn_in_a_later_round_is_no_new_finding(tmp_path):
    """Seat 4 calls the flop bet in his turn: no new finding. He never put in the pre-flop bet he owed, so his part
    in the pots is unknown (a call or a fold is missing): the award rules are not evaluated."""
    findings, rules = phh(tmp_path, later_rounds(["p1 cc", "p2 cbr 4", "p4 cc", "p5 cc", "p1 cc"]),
                          [194, 194, 200, 196, 216])
    assert findings == [SKIP_4]
    assert rules["THE-15.1"].not_evaluated_reasons == {UNKNOWN_POTS: 1}


def test_a_skipped_player_who_acts_out_of_turn_in_a_later_round_is_a_new_finding(tmp_path):
    """Seat 4 checks last on the flop, after seat 5, whose turn comes after his: a new breach, on the flop."""
    findings, _ = phh(tmp_path, later_rounds(checks(1, 2, 5, 4)), [198, 198, 200, 200, 204])
    assert findings == [SKIP_4, ("THE-7.2", "seat 4 acted (check) on the flop after his turn had passed")]


def test_two_players_skipped_are_two_findings(tmp_path):
    """Seat 5 acts in seat 4's turn, seat 2 in seat 1's: two findings, each naming the player skipped. Seat 1 put in
    the small blind and reached the pot: the award rules are not evaluated."""
    actions = [*FIVE, "p3 f", "p5 cc", "p2 cc", *(x for card in (FLOP, TURN, RIVER) for x in (card, *checks(2, 5))),
               *shows(2, 5)]
    findings, rules = phh(tmp_path, actions, [199, 198, 200, 200, 203])
    assert findings == [SKIP_4, ("THE-6.2", "seat 2 acted (check) on the preflop when it was seat 1's turn")]
    assert rules["THE-15.1"].not_evaluated_reasons == {UNKNOWN_POTS: 1}


def test_an_all_in_in_the_skipped_players_turn_is_one_finding(tmp_path):
    """Seat 5 goes all-in in seat 4's turn; seat 2 calls; seat 4, with chips, never acts on any street."""
    actions = [*FIVE, "p3 f", "p5 cbr 50", "p1 f", "p2 cc", *(x for card in (FLOP, TURN, RIVER)
                                                              for x in (card, *checks(2))), *shows(2, 5)]
    findings, rules = phh(tmp_path, actions, [199, 150, 200, 200, 101], stacks=[200, 200, 200, 200, 50])
    assert findings == [("THE-6.2", "seat 5 acted (raise) on the preflop when it was seat 4's turn")]
    assert rules["THE-15.1"].evaluated == 1


def test_heads_up_the_button_skipped_is_one_finding(tmp_path):
    """Heads-up, the button (seat 2, small blind) never acts; the big blind checks in his turn and checks down.
    Whether seat 2 folded or called is unknown: the uncalled part of the big blind is not due back, the pot is not
    judged (it was six findings: the check, four rounds ended, and the uncalled bet not returned)."""
    actions = ["d dh p1 7c2d", "d dh p2 AsAh", "p1 cc", FLOP, "p1 cc", TURN, "p1 cc", RIVER, "p1 cc", "p1 sm 7c2d"]
    findings, rules = phh(tmp_path, actions, [201, 199])
    assert findings == [("THE-6.2", "seat 1 acted (check) on the preflop when it was seat 2's turn")]
    assert rules["THE-10.2"].evaluated == 1 and rules["THE-15.1"].not_evaluated_reasons == {UNKNOWN_POTS: 1}


def test_fixed_limit_the_raise_cap_with_a_skipped_player_is_not_judged(tmp_path):
    """Fixed limit: seat 3 never acts; the fourth raise of the round is beyond the cap only if he is still in the
    hand (art. 12(4): no cap with two players), which his missing action leaves unknown."""
    head = 'variant = "FT"\nsmall_bet = 2\nbig_bet = 4\n'
    actions = ["d dh p1 7c2d", "d dh p2 8c3d", "d dh p3 9s4s", "d dh p4 AsAh", "p4 cbr 4", "p1 f", "p2 cbr 6",
               "p4 cbr 8", "p2 cbr 10", "p4 cc", *(x for card in (FLOP, TURN, RIVER) for x in (card, *checks(2, 4))),
               "p2 sm 8c3d", "p4 sm AsAh"]
    findings, rules = phh(tmp_path, actions, [199, 190, 200, 211], head=head)
    assert findings == [("THE-6.2", "seat 4 acted (raise) on the preflop when it was seat 3's turn")]
    assert rules["THE-12.2"].not_evaluated_reasons == {
        "a player absent from the betting (his action is missing): whether more than two were in the hand is "
        "unknown": 1}


def test_a_skipped_player_who_never_shows_is_not_judged_at_the_showdown(tmp_path):
    """Seat 2 (small blind) never acts and never shows: seat 3's check is the one finding; the rounds that end
    without him, his cards not shown (THE-8.4) and the pot he reached are not reported (it was six findings)."""
    rows = bet_out("h1", [(1, "call", "10"), (3, "check", "0")])
    rows = [r for r in rows if r.get("seat") != 2 or r["event"] not in ("show", "action")
            or r.get("action") == "post_small_blind"]
    findings, rules = run(tmp_path, rows)
    assert [(rule, message.rpartition(" (")[0]) for rule, _, _, message in findings] == [
        ("THE-6.2", "seat 3 acted (check) on the preflop when it was seat 2's turn")]
    assert rules["THE-8.4"].evaluated == 1 and rules["THE-15.1"].not_evaluated_reasons == {UNKNOWN_POTS: 1}


def test_a_round_that_ends_without_the_last_player_is_one_finding(tmp_path):
    """The button (seat 1) does not act on the flop, turn or river, then shows: the flop round ended with him to
    act is the one finding (it was one per round). He owed nothing: the pot is judged."""
    rows = bet_out("h1", [(1, "call", "10"), (2, "call", "5"), (3, "check", "0")], [(2, "check", "0"),
                                                                                    (3, "check", "0")])
    board = next(i for i, r in enumerate(rows) if r["event"] == "burn")
    rows = [r for i, r in enumerate(rows) if i < board or r.get("seat") != 1 or r["event"] != "action"]
    findings, rules = run(tmp_path, rows)
    assert [(rule, message.rpartition(" (")[0]) for rule, _, _, message in findings] == [
        ("THE-6.5", "the flop betting ended with seat 1 still to act")]
    assert rules["THE-15.1"].evaluated == 1


CALLED = [(1, "call", "10"), (2, "call", "5"), (3, "check", "0")]


@pytest.mark.parametrize("stacks", ["logged", "flagged", "unknown"])
@pytest.mark.parametrize(("preflop", "flop", "found"), [
    ([(1, "call", "10"), (3, "check", "0"), (2, "call", "5")], (),
     ("THE-6.2", "seat 3 acted (check) on the preflop when it was seat 2's turn")),
    ([(1, "call", "10"), (3, "raise", "20"), (2, "call", "25"), (1, "call", "20")], (),
     ("THE-6.2", "seat 3 acted (raise) on the preflop when it was seat 2's turn")),
    (CALLED, [(3, "check", "0"), (1, "check", "0"), (2, "check", "0")],
     ("THE-7.2", "seat 3 acted (check) on the flop when it was seat 2's turn")),
    (CALLED, [(3, "check", "0"), (2, "check", "0"), (1, "check", "0")],
     ("THE-7.2", "seat 3 acted (check) on the flop when it was seat 2's turn")),
    (CALLED, [(2, "bet", "20"), (1, "raise", "60"), (3, "call", "60"), (2, "call", "40")],
     ("THE-7.2", "seat 1 acted (raise) on the flop when it was seat 3's turn")),
], ids=["preflop-check", "preflop-raise", "flop-check-then-the-button", "flop-check-then-the-skipped",
        "flop-raise"])
def test_a_player_passed_over_who_acts_later_in_the_round_is_one_finding(tmp_path, preflop, flop, found, stacks):
    """Three-handed: a player acts before the one whose turn it was, who then acts in the same round: the action
    that passed him over is the one finding, under the round's rule, whether the stacks are logged or not (not
    logged, with or without ``all_in`` flags: the player passed over may have been all in until he acts, which
    shows he had chips; it was two findings, on his action and the next player's)."""
    rows = bet_out("h1", preflop, flop)
    if stacks != "logged":
        rows = unknown_stacks(rows)
    if stacks == "flagged":
        rows = flag_all_ins(rows, {1: False, 2: False, 3: False})
    findings, _ = run(tmp_path, rows)
    assert [(rule, message.rpartition(" (")[0]) for rule, _, _, message in findings
            if rule.split(".")[0] in ("THE-6", "THE-7", "THE-8")] == [found]


@pytest.mark.parametrize("logged", [True, False], ids=["stacks", "no-stacks"])
@pytest.mark.parametrize("raised", [False, True], ids=["call", "raise"])
def test_six_handed_a_player_passed_over_then_acting_is_one_finding(tmp_path, logged, raised):
    """Six-handed, seat 6 acts in seat 5's turn, then seat 5 acts and the round goes on from him: one THE-6.2
    finding, stacks and ``all_in`` logged or neither (no flop betting is logged: with stacks, the flop's close is
    THE-6.5's own finding)."""
    bet = 30 if raised else 10
    preflop = [(4, "call", 10), (6, "raise" if raised else "call", bet), (5, "call", bet), (1, "call", bet),
               (2, "call", bet - 5), (3, "call" if raised else "check", bet - 10),
               *([(4, "call", 20)] if raised else [])]
    posts = [(2, "post_small_blind", 5), (3, "post_big_blind", 10)]
    rows = blinds_hand({s: "1000" for s in range(1, 7)}, posts, preflop, [("award", 1, 6 * bet)], logged)
    if not logged:
        rows = [{k: v for k, v in r.items() if k != "all_in"} for r in rows]
    findings, _ = blinds_run(tmp_path, rows, "common")
    kind = "raise" if raised else "call"
    assert [f for f in findings if f[0] == "THE-6.2"] == [
        ("THE-6.2", f"seat 6 acted ({kind}) on the preflop when it was seat 5's turn")]
