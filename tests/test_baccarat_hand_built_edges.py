"""Baccarat logs built by hand at the edges of the structure and of the settlements that no other test builds: shoes
without coups, burns between coups, the card count across a shoe change, demonstration coups of a second shoe, bets
settled twice or by another coup, voided coups paid, a commission scheme not the table's, corrections out of place.
Each with what the articles require: the findings (none for a lawful log), all audited at once (``hand_built.py``);
and, where the log cannot tell, the reason the rule is not evaluated."""

from __future__ import annotations

import json
from functools import partial

import pytest
from baccarat_logs import PLAYER_NATURAL, Coup, Table
from hand_built import Case, findings_tests

from auditor.engine.audit import audit
from auditor.engine.ruleset import load_rulesets

CASES: list[Case] = []


def case(id: str, build, found: list[str]) -> None:
    CASES.append(Case(id, build, sorted(found)))


def _played(c: Coup, deals: list[str] = PLAYER_NATURAL, bet: tuple | None = ("player", 100),
            settles: list[tuple] | None = None) -> Coup:
    """``c`` dealt ``deals`` (a Player win unless the cards say otherwise), with one bet of M1 settled as
    ``settles`` says (default: won, paid 1:1), and ended."""
    if bet:
        c.bet(*bet)
    c.deal(*deals)
    c.result("player")
    for s in settles if settles is not None else [(bet[0], "win", bet[1])] if bet else []:
        c.settle(*s)
    c.end()
    return c


# ---------------------------------------------------------------------------------------------------------------
# Shoes. Art. 2(1): the shoe's opening (cut, burns) comes before its first coup; art. 8: the house may also burn at
# the start of each coup; art. 3(1): one more coup at most after the cut card. A shoe taken out of use before any
# coup breaks nothing: its opening is judged on what it logs, and no coup can follow its cut card.

def _empty_shoe_then_another(table_id: str, opened: bool = True) -> list[dict]:
    t = Table(table_id)
    if opened:
        t.shoe()
    else:
        t.emit("shoe_start", shoe_id="S1")
    t.emit("shoe_end", shoe_id="S1")
    t.shoe("S2")
    _played(t.coup("S2"))
    t.emit("shoe_end", shoe_id="S2")
    return t.rows


def _burn(table_id: str, where: str) -> list[dict]:
    """A burn between two coups, or in the second coup before (or after) its first card."""
    t = Table(table_id)
    t.shoe()
    _played(t.coup())
    if where == "between":
        t.emit("burn", shoe_id="S1", position=9)
    c = t.coup()
    if where == "before":
        c.emit("burn", shoe_id="S1", position=9)
    c.bet("player", 100)
    c.deal(*PLAYER_NATURAL[:1])
    if where == "after":
        c.emit("burn", shoe_id="S1", position=9)
    c.deal(*PLAYER_NATURAL[1:])
    c.result("player")
    c.settle("player", "win", 100)
    c.end()
    return t.rows


case("shoe-without-coups", _empty_shoe_then_another, [])
case("shoe-without-coups-cut-or-burns", partial(_empty_shoe_then_another, opened=False), [])
case("burn-between-coups", partial(_burn, where="between"), [])
case("burn-in-a-coup-before-its-first-card", partial(_burn, where="before"), [])
case("burn-in-a-coup-after-its-first-card", partial(_burn, where="after"), ["BAC-8.1"])


# Art. 1(1): a shoe of six decks holds each card six times. The ace of spades comes out as the Player's first card of
# every coup (a natural against a Banker of 2 or 3, no other card repeated): six times in each of two shoes is
# lawful; a seventh time in one shoe, or a burned one besides six dealt, is not.
EIGHTS = ["8h", "8d", "8c", "8s", "7h", "7d", "7c"]
BANKER = [("Kd", "3c"), ("Kh", "3d"), ("Kc", "3h"), ("Ks", "3s"), ("Qd", "2c"), ("Qh", "2d"), ("Qc", "2h")]


def _aces(table_id: str, per_shoe: tuple[int, ...], burned: str | None = None) -> list[dict]:
    t = Table(table_id, decks=6)
    for n, coups in enumerate(per_shoe, start=1):
        shoe = t.shoe(f"S{n}", burns=[burned] + [None] * 5)
        for i in range(coups):
            _played(t.coup(shoe), ["P:As", f"B:{BANKER[i][0]}", f"P:{EIGHTS[i]}", f"B:{BANKER[i][1]}"])
        t.emit("shoe_end", shoe_id=shoe)
    return t.rows


case("six-aces-in-each-of-two-shoes", partial(_aces, per_shoe=(6, 6)), [])
case("seven-aces-in-the-second-shoe", partial(_aces, per_shoe=(3, 7)), ["BAC-1.2"])
case("an-ace-burned-and-six-dealt", partial(_aces, per_shoe=(6,), burned="As"), ["BAC-1.2"])


def _never_started_after_a_shoe(table_id: str) -> list[dict]:
    """S1 opened with its 6 burns and ended; S9 (its start not logged) deals from then on: its opening is not known,
    so its burns are not judged (BAC-2.2 not evaluated), never found to be 0 because the table logs burns."""
    t = Table(table_id, decks=6)
    t.shoe("S1", burns=[None] * 6)
    _played(t.coup("S1"))
    t.emit("shoe_end", shoe_id="S1")
    _played(t.coup("S9"))
    return t.rows


case("a-shoe-never-started-after-one-opened", _never_started_after_a_shoe, [])


def _burn_of_the_shoe_in_use(table_id: str) -> list[dict]:
    """Six aces out of S1, which ends; S9 (its start not logged) deals from then on, and between its coups an ace
    is burned by a burn that names no shoe: a card of S9, the shoe in use, never a seventh ace of S1, which ended."""
    t = Table(table_id, decks=6)
    t.shoe("S1", burns=[None] * 6)
    for i in range(6):
        _played(t.coup("S1"), ["P:As", f"B:{BANKER[i][0]}", f"P:{EIGHTS[i]}", f"B:{BANKER[i][1]}"])
    t.emit("shoe_end", shoe_id="S1")
    _played(t.coup("S9"))
    t.emit("burn", card="As", position=1)
    _played(t.coup("S9"))
    return t.rows


case("a-burn-naming-no-shoe-is-of-the-shoe-in-use", _burn_of_the_shoe_in_use, [])


# Art. 2(2): demonstration coups when dealing starts from a new shoe: the first coups of a second shoe may be, a coup
# after a real coup may not, even if a new shoe follows.
def _demo(table_id: str, where: str) -> list[dict]:
    t = Table(table_id)
    t.shoe()
    _played(t.coup())
    if where == "after-a-coup":
        _played(t.coup(demo=True), bet=None)
    t.emit("shoe_end", shoe_id="S1")
    t.shoe("S2")
    if where == "new-shoe":
        _played(t.coup("S2", demo=True), bet=None)
    _played(t.coup("S2"))
    return t.rows


case("demo-coup-opening-the-second-shoe", partial(_demo, where="new-shoe"), [])
case("demo-coup-after-a-coup-then-a-new-shoe", partial(_demo, where="after-a-coup"), ["BAC-2.3"])


# Art. 3(1): the cut card counts in its own shoe: a coup after it, then a new shoe, is lawful.
def _cut_card_then_new_shoe(table_id: str) -> list[dict]:
    t = Table(table_id)
    t.shoe()
    c = t.coup()
    c.deal(*PLAYER_NATURAL)
    c.emit("cut_card", shoe_id="S1")
    c.result("player")
    c.end()
    _played(t.coup())
    t.emit("shoe_end", shoe_id="S1")
    t.shoe("S2")
    for _ in range(3):
        _played(t.coup("S2"))
    return t.rows


case("cut-card-one-more-coup-then-a-new-shoe", _cut_card_then_new_shoe, [])


# A shoe whose start is not logged (below: its own rules are not evaluated) is still judged where its cut card is
# seen coming out: the coups after it are all in the log.
def _never_started(table_id: str, cut_card: bool = False, after: int = 1) -> list[dict]:
    """Coups of shoe S9, whose shoe_start the log does not hold (the table's first shoe): the cut card comes out in
    the first, where ``cut_card``, and ``after`` coups follow."""
    t = Table(table_id)
    c = t.coup("S9")
    c.deal(*PLAYER_NATURAL)
    if cut_card:
        c.emit("cut_card", shoe_id="S9")
    c.result("player")
    c.end()
    for _ in range(after):
        _played(t.coup("S9"))
    return t.rows


case("never-started-shoe-two-coups-after-its-cut-card", partial(_never_started, cut_card=True, after=2), ["BAC-3.1"])


# ---------------------------------------------------------------------------------------------------------------
# Settlements. Art. 17(1): a winning Player bet is paid 1 to 1, once; art. 10: a voided coup's bets are handed back,
# without commission; art. 18: 5% on a winning Banker bet (standard table) or, on a no-commission table, half the
# stake when the Banker wins with 6 and no commission. A table uses its declared scheme: a Banker win settled by the
# other scheme is a finding.

def _one_coup(table_id: str, bet: tuple = ("player", 100), deals: list[str] = PLAYER_NATURAL,
              settles: list[tuple] | None = None, void: str | None = None, refunded: str | None = None,
              **config: object) -> list[dict]:
    """One coup of a fresh shoe; ``void``: "before" (after its first card) or "after" its settlements, each of which
    says it handed back ``refunded`` where given."""
    t = Table(table_id, **config)
    t.shoe()
    c = t.coup()
    c.bet(*bet)
    if void == "before":
        c.deal(deals[1])  # the first card to the Banker (art. 7(1)): not corrected, the coup is voided
        c.emit("void", reason="first card to the Banker")
    else:
        c.deal(*deals)
        c.result("banker" if bet[0] == "banker" else "player")
    for s in settles or []:
        c.settle(*s, **({} if refunded is None else {"refunded": refunded}))
    if void == "after":
        c.emit("void", reason="voided after it was settled")
    c.end()
    return t.rows


BANKER_SIX = ["P:Ks", "B:4d", "P:5h", "B:2c", "P:Tc"]  # Player 5 draws a 0; the Banker stands on 6 and wins
case("bet-paid-twice", partial(_one_coup, settles=[("player", "win", 100), ("player", "win", 100)]), ["BAC-17.1"])
case("bet-settled-won-and-lost", partial(_one_coup, settles=[("player", "win", 100), ("player", "lose", 0)]),
     ["BAC-17.1"])
case("voided-bet-paid", partial(_one_coup, settles=[("player", "win", 100)], void="before"), ["BAC-10.1"])
case("voided-refund-with-commission", partial(_one_coup, bet=("banker", 100), void="before",
                                              settles=[("banker", "refund", 0, 5)], refunded="100"),
     ["BAC-10.1"])
case("voided-after-its-settlement", partial(_one_coup, settles=[("player", "win", 100)], void="after"), ["BAC-10.1"])
case("no-commission-table-settled-standard", partial(_one_coup, bet=("banker", 100), deals=BANKER_SIX,
                                                     settles=[("banker", "win", 100, 5)],
                                                     commission_scheme="no_commission"), ["BAC-18.2", "BAC-18.3"])
case("standard-table-settled-no-commission", partial(_one_coup, bet=("banker", 100), deals=BANKER_SIX,
                                                     settles=[("banker", "win", 50)]), ["BAC-17.2", "BAC-18.1"])


# No article sets the moment bets close (docs/baccarat-checks.md): a bet placed after the result, settled as the
# cards say, breaks no article.
def _bet_after_the_result(table_id: str) -> list[dict]:
    t = Table(table_id)
    t.shoe()
    c = t.coup()
    c.deal(*PLAYER_NATURAL)
    c.result("player")
    c.bet("player", 100)
    c.settle("player", "win", 100)
    c.end()
    return t.rows


case("bet-after-the-result", _bet_after_the_result, [])


# Art. 10: a correction anywhere in the coup (before its first card, after its settlements, before a void) makes
# its final hands unknown: nothing is reported on them (they are not evaluated: below).
def _corrected(table_id: str, where: str) -> list[dict]:
    t = Table(table_id)
    t.shoe()
    c = t.coup()
    if where == "first":
        c.emit("correction", reason="a card returned")
    c.bet("player", 100)
    if where == "void":
        c.deal(PLAYER_NATURAL[1])
        c.emit("correction", reason="a card returned")
        c.emit("void", reason="could not be corrected")
        c.settle("player", "refund", 0, refunded="100")
    else:
        c.deal(*PLAYER_NATURAL)
        c.result("player")
        c.settle("player", "win", 100)
    if where == "last":
        c.emit("correction", reason="a card returned")
    c.end()
    return t.rows


for where in ("first", "last", "void"):
    case(f"correction-{where}", partial(_corrected, where=where), [])


audited, test_hand_built = findings_tests(CASES, "baccarat")


# ---------------------------------------------------------------------------------------------------------------
# Where the log cannot tell, the rule says why, and never counts the unit compliant: (evaluated, not evaluated,
# reasons) of one rule over the whole log.

def _settled_by_another_coup(table_id: str) -> list[dict]:
    """C1's bet is settled in C2, where nobody bet: C1's bet never settled, C2's settlement of no bet."""
    t = Table(table_id)
    t.shoe()
    first = _played(t.coup(), settles=[])
    c = t.coup()
    c.stakes = first.stakes
    c.deal(*PLAYER_NATURAL)
    c.result("player")
    c.settle("player", "win", 100)
    c.end()
    return t.rows


def _coverage(tmp_path, rows: list[dict], rule: str) -> tuple[int, int, dict[str, int]]:
    """(evaluated, not evaluated, reasons) of ``rule`` over the log ``rows``, which has no finding and no record
    quarantined."""
    log = tmp_path / "day.jsonl"
    log.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    result, con = audit([log], load_rulesets())
    con.close()
    assert result.findings == [] and result.quarantine == []
    summary = next(r for r in result.rules if r.id == rule)
    return summary.evaluated, summary.not_evaluated, summary.not_evaluated_reasons


NEVER_SETTLED = "bet never settled in the log"
NO_BET = "settlement of no logged bet (docs/log-format.md: one settlement per bet)"
CORRECTED = "coup corrected (art. 10): its final hands are not derivable from the log"


@pytest.mark.parametrize("build, rule, coverage", [
    (_settled_by_another_coup, "BAC-17.1", (0, 2, {NEVER_SETTLED: 1, NO_BET: 1})),
    (partial(_corrected, where="first"), "BAC-9.2", (0, 1, {CORRECTED: 1})),
    (partial(_corrected, where="last"), "BAC-17.1", (0, 1, {CORRECTED: 1})),
    # a shoe without a coup: no coup can come after its cut card (BAC-3.1 not applicable); the second shoe's cut
    # card cannot have come out (fewer cards drawn than lie in front of it): not applicable either
    (partial(_empty_shoe_then_another, opened=False), "BAC-3.1", (0, 0, {})),
], ids=["settled-by-another-coup", "corrected-first", "corrected-last", "shoe-without-coups-or-cut"])
def test_not_evaluated_says_why(tmp_path, build, rule, coverage):
    assert _coverage(tmp_path, build("B1"), rule) == coverage


NO_SHOE_START = "shoe_start not logged: the opening of the shoe and the cards out of it before are not known"


@pytest.mark.parametrize("rule, coverage", [
    ("BAC-1.2", (0, 1, {NO_SHOE_START: 1})), ("BAC-2.1", (0, 1, {NO_SHOE_START: 1})),
    ("BAC-2.2", (0, 1, {NO_SHOE_START: 1})), ("BAC-2.3", (0, 1, {NO_SHOE_START: 1})),
    ("BAC-3.1", (0, 1, {NO_SHOE_START: 1})), ("BAC-3.2", (0, 1, {NO_SHOE_START: 1})),
    ("BAC-9.2", (2, 0, {})), ("BAC-17.1", (1, 0, {})),
])
def test_a_shoe_never_started_is_not_judged_its_coups_are(tmp_path, rule, coverage):
    """A shoe whose start the log does not hold (before any other shoe: no contradiction) may have been opened and
    dealt from before its first record: its rules are not evaluated, never counted compliant; its coups are judged."""
    assert _coverage(tmp_path, _never_started("B1"), rule) == coverage
