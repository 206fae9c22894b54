"""A rule about a betting round, the later cards or the showdown is not applicable to a hand that ended before them:
it counts neither as evaluated nor as not evaluated (coverage would claim rounds that were never played)."""

from __future__ import annotations

from stud_logs import Table
from stud_logs import run as run_stud
from test_holdem_robustness import checked_down, folded_to, money
from test_holdem_robustness import run as run_holdem
from test_stud_hand_built import _check_down, _fold_to_the_opener, _standard

LATER_ROUNDS = ("5CS-10.9", "5CS-10.10", "5CS-10.11", "5CS-10.12", "5CS-10.13", "5CS-10.15", "5CS-10.17",
                "5CS-10.18")
FLOP_ON = ("THE-7.1", "THE-7.2", "THE-7.3", "THE-8.1", "THE-8.2", "THE-8.3", "THE-8.4")


def _stud(won_in_round_1: bool, raised: bool = False, cut_by: str | None = None) -> list[dict]:
    """Seat 2 bets 20 (after a cut of 10 cards by ``cut_by``) and seat 5 folds, or calls (``raised``: raises to 40,
    called), checked down: seat 2's Ace wins."""
    t = Table()
    for seat in (2, 5):
        t.emit("buy_in", seat=seat, player=f"P{seat}", amount="2000")
    t.emit("shoe_start", shoe_id="K1")
    if won_in_round_1:
        _fold_to_the_opener(t, "H1", {2: "2000", 5: "2000"})
        return t.rows
    h = _standard(t, cuts=((cut_by, 10),) if cut_by else ())
    h.act(2, "bet", 20)
    h.act(5, "raise" if raised else "call", 40 if raised else 20)
    if raised:
        h.act(2, "call", 20)
    _check_down(h)
    h.rake("0")
    h.award(2, "100" if raised else "60", 0)
    h.end()
    return t.rows


def test_a_stud_hand_won_in_round_1(tmp_path):
    findings, rules = run_stud(tmp_path, _stud(won_in_round_1=True))
    assert findings == []
    assert {rule: rules[rule][:2] for rule in LATER_ROUNDS} == dict.fromkeys(LATER_ROUNDS, (0, 0))
    assert rules["5CS-10.16"][:2] == (1, 0)  # one player left: he wins at once


def test_a_stud_showdown(tmp_path):
    findings, rules = run_stud(tmp_path, _stud(won_in_round_1=False))
    assert findings == []
    assert {rule: rules[rule][:2] for rule in LATER_ROUNDS} == dict.fromkeys(LATER_ROUNDS, (1, 0))
    assert rules["5CS-10.16"][:2] == (0, 0)  # no fold left one player


def test_a_holdem_hand_won_before_the_flop(tmp_path):
    rows = folded_to("h1", 1, "100", [money("refund", "h1", 1, "90"), money("award", "h1", 1, "25")],
                     {1: "1015", 2: "995", 3: "990"})
    findings, rules = run_holdem(tmp_path, rows)
    assert findings == []
    assert {rule: (rules[rule].evaluated, rules[rule].not_evaluated) for rule in FLOP_ON} == dict.fromkeys(
        FLOP_ON, (0, 0))


def test_a_holdem_showdown(tmp_path):
    findings, rules = run_holdem(tmp_path, checked_down("h1", 1, 10, 0))
    assert findings == []
    assert {rule: (rules[rule].evaluated, rules[rule].not_evaluated) for rule in FLOP_ON} == dict.fromkeys(
        FLOP_ON, (1, 0))
