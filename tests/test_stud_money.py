"""The stud money rules (5CS-7.1, 9.1, 9.2) beyond their fixtures: a rake that is not logged is never compliance, the
readings of art. 9 (``rake_base``, ``last_round_definition``, the 1985 rate), and one error, one finding
(docs/stud-checks.md)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from auditor.engine.audit import audit
from auditor.engine.ruleset import load_rulesets
from auditor.games.stud.rake import NO_HOUSE_RAKE, NOT_LOGGED, VOIDED

MONEY = ("5CS-7.1", "5CS-9.1", "5CS-9.2")
# T1: a showdown, bets of 2960 raked 115 (award 2865 to seat 4); T2: seat 7's round-4 bet of 350 nobody calls, the
# base 290 raked 10 (350 back, 320 to seat 7).
LOG = Path(__file__).parent / "fixtures" / "stud" / "5CS-9.1" / "clean.jsonl"


def table(name: str) -> list[dict]:
    return [r for r in map(json.loads, LOG.read_text(encoding="utf-8").splitlines()) if r["table_id"] == name]


def run(tmp_path: Path, rows: list[dict], profile: str = "macau", **params: str) -> tuple[list, dict]:
    """(rule, severity, message) of every finding, and per money rule (evaluated, not-evaluated reasons)."""
    log = tmp_path / "day.jsonl"
    log.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    rulesets = load_rulesets(profile=profile, overrides={f"stud.{k}": v for k, v in params.items()})
    result, con = audit([log], rulesets)
    con.close()
    assert result.quarantine == []
    rules = {r.id: (r.evaluated, r.not_evaluated_reasons) for r in result.rules if r.id in MONEY}
    return [(f["rule"], f["severity"], f["message"]) for f in result.findings], rules


def paid(rows: list[dict], rake: str | None, seat: int, award: str, stack: str) -> list[dict]:
    """``rows`` with the house rake ``rake`` (None: no house rake event) and ``seat``'s award and final stack (his
    ``leave`` too)."""
    out = []
    for r in rows:
        if r["event"] == "rake" and "reason" not in r:
            if rake is None:
                continue
            r = {**r, "amount": rake}
        elif r["event"] == "award":
            r = {**r, "amount": award}
        elif r["event"] in ("stack", "leave") and r["seat"] == seat:
            r = {**r, "amount": stack}
        out.append(r)
    return out


def test_a_hand_without_its_house_rake_is_not_evaluated(tmp_path):
    """The award of T2 is 5 short of the pot less the first rake: the house took a rake the log does not give. Not
    compliance: the money rules are not evaluated for the hand."""
    findings, rules = run(tmp_path, paid(table("T2"), None, 7, "320", "2175"))
    assert findings == []
    for rule in MONEY:
        assert rules[rule] == (0, {NO_HOUSE_RAKE: 1}), rule


def test_awards_above_the_pot_are_found_with_the_rake_unknown(tmp_path):
    """Whatever the house rake, it is not below 0: 400 awarded from the 330 left after the refund and the first rake
    is 5CS-7.1's."""
    findings, rules = run(tmp_path, paid(table("T2"), None, 7, "400", "2255"))
    assert [(rule, message) for rule, _, message in findings] == [
        ("5CS-7.1", "awards of 400 from a pot of 330 (350 less the rake logged, 20): more than the pot (the rake is "
                    "not logged; art. 7: the winner takes the bets)")]
    assert rules["5CS-7.1"] == (1, {})


def test_a_source_that_logs_no_rake(tmp_path):
    rows = [r for r in table("T2") if r["event"] != "rake"]
    rows[0]["config"]["not_logged"] = "rake"
    findings, rules = run(tmp_path, rows)
    assert findings == []
    for rule in MONEY:
        assert rules[rule] == (0, {NOT_LOGGED: 1}), rule


def test_a_rake_of_zero_logged_is_judged(tmp_path):
    findings, rules = run(tmp_path, paid(table("T1"), "0", 4, "2980", "10515"))
    assert [(rule, severity) for rule, severity, _ in findings] == [("5CS-9.1", "warning")]
    assert rules["5CS-7.1"] == (1, {}) and rules["5CS-9.1"] == (1, {})


def test_an_over_collection_beyond_the_uncalled_bet_is_9_1s(tmp_path):
    """30 is more than even the rake with the uncalled 350 in the base (25): not explained by it, 5CS-9.1's alone."""
    findings, _ = run(tmp_path, paid(table("T2"), "30", 7, "300", "2155"))
    assert [(rule, severity) for rule, severity, _ in findings] == [("5CS-9.1", "violation")]


@pytest.mark.parametrize(("rake", "award", "stack", "profile", "params", "found"), [
    ("115", "2865", "10400", "macau", {}, []),
    ("120", "2860", "10395", "macau", {}, [("5CS-9.1", "violation")]),
    ("120", "2860", "10395", "macau", {"rake_base": "called_bets_including_antes"}, []),  # 3000 with the antes
    ("115", "2865", "10400", "macau", {"rake_base": "called_bets_including_antes"}, [("5CS-9.1", "warning")]),
    ("85", "2895", "10430", "macau", {}, [("5CS-9.1", "warning")]),
    ("85", "2895", "10430", "original_1985", {}, []),  # 3% of 2960
])
def test_the_readings_of_the_rake(tmp_path, rake, award, stack, profile, params, found):
    findings, _ = run(tmp_path, paid(table("T1"), rake, 4, award, stack), profile, **params)
    assert [(rule, severity) for rule, severity, _ in findings] == found


def round_three(rake: str) -> list[dict]:
    """T2 ended in round 3: seat 6 folds to seat 7's bet of 105 (no fourth card). Bets 40 + 40 + 105, the 105
    returned; 245 − 105 − first rake 20 − ``rake`` awarded to seat 7."""
    rows = []
    for r in table("T2"):
        if r["seq"] in (340, 350, 360, 370):
            continue  # the fourth cards and round 4
        if r["seq"] == 330:
            r = {**r, "action": "fold", "amount": "0"}
        elif r["event"] == "refund":
            r = {**r, "amount": "105"}
        rows.append(r)
    keep = 120 - int(rake)
    stacks = {6: "3920", 7: str(2080 - int(rake))}
    return [({**r, "amount": stacks[r["seat"]]} if r["event"] in ("stack", "leave") and r["seat"] in stacks
             else r) for r in paid(rows, rake, 7, str(keep), stacks[7])]


@pytest.mark.parametrize(("rake", "reading", "found"), [
    ("0", "round_hand_ended", []),  # 4% of 80, rounded down to the chip unit of 5
    ("5", "round_hand_ended", [("5CS-9.2", "violation")]),  # 4% of 185: the uncalled 105 raked
    ("0", "fourth_round", [("5CS-9.1", "warning")]),  # the literal reading: only round 4's uncalled bet is spared
    ("5", "fourth_round", []),
])
def test_the_last_round(tmp_path, rake, reading, found):
    findings, _ = run(tmp_path, round_three(rake), last_round_definition=reading)
    assert [(rule, severity) for rule, severity, _ in findings] == found


def test_a_voided_hand(tmp_path):
    rows = table("T1")
    end = next(i for i, r in enumerate(rows) if r["event"] == "hand_end")
    rows.insert(end, {**rows[end], "seq": rows[end]["seq"] - 5, "event": "void", "reason": "test"})
    _, rules = run(tmp_path, rows)
    for rule in MONEY:
        assert rules[rule] == (0, {VOIDED: 1}), rule


def test_a_showdown_without_its_house_rake_is_no_wrong_award(tmp_path):
    """T1's showdown with its first rake logged and no house rake: the award (the pot less both rakes) is judged
    against what the award implies was raked, never against the pot less the first rake alone (a false wrong award)."""
    rows = [r for r in table("T1") if not (r["event"] == "rake" and "reason" not in r)]
    findings, rules = run(tmp_path, rows)
    assert findings == []
    assert rules["5CS-9.1"] == (0, {NO_HOUSE_RAKE: 1})
