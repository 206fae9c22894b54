"""Baccarat units in which a rule's premise never happened are not applicable to it (counted in neither column);
units in which it happened but the log lacks what the rule needs are not evaluated, with the reason. Hand-built logs
(``baccarat_logs.py``), one table a case, all audited at once; each case gives, per rule, its coverage on that table:
``{None: units evaluated, reason: units not evaluated}``, ``{}`` when not applicable."""

from __future__ import annotations

import json
from functools import partial

import pytest
from baccarat_logs import Table

from auditor.engine.audit import audit
from auditor.engine.ruleset import load_rulesets

PLAYER_NATURAL = ["P:Ks", "B:4d", "P:9h", "B:3c"]
NO_CUT_POSITION = "the cut card's coming out is not logged in this shoe, and its cut position is not"
NO_BURNS = "the cut card's coming out is not logged in this shoe, and the table logs no burn"
PASSED = "more cards came out of the shoe than lay in front of the cut card, but its coming out is not logged"
NO_HANDLER = "no card handler logged at this table"
NO_LIMIT = "the table declares no Banker/Player difference limit"
CORRECTED = "coup corrected (art. 10): its final hands are not derivable from the log"
OPENING_UNBOUNDED = "shoe has no coup and no shoe_end: where its opening ends is not logged"
DEALING = ["BAC-7.1", "BAC-7.2", "BAC-9.1", "BAC-9.2", "BAC-9.3", "BAC-9.4", "BAC-9.5"]


def _played(t: Table, coups: int, shoe: str = "S1", cut_card_in: int | None = None,
            handler: bool = False, voided: bool = False) -> None:
    """``coups`` coups of a Player natural, each with one seated bet of 100 settled as won; ``voided``: each coup's
    first card goes to the Banker (art. 7(1)), the coup is voided and the bet refunded; the cut card comes out in coup
    number ``cut_card_in``; ``handler``: the bettor handles the cards."""
    for n in range(1, coups + 1):
        c = t.coup(shoe)
        c.bet("player", 100)
        if handler:
            c.emit("card_handler", player="M1")
        c.deal(*(["B:4d"] if voided else PLAYER_NATURAL), face="up")
        if n == cut_card_in:
            c.emit("cut_card", shoe_id=shoe)
        if voided:
            c.emit("void", reason="first card to the Banker")
            c.settle("player", "refund", 0, refunded="100")
        else:
            c.result("player")
            c.settle("player", "win", 100)
        c.end()


def _shoe_short_of_the_cut_card(t: Table) -> None:
    t.shoe()
    _played(t, 2)


def _cut_card_out(t: Table) -> None:
    t.shoe()
    _played(t, 2, cut_card_in=1)


def _cut_card_passed_unlogged(t: Table) -> None:
    """6 decks (312 cards), 300 behind the cut card: 12 in front of it; 6 burns and 2 coups of 4 cards are 14."""
    t.shoe(burns=[None] * 6, cut=300)
    _played(t, 2)


def _cut_card_just_reached(t: Table) -> None:
    """6 burns and 1 coup of 4 cards: 10 of the 12 in front of the cut card."""
    t.shoe(burns=[None] * 6, cut=300)
    _played(t, 1)


def _cut_twice(t: Table) -> None:
    """Cut with 14 cards behind the cut card, then again with 300 (12 in front of it): 6 burns and 2 coups of 4
    cards are 14, past it if the second cut holds."""
    t.shoe(burns=[], cut=14)
    t.emit("cut", shoe_id="S1", position=300)
    for i in range(1, 7):
        t.emit("burn", shoe_id="S1", position=i)
    _played(t, 2)


def _no_cut_logged(t: Table) -> None:
    t.shoe(cut=None)
    _played(t, 1)


def _no_burn_logged(t: Table) -> None:
    t.shoe(burns=[])
    _played(t, 1)


def _auto_shuffler(t: Table) -> None:
    t.emit("shoe_start", shoe_id="S1")
    _played(t, 1)


def _handled_at_some_coups(t: Table) -> None:
    t.shoe()
    _played(t, 1, handler=True)
    _played(t, 1)


def _voided(t: Table) -> None:
    t.shoe()
    _played(t, 1, voided=True)


def _voided_by_the_machine(t: Table) -> None:
    t.emit("shoe_start", shoe_id="S1")
    _played(t, 1, voided=True)


def _corrected(t: Table) -> None:
    """The Banker's first card dealt before the Player's, put back in its place: the coup goes on to its result."""
    t.shoe()
    c = t.coup()
    c.bet("player", 100)
    c.deal("B:4d", "P:Ks", "B:4d", "P:9h", "B:3c", face="up")
    c.emit("correction", reason="Banker card dealt first; returned to its place")
    c.result("player")
    c.settle("player", "win", 100)
    c.end()


def _shoe_without_coup(t: Table, ended: bool = True) -> None:
    """A shoe cut and burned, then taken out of use before any coup (or the log stops before its end)."""
    t.shoe()
    if ended:
        t.emit("shoe_end", shoe_id="S1")


def _shoe_never_opened(t: Table) -> None:
    """A shoe started and ended, with no cut, no burn and no coup: its opening never happened."""
    t.emit("shoe_start", shoe_id="S1")
    t.emit("shoe_end", shoe_id="S1")


def _equal_stakes(t: Table) -> None:
    """C1: 100 on Player against 100 on Banker; C2: no bet."""
    t.shoe()
    c = t.coup()
    c.bet("player", 100)
    c.bet("banker", 100, "M2", 2)
    c.deal(*PLAYER_NATURAL, face="up")
    c.result("player")
    c.settle("player", "win", 100)
    c.settle("banker", "lose", 0, player="M2", spot=2)
    c.end()
    c = t.coup()
    c.deal(*PLAYER_NATURAL, face="up")
    c.result("player")
    c.end()


CASES = {
    # (build, table config, {rule: coverage})
    "short-shoe": (_shoe_short_of_the_cut_card, {}, {"BAC-3.1": {}, "BAC-14.1": {NO_LIMIT: 2},
                                                      "BAC-16.1": {NO_HANDLER: 2}}),
    "cut-card-out": (_cut_card_out, {}, {"BAC-3.1": {None: 1}}),
    "cut-card-passed": (_cut_card_passed_unlogged, {"decks": 6}, {"BAC-3.1": {PASSED: 1}}),
    "cut-card-not-reached": (_cut_card_just_reached, {"decks": 6}, {"BAC-3.1": {}}),
    "cut-twice": (_cut_twice, {"decks": 6}, {"BAC-3.1": {PASSED: 1}}),
    "no-cut": (_no_cut_logged, {}, {"BAC-3.1": {NO_CUT_POSITION: 1}}),
    "no-burn": (_no_burn_logged, {}, {"BAC-3.1": {NO_BURNS: 1}}),
    "auto-shuffler": (_auto_shuffler, {"auto_shuffler": True, "burn_method": "none"},
                      {"BAC-1.2": {}, "BAC-2.1": {}, "BAC-2.2": {}, "BAC-3.1": {}}),
    "handled-once": (_handled_at_some_coups, {}, {"BAC-16.1": {None: 1}}),
    # a voided coup was not played to its result: arts. 7 and 9 do not apply to it (art. 10 judges it: BAC-10.1, 4.1)
    "voided": (_voided, {}, {"BAC-11.1": {}, **dict.fromkeys(DEALING, {})}),
    "voided-by-the-machine": (_voided_by_the_machine, {"auto_shuffler": True, "burn_method": "none"},
                              {"BAC-7.3": {}}),
    # a corrected coup was played to its result, but the log keeps its cards as first dealt
    "corrected": (_corrected, {}, dict.fromkeys(DEALING, {CORRECTED: 1})),
    # a shoe without a coup: its cut and burns are judged where the log bounds them; one never cut nor burned had no
    # opening to judge
    "shoe-without-coup": (_shoe_without_coup, {}, {"BAC-2.1": {None: 1}, "BAC-2.2": {None: 1}}),
    "shoe-without-coup-or-end": (partial(_shoe_without_coup, ended=False), {},
                                 {"BAC-2.1": {None: 1}, "BAC-2.2": {OPENING_UNBOUNDED: 1}}),
    "shoe-never-opened": (_shoe_never_opened, {}, {"BAC-2.1": {}, "BAC-2.2": {}}),
    "equal-stakes": (_equal_stakes, {}, {"BAC-14.1": {}}),
    "equal-stakes-limited": (_equal_stakes, {"max_difference": "1000"}, {"BAC-14.1": {}}),
    "unequal-stakes-limited": (_shoe_short_of_the_cut_card, {"max_difference": "1000"}, {"BAC-14.1": {None: 2}}),
}


@pytest.fixture(scope="module")
def coverage(tmp_path_factory) -> dict[tuple[str, str], dict[str | None, int]]:
    rows = []
    for table_id, (build, config, _) in CASES.items():
        t = Table(table_id, **config)
        build(t)
        rows += t.rows
    log = tmp_path_factory.mktemp("premises") / "day.jsonl"
    log.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    result, con = audit([log], load_rulesets())
    assert result.quarantine == [] and result.findings == [], (result.quarantine, result.findings)
    units: dict[tuple[str, str], dict[str | None, int]] = {}
    for rule, table, missing, n in con.execute(
            "SELECT rule, table_id, missing, sum(units)::BIGINT FROM coverage GROUP BY ALL HAVING sum(units) > 0"
    ).fetchall():
        units.setdefault((rule, table), {})[missing] = n
    con.close()
    return units


@pytest.mark.parametrize("table_id", CASES)
def test_premise(coverage, table_id):
    expected = CASES[table_id][2]
    assert {rule: coverage.get((rule, table_id), {}) for rule in expected} == expected
