"""Logs that lack one kind of data, built by hand: each rule that needs it is not evaluated (with the reason),
never evaluated and passed, never reported as a breach (docs/log-format.md, "When the system does not record
something")."""

from __future__ import annotations

import json

import pytest
from conftest import write_jsonl
from test_holdem_robustness import CONFIG, checked_down, run
from test_log_format_examples import _example

from auditor.engine.audit import audit
from auditor.engine.ruleset import load_rulesets
from auditor.games.stud.turns import NO_DEAL_SEAT
from auditor.model.result import AuditResult
from auditor.sim.stud.run import simulate_stud

NO_BUTTON = "button not logged"


def without_button(rows: list[dict]) -> list[dict]:
    return [{k: v for k, v in r.items() if not (r["event"] == "hand_start" and k == "seat")} for r in rows]


def test_a_hand_without_its_button_is_not_judged_on_the_order_of_the_later_rounds(tmp_path):
    """From the flop on the first to act is the first player left of the button (arts. 7(2), 8(2)): a hand whose
    button is not logged cannot say whose turn it was. It was reported out of turn on the flop, turn and river."""
    findings, rules = run(tmp_path, without_button(checked_down("h1", 1, 10, 1)), rake_rate="0.05")
    assert findings == []
    for rule in ("THE-7.2", "THE-8.3"):
        assert (rules[rule].evaluated, rules[rule].not_evaluated_reasons) == (0, {NO_BUTTON: 1}), rule
    assert rules["THE-7.3"].evaluated == rules["THE-15.1"].evaluated == 1


def audited(tmp_path, game: str, rows: list[dict]) -> AuditResult:
    """One table of ``rows`` (a hold'em hand's events after its ``table_open``, or a stud table's whole day)."""
    if game == "holdem":
        rows = [{"event": "table_open", "config": {**CONFIG, "rake_rate": "0.05"}}, *rows]
    log = write_jsonl(tmp_path / f"{game}.jsonl", [{**r, "table_id": "T1", "game": game, "seq": i}
                                                   for i, r in enumerate(rows, start=1)])
    result, con = audit([log], load_rulesets())
    con.close()
    return result


def test_a_holdem_card_dealt_to_no_seat_is_quarantined(tmp_path):
    """A hold'em ``deal`` gives a player his hole card (the format's deal row names its seat): without ``seat`` the log
    does not say whose it is. It was accepted, its card counted for nobody: the deck check then counted a card
    dealt and shown twice, and the players' hole cards were short."""
    rows = checked_down("h1", 1, 10, 1)
    dealt = [i for i, r in enumerate(rows) if r["event"] == "deal"]
    rows = [{k: v for k, v in r.items() if not (i == dealt[1] and k == "seat")} for i, r in enumerate(rows)]
    result = audited(tmp_path, "holdem", rows)
    assert [q.reason for q in result.quarantine] == ["event deal: missing required field seat (for game holdem)"]
    assert result.findings == []


def test_a_stud_card_dealt_to_no_seat_leaves_the_rounds_of_its_hand_not_evaluated(tmp_path):
    """In stud a card whose seat is not logged is missing data (docs/stud-checks.md): whose card it is tells the rounds
    apart, so the rules about what a player may do within a round (a raise after his check, a check after a bet, the
    size of a raise) cannot judge the hand. They reported raises and checks across rounds that the replay had
    merged."""
    simulate_stud(tmp_path / "sim", seed=3, tables=1, hands=12)
    (log,) = (tmp_path / "sim").glob("*.jsonl")
    rows = [{k: v for k, v in json.loads(line).items() if k != "seat" or json.loads(line)["event"] != "deal"}
            for line in log.read_text(encoding="utf-8").splitlines()]
    result = audited(tmp_path, "stud", rows)
    assert (result.quarantine, result.findings) == ([], [])
    rules = {r.id: r for r in result.rules}
    for rule in ("5CS-10.13", "5CS-10.14"):
        assert rules[rule].evaluated == 0 and NO_DEAL_SEAT in rules[rule].not_evaluated_reasons, rule


BET_UNLOGGED = "a bet settled in the coup is not logged (settlement of no logged bet)"


@pytest.mark.parametrize(("dropped", "seated", "config", "rule"), [
    # the card handler M101's own bet is not logged: W201's 200, the only seated bet logged, seemed the largest
    ("M101", True, {}, "BAC-16.1"),
    # W201's Player bet of 200 is not logged: the Banker's 1000 seemed 1000 apart from the Player's stakes
    ("W201", False, {"max_difference": "500"}, "BAC-14.1"),
])
def test_a_coup_whose_settled_bet_is_not_logged_is_not_judged_on_its_stakes(tmp_path, dropped, seated, config, rule):
    """A settlement without its bet says a bet was placed that the log does not give: the rules comparing the stakes
    of the coup (the largest seated bet, art. 16; the Banker and Player difference, art. 14) cannot judge it. They
    reported a breach that the unlogged bet may undo."""
    rows = []
    for r in _example("Example records (baccarat)"):
        if r["event"] == "table_open":
            r = {**r, "config": {**r["config"], **config}}
        if r["event"] == "bet" and r["player"] == "W201":
            r = {**r, "standing": not seated}
        if not (r["event"] == "bet" and r["player"] == dropped):
            rows.append(r)
    log = write_jsonl(tmp_path / "b.jsonl", rows)
    result, con = audit([log], load_rulesets())
    con.close()
    rules = {r.id: r for r in result.rules}
    assert (result.quarantine, result.findings) == ([], [])
    assert rules[rule].not_evaluated_reasons == {BET_UNLOGGED: 1}
