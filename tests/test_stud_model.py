"""The set-based five-card stud rules on whole simulated sessions, and what they do not evaluate: each reason a hand,
pack or table is counted ``not_evaluated`` (docs/stud-checks.md), and the readings given as parameters."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from auditor.engine.audit import audit
from auditor.engine.registry import checkers
from auditor.engine.ruleset import load_rulesets
from auditor.sim.stud.run import simulate_stud

FIXTURES = Path(__file__).parent / "fixtures" / "stud"
CHECKED = [c.id for c in checkers("stud")]


def records(rule: str, log: str = "clean.jsonl") -> list[dict]:
    lines = (FIXTURES / rule / log).read_text(encoding="utf-8").splitlines()
    return [json.loads(line) for line in lines]


def run(tmp_path: Path, rows: list[dict], **overrides: str) -> tuple[dict, list[dict]]:
    """Per rule (evaluated, not-evaluated reasons), and the findings, of ``rows`` audited alone."""
    log = tmp_path / "day.jsonl"
    log.write_text("".join((r if isinstance(r, str) else json.dumps(r)) + "\n" for r in rows), encoding="utf-8")
    result, con = audit([log], load_rulesets(overrides={f"stud.{k}": v for k, v in overrides.items()}))
    con.close()
    return {r.id: (r.evaluated, r.not_evaluated_reasons) for r in result.rules}, result.findings


def configured(rows: list[dict], **config: object) -> list[dict]:
    rows[0]["config"].update(config)
    return rows


def test_a_simulated_day_is_lawful_and_every_rule_evaluates_it(tmp_path: Path) -> None:
    simulate_stud(tmp_path / "day", seed=31, tables=3, hands=120)
    result, con = audit([tmp_path / "day"], load_rulesets())
    con.close()
    assert result.quarantine == [] and result.findings == []
    rules = {r.id: r for r in result.rules}
    # premises a lawful day may lack (a tie, an exposed hole card): their rules may be not applicable to every hand
    # (their fixtures hold them; tests/test_sim_stud.py counts the hands each replayed rule applies to)
    rare = {"5CS-4.3", "5CS-5.4", "5CS-11.4"}
    for rule in CHECKED:
        assert rules[rule].evaluated > 0 or rule in rare, rule
        assert rules[rule].not_evaluated == 0, (rule, rules[rule].not_evaluated_reasons)


@pytest.mark.parametrize(("rule", "source", "rules"), [
    ("5CS-2.3", "burns", ["5CS-2.3"]),
    ("5CS-8.1", "rake", ["5CS-8.1"]),
    ("5CS-10.3", "deal_order", ["5CS-10.3"]),
    ("5CS-6.6", "hand_order", ["5CS-6.4", "5CS-6.6"]),
])
def test_what_the_source_does_not_log_is_not_evaluated(tmp_path: Path, rule: str, source: str,
                                                       rules: list[str]) -> None:
    """A table's ``not_logged`` turns the rules that need it into not evaluated, however the log breaches them."""
    rows = configured(records(rule, "violating.jsonl"), not_logged=source)
    summary, findings = run(tmp_path, rows)
    assert not [f for f in findings if f["rule"] in rules]
    for name in rules:
        evaluated, reasons = summary[name]
        assert f"{source.replace('_', ' ')} not logged by the source" in reasons, (name, reasons)
    assert summary[rules[-1]][0] == 0  # 6.6's first hand has no previous one: not applicable


def test_an_unlogged_card_leaves_the_pack_rules_open_unless_a_card_breaches_them(tmp_path: Path) -> None:
    rows = records("5CS-1.1")
    burn = next(r for r in rows if r["event"] == "burn" and r["hand_id"] == "H1")
    del burn["card"]
    summary, findings = run(tmp_path, rows)
    assert findings == []
    for rule in ("5CS-1.1", "5CS-1.2"):
        assert summary[rule] == (1, {"a burned or dealt card of the hand is not logged": 1})
    deal = next(r for r in rows if r["event"] == "deal" and r["hand_id"] == "H1")
    deal["card"] = "4h"
    summary, findings = run(tmp_path, rows)
    assert [(f["rule"], f["seq"]) for f in findings] == [("5CS-1.1", deal["seq"])]
    assert summary["5CS-1.1"] == (2, {})


def test_unlogged_cut_sizes_and_faces_are_not_evaluated(tmp_path: Path) -> None:
    rows = records("5CS-10.3")
    next(r for r in rows if r["event"] == "deal" and r["hand_id"] == "H2").pop("face")
    summary, findings = run(tmp_path, rows)
    assert findings == [] and summary["5CS-10.3"] == (1, {"face of a dealt card not logged": 1})
    del next(r for r in rows if r["event"] == "deal" and r["hand_id"] == "H1")["seat"]
    summary, findings = run(tmp_path, rows)
    assert not [f for f in findings if f["rule"] == "5CS-10.3"]
    assert summary["5CS-10.3"] == (0, {"face of a dealt card not logged": 1, "seat of a dealt card not logged": 1})
    summary, _ = run(tmp_path, records("5CS-2.2"))
    assert summary["5CS-2.2"] == (2, {"cut size not logged": 1})


def test_a_quarantined_record_leaves_its_hand_and_pack_not_evaluated(tmp_path: Path) -> None:
    rows = records("5CS-6.6")
    at = next(i for i, r in enumerate(rows) if r["event"] == "action" and r["hand_id"] == "H2")
    rows[at] = json.dumps(rows[at])[:-9]  # a truncated record inside H2
    summary, findings = run(tmp_path, rows)
    assert findings == []
    evaluated, reasons = summary["5CS-3.1"]
    assert (evaluated, reasons) == (2, {"input error in hand (quarantined record)": 1})
    assert summary["5CS-2.1"] == (0, {"input error in a hand of the pack (quarantined record)": 1})
    # H3 is compared with H2 by neither player: H2 carries the input error; in H1 everyone sits down (not applicable)
    assert summary["5CS-6.6"] == (0, {"input error in hand (quarantined record)": 1,
                                      "the player's previous hand has a quarantined record": 1})


def test_an_exposure_that_cannot_be_placed_is_not_evaluated(tmp_path: Path) -> None:
    rows = records("5CS-11.4", "violating.jsonl")
    for r in rows:
        if r["event"] == "card_exposed":
            del r["card"]
    summary, findings = run(tmp_path, rows)
    assert not [f for f in findings if f["rule"] == "5CS-11.4"]
    unplaced = "an exposed card without its card or seat, not dealt to that seat, or the seat's hole card not logged"
    assert summary["5CS-11.4"] == (0, {unplaced: 2})
    for r in rows:
        if r["event"] == "card_exposed":
            r["card"] = "8c"  # seat 5's hole card, while the exposure names seat 7
    summary, findings = run(tmp_path, rows)
    assert not [f for f in findings if f["rule"] == "5CS-11.4"] and summary["5CS-11.4"] == (0, {unplaced: 2})


def test_hands_whose_pack_is_unknown_leave_the_table_s_packs_not_evaluated(tmp_path: Path) -> None:
    rows = records("5CS-2.1")
    rows = [r for r in rows if r["event"] not in ("shoe_start", "shoe_end")]
    for r in rows:
        if r["event"] == "hand_start" and r["hand_id"] != "H1":
            del r["shoe_id"]
    summary, findings = run(tmp_path, rows)
    assert findings == []
    assert summary["5CS-2.1"] == (0, {"hands that name no pack, dealt while none is in use": 1,
                                      "a hand of the table names no pack and starts while none is in use": 1})


def test_the_readings_as_parameters(tmp_path: Path) -> None:
    """max_seats = 8 (the unofficial Chinese) admits the eighth player at a table of eight seats (under 7, the table
    and the hand breach art. 3; at a table of seven, seat 8 is a seat the table does not have);
    withdraw_only_when_leaving = false judges no stack between hands."""
    eight = [r for r in records("5CS-3.1", "violating.jsonl") if r["table_id"] == "T1"]
    _, findings = run(tmp_path, eight, max_seats="8")
    assert [(f["rule"], f["found"]) for f in findings] == [("5CS-3.1", "seat 8")]
    for r in eight:
        if r["event"] == "table_open":
            r["config"]["seats"] = 8
    _, findings = run(tmp_path, eight)
    assert [(f["rule"], f["found"]) for f in findings] == [("5CS-3.1", "8"), ("5CS-3.1", "8")]
    _, findings = run(tmp_path, eight, max_seats="8")
    assert findings == []
    _, findings = run(tmp_path, records("5CS-6.6", "violating.jsonl"), withdraw_only_when_leaving="false")
    assert findings == []


def test_a_corrected_hand_is_not_judged_on_its_cards_as_dealt(tmp_path: Path) -> None:
    """A dealing error corrected (art. 11 e)): a card dealt to the wrong seat, then to the right one."""
    rows = records("5CS-10.3")
    at = next(i for i, r in enumerate(rows) if r["event"] == "deal" and r["hand_id"] == "H2")
    deal = rows[at]
    wrong = {**deal, "seq": deal["seq"] - 2, "seat": 5 if deal["seat"] == 2 else 2}
    fixed = {"table_id": deal["table_id"], "game": "stud", "seq": deal["seq"] - 1, "event": "correction",
             "hand_id": deal["hand_id"], "reason": "first card dealt to the wrong seat, moved"}
    rows[at:at] = [wrong, fixed]  # the wrong deal, the correction, then the deal as it should be
    summary, findings = run(tmp_path, rows)
    reason = "dealing error corrected (art. 11 e)): the cards as dealt are not the hands played"
    for rule in ("5CS-1.2", "5CS-10.3"):
        assert summary[rule] == (1, {reason: 1}), rule
    assert summary["5CS-11.4"] == (0, {})  # no card exposed in either hand: not applicable
    assert findings == []



def test_a_player_seated_again_after_the_first_card_changed_seat(tmp_path: Path) -> None:
    """W201 is seated again at seat 6 after round 1 of H1 and plays the hand on from there: one 5CS-3.3 finding at
    that ``seat`` event; not a second seat bet on (5CS-3.2), nor a player dealt in without an ante (5CS-6.3), nor a
    seat whose first card is its third (5CS-10.3: his cards lie at two seats)."""
    rows = records("5CS-10.3")
    at = next(i for i, r in enumerate(rows) if r["seq"] == 180)
    moved = {"table_id": "T1", "game": "stud", "seq": 185, "event": "seat", "hand_id": "H1", "seat": 6,
             "player": "W201", "amount": "2500"}
    for r in rows[at + 1:]:
        if r.get("hand_id") == "H1" and r.get("seat") == 5:
            r["seat"] = 6
    rows.insert(at + 1, moved)
    summary, findings = run(tmp_path, rows)
    assert [(f["rule"], f["hand"], f["seq"]) for f in findings] == [("5CS-3.3", "H1", 185)]
    reason = "a player changed seat during the hand (5CS-3.3): his cards lie at two seats"
    assert summary["5CS-10.3"] == (1, {reason: 1})


def test_ante_amount_and_time_are_each_player_s(tmp_path: Path) -> None:
    """5CS-6.3: every player dealt in posts the table's ante before the first card; a whole hand posting another
    ante breaches it for each player (and 5CS-6.5 once), a late ante breaches it too (and 5CS-10.1)."""
    _, findings = run(tmp_path, records("5CS-6.5", "violating.jsonl"))
    assert sorted((f["rule"], f["seq"]) for f in findings) == [("5CS-6.3", 290), ("5CS-6.3", 300), ("5CS-6.5", 290)]
    _, findings = run(tmp_path, records("5CS-10.1", "violating.jsonl"))
    assert sorted((f["rule"], f["seq"]) for f in findings) == [("5CS-10.1", 131), ("5CS-6.3", 131)]
