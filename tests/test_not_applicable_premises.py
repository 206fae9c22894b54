"""A rule whose premise never occurred in a unit (no uncalled bet, no raise, no exposed card, no cut, no showdown, no
natural, no standing bet, no demonstration coup ...) is not applicable to it: counted neither as evaluated nor as not
evaluated. Counting it evaluated would claim a check that was never made (a false all-clear in the coverage). Where the
premise occurs, the rule is evaluated (the clean fixtures of tests/test_rule_fixtures.py hold each premise too)."""

from __future__ import annotations

import pytest
from conftest import BACCARAT_CONFIG, write_jsonl
from stud_logs import Table
from stud_logs import run as run_stud
from test_holdem_robustness import BOARD, act, checked_down, folded_to, money, seated
from test_holdem_robustness import run as run_holdem
from test_not_applicable_rounds import _stud
from test_stud_hand_built import _fold_to_the_opener

from auditor.engine.audit import audit
from auditor.engine.ruleset import load_rulesets

NOT_APPLICABLE, EVALUATED = (0, 0), (1, 0)


def _coverage(rules: dict, ids: tuple[str, ...]) -> dict[str, tuple[int, int]]:
    return {rule: tuple(rules[rule][:2]) for rule in ids}


def _expect(na: tuple[str, ...], evaluated: tuple[str, ...]) -> dict[str, tuple[int, int]]:
    return dict.fromkeys(na, NOT_APPLICABLE) | dict.fromkeys(evaluated, EVALUATED)


# --- five-card stud ------------------------------------------------------------------------------------------------

def test_stud_sitting_down_and_playing_on(tmp_path):
    """H1: both players sit down (5CS-6.2's premise); H2: both play on from H1 (6.6's), with stacks far above the
    top-up threshold (no top-up due: 6.4 not applicable)."""
    t = Table()
    for seat in (2, 5):
        t.emit("buy_in", seat=seat, player=f"P{seat}", amount="2000")
    t.emit("shoe_start", shoe_id="K1")
    _fold_to_the_opener(t, "H2", _fold_to_the_opener(t, "H1", {2: "2000", 5: "2000"}))
    findings, rules = run_stud(tmp_path, t.rows)
    assert findings == []
    assert _coverage(rules, ("5CS-6.2", "5CS-6.4", "5CS-6.6")) == {
        "5CS-6.2": EVALUATED, "5CS-6.4": NOT_APPLICABLE, "5CS-6.6": EVALUATED}


def test_stud_an_uncalled_bet_with_the_rake_not_logged_is_not_evaluated(tmp_path):
    """The premise of 5CS-9.2 occurred (the bet nobody called): the rake not logged leaves it not evaluated."""
    t = Table(not_logged=("rake",))
    t.emit("shoe_start", shoe_id="K1")
    _fold_to_the_opener(t, "H1", {2: "2000", 5: "2000"})
    findings, rules = run_stud(tmp_path, t.rows)
    assert findings == []
    assert rules["5CS-9.2"] == (0, 1, {"rake not logged by the source": 1})


@pytest.mark.parametrize(("log", "na", "evaluated"), [
    # won in round 1: the bet of 20 nobody called is refunded; no cut, raise, later card or exposed card
    (lambda: _stud(won_in_round_1=True), ("5CS-2.2", "5CS-10.7", "5CS-10.8", "5CS-11.4"),
     ("5CS-9.2", "5CS-10.6", "5CS-10.14")),
    # bet, called, checked down, Ace high wins: nothing uncalled in the last round, no tie, nobody all-in
    (lambda: _stud(won_in_round_1=False), ("5CS-2.2", "5CS-4.3", "5CS-5.4", "5CS-9.2", "5CS-10.7", "5CS-11.1",
                                           "5CS-11.4"),
     ("5CS-4.2", "5CS-5.1", "5CS-10.6", "5CS-10.8", "5CS-10.14")),
    (lambda: _stud(won_in_round_1=False, raised=True, cut_by="P5"), ("5CS-9.2", "5CS-11.4"),
     ("5CS-2.2", "5CS-10.7", "5CS-10.8")),
], ids=["won-in-round-1", "showdown", "raised-and-cut"])
def test_stud(tmp_path, log, na, evaluated):
    findings, rules = run_stud(tmp_path, log())
    assert findings == []
    assert _coverage(rules, na + evaluated) == _expect(na, evaluated)


# --- Texas hold'em -------------------------------------------------------------------------------------------------

AT_SHOWDOWN = ("THE-10.5", "THE-15.1")  # any showdown
# a tie, an odd chip, a 5-4-3-2-A, equal fours of a kind
TIE_WHEEL_QUADS = ("THE-10.3", "THE-10.4", "THE-14.1", "THE-14.2", "THE-15.2")


def _won_before_the_flop() -> list[dict]:
    """The button raises to 100, both blinds fold: 90 uncalled, refunded; 25 awarded."""
    return folded_to("h1", 1, "100", [money("refund", "h1", 1, "90"), money("award", "h1", 1, "25")],
                     {1: "1015", 2: "995", 3: "990"})


def _shuffled_by_hand() -> list[dict]:
    """The checked-down hand, shuffled by hand and cut."""
    rows = checked_down("h1", 1, 10, 0)
    at = next(i for i, r in enumerate(rows) if r["event"] == "shuffle")
    return [*rows[:at], {**rows[at], "method": "manual"}, {"event": "cut", "hand_id": "h1"}, *rows[at + 1:]]


@pytest.mark.parametrize(("log", "config", "na", "evaluated"), [
    # raised before the flop: no big blind's option
    (_won_before_the_flop, {}, ("THE-6.4", "THE-6.5", *AT_SHOWDOWN, *TIE_WHEEL_QUADS),
     ("THE-10.2", "THE-12.1", "THE-13.2", "THE-13.3")),
    # shuffled by machine, called and checked down, aces win: no cut due, no raise, no fold, no tie
    (lambda: checked_down("h1", 1, 10, 0), {}, ("THE-3.1", "THE-12.1", "THE-13.2", "THE-13.3", *TIE_WHEEL_QUADS),
     ("THE-6.4", "THE-6.5", "THE-10.2", *AT_SHOWDOWN)),
    (_shuffled_by_hand, {}, (), ("THE-3.1",)),
    # fixed limit, no bet or raise: nothing to size or to cap
    (lambda: checked_down("h1", 1, 10, 0), {"betting": "fixed_limit"}, ("THE-11.2", "THE-12.1", "THE-12.2"),
     ("THE-6.5", "THE-10.2")),
], ids=["won-before-the-flop", "checked-down", "shuffled-by-hand", "fixed-limit-checked-down"])
def test_holdem(tmp_path, log, config, na, evaluated):
    findings, rules = run_holdem(tmp_path, log(), **config)
    assert findings == []
    coverage = {rule: (rules[rule].evaluated, rules[rule].not_evaluated) for rule in na + evaluated}
    assert coverage == _expect(na, evaluated)


def _all_in_before_the_flop(short: str) -> list[dict]:
    """Button 1 (As Ah, stack ``short``) goes all in before the flop; both blinds call (their stacks 1000). With a
    short stack of 1000 nobody is left with chips to bet against: the board is run out and the cards shown, no
    betting; with less, the blinds still bet between them and check the flop, turn and river down."""
    hand, stake = "h1", int(short)
    hole = {2: ["7c", "2d"], 3: ["8c", "3d"], 1: ["As", "Ah"]}
    rows = [{"event": "hand_start", "hand_id": hand, "seat": 1}, *seated(hand, {1: short, 2: "1000", 3: "1000"}),
            {"event": "shuffle", "hand_id": hand, "method": "machine"},
            act(hand, 2, "post_small_blind", "5"), act(hand, 3, "post_big_blind", "10"),
            *({"event": "deal", "hand_id": hand, "card": hole[s][r], "to": "seat", "seat": s, "face": "down"}
              for r in (0, 1) for s in (2, 3, 1)),
            {**act(hand, 1, "raise", short), "all_in": True},
            act(hand, 2, "call", str(stake - 5)), act(hand, 3, "call", str(stake - 10))]
    for cards in (BOARD[:3], BOARD[3:4], BOARD[4:]):
        rows += [{"event": "burn", "hand_id": hand}, *({"event": "board", "hand_id": hand, "card": c} for c in cards)]
        rows += [act(hand, s, "check") for s in (2, 3) if stake < 1000]
    rows += [{"event": "show", "hand_id": hand, "seat": s, "card": c} for s in (2, 3, 1) for c in hole[s]]
    rows += [money("rake", hand, None, "0"), money("award", hand, 1, str(3 * stake))]
    after = {1: 3 * stake, 2: 1000 - stake, 3: 1000 - stake}
    rows += [money("stack", hand, s, str(a)) for s, a in after.items()]
    return [*rows, {"event": "hand_end", "hand_id": hand}]


LATER_BETTING = ("THE-6.5", "THE-7.2", "THE-7.3", "THE-8.3")  # the rules of the flop, turn and river betting


@pytest.mark.parametrize(("short", "na", "evaluated"), [
    ("1000", LATER_BETTING, ("THE-6.2", "THE-6.3", "THE-7.1", "THE-8.1", "THE-8.2", "THE-8.4", *AT_SHOWDOWN)),
    ("100", (), (*LATER_BETTING, "THE-6.2", "THE-6.3", "THE-7.1", "THE-8.1", "THE-8.2", "THE-8.4")),
], ids=["nobody-left-to-bet", "the-blinds-bet-on"])
def test_holdem_all_in_before_the_flop(tmp_path, short, na, evaluated):
    """Everyone all in before the flop: the board is run out with no betting (arts. 6(5), 7(2)-(3), 8(2) have no
    round to judge: not applicable), while its cards and the showdown are judged; a player all in for less leaves
    the blinds betting between them (evaluated)."""
    findings, rules = run_holdem(tmp_path, _all_in_before_the_flop(short))
    assert findings == []
    coverage = {rule: (rules[rule].evaluated, rules[rule].not_evaluated) for rule in na + evaluated}
    assert coverage == _expect(na, evaluated)


def test_holdem_an_action_where_nobody_could_bet_is_still_judged(tmp_path):
    """The same run-out with a check logged on the flop by the big blind, all in: an action when no betting was left
    (THE-7.2's finding). The rules of the flop's betting judged it (evaluated); the turn's and river's have none."""
    rows = _all_in_before_the_flop("1000")
    at = [i for i, r in enumerate(rows) if r["event"] == "board"][2] + 1
    findings, rules = run_holdem(tmp_path, [*rows[:at], act("h1", 3, "check"), *rows[at:]])
    assert [f[0] for f in findings] == ["THE-7.2"]
    coverage = {rule: (rules[rule].evaluated, rules[rule].not_evaluated) for rule in LATER_BETTING}
    assert coverage == _expect(("THE-8.3",), ("THE-6.5", "THE-7.2", "THE-7.3"))


# --- baccarat ------------------------------------------------------------------------------------------------------

def _coup(player: list[str], banker: list[str], result: str, bet: str, won: bool, standing: bool = False,
          shoe_start: bool = False) -> list[dict]:
    """One coup dealt P1 B1 P2 B2 [P3] [B3], with one bet of 100 (``bet``) settled as ``won`` says."""
    deals = [(c, "player") for c in player[:2]]
    deals = [deals[0], (banker[0], "banker"), deals[1], (banker[1], "banker"), *((c, "player") for c in player[2:]),
             *((c, "banker") for c in banker[2:])]
    rows = [{"event": "table_open", "config": BACCARAT_CONFIG},
            *([{"event": "shoe_start", "shoe_id": "S1"}] if shoe_start else []),
            {"event": "coup_start", "shoe_id": "S1", "hand_id": "C1"},
            {"event": "bet", "hand_id": "C1", "player": "p1", "spot": 1, "standing": standing, "bet_type": bet,
             "amount": "100"},
            *({"event": "deal", "hand_id": "C1", "card": c, "to": to, "face": "up"} for c, to in deals),
            {"event": "result", "hand_id": "C1", "result": result},
            {"event": "settle", "hand_id": "C1", "player": "p1", "spot": 1, "bet_type": bet, "amount": "100",
             "result": "win" if won else "lose", "payout": "100" if won else "0", "commission": "0"},
            {"event": "coup_end", "hand_id": "C1"}]
    return [{"table_id": "T1", "game": "baccarat", "seq": i, **r} for i, r in enumerate(rows, start=1)]


@pytest.mark.parametrize(("rows", "na", "evaluated"), [
    # Player 9, a natural: no third card, no tableau; no card exposed, no dealing error, a seated bet, no demo coup
    (_coup(["4h", "5d"], ["2c", "3s"], "player", "player", True, shoe_start=True),
     ("BAC-2.3", "BAC-4.1", "BAC-9.3", "BAC-9.4", "BAC-9.5", "BAC-10.1", "BAC-15.1"), ("BAC-9.2", "BAC-11.1")),
    # Player 6 stands, Banker 7 stands
    (_coup(["3h", "3c"], ["Kd", "7s"], "banker", "player", False), ("BAC-9.2", "BAC-9.5"), ("BAC-9.3", "BAC-9.4")),
    # Player 5 draws a 4, Banker 7 stands; a standing player's bet in an empty spot
    (_coup(["2h", "3c", "4d"], ["7s", "Kd"], "player", "player", True, standing=True), ("BAC-9.2", "BAC-9.4"),
     ("BAC-9.3", "BAC-9.5", "BAC-15.1")),
], ids=["natural", "both-stand", "player-draws"])
def test_baccarat(tmp_path, rows, na, evaluated):
    result, con = audit([write_jsonl(tmp_path / "b.jsonl", rows)], load_rulesets())
    con.close()
    assert result.findings == [] and not result.quarantine
    rules = {r.id: (r.evaluated, r.not_evaluated) for r in result.rules}
    assert _coverage(rules, na + evaluated) == _expect(na, evaluated)
