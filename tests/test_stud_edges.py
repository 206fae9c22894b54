"""Five-card stud logs built by hand at the edges the simulator never reaches (a second file beside
``test_stud_hand_built.py``): each case says what the article requires and checks what the auditor says, findings and
coverage (evaluated / not evaluated / not applicable)."""

from __future__ import annotations

import pytest
from stud_logs import Table, run, won_in_round_1

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
# Art. 11 a): two all-ins of different sizes in one round and a caller: three pots, each to the best hand among the
# players who bet up to it, the rakes out of the main pot; the 4% of art. 9 on every chip bet (antes aside).


def _two_all_ins(awards: list[tuple[int, str, int]], rake: str = "50") -> list[dict]:
    """Round 1: seat 7 (As) bets 500, seat 5 calls all in for 100, seat 3 all in for 250, seat 1 calls 500; seats 7
    and 1 check rounds 2-4 (seat 7's Aces lead rounds 2 and 3, seat 1's A-5-6-7, a possible straight, round 4; the
    cards go round from seat 7). Showdown from seat 1's right: 7, 5, 3, 1. Seat 5's full house wins the main pot
    (4 x 100 + 80 less 20 and 50, 4% of 1,350 rounded down), seat 3's ten-high straight the 450 of pot 1, seat 1's
    A-5-6-7-8, the lowest straight, beats seat 7's three Aces for the 500 of pot 2."""
    t = Table()
    t.emit("shoe_start", shoe_id="K1")
    h = t.hand("H1", {7: "5000", 5: "120", 3: "270", 1: "5000"})
    h.antes(burn="Jc")
    h.first_deal({7: "As6c", 5: "KhKc", 3: "Ts9h", 1: "Ad8c"})
    h.act(7, "bet", 500)
    h.act(5, "call", 100)
    h.act(3, "call", 250)
    h.act(1, "call", 500)
    h.street((7, "Ah"), (5, "Ks"), (3, "8d"), (1, "5c"))
    h.act(7, "check")
    h.act(1, "check")
    h.street((7, "Ac"), (5, "9c"), (3, "7d"), (1, "6d"))
    h.act(7, "check")
    h.act(1, "check")
    h.street((7, "5h"), (5, "9d"), (3, "6s"), (1, "7h"))
    h.act(1, "check")
    h.act(7, "check")
    h.show(7, 5, 3, 1)
    h.rake(rake)
    for seat, amount, pot in awards:
        h.award(seat, amount, pot)
    h.end()
    return t.rows


THREE_POTS = [(5, "410", 0), (3, "450", 1), (1, "500", 2)]


@pytest.mark.parametrize(("awards", "rake", "found"), [
    (THREE_POTS, "50", []),
    ([(5, "410", 0), (3, "450", 1), (7, "500", 2)], "50", ["5CS-5.2"]),  # A-5-6-7-8 read as no straight
    ([(5, "410", 0), (5, "450", 1), (1, "500", 2)], "50", ["5CS-11.1"]),  # the short full house paid pot 1
    ([(5, "405", 0), (3, "450", 1), (1, "500", 2)], "55", ["5CS-9.1"]),  # 4% of 1,350 is 54: 55 over-collects
    ([(5, "410", 0), (3, "450", 1), (1, "500", 2)], "55", ["5CS-7.1", "5CS-9.1"]),
])
def test_two_all_ins_of_different_sizes_and_a_caller(tmp_path, awards, rake, found):
    findings, rules = run(tmp_path, _two_all_ins(awards, rake))
    assert sorted(f[0] for f in findings) == found
    assert rules["5CS-11.1"][:2] == (1, 0)


# ---------------------------------------------------------------------------------------------------------------
# Art. 4: equal hands share the pot; the odd chip to the first tied winner counterclockwise from the croupier's
# right (seat 7 before seat 1, either side of him). Art. 10 b)-d): equal open cards, the suit decides the leader.


def _either_side(awards: dict[int, str], second: tuple[str, str] = ("9h", "9c"),
                 third: tuple[str, str] = ("8s", "8d")) -> list[dict]:
    """Seats 7 and 1 hold equal ten-high straights; seat 4 antes and folds. Seat 7's Ts beats seat 1's Td (spades,
    diamonds): he bets 65 in round 1 and seat 1 calls. ``second`` and ``third``: the third and fourth cards of seats 7
    and 1, whose suits decide who leads rounds 2 and 3; the log has seat 7 act first and be dealt first every time.
    Pot 60 + 130 less 20 and 5 (4% of 130): 165 in two, 80 each and the odd 5 to seat 7."""
    t = Table()
    t.emit("shoe_start", shoe_id="K1")
    h = t.hand("H1", {7: "2000", 4: "2000", 1: "2000"})
    h.antes(burn="Jc")
    h.first_deal({7: "Ts6s", 4: "5c5d", 1: "Td6d"})
    h.act(7, "bet", 65)
    h.act(4, "fold")
    h.act(1, "call", 65)
    for seven, one in (second, third, ("7h", "7c")):
        h.street((7, seven), (1, one))
        h.act(7, "check")
        h.act(1, "check")
    h.show(1, 7)
    h.rake("5")
    for seat, amount in awards.items():
        h.award(seat, amount, 0)
    h.end()
    return t.rows


@pytest.mark.parametrize(("awards", "found"), [
    ({7: "85", 1: "80"}, []),
    ({7: "80", 1: "85"}, ["5CS-4.3"]),  # the odd chip to seat 1: the first counterclockwise from the right is seat 7
    ({7: "165"}, ["5CS-5.4"]),  # seat 1 left out of the split
])
def test_the_odd_chip_either_side_of_the_croupier(tmp_path, awards, found):
    findings, _ = run(tmp_path, _either_side(awards))
    assert [f[0] for f in findings] == found


@pytest.mark.parametrize(("second", "third", "found"), [
    (("9s", "9h"), ("8s", "8d"), []), (("9h", "9c"), ("8s", "8d"), []), (("9c", "9d"), ("8s", "8d"), []),
    (("9h", "9s"), ("8s", "8d"), ["5CS-10.10", "5CS-10.9"]),  # seat 1's 9s leads round 2, and gets card 4 first
    (("9d", "9c"), ("8s", "8d"), ["5CS-10.10", "5CS-10.9"]),
    (("9h", "9c"), ("8h", "8s"), ["5CS-10.11", "5CS-10.9"]),  # seat 1's 8s leads round 3, gets card 5 first
    (("9h", "9c"), ("8c", "8h"), ["5CS-10.11", "5CS-10.9"]),
])
def test_equal_open_cards_the_suit_decides(tmp_path, second, third, found):
    """Spades, hearts, clubs, diamonds (art. 10 b)) decide who leads rounds 2 and 3 and is dealt first after them."""
    findings, _ = run(tmp_path, _either_side({7: "85", 1: "80"}, second, third))
    assert sorted(f[0] for f in findings) == found


# ---------------------------------------------------------------------------------------------------------------
# Art. 10 d): four open cards with no combination of the list; a pair not formed with the fourth open card is none
# (literally "the highest pair formed with the fourth open card"), so the highest fourth open card leads.


Street = tuple[tuple[tuple[int, str], ...], tuple[int, ...]]


def _heads_up(cards: dict[int, str], streets: tuple[Street, Street, Street], shows: tuple[int, ...],
              winner: int) -> list[dict]:
    """Two players of 2,000 (``cards``: seat -> open and hole card); the higher seat bets 20 in round 1 and the other
    calls; each of ``streets`` deals its cards and its seats check, in the order given; ``shows`` in that order, no
    house rake, and ``winner`` is paid the 60."""
    t = Table()
    t.emit("shoe_start", shoe_id="K1")
    high, low = sorted(cards, reverse=True)
    h = t.hand("H1", dict.fromkeys(cards, "2000"))
    h.antes(burn="Jc")
    h.first_deal(cards)
    h.act(high, "bet", 20)
    h.act(low, "call", 20)
    for deals, checks in streets:
        h.street(*deals)
        for seat in checks:
            h.act(seat, "check")
    h.show(*shows)
    h.rake("0")
    h.award(winner, "60", 0)
    h.end()
    return t.rows


def _pair_of_the_first_two(order3: tuple[int, int], deal5: tuple[int, int], order4: tuple[int, int],
                           shows: tuple[int, int]) -> list[dict]:
    """Seat 5: Kh Kd 9c 6c open (a pair of the first two), hole 5s; seat 2: Qs Jd Th 8s open, hole 5h. Round 3: seat
    5's 9 or seat 2's T; round 4: seat 5's 6 or seat 2's 8 (no combination either). Seat 5's Kings win 60."""
    fifth = {5: "6c", 2: "8s"}
    return _heads_up({5: "Kh5s", 2: "Qs5h"}, (
        (((5, "Kd"), (2, "Jd")), (5, 2)), (((5, "9c"), (2, "Th")), order3),
        (tuple((seat, fifth[seat]) for seat in deal5), order4)), shows, 5)


@pytest.mark.parametrize(("log", "pair_needs_third", "found"), [
    # literal: round 3 to seat 2's T (seat 5's 9 makes no pair), card 5 from seat 2, round 4 to his 8 over the
    # Kings' 6, the showdown from his right (seat 5 first)
    (((2, 5), (2, 5), (2, 5), (5, 2)), "true", []),
    (((2, 5), (2, 5), (5, 2), (2, 5)), "true", ["5CS-10.12", "5CS-10.18"]),  # the open Kings led round 4
    # a pair of the first two counts in round 3 (round3_pair_requires_third_card = false): seat 5 leads it
    (((2, 5), (2, 5), (2, 5), (5, 2)), "false", ["5CS-10.11", "5CS-10.9"]),
])
def test_four_open_cards_without_a_combination(tmp_path, log, pair_needs_third, found):
    findings, _ = run(tmp_path, _pair_of_the_first_two(*log), round3_pair_requires_third_card=pair_needs_third)
    assert sorted(f[0] for f in findings) == found


# ---------------------------------------------------------------------------------------------------------------
# Art. 5: "in the combination A, 5, 6, 7, 8 the Ace may be used as a 4"; suited, the lowest straight flush (default
# reading), which beats four Kings; with suited_a5678_is_straight_flush = false it is an Ace-high flush, which loses.


def _suited_a5678(winner: int) -> list[dict]:
    """Seat 4: As 5s 6s 7s open, 8s hole; seat 3: Kh Kd Ks 9h open, Kc hole. Round 1 to seat 4's Ace; rounds 2 and 3
    to seat 3's Kings; round 4 to seat 4's suited A-5-6-7 (a possible straight flush, or flush: above three Kings
    either way); the showdown from seat 4's right: seat 3 first. ``winner`` is paid the 60."""
    return _heads_up({4: "As8s", 3: "KhKc"}, (
        (((4, "5s"), (3, "Kd")), (3, 4)), (((3, "Ks"), (4, "6s")), (3, 4)), (((3, "9h"), (4, "7s")), (4, 3))),
        (3, 4), winner)


@pytest.mark.parametrize(("winner", "straight_flush", "found"), [
    (4, "true", []), (3, "true", ["5CS-5.2"]), (3, "false", []), (4, "false", ["5CS-5.2"]),
])
def test_the_suited_a5678(tmp_path, winner, straight_flush, found):
    findings, _ = run(tmp_path, _suited_a5678(winner), suited_a5678_is_straight_flush=straight_flush)
    assert [f[0] for f in findings] == found


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
# Art. 11 b): a forced fold the log does not give (the two minutes to the microsecond: test_stud_hand_built.py).


@pytest.mark.parametrize("logged", [True, False])
def test_a_forced_fold_logged_or_not(tmp_path, logged):
    """Seat 5 lets 150 s pass facing seat 2's bet; the croupier folds him (art. 11 b)). Logged, it is lawful; not
    logged, the betting ended with seat 5 still to answer the bet: the log does not show the fold the article wants,
    which the auditor reports (10.6), never a silent all-clear."""
    t = Table()
    t.emit("shoe_start", shoe_id="K1")
    h = t.hand("H1", {2: "2000", 5: "2000"})
    h.antes(burn="9d")
    h.first_deal({5: "KhQd", 2: "AsJc"})
    h.act(2, "bet", 20)
    if logged:
        h.act(5, "fold", after=150, reason="time_out")
        h.rake("0")
    else:
        h.emit("rake", after=150, amount="0")
    h.refund(2, "20")
    h.award(2, "20", 0)
    h.end()
    findings, rules = run(tmp_path, t.rows)
    assert [f[0] for f in findings] == ([] if logged else ["5CS-10.6"])
    assert rules["5CS-11.2"][:2] == (1, 0)


# ---------------------------------------------------------------------------------------------------------------
# Coverage of a hand won in round 1 (art. 10 c) iii): "until one player remains, who wins the pot"): the rules of
# later rounds, of the showdown and of events that never happened are not applicable; the rest is evaluated.


NOT_APPLICABLE_IN_ROUND_1 = ("5CS-2.2", "5CS-4.2", "5CS-4.3", "5CS-5.1", "5CS-5.2", "5CS-5.3", "5CS-5.4", "5CS-6.4",
                             "5CS-6.6", "5CS-10.7", "5CS-10.8", "5CS-10.9", "5CS-10.10", "5CS-10.11", "5CS-10.12",
                             "5CS-10.13", "5CS-10.15", "5CS-10.17", "5CS-10.18", "5CS-11.1", "5CS-11.4", "5CS-11.5")
EVALUATED_IN_ROUND_1 = ("5CS-1.1", "5CS-1.2", "5CS-2.3", "5CS-2.5", "5CS-3.1", "5CS-3.2", "5CS-3.3", "5CS-4.1",
                        "5CS-6.2", "5CS-6.3", "5CS-7.1", "5CS-8.1", "5CS-9.1", "5CS-9.2", "5CS-10.1", "5CS-10.2",
                        "5CS-10.3", "5CS-10.4", "5CS-10.5", "5CS-10.6", "5CS-10.14", "5CS-10.16", "5CS-11.2",
                        "5CS-11.3")


def test_the_coverage_of_a_handwon_in_round_1(tmp_path):
    t = Table()
    for seat in (2, 5):
        t.emit("buy_in", seat=seat, player=f"P{seat}", amount="2000")
    t.emit("shoe_start", shoe_id="K1")
    won_in_round_1(t, "H1", {2: "2000", 5: "2000"})
    findings, rules = run(tmp_path, t.rows)
    assert findings == []
    assert {rule: rules[rule][:2] for rule in NOT_APPLICABLE_IN_ROUND_1} == dict.fromkeys(NOT_APPLICABLE_IN_ROUND_1,
                                                                                           (0, 0))
    assert {rule: rules[rule][:2] for rule in EVALUATED_IN_ROUND_1} == dict.fromkeys(EVALUATED_IN_ROUND_1, (1, 0))


# ---------------------------------------------------------------------------------------------------------------
# Art. 3: "no player may ... change seat during a hand": between hands he may.


def test_a_seat_change_between_hands(tmp_path):
    """P2 plays H1 at seat 2 and H2 at seat 4, with the stack he ended H1 with: lawful, and his stack is still
    followed from one hand to the next (6.6 evaluated in H2)."""
    t = Table()
    for seat in (2, 5):
        t.emit("buy_in", seat=seat, player=f"P{seat}", amount="2000")
    t.emit("shoe_start", shoe_id="K1")
    stacks = won_in_round_1(t, "H1", {2: "2000", 5: "2000"})
    won_in_round_1(t, "H2", {4: stacks[2], 5: stacks[5]}, players={4: "P2"})
    findings, rules = run(tmp_path, t.rows)
    assert findings == []
    assert rules["5CS-6.6"][:2] == (1, 0)


def test_a_hole_card_turned_up_in_round_3_and_shown_again_at_the_showdown(tmp_path):
    """Seat 4 turns his 5d up in round 3, plays on and shows it again at the showdown: one hole card, known, so the
    hands are valued (no rule left not evaluated because "his hand is not known"), and 5d is no card twice."""
    t = Table()
    t.emit("shoe_start", shoe_id="K1")
    h = t.hand("H1", {6: "2000", 4: "2000", 2: "2000"})
    h.antes(burn="Jc")
    h.first_deal({6: "As9d", 4: "Qs5d", 2: "Ks8d"})
    for seat, action, amount in ((6, "bet", 20), (4, "call", 20), (2, "call", 20)):
        h.act(seat, action, amount)
    h.street((6, "Th"), (4, "7h"), (2, "6h"))
    for seat in (6, 4, 2):
        h.act(seat, "check")
    h.street((6, "7c"), (4, "6c"), (2, "Tc"))
    for seat in (2, 6, 4):
        h.act(seat, "check")
    h.show(4)
    h.street((2, "5c"), (6, "5h"), (4, "8c"))
    for seat in (4, 6, 2):
        h.act(seat, "check")
    h.show(2, 6, 4)
    h.rake("0")
    h.award(6, "100", 0)
    h.end()
    findings, rules = run(tmp_path, t.rows)
    assert findings == []
    assert rules["5CS-1.2"][:2] == (1, 0)
    assert not [rule for rule, (_, _, reasons) in rules.items() if any("not known" in r for r in reasons)]


# ---------------------------------------------------------------------------------------------------------------
# Art. 11 d): a hole card exposed during the deal: that player's hand is dead and he takes back his ante; the hand
# goes on without him. Art. 11 e): a dealing error corrected.


def _exposed(refund: bool, plays_on: bool) -> list[dict]:
    """Seat 4's hole card comes out face up as it is dealt; seat 6 (Ace) bets 20, seat 2 calls (and seat 4 too when
    ``plays_on``); checked down, seat 6 leading every round (the order among the two left is judged), his pair of
    Tens takes the pot."""
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
    for six, two in (("Th", "6h"), ("Tc", "7c"), ("5h", "5c")):
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
