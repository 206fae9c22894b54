"""Five-card stud hands built by hand at edges no other test reaches: each case says what the articles require and
checks what the auditor says (findings and coverage)."""

from __future__ import annotations

import pytest
from stud_logs import Table, dealt, run, won_in_round_1

RANKS = "AKQJT98765"

# ---------------------------------------------------------------------------------------------------------------
# Art. 11 a): two of three players all in on the ante. The one with chips has nobody to bet against: no betting
# round is played, the cards go round to the end (11 a): the short player "keeps receiving cards"), and the antes less
# the first rake go to the best hand.


def test_two_of_three_all_in_on_the_ante(tmp_path):
    """Seat 4's Aces lead every round, so every card goes round from him: 4, 2, 6; the showdown from his right: 2, 6,
    then 4, whose three Aces take the 40."""
    t, h = dealt({6: "2000", 4: "20", 2: "20"}, {6: "Ts8d", 4: "AsQd", 2: "KsJd"}, "Jc")
    for six, four, two in (("Th", "Ah", "9h"), ("6c", "Ac", "7c"), ("5s", "5h", "6d")):
        h.street((4, four), (2, two), (6, six))
    h.show(2, 6, 4)
    h.rake("0")
    h.award(4, "40", 0)
    h.end()
    findings, rules = run(tmp_path, t.rows)
    assert findings == []
    for rule in ("5CS-10.4", "5CS-10.5", "5CS-10.9", "5CS-10.18", "5CS-7.1", "5CS-4.2"):
        assert rules[rule][:2] == (1, 0), rule
    for rule in ("5CS-10.10", "5CS-10.11", "5CS-10.12", "5CS-10.15", "5CS-10.6"):  # no betting: nothing to judge
        assert rules[rule][:2] == (0, 0), rule


# ---------------------------------------------------------------------------------------------------------------
# Art. 11 b): a forced fold at exactly two minutes while the other two are in, one of them all in.


def _forced_fold_with_an_all_in(seconds: float, action: str, reason: str | None) -> list[dict]:
    """Seat 6 (As) bets 200, seat 4 calls all in for 100, seat 2 answers after ``seconds``; the cards go round with
    nobody to bet (seat 4 all in), seat 6's three Aces take 40 + 200 less 5 (4% of the 200 called), and his 100
    uncalled comes back."""
    t, h = dealt({6: "5000", 4: "120", 2: "2000"}, {6: "As9d", 4: "KsKd", 2: "QsQd"}, "Jc")
    h.act(6, "bet", 200)
    h.act(4, "call", 100)
    h.act(2, action, after=seconds, **({"reason": reason} if reason else {}))
    for six, four in (("Ah", "9h"), ("Ac", "8h"), ("5d", "7s")):
        h.street((6, six), (4, four))
    h.show(4, 6)
    h.rake("5")
    h.refund(6, "100")
    h.award(6, "235", 0)
    h.end()
    return t.rows


@pytest.mark.parametrize(("seconds", "action", "reason", "found"), [
    (120.0, "fold", "time_out", []),  # his two minutes have run out: the croupier folds him
    (119.999999, "fold", "time_out", ["5CS-11.2"]),  # folded a microsecond early
    (120.0, "fold", None, []),
    (120.000001, "fold", None, []),  # he folds himself: what art. 11 b) wants of him
])
def test_a_forced_fold_at_two_minutes_beside_an_all_in(tmp_path, seconds, action, reason, found):
    findings, rules = run(tmp_path, _forced_fold_with_an_all_in(seconds, action, reason))
    assert [f[0] for f in findings] == found
    assert rules["5CS-11.2"][:2] == (1, 0)
    assert rules["5CS-11.1"][:2] == (1, 0)


# ---------------------------------------------------------------------------------------------------------------
# Art. 2: a pack serves at most ten hands; the house may bring a new one at the end of any hand.


@pytest.mark.parametrize("named", [True, False])
def test_a_new_pack_after_exactly_ten_hands(tmp_path, named):
    """Ten hands on K1, then K1 ends and K2 starts: the 11th and 12th hands are K2's (named by their hand_start, or
    the pack in use), no 11th hand of K1."""
    t = Table()
    t.emit("shoe_start", shoe_id="K1")
    stacks = {2: "2000", 5: "2000"}
    for n in range(12):
        if n == 10:
            t.emit("shoe_end", shoe_id="K1")
            t.emit("shoe_start", shoe_id="K2")
        stacks = won_in_round_1(t, f"H{n + 1}", stacks, ("K1" if n < 10 else "K2") if named else None)
    findings, rules = run(tmp_path, t.rows)
    assert findings == []
    assert rules["5CS-2.1"][:2] == (2, 0)
    assert rules["5CS-2.5"][:2] == (12, 0)


# ---------------------------------------------------------------------------------------------------------------
# Arts. 1 and 3: seven players who all reach the fifth card need 7 x 5 cards and the burn, 36 of the 40.


def test_seven_players_to_the_fifth_card(tmp_path):
    """Every player has 40: seat 3's As opens for 20, all call all in (counterclockwise from his right: 2, 1, 7, 6, 5,
    4). Seat 3's four Aces lead every deal (3, 2, 1, 7, 6, 5, 4) and show last; the others' cards are the rest of the
    pack from the King down, in turn, none of them better than four Aces. Antes 140 less 20, bets 140 less 5 (4%)."""
    seats = (1, 2, 4, 5, 6, 7)
    rest = [r + s for r in RANKS[1:] for s in "shcd" if r + s != "Kd"]
    burn, rest = rest[-1], rest[:-1]
    cards = {seat: rest[i::6][:5] for i, seat in enumerate(seats)}
    cards[3] = ["As", "Kd", "Ah", "Ac", "Ad"]
    t = Table()
    t.emit("shoe_start", shoe_id="K1")
    h = t.hand("H1", dict.fromkeys(range(1, 8), "40"))
    h.antes(burn=burn)
    h.first_deal({seat: c[0] + c[1] for seat, c in cards.items()})
    h.act(3, "bet", 20)
    for seat in (2, 1, 7, 6, 5, 4):
        h.act(seat, "call", 20)
    order = (3, 2, 1, 7, 6, 5, 4)
    for n in (2, 3, 4):
        h.street(*((seat, cards[seat][n]) for seat in order))
    h.show(2, 1, 7, 6, 5, 4, 3)
    h.rake("5")
    h.award(3, "255", 0)
    h.end()
    findings, rules = run(tmp_path, t.rows)
    assert findings == []
    assert len({r["card"] for r in t.rows if r["event"] in ("burn", "deal")}) == 36
    for rule in ("5CS-1.1", "5CS-1.2", "5CS-3.1", "5CS-10.9", "5CS-10.18", "5CS-5.1"):
        assert rules[rule][:2] == (1, 0), rule


# ---------------------------------------------------------------------------------------------------------------
# Art. 10 b)-d): equal open cards in every round: the suit decides (spades, hearts, clubs, diamonds), round 4
# included (no combination: the highest fourth open card).


def _suits_decide(round4: tuple[int, int]) -> list[dict]:
    """Seat 5: Kc Qd 9c 7s open, 5s hole; seat 2: Kh Qs 9d 7h open, 5h hole. Round 1: seat 2's Kh; round 2: his Qs;
    round 3: seat 5's 9c; round 4 (no combination either side): seat 5's 7s. Two equal King-highs share the 60."""
    t, h = dealt({5: "2000", 2: "2000"}, {5: "Kc5s", 2: "Kh5h"}, "Jc")
    h.act(2, "bet", 20)
    h.act(5, "call", 20)
    for deal, acts in (((2, "Qs"), (5, "Qd")), (2, 5)), ((((2, "9d"), (5, "9c")), (5, 2))), ((((5, "7s"), (2, "7h")),
                                                                                            round4)):
        h.street(*deal)
        for seat in acts:
            h.act(seat, "check")
    h.show(2, 5)
    h.rake("0")
    h.award(5, "30", 0)
    h.award(2, "30", 0)
    h.end()
    return t.rows


@pytest.mark.parametrize(("round4", "found"), [((5, 2), []), ((2, 5), ["5CS-10.12"])])
def test_round_4_led_by_the_suit_of_the_fourth_open_card(tmp_path, round4, found):
    findings, rules = run(tmp_path, _suits_decide(round4))
    assert [f[0] for f in findings] == found
    assert rules["5CS-10.12"][:2] == rules["5CS-4.3"][:2] == (1, 0)


# ---------------------------------------------------------------------------------------------------------------
# Art. 10 b): the highest open card that does not bet "is deemed to have abandoned the hand, and the right to make the
# first bet passes to the holder of the next highest open card"; c) iii): the last player left wins the pot.


def test_every_player_gives_up_round_1_before_a_bet(tmp_path):
    """Seats 6 (As) and 4 (Ks) fold in turn without betting: seat 2 is left, and takes the antes less the first rake,
    with no card more and no action of his."""
    t, h = dealt({6: "2000", 4: "2000", 2: "2000"}, {6: "As9d", 4: "Ks8d", 2: "Qs7d"}, "Jc")
    h.act(6, "fold")
    h.act(4, "fold")
    h.rake("0")
    h.award(2, "40", 0)
    h.end()
    findings, rules = run(tmp_path, t.rows)
    assert findings == []
    for rule in ("5CS-10.4", "5CS-10.5", "5CS-4.1", "5CS-10.16", "5CS-7.1"):
        assert rules[rule][:2] == (1, 0), rule


# ---------------------------------------------------------------------------------------------------------------
# Art. 11 d) heads up: the dead hand leaves one player, who wins at once (art. 10 c) iii)); and an open card exposed
# again kills nothing.


@pytest.mark.parametrize(("more_cards", "found"), [(False, []), (True, ["5CS-10.8"])])
def test_a_dead_hand_heads_up_leaves_one_player(tmp_path, more_cards, found):
    """Seat 2's hole card comes out face up: he takes back his ante, and seat 5 is left alone with the other ante,
    which the first rake takes. A third card dealt to him is a card to fewer than two players."""
    t, h = dealt({5: "2000", 2: "2000"}, {5: "KhQd", 2: "AsJc"}, "Tc")
    h.emit("card_exposed", card="Jc", seat=2)
    h.refund(2, "20")
    if more_cards:
        h.street((5, "9h"))
    h.rake("0")
    h.end()
    findings, rules = run(tmp_path, t.rows)
    assert [f[0] for f in findings] == found
    assert rules["5CS-10.8"][:2] == ((1, 0) if more_cards else (0, 0))
    assert rules["5CS-11.4"][:2] == (1, 0)


def test_an_open_card_exposed_again_kills_nothing(tmp_path):
    """A ``card_exposed`` of seat 5's open card: no hole card came out, no hand is dead, and the order of play is
    judged as in any hand (seat 5 opening while seat 2's Ace leads: 5CS-10.4)."""
    t, h = dealt({5: "2000", 2: "2000"}, {5: "KhQd", 2: "AsJc"}, "9d")
    h.emit("card_exposed", card="Kh", seat=5)
    h.act(5, "bet", 20)
    h.act(2, "fold")
    h.rake("0")
    h.refund(5, "20")
    h.award(5, "20", 0)
    h.end()
    findings, rules = run(tmp_path, t.rows)
    assert [f[0] for f in findings] == ["5CS-10.4"]
    assert rules["5CS-11.4"][:2] == (1, 0)


# ---------------------------------------------------------------------------------------------------------------
# Art. 10 b) last para.: "If two or more players remain in the hand and all have called, the dealer deals each of them
# a third card": the players remaining, not one who folded (c) ii), iv): the fourth and fifth cards likewise).


@pytest.mark.parametrize(("to_folded", "found"), [(False, []), (True, ["5CS-10.9"])])
def test_a_card_dealt_to_a_player_who_folded(tmp_path, to_folded, found):
    """Seat 4 folds to seat 6's bet, seat 2 calls; the third card goes to seats 6 and 2 (and, ``to_folded``, to seat 4
    too: a card to a player out of the hand, the one finding of that deal)."""
    t, h = dealt({6: "2000", 4: "2000", 2: "2000"}, {6: "As9d", 4: "Qs5d", 2: "Ks8d"}, "Jc")
    h.act(6, "bet", 20)
    h.act(4, "fold")
    h.act(2, "call", 20)
    h.street((6, "Th"), *(((4, "7h"),) if to_folded else ()), (2, "6h"))
    for six, two in ((None, None), ("Tc", "7c"), ("5h", "5c")):
        if six is not None:
            h.street((6, six), (2, two))
        h.act(6, "check")
        h.act(2, "check")
    h.show(2, 6)
    h.rake("0")
    h.award(6, "80", 0)
    h.end()
    findings, rules = run(tmp_path, t.rows)
    assert [f[0] for f in findings] == found
    assert rules["5CS-10.9"][:2] == (1, 0)
