"""The order of dealing and showing in stud (5CS-10.2, 10.9, 10.18; docs/stud-checks.md): only the order is judged,
one finding per deal or showdown, and what the log cannot support is ``not_evaluated`` with its reason. The cases
edit the clean log of the rules' fixture (seats 1, 2, 4, 7; seat 2 folds in round 1; 1, 7 and 4 show)."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from auditor.engine.audit import audit
from auditor.engine.ruleset import load_rulesets
from auditor.games.poker.order import first_out_of_order

RULES = ("5CS-10.2", "5CS-10.9", "5CS-10.18")
FIXTURES = Path(__file__).parent / "fixtures" / "stud"
CLEAN = (FIXTURES / "5CS-10.18" / "clean.jsonl").read_text(encoding="utf-8")


def run(tmp_path: Path, text: str) -> tuple[Counter, dict[str, dict[str | None, int]]]:
    """The findings of the three rules (by rule) and their coverage (rule -> reason -> hands; None: evaluated)."""
    path = tmp_path / "day.jsonl"
    path.write_text(text, encoding="utf-8")
    result, con = audit([path], load_rulesets())
    rows = con.execute("SELECT rule, missing, sum(units)::BIGINT FROM coverage GROUP BY ALL").fetchall()
    con.close()
    assert not result.quarantine
    coverage: dict[str, dict[str | None, int]] = {}
    for rule, missing, units in rows:
        coverage.setdefault(rule, {})[missing] = units
    return Counter(f["rule"] for f in result.findings if f["rule"] in RULES), coverage


def edited(text: str, edit) -> str:
    """``text`` with ``edit(record)`` applied to each record (None drops it)."""
    out = []
    for line in text.splitlines():
        record = edit(json.loads(line))
        if record is not None:
            out.append(json.dumps(record))
    return "\n".join(out) + "\n"


def test_first_out_of_order_judges_the_order_only() -> None:
    due = [7, 4, 2, 1]
    assert first_out_of_order([(7, "a"), (4, "b"), (2, "c"), (1, "d")], due) is None
    assert first_out_of_order([(4, "b"), (2, "c"), (1, "d"), (7, "a")], due) == ("b", 7)
    assert first_out_of_order([(7, "a"), (2, "c"), (4, "b"), (1, "d")], due) == ("c", 4)
    # a key missing, a key not due and a repeat are left out: 7, 2, 1 keep the order
    assert first_out_of_order([(7, "a"), (9, "x"), (2, "c"), (7, "again"), (1, "d")], due) is None
    assert first_out_of_order([], due) is None


@pytest.mark.parametrize(("missing", "judged"), [("croupier_position", ()), ("deal_order", ("5CS-10.18",))])
def test_a_source_that_does_not_log_the_layout_or_the_deal(tmp_path: Path, missing: str, judged: tuple) -> None:
    def declare(record: dict) -> dict:
        if record["event"] == "table_open":
            record["config"]["not_logged"] = missing
        return record

    violating = (FIXTURES / "5CS-10.2" / "violating.jsonl").read_text(encoding="utf-8")
    found, coverage = run(tmp_path, edited(violating, declare))
    assert not found
    for rule in RULES:
        expected = {None: 1} if rule in judged else {f"{missing.replace('_', ' ')} not logged by the source": 1}
        assert coverage[rule] == expected, rule


def test_a_card_dealt_to_no_seat(tmp_path: Path) -> None:
    def unseat(record: dict) -> dict:
        if record["event"] == "deal" and record["card"] == "5h":
            del record["seat"]
        return record

    found, coverage = run(tmp_path, edited(CLEAN, unseat))
    assert not found
    # whose card it is numbers each seat's cards: without it no order of play of the hand is known
    assert coverage["5CS-10.2"] == coverage["5CS-10.9"] == coverage["5CS-10.18"] == {
        "seat of a dealt card not logged": 1}


def test_two_open_cards_alike_give_no_leader(tmp_path: Path) -> None:
    """Seat 4's second open card made the 7h of seat 1 (a card seen twice): neither leads round 2, so who is dealt
    card 4 first is not known."""
    def twice(record: dict) -> dict:
        if record["event"] == "deal" and record["card"] == "7c":
            record["card"] = "7h"
        return record

    found, coverage = run(tmp_path, edited(CLEAN, twice))
    assert found["5CS-10.9"] == 0
    assert coverage["5CS-10.9"] == {"who is dealt card 4 first: two seats' open cards of round 2 rank alike": 1}


def test_a_missing_show_is_no_finding_of_the_order(tmp_path: Path) -> None:
    """Shown 7 then 4 (seat 1, who should have shown first, shows nothing): the order of those shown is kept."""
    violating = (FIXTURES / "5CS-10.18" / "violating.jsonl").read_text(encoding="utf-8")
    found, coverage = run(tmp_path, edited(violating, lambda r: None if r["event"] == "show" and r["seat"] == 1
                                           else r))
    assert found["5CS-10.18"] == 0 and coverage["5CS-10.18"] == {None: 1}


def test_a_showdown_without_shows_is_not_evaluated(tmp_path: Path) -> None:
    found, coverage = run(tmp_path, edited(CLEAN, lambda r: None if r["event"] == "show" else r))
    assert coverage["5CS-10.18"] == {"showdown without a show logged": 1}


def test_a_hand_won_without_a_showdown_has_nothing_to_show(tmp_path: Path) -> None:
    """Round 4 ends with a bet nobody calls: no showdown, so 5CS-10.18 is not applicable (neither evaluated nor
    missing); the deals are judged."""
    found, coverage = run(tmp_path, (FIXTURES / "5CS-10.10" / "clean.jsonl").read_text(encoding="utf-8"))
    assert not found
    assert coverage["5CS-10.2"] == coverage["5CS-10.9"] == {None: 1} and "5CS-10.18" not in coverage


def test_cards_and_shows_after_everyone_folded_have_no_order(tmp_path: Path) -> None:
    """Every player folds in round 3 (instead of checking) and yet gets card 5 and shows: no order to keep there, and
    no showdown (a folded player turning his hole card up is none: 5CS-10.18 not applicable)."""
    def fold(record: dict) -> dict:
        if record["event"] == "action" and record["action"] == "check" and 420 <= record["seq"] <= 440:
            record["action"] = "fold"
        return record

    found, coverage = run(tmp_path, edited(CLEAN, fold))
    assert not found
    assert coverage["5CS-10.9"] == {None: 1} and "5CS-10.18" not in coverage
