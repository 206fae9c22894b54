"""Five-card stud: a hand played on after a dead hand (art. 11 d)), and the order of play among the players left."""

from __future__ import annotations

import pytest
from stud_logs import Table, run

# ---------------------------------------------------------------------------------------------------------------
# Art. 11 d): a hole card exposed during the deal kills that player's hand; the others play on, and their order of play
# is the one art. 10 gives among them: a dead hand is out of the hand, as one that folded (art. 10 b): the highest
# open card that does not bet "is deemed to have abandoned the hand, and the right to make the first bet passes to the
# holder of the next highest open card").

ORDER_RULES = ("5CS-10.4", "5CS-10.5", "5CS-10.6", "5CS-10.8", "5CS-10.9", "5CS-10.10", "5CS-10.11", "5CS-10.12",
               "5CS-10.15", "5CS-10.17", "5CS-10.18", "5CS-11.3")
FIRST = {6: "As9d", 4: "Qs5d", 2: "Ks8d"}


def _dead_hand(dead: int, opener: str = "leader", dead_folds: bool = False, exposed_after_call: bool = False,
               dead_calls: bool = False) -> list[dict]:
    """Seats 6 (As), 4 (Qs), 2 (Ks); the hole card of ``dead`` comes out face up as it is dealt (or, with
    ``exposed_after_call``, once he called the opening bet) and he gets his ante back. Of the two left, A (the
    higher open card) leads every round (later cards Th Jc Qh against B's 9h 8c 7h). Round 1: ``opener`` (A, the
    leader, or B) bets 20 and the other calls (``dead_folds``: the dead hand's fold logged first; ``dead_calls``: he
    calls after his hand died); rounds 2-4 checked, A first; the showdown, B then A; the pot of 60 (antes 60 less the
    first rake and the refund, bets 40, no house rake) to the better hand."""
    a, b = (6, 2) if dead == 4 else (2, 4)
    t = Table()
    t.emit("shoe_start", shoe_id="K1")
    h = t.hand("H1", dict.fromkeys(FIRST, "2000"))
    h.antes(burn="Tc")
    for seat in (6, 4, 2):
        h.deal(seat, FIRST[seat][:2])
    for seat in (6, 4, 2):
        h.deal(seat, FIRST[seat][2:], "down")
        if seat == dead and not exposed_after_call:
            h.emit("card_exposed", card=FIRST[seat][2:], seat=seat)
    first, second = (a, b) if opener == "leader" else (b, a)
    if dead_folds:
        h.act(dead, "fold")
    h.act(first, "bet", 20)
    if exposed_after_call:
        h.act(dead, "call", 20)
        h.emit("card_exposed", card=FIRST[dead][2:], seat=dead)
    if dead_calls:
        h.act(dead, "call", 20)
    h.act(second, "call", 20)
    h.refund(dead, "20")
    for x, y in (("Th", "9h"), ("Jc", "8c"), ("Qh", "7h")):
        h.street((a, x), (b, y))
        h.act(a, "check")
        h.act(b, "check")
    h.show(b, a)
    h.rake("0")
    h.award(b if dead == 4 else a, str(60 + (20 if exposed_after_call or dead_calls else 0)), 0)
    h.end()
    return t.rows


@pytest.mark.parametrize(("dead", "opener", "dead_folds", "found"), [
    (4, "leader", False, []),
    (4, "other", False, ["5CS-10.4"]),  # seat 2 opened while seat 6's Ace led
    (6, "leader", False, []),  # the dead hand held the highest open card: the right passes to seat 2's King
    (6, "leader", True, []),  # his fold logged where his turn would have been: a dead hand's, no action of the order
    (6, "other", False, ["5CS-10.4"]),  # seat 4's Queen opened while seat 2's King led
])
def test_the_order_of_play_after_a_dead_hand(tmp_path, dead, opener, dead_folds, found):
    findings, rules = run(tmp_path, _dead_hand(dead, opener, dead_folds))
    assert sorted(f[0] for f in findings) == found
    assert {rule: rules[rule][:2] for rule in ORDER_RULES} == dict.fromkeys(ORDER_RULES, (1, 0))
    assert rules["5CS-11.4"][:2] == (1, 0)


@pytest.mark.parametrize(("change", "why"), [
    ({"exposed_after_call": True}, "the hand of seat 4 died (art. 11 d)) after he had acted in it (call): whether "
                                   "his stakes stand for the others the text does not say"),
    ({"dead_calls": True}, "seat 4 acted (call) after his hand died (art. 11 d)): the order of the others is not "
                           "known"),
])
def test_a_dead_hand_in_the_betting_leaves_the_order_open(tmp_path, change, why):
    _, rules = run(tmp_path, _dead_hand(4, **change))
    for rule in ("5CS-10.4", "5CS-10.10", "5CS-11.3", "5CS-10.9", "5CS-10.18"):
        assert rules[rule][:3] == (0, 1, {why: 1}), rule
