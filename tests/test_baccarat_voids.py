"""Voided coups (arts. 4 and 10): a void is lawful when the cards dealt before it already show a dealing error, that
is when they are not the beginning of the lawful sequence P1 B1 P2 B2 [P3] [B3] for those cards; a void that only
cut the coup short of its lawful cards is art. 4's breach when a card was exposed."""

from __future__ import annotations

import pytest

from auditor.engine.audit import audit
from auditor.engine.ruleset import load_rulesets
from tests.conftest import baccarat_coup, write_jsonl


def _voided(deals: list[tuple[str | None, str]], exposed: int = -1) -> list[dict]:
    """One coup dealing ``deals`` (card, hand), the card at index ``exposed`` coming out face up first, then voided
    and its bet refunded."""
    rows = baccarat_coup()
    head, bet, tail = rows[:2], rows[2], rows[-1]
    envelope = {"table_id": "T1", "game": "baccarat", "hand_id": "C1"}
    body: list[dict] = []
    for i, (card, to) in enumerate(deals):
        deal = {**envelope, "event": "deal", "to": to, "face": "up" if i == exposed % len(deals) else "down"}
        if card is not None:
            deal["card"] = card
        if i == exposed % len(deals):
            body.append({**envelope, "event": "card_exposed", "card": card or "Ks"})
        body.append(deal)
    body += [{**envelope, "event": "void", "reason": "dealing error"},
             dict(rows[8], result="refund", payout="0", commission="0")]
    return [dict(r, seq=i) for i, r in enumerate([*head, bet, *body, tail], 1)]


P, B = "player", "banker"
LAWFUL = {
    # Player 5 against Banker 5: the Player must draw, the Banker's third card comes first.
    "banker third card while the player had to draw": [("3h", P), ("4d", B), ("2c", P), ("Ac", B), ("8c", B)],
    "player drew on 7": [("3h", P), ("4d", B), ("4c", P), ("Ac", B), ("8c", P)],
    "banker drew on 7 after the player stood": [("3h", P), ("4d", B), ("4c", P), ("3c", B), ("8c", B)],
    "third card after a natural": [("3h", P), ("4d", B), ("6c", P), ("Ac", B), ("8c", P)],
    "banker drew against the tableau": [("3h", P), ("4d", B), ("2c", P), ("3c", B), ("8c", P), ("2d", B)],
    "banker's third card before the player's": [("3h", P), ("4d", B), ("2c", P), ("Ac", B), ("8c", B), ("2d", P)],
    "second card to the banker first": [("3h", P), ("4d", B), ("2c", B)],
    "a fourth card to a hand": [("3h", P), ("4d", B), ("2c", P), ("Ac", B), ("8c", P), ("2d", B), ("5d", B)],
}
SHORT = {
    "voided after the first card": [("3h", P)],
    "voided after the player's lawful third card": [("3h", P), ("4d", B), ("2c", P), ("Ac", B), ("8c", P)],
    "voided after the banker's lawful third card": [("3h", P), ("4d", B), ("4c", P), ("Ac", B), ("8c", B)],
    "voided after a lawful draw by both": [("3h", P), ("4d", B), ("2c", P), ("Kc", B), ("2h", P), ("2d", B)],
}


def _bac_41(tmp_path, deals, exposed=-1) -> tuple[list, list]:
    _, con = audit([write_jsonl(tmp_path / "t.jsonl", _voided(deals, exposed))], load_rulesets())
    assert con.execute("SELECT count(*) FROM quarantine").fetchone()[0] == 0
    findings = con.execute("SELECT rule FROM findings").fetchall()
    coverage = con.execute("SELECT missing FROM coverage WHERE rule = 'BAC-4.1'").fetchall()
    con.close()
    return findings, coverage


@pytest.mark.parametrize("deals", LAWFUL.values(), ids=LAWFUL.keys())
def test_a_void_for_a_dealing_error_is_lawful_with_a_card_exposed(tmp_path, deals):
    """Art. 10: a dealing error that cannot be corrected voids the coup, whichever card came out face up."""
    for exposed in (0, -1):
        assert _bac_41(tmp_path, deals, exposed) == ([], [(None,)])


@pytest.mark.parametrize("deals", SHORT.values(), ids=SHORT.keys())
def test_a_void_that_only_cuts_the_coup_short_breaks_art_4(tmp_path, deals):
    assert _bac_41(tmp_path, deals) == ([("BAC-4.1",)], [(None,)])


def test_a_card_to_neither_hand_is_art_6s_alone(tmp_path):
    """One error, one finding: a card dealt to neither hand is BAC-6.1's, and the void it caused is lawful."""
    deals = [("3h", P), ("4d", B), ("4c", P), ("Ac", B), ("8c", "croupier")]
    assert _bac_41(tmp_path, deals) == ([("BAC-6.1",)], [(None,)])


def test_an_unlogged_card_leaves_the_void_open(tmp_path):
    """Player 5 (3h 2c) against Banker ? (4d and a card not logged): whether the Banker's third card was lawful is
    unknown, so is whether the void was."""
    deals = [("3h", P), ("4d", B), ("2c", P), (None, B), ("8c", P), ("9d", B)]
    assert _bac_41(tmp_path, deals) == ([], [("a dealt card is not logged",)])


def _refunds(tmp_path, *settles: dict) -> tuple[list, list]:
    """A coup voided for a dealing error, its one Player bet of 100 settled by ``settles`` (changes to a refund)."""
    rows = _voided(LAWFUL["player drew on 7"])
    refund = rows.pop(-2)
    rows[-1:-1] = [dict(refund, **changes) for changes in settles]
    rows = [{k: v for k, v in r.items() if v is not None} | {"seq": n} for n, r in enumerate(rows, 1)]
    _, con = audit([write_jsonl(tmp_path / "t.jsonl", rows)], load_rulesets())
    findings = con.execute("SELECT rule, expected, found FROM findings").fetchall()
    coverage = con.execute("SELECT missing FROM coverage WHERE rule = 'BAC-10.1'").fetchall()
    con.close()
    return findings, coverage


@pytest.mark.parametrize("settles, findings", [
    ([{"refunded": "100"}], []),
    ([{"refunded": "90"}], [("BAC-10.1", "refund 100", "refunded 90")]),
    ([{"refunded": "110"}], [("BAC-10.1", "refund 100", "refunded 110")]),
    ([{"refunded": "100"}, {"refunded": "100"}], [("BAC-10.1", "refund 100", "refunded 200")]),
    ([{"result": "lose"}], [("BAC-10.1", "refund 100, payout 0, commission 0", "lose, payout 0, commission 0")]),
], ids=["full", "short", "over", "twice", "collected"])
def test_a_refund_is_compared_with_the_stake(tmp_path, settles, findings):
    """Art. 10: a voided coup's bets are refunded in full; version 2 of the log format says how much (refunded)."""
    assert _refunds(tmp_path, *settles) == (findings, [(None,)])


def test_a_refund_without_its_amount_is_not_evaluated(tmp_path):
    """A version 1 log does not say how much a refund handed back: the coup is not evaluated, never compliant."""
    assert _refunds(tmp_path, {}) == ([], [("amount refunded not logged (log format version 1)",)])
    assert _refunds(tmp_path, {}, {"refunded": "100"}) == ([], [("amount refunded not logged (log format version 1)",)])
