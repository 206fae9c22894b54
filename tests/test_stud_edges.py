"""Five-card stud logs built by hand at the edges the simulator never reaches (a second file beside
``test_stud_hand_built.py``): each case says what the article requires and checks what the auditor says, findings and
coverage (evaluated / not evaluated / not applicable)."""

from __future__ import annotations

import pytest
from stud_logs import Table, run

# ---------------------------------------------------------------------------------------------------------------
# Art. 11 a): everyone but one all in during round 1; the cards still go round, with no betting after.


def _all_in_in_round_1(awards: list[tuple[int, str, int]]) -> list[dict]:
    """Seat 6 (As) bets 200; seat 4 calls all in for 100, seat 2 all in for 200. Cards 3 to 5 go round from seat 6
    (his Aces lead every round), nobody acts, the showdown from seat 6's right: 4, 2, then 6. Seat 6's three Aces
    win both pots: main 3 x 100 + 60 less 20 + 20 (4% of 500), side 2 x 100."""
    t = Table()
    t.emit("shoe_start", shoe_id="K1")
    h = t.hand("H1", {6: "5000", 4: "120", 2: "220"})
    h.antes(burn="Jc")
    h.first_deal({6: "As9d", 4: "KsKd", 2: "QsQd"})
    h.act(6, "bet", 200)
    h.act(4, "call", 100)
    h.act(2, "call", 200)
    h.street((6, "Ah"), (4, "9h"), (2, "Th"))
    h.street((6, "Ac"), (4, "8h"), (2, "6h"))
    h.street((6, "5d"), (4, "7s"), (2, "5s"))
    h.show(4, 2, 6)
    h.rake("20")
    for seat, amount, pot in awards:
        h.award(seat, amount, pot)
    h.end()
    return t.rows


@pytest.mark.parametrize(("awards", "found"), [
    ([(6, "320", 0), (6, "200", 1)], []),
    ([(4, "320", 0), (6, "200", 1)], ["5CS-5.1"]),  # the main pot to a pair of Kings
    ([(6, "320", 0), (2, "200", 1)], ["5CS-5.1"]),
])
def test_everyone_but_one_all_in_in_round_1(tmp_path, awards, found):
    """Nobody can bet in rounds 2-4: their leaders and options have nothing to judge (not applicable), while the deal
    of cards 3-5 and the showdown order are judged."""
    findings, rules = run(tmp_path, _all_in_in_round_1(awards))
    assert sorted(f[0] for f in findings) == found
    for rule in ("5CS-10.10", "5CS-10.11", "5CS-10.12", "5CS-10.13", "5CS-10.15"):
        assert rules[rule][:2] == (0, 0), rule
    # an action after the cards went round would be 10.17's (a fifth round); 10.14 judges round 1's bet
    for rule in ("5CS-10.9", "5CS-10.18", "5CS-11.1", "5CS-9.1", "5CS-7.1", "5CS-10.17", "5CS-10.14"):
        assert rules[rule][:2] == (1, 0), rule


# ---------------------------------------------------------------------------------------------------------------
# A hole card turned up by its player, not during the deal: art. 11 d) (an accident of the deal) does not apply, and
# no article forbids it; a fold "places the hole card over the open card" (art. 10 b) 1)), a gesture not logged.


def _shown_early(when: str) -> list[dict]:
    """Three players; seat 4 turns his hole card up (a ``show``) ``when``: as he folds in round 2, or in round 3 while
    still in (he folds in round 4). Seats 6 and 2 check down; seat 6's Ace high beats seat 2's King high: 80."""
    t = Table()
    t.emit("shoe_start", shoe_id="K1")
    h = t.hand("H1", {6: "2000", 4: "2000", 2: "2000"})
    h.antes(burn="Jc")
    h.first_deal({6: "As9d", 4: "Qs5d", 2: "Ks8d"})
    h.act(6, "bet", 20)
    h.act(4, "call", 20)
    h.act(2, "call", 20)
    h.street((6, "Th"), (4, "7h"), (2, "6h"))
    h.act(6, "check")
    h.act(4, "fold" if when == "fold" else "check")
    if when == "fold":
        h.show(4)
    h.act(2, "check")
    h.street((6, "7c"), *(((4, "6c"),) if when != "fold" else ()), (2, "Tc"))
    h.act(2, "check")
    h.act(6, "check")
    if when != "fold":
        h.act(4, "check")
        h.show(4)
    h.street((2, "5c"), (6, "5h"), *(((4, "8c"),) if when != "fold" else ()))
    if when != "fold":
        h.act(4, "fold")
    h.act(6, "check")
    h.act(2, "check")
    h.show(2, 6)
    h.rake("0")
    h.award(6, "100", 0)
    h.end()
    return t.rows


@pytest.mark.parametrize("when", ["fold", "round 3"])
def test_a_hole_card_turned_up_by_its_player(tmp_path, when):
    findings, rules = run(tmp_path, _shown_early(when))
    assert findings == []
    assert rules["5CS-11.4"][:2] == (0, 0)  # no card exposed during the deal


# ---------------------------------------------------------------------------------------------------------------
# Art. 11 d): a hole card exposed during the deal: that player's hand is dead and he takes back his ante; the hand
# goes on without him. Art. 11 e): a dealing error corrected.


def _exposed(refund: bool, plays_on: bool) -> list[dict]:
    """Seat 4's hole card comes out face up as it is dealt; seat 6 (Ace) bets 20, seat 2 calls (and seat 4 too when
    ``plays_on``); checked down, seat 6's Ace high takes the pot."""
    t = Table()
    t.emit("shoe_start", shoe_id="K1")
    h = t.hand("H1", {6: "2000", 4: "2000", 2: "2000"})
    h.antes(burn="Jc")
    for seat, card in ((6, "As"), (4, "Qs"), (2, "Ks")):
        h.deal(seat, card)
    h.deal(6, "9d", "down")
    h.deal(4, "5d", "down")
    h.emit("card_exposed", card="5d", seat=4)
    h.deal(2, "8d", "down")
    if refund:
        h.refund(4, "20")
    h.act(6, "bet", 20)
    if plays_on:
        h.act(4, "call", 20)
    h.act(2, "call", 20)
    for six, two in (("Th", "6h"), ("7c", "Tc"), ("5h", "5c")):
        h.street((6, six), (2, two))
        h.act(6, "check")
        h.act(2, "check")
    h.show(2, 6)
    h.rake("0")
    h.award(6, str(60 - (20 if refund else 0) + (60 if plays_on else 40) - 20), 0)
    h.end()
    return t.rows


@pytest.mark.parametrize(("refund", "plays_on", "found"), [
    (True, False, []), (False, False, ["5CS-11.4"]), (True, True, ["5CS-11.4"]),
])
def test_a_hole_card_exposed_by_the_croupier(tmp_path, refund, plays_on, found):
    findings, rules = run(tmp_path, _exposed(refund, plays_on))
    assert [f[0] for f in findings] == found
    assert rules["5CS-11.4"][:2] == (1, 0)


def test_a_dealing_error_corrected(tmp_path):
    """A ``correction`` (art. 11 e)): the log keeps the cards as first dealt, so the rules that need the hands as
    played are not evaluated, never judged on the wrong cards."""
    t = Table()
    t.emit("shoe_start", shoe_id="K1")
    h = t.hand("H1", {2: "2000", 5: "2000"})
    h.antes(burn="9d")
    h.first_deal({5: "KhQd", 2: "AsJc"})
    h.emit("correction", reason="seat 5's hole card dealt before seat 2's open card; returned to its place")
    h.act(2, "bet", 20)
    h.act(5, "fold")
    h.rake("0")
    h.refund(2, "20")
    h.award(2, "20", 0)
    h.end()
    findings, rules = run(tmp_path, t.rows)
    assert findings == []
    why = "dealing error corrected (art. 11 e)): the cards as dealt are not the hands played"
    for rule in ("5CS-1.2", "5CS-10.3", "5CS-10.2", "5CS-10.4", "5CS-10.5"):
        assert rules[rule] == (0, 1, {why: 1}), rule
