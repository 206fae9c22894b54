"""Whole coups built by hand that the simulator never writes: every bet type at each outcome with odd stakes, a coup
voided and dealt again, the cut card coming out in the middle of a coup, money off by one chip; each with the
findings the articles require (none for a lawful coup), all audited at once."""

from __future__ import annotations

import json
from functools import partial

import pytest
from baccarat_logs import PLAYER_NATURAL, Table
from hand_built import Case, findings_tests

from auditor.engine.audit import audit
from auditor.engine.ruleset import load_rulesets

CASES: list[Case] = []


def case(id: str, build, found: list[str]) -> None:
    CASES.append(Case(id, build, sorted(found)))


LUCKY = "player,banker,tie,player_pair,banker_pair,lucky6"
# Player 7-7 (4, a pair) draws a 0; Banker 3-3 (6, a pair) stands (art. 9(4)(4)) and wins with 6 on two cards.
BANKER_SIX_PAIRS = ["P:7s", "B:3d", "P:7h", "B:3c", "P:Tc"]
TIE_PAIRS = ["P:3s", "B:3d", "P:3h", "B:3c"]  # 6 - 6 with both pairs: both stand
# The bettors, one spot each, and their stakes: odd amounts, in chips of 5.
STAKES = {"player": ("M1", 135), "banker": ("M2", 135), "tie": ("M3", 35), "player_pair": ("M4", 15),
          "banker_pair": ("M5", 15), "lucky6": ("M6", 25)}


def _every_bet(deals: list[str], result: str, settles: dict[str, tuple], table_id: str, **config: object) -> list:
    """One coup of a fresh shoe with a bet of each type (``STAKES``), settled as ``settles`` says (bet type: result,
    payout[, commission])."""
    t = Table(table_id, bets_allowed=LUCKY, **config)
    t.shoe()
    c = t.coup()
    for spot, (bet_type, (player, amount)) in enumerate(STAKES.items(), start=1):
        c.bet(bet_type, amount, player, spot)
    c.deal(*deals)
    c.result(result)
    for spot, (bet_type, (player, _)) in enumerate(STAKES.items(), start=1):
        result_, payout, *commission = settles[bet_type]
        c.settle(bet_type, result_, payout, *(commission or [0]), player=player, spot=spot)
    c.end()
    return t.rows


# Art. 17: Player and Banker 1 to 1, tie 8 to 1, pairs 11 to 1, Lucky 6 12 to 1 on two cards; art. 18(1): 5% of the
# Banker's winnings (6.75 on 135: 5 in chips of 5, 6 in chips of 1); art. 12: a tie pushes Player and Banker bets;
# art. 13: a pair bet is won or lost on the first two cards whatever the result.
BANKER_WINS = {"player": ("lose", 0), "banker": ("win", 135, 5), "tie": ("lose", 0), "player_pair": ("win", 165),
               "banker_pair": ("win", 165), "lucky6": ("win", 300)}
PLAYER_WINS = {"player": ("win", 135), "banker": ("lose", 0), "tie": ("lose", 0), "player_pair": ("lose", 0),
               "banker_pair": ("lose", 0), "lucky6": ("lose", 0)}
TIE = {"player": ("push", 0), "banker": ("push", 0), "tie": ("win", 280), "player_pair": ("win", 165),
       "banker_pair": ("win", 165), "lucky6": ("lose", 0)}


def _with(settles: dict, **changes: tuple) -> dict:
    return {**settles, **changes}


case("every-bet-banker-wins", partial(_every_bet, BANKER_SIX_PAIRS, "banker", BANKER_WINS), [])
case("every-bet-banker-wins-unit-1", partial(_every_bet, BANKER_SIX_PAIRS, "banker",
                                             _with(BANKER_WINS, banker=("win", 135, 6)), chip_unit="1"), [])
case("every-bet-commission-rounded-up", partial(_every_bet, BANKER_SIX_PAIRS, "banker",
                                                _with(BANKER_WINS, banker=("win", 135, 7)), chip_unit="1"),
     ["BAC-18.1"])
# Art. 18(2): no commission, a Banker win with 6 pays half the stake: 67.5 on 135, 65 in chips of 5.
case("every-bet-no-commission", partial(_every_bet, BANKER_SIX_PAIRS, "banker",
                                        _with(BANKER_WINS, banker=("win", 65)), commission_scheme="no_commission"), [])
case("every-bet-no-commission-rounded-up", partial(_every_bet, BANKER_SIX_PAIRS, "banker",
                                                   _with(BANKER_WINS, banker=("win", 70)),
                                                   commission_scheme="no_commission"), ["BAC-18.3"])
case("every-bet-player-wins", partial(_every_bet, PLAYER_NATURAL, "player", PLAYER_WINS), [])
case("every-bet-tie", partial(_every_bet, TIE_PAIRS, "tie", TIE), [])
case("tie-pair-bet-pushed", partial(_every_bet, TIE_PAIRS, "tie", _with(TIE, player_pair=("push", 0))),
     ["BAC-13.3"])
case("tie-lucky6-paid", partial(_every_bet, TIE_PAIRS, "tie", _with(TIE, lucky6=("win", 300))), ["BAC-17.5"])
# One chip short, or one over.
case("player-paid-a-chip-short", partial(_every_bet, PLAYER_NATURAL, "player",
                                         _with(PLAYER_WINS, player=("win", 130))), ["BAC-17.1"])
case("banker-paid-a-chip-short", partial(_every_bet, BANKER_SIX_PAIRS, "banker",
                                         _with(BANKER_WINS, banker=("win", 130, 5))), ["BAC-17.2"])
case("commission-a-chip-over", partial(_every_bet, BANKER_SIX_PAIRS, "banker",
                                       _with(BANKER_WINS, banker=("win", 135, 10))), ["BAC-18.1"])
case("tie-bet-paid-a-chip-short", partial(_every_bet, TIE_PAIRS, "tie", _with(TIE, tie=("win", 275))), ["BAC-17.3"])
case("pair-paid-a-chip-short", partial(_every_bet, TIE_PAIRS, "tie", _with(TIE, banker_pair=("win", 160))),
     ["BAC-17.4"])
case("lucky6-paid-a-chip-short", partial(_every_bet, BANKER_SIX_PAIRS, "banker",
                                         _with(BANKER_WINS, lucky6=("win", 295))), ["BAC-17.7"])
# A bet that lost and was paid: settled lose with a payout, or settled as won.
case("loser-paid", partial(_every_bet, PLAYER_NATURAL, "player", _with(PLAYER_WINS, banker=("lose", 135))),
     ["BAC-17.5"])
case("loser-settled-won", partial(_every_bet, PLAYER_NATURAL, "player", _with(PLAYER_WINS, tie=("win", 280))),
     ["BAC-17.5"])
case("pair-loser-settled-won", partial(_every_bet, PLAYER_NATURAL, "player",
                                       _with(PLAYER_WINS, player_pair=("win", 165))), ["BAC-13.2"])
case("push-with-commission", partial(_every_bet, TIE_PAIRS, "tie", _with(TIE, banker=("push", 0, 5))), ["BAC-18.2"])


# Art. 10: a dealing error that cannot be corrected voids the coup; its bets are handed back. The coup dealt again
# (a new coup id) is judged as any coup.
def _voided_and_dealt_again(table_id: str, refunded: str = "135") -> list[dict]:
    t = Table(table_id)
    t.shoe()
    c = t.coup()
    c.bet("player", 135)
    c.deal("B:4d")  # the first card to the Banker (art. 7(1)): an error not corrected
    c.emit("void", reason="first card to the Banker")
    c.settle("player", "refund", 0, refunded=refunded)
    c.end()
    c = t.coup()
    c.bet("player", 135)
    c.deal(*PLAYER_NATURAL)
    c.result("player")
    c.settle("player", "win", 135)
    c.end()
    return t.rows


case("voided-and-dealt-again", _voided_and_dealt_again, [])
case("voided-refund-a-chip-short", partial(_voided_and_dealt_again, refunded="130"), ["BAC-10.1"])


# Art. 3(1): the coup in which dealing reaches the cut card (here at its fifth card, before the Banker's third) is
# played out; then one more coup at most (the default house option); art. 3(2): the shoe changes only at the end
# of a coup.
def _cut_card_mid_coup(table_id: str, after: int = 1, shoe_end_inside: bool = False) -> list[dict]:
    t = Table(table_id)
    t.shoe()
    c = t.coup()
    c.deal("P:Ks", "B:3d", "P:2h", "B:Kc", "P:Kd")
    c.emit("cut_card", shoe_id="S1")
    c.deal("B:3c")
    c.result("banker")
    if shoe_end_inside:
        t.emit("shoe_end", shoe_id="S1")
    c.end()
    for _ in range(after):
        c = t.coup()
        c.deal(*PLAYER_NATURAL)
        c.result("player")
        c.end()
    if not shoe_end_inside:
        t.emit("shoe_end", shoe_id="S1")
    return t.rows


case("cut-card-at-the-fifth-card", _cut_card_mid_coup, [])
case("cut-card-at-the-fifth-card-two-more", partial(_cut_card_mid_coup, after=2), ["BAC-3.1"])
case("shoe-ended-mid-coup", partial(_cut_card_mid_coup, after=0, shoe_end_inside=True), ["BAC-3.2"])


def _coup_of(t: Table, hand_id: str | None = None, end: bool = True) -> None:
    c = t.coup(hand_id=hand_id)
    c.bet("player", 100)
    c.deal(*PLAYER_NATURAL)
    c.result("player")
    c.settle("player", "win", 100)
    if end:
        c.end()


def _same_coup_id(table_id: str) -> list[dict]:
    t = Table(table_id)
    t.shoe()
    _coup_of(t, "C1")
    _coup_of(t, "C1")
    return t.rows


def _closed_mid_coup(table_id: str, then_ends: bool = False) -> list[dict]:
    t = Table(table_id)
    t.shoe()
    c = t.coup()
    c.bet("player", 100)
    c.deal(*PLAYER_NATURAL)
    if then_ends:
        t.emit("table_close")
    c.result("player")
    c.settle("player", "win", 100)
    if then_ends:
        c.end()
    else:
        t.emit("table_close")
    return t.rows


def _after_the_shoe_ended(table_id: str) -> list[dict]:
    t = Table(table_id)
    t.shoe()
    _coup_of(t)
    t.emit("shoe_end", shoe_id="S1")
    _coup_of(t)
    t.emit("table_close")
    return t.rows


@pytest.mark.parametrize("build, reasons", [
    # the log says two things of one coup: the second coup's records are an input error (its coup not evaluated)
    (_same_coup_id, {"hand C1 started twice", "event after the end of hand C1", "a second result of hand C1",
                     "hand C1 ended twice"}),
    # a coup the table closed on without its coup_end did not end while the table was open: all its records are an
    # input error, and the reason names the close (the log is not truncated)
    (_closed_mid_coup, {"hand C1 did not end before the table_close of B1 (at day.jsonl:21)"}),
    # the table closes inside a coup that then goes on and ends: what follows the close contradicts it
    (partial(_closed_mid_coup, then_ends=True), {"hand C1 did not end before the table_close of B1 (at day.jsonl:19)",
                                                 "event after the table_close of B1 (at day.jsonl:19)"}),
    # a coup dealt from a shoe after its shoe_end: the coup is refused, whatever it shows
    (_after_the_shoe_ended, {"coup_start of shoe S1 after its shoe_end (at day.jsonl:22)",
                             "start of hand C2 refused (day.jsonl:23)"}),
], ids=["two-coups-one-id", "table-closed-mid-coup", "table-closed-inside-a-coup-that-ends", "coup-after-shoe-end"])
def test_a_log_that_contradicts_itself_is_quarantined(tmp_path, build, reasons):
    log = tmp_path / "day.jsonl"
    log.write_text("".join(json.dumps(r) + "\n" for r in build("B1")), encoding="utf-8")
    result, con = audit([log], load_rulesets())
    con.close()
    assert {q.reason.split(" (first at")[0] for q in result.quarantine} == reasons
    assert result.findings == []


audited, test_hand_built = findings_tests(CASES, "baccarat")
