"""Texas Hold'em logs built by hand (``holdem_logs.py``), not by the simulator: cases at the edges of the text, each
with the findings the articles require (by rule; none for a lawful hand), all audited at once (``hand_built.py``)."""

from __future__ import annotations

from functools import partial

import pytest
from hand_built import Case, audit_cases
from holdem_logs import Hand, Table

BOARD = ["Kd", "Qs", "9h", "5c", "4h"]


def _check_down(h: Hand, order: list[int], board: list[str] = BOARD) -> None:
    """Flop, turn and river, each checked round by the seats of ``order`` (in their order of action)."""
    for cards in (board[:3], board[3:4], board[4:]):
        h.street(*cards)
        for seat in order:
            h.act(seat, "check")


def _run_out(h: Hand, board: list[str] = BOARD) -> None:
    """Flop, turn and river with nobody left to bet."""
    for cards in (board[:3], board[3:4], board[4:]):
        h.street(*cards)


CASES: list[Case] = []


def case(id: str, build, found: list[str], profile: str = "macau", **params: str) -> None:
    CASES.append(Case(id, build, sorted(found), profile, {f"holdem.{k}": v for k, v in params.items()}))


# ---------------------------------------------------------------------------------------------------------------
# Heads-up, art. 5: "the first player to the left of the indicator bets the small blind … the second … the big
# blind": with two players the second is the button (heads_up_button_posts = big_blind; common: small_blind). Art.
# 6(3): pre-flop the first to act is the player left of the two blinds; arts. 7(2), 8(2): later, the button's left.


def _heads_up(button_posts: str, preflop: list[int], later: list[int], table_id: str) -> list[dict]:
    """Button 1, seat 3: the button posts ``button_posts``; ``preflop``: the order of the small blind's call and the
    big blind's check; ``later``: the order each later round is checked in. The button's aces win 20 less 1."""
    t = Table(table_id)
    h = t.hand("h1", 1, {1: "1000", 3: "1000"})
    small, big = (1, 3) if button_posts == "small_blind" else (3, 1)
    h.act(small, "post_small_blind", 5)
    h.act(big, "post_big_blind", 10)
    h.deal({3: "7c2d", 1: "AsAh"})
    for seat in preflop:
        h.act(seat, *(("call", 5) if seat == small else ("check",)))
    _check_down(h, later)
    h.show(3, 1)
    h.rake(1)
    h.award(1, 19)
    h.end()
    return t.rows


case("hu-literal", partial(_heads_up, "big_blind", [3, 1], [3, 1]), [])  # seat 3 first pre-flop and after
case("hu-bb-first", partial(_heads_up, "big_blind", [1, 3], [3, 1]), ["THE-6.2"])  # the big blind acts last
case("hu-button-first-later", partial(_heads_up, "big_blind", [3, 1], [1, 3]),  # the button acts last (6(5))
     ["THE-7.2", "THE-8.3", "THE-8.3"])
case("hu-common", partial(_heads_up, "small_blind", [1, 3], [3, 1]), [], profile="common")
case("hu-common-in-macau", partial(_heads_up, "small_blind", [1, 3], [3, 1]), ["THE-5.1"])  # one error, one finding
case("hu-literal-in-common", partial(_heads_up, "big_blind", [3, 1], [3, 1]), ["THE-5.1"], profile="common")

# ---------------------------------------------------------------------------------------------------------------
# Art. 1(2): the button "is passed clockwise to the next player": the next seat with a player dealt into the hand.
# Art. 1(2) too: the first button is "in front of the first player to the croupier's left".

CARDS = ["AsAh", "7c2d", "8c3d", "6s2h", "Jd3c", "Tc4d"]


def _limped(t: Table, hand_id: str, button: int, seats: list[int]) -> None:
    """Everyone limps and checks the hand down; the aces of the last to act win 10 a player less 5%."""
    order = sorted(s for s in seats if s > button) + sorted(s for s in seats if s <= button)
    h = t.hand(hand_id, button, dict.fromkeys(seats, "1000"))
    h.act(order[0], "post_small_blind", 5)
    h.act(order[1], "post_big_blind", 10)
    h.deal({s: CARDS[(i + 1) % len(order)] for i, s in enumerate(order)})
    for s in order[2:] + order[:2]:
        h.act(s, *(("call", 5) if s == order[0] else ("check",) if s == order[1] else ("call", 10)))
    _check_down(h, order)
    h.show(*order)
    pot = 10 * len(order)
    h.rake(pot // 20)
    h.award(order[-1], pot - pot // 20)
    h.end()


def _hands(hands: list[tuple[int, list[int]]], table_id: str) -> list[dict]:
    t = Table(table_id)
    for n, (button, seats) in enumerate(hands, start=1):
        _limped(t, f"h{n}", button, seats)
    return t.rows


case("button-over-empty-seat", partial(_hands, [(1, [1, 2, 3, 5]), (3, [1, 3, 5])]), [])  # seat 2 left
case("dead-button", partial(_hands, [(1, [1, 2, 3, 5]), (2, [1, 3, 5])]), ["THE-1.2"])  # empty seat: no player
case("button-to-new-player", partial(_hands, [(1, [1, 3, 5]), (2, [1, 2, 3, 5])]), [])  # seat 2 joined
case("button-skips-new-player", partial(_hands, [(1, [1, 3, 5]), (3, [1, 2, 3, 5])]), ["THE-1.2"])
case("button-player-left", partial(_hands, [(1, [1, 3, 5]), (3, [1, 3, 5]), (5, [1, 3, 5]), (1, [1, 3, 4])]), [])
case("button-player-left-wrong", partial(_hands, [(1, [1, 3, 5]), (3, [1, 3, 5]), (5, [1, 3, 5]), (4, [1, 3, 4])]),
     ["THE-1.2"])
case("first-button-lowest-seat", partial(_hands, [(2, [2, 3, 5])]), [])
case("first-button-not-lowest", partial(_hands, [(3, [2, 3, 5])]), ["THE-1.3"])


# ---------------------------------------------------------------------------------------------------------------
# Art. 12(1): "A raise is at least equal to the last bet or raise in the hand"; art. 11(3): all-in for less is
# allowed. An all-in for less does not reopen the betting to players who already acted (docs/readings.md), and does
# not lower the smallest full raise.


def _short_all_in(flop: list[tuple], table_id: str) -> list[dict]:
    """Button 1, seats 1-4 limp (seat 4 has 150, 140 after the limp); on the flop seat 2 bets 100, seat 3 folds,
    seat 4 goes all in to 140 (40 over the bet: less than a full raise), then ``flop``; the rest is checked down
    by seats 2 and 1, whose aces win every pot less 5% (of 660, or 460 when nobody re-raised)."""
    t = Table(table_id)
    h = t.hand("h1", 1, {1: "1000", 2: "1000", 3: "1000", 4: "150"})
    h.act(2, "post_small_blind", 5)
    h.act(3, "post_big_blind", 10)
    h.deal({2: "7c2d", 3: "8c3d", 4: "Jd3c", 1: "AsAh"})
    for seat, amount in ((4, 10), (1, 10), (2, 5)):
        h.act(seat, "call", amount)
    h.act(3, "check")
    h.street(*BOARD[:3])
    h.act(2, "bet", 100)
    h.act(3, "fold")
    h.act(4, "raise", 140)
    for a in flop:
        h.act(*a)
    for cards in (BOARD[3:4], BOARD[4:]):
        h.street(*cards)
        h.act(2, "check")
        h.act(1, "check")
    h.show(2, 4, 1)
    pot = sum(h.put.values())
    h.rake(pot // 20)
    h.award(1, pot - pot // 20)
    h.end()
    return t.rows


case("short-all-in-called", partial(_short_all_in, [(1, "call", 140), (2, "call", 40)]), [])
# seat 2 had acted: the 40 does not reopen the betting to him
case("short-all-in-reraised-by-opener", partial(_short_all_in, [(1, "call", 140), (2, "raise", 140), (1, "call", 100)]),
     ["THE-12.1"])
# seat 1 had not acted: he may raise, by a full 100 over the 140 (to 240), which reopens it to seat 2
case("short-all-in-full-reraise", partial(_short_all_in, [(1, "raise", 240), (2, "raise", 240), (1, "call", 100)]),
     [])
case("short-all-in-reraise-of-60", partial(_short_all_in, [(1, "raise", 200), (2, "call", 100)]), ["THE-12.1"])
case("short-all-in-reraise-of-60-add-up", partial(_short_all_in, [(1, "raise", 200), (2, "call", 100)]),
     ["THE-12.1"], profile="common")


# ---------------------------------------------------------------------------------------------------------------
# Side pots (not in the text; the standard construction, docs/readings.md) and the uncalled bet; art. 10(2): "the
# player with the best five-card combination wins all the bets on the table"; art. 16: the rake, from the main pot.

ALL_INS = {2: "KsKh", 3: "QdQh", 4: "9c9d", 1: "AsAh"}  # on BOARD: kings beat queens beat nines beat aces


def _all_ins(stack_1: str, refunds: list[tuple[int, int]], awards: list[tuple], rake: int, table_id: str) -> list[dict]:
    """Button 1; seat 4 raises all in to 300, seat 1 calls with ``stack_1`` (all in when it is less), the blinds
    call all in: seat 2 for 50, seat 3 for 120. Pots (seat 1 covering): 200 (seats 1-4), 210 (1, 3, 4), 360 (1, 4):
    the kings, the queens and the nines win one each."""
    t = Table(table_id)
    h = t.hand("h1", 1, {1: stack_1, 2: "50", 3: "120", 4: "300"})
    h.act(2, "post_small_blind", 5)
    h.act(3, "post_big_blind", 10)
    h.deal({s: ALL_INS[s] for s in (2, 3, 4, 1)})
    h.act(4, "raise", 300)
    h.act(1, "call", min(300, int(stack_1)))
    h.act(2, "call", 45)
    h.act(3, "call", 110)
    _run_out(h)
    h.show(2, 3, 4, 1)
    h.rake(rake)
    for seat, amount in refunds:
        h.refund(seat, amount)
    for a in awards:
        h.award(*a)
    h.end()
    return t.rows


# 770 in all, rake 38 (5%, rounded down) from the main pot
case("side-pots", partial(_all_ins, "1000", [], [(2, 162, 0), (3, 210, 1), (4, 360, 2)], 38), [])
case("side-pots-unnumbered", partial(_all_ins, "1000", [], [(2, 162), (3, 210), (4, 360)], 38), [])
case("side-pots-main-to-queens", partial(_all_ins, "1000", [], [(3, 372), (4, 360)], 38), ["THE-10.2"])
case("side-pots-all-to-nines", partial(_all_ins, "1000", [], [(4, 732)], 38), ["THE-10.2"])
# seat 1 all in for 250: 50 of seat 4's 300 is uncalled and goes back; 670 in the pots, rake 33
case("uncalled-returned", partial(_all_ins, "250", [(4, 50)], [(2, 167, 0), (3, 210, 1), (4, 260, 2)], 33), [])
case("uncalled-paid-as-award", partial(_all_ins, "250", [], [(2, 167, 0), (3, 210, 1), (4, 310, 2)], 33),
     ["THE-10.2"])
# the rake is taken from the pots, without the uncalled bet, whether or not the log refunds it (art. 16: "of each
# pot"): 5% of 670 is 33.5, and 36 (5% of 720) is above it
case("uncalled-paid-as-award-over-raked", partial(_all_ins, "250", [], [(2, 164, 0), (3, 210, 1), (4, 310, 2)], 36),
     ["THE-10.2", "THE-16.1"])
case("uncalled-returned-over-raked", partial(_all_ins, "250", [(4, 50)], [(2, 164, 0), (3, 210, 1), (4, 260, 2)], 36),
     ["THE-16.1"])

# Art. 10(4)-(5): equal hands share the pot "down to the lowest divisible unit"; the remainder goes "to the first
# player to the croupier's left still playing the hand" (the first tied winner from seat 1; common: from the
# button's left).


def _split(awards: list[tuple[int, int]], rake: int, table_id: str, chip_unit: str = "1") -> list[dict]:
    """Button 1, three players limp and check down a royal flush on the board: they tie; 30 less ``rake``."""
    t = Table(table_id, chip_unit=chip_unit)
    h = t.hand("h1", 1, {1: "1000", 2: "1000", 3: "1000"})
    h.act(2, "post_small_blind", 5)
    h.act(3, "post_big_blind", 10)
    h.deal({2: "7c2d", 3: "8c3d", 1: "AhAd"})
    h.act(1, "call", 10)
    h.act(2, "call", 5)
    h.act(3, "check")
    _check_down(h, [2, 3, 1], ["As", "Ks", "Qs", "Js", "Ts"])
    h.show(2, 3, 1)
    h.rake(rake)
    for a in awards:
        h.award(*a)
    h.end()
    return t.rows


case("split-odd-chips-to-seat-1", partial(_split, [(1, 11), (2, 9), (3, 9)], 1), [])  # 29: 9 each, 2 over
case("split-odd-chips-shared-out", partial(_split, [(1, 10), (2, 10), (3, 9)], 1), ["THE-10.3"])
case("split-odd-chips-to-button-left", partial(_split, [(1, 9), (2, 11), (3, 9)], 1), ["THE-10.4"])
case("split-odd-chips-common", partial(_split, [(1, 9), (2, 11), (3, 9)], 1), [], profile="common")
case("split-chip-unit-5", partial(_split, [(1, 10), (2, 10), (3, 10)], 0, chip_unit="5"), [])  # 1.5 rake: 0


@pytest.fixture(scope="module")
def audited(tmp_path_factory) -> dict[str, list[tuple]]:
    return audit_cases(tmp_path_factory.mktemp("holdem"), CASES)


@pytest.mark.parametrize("c", CASES, ids=[c.id for c in CASES])
def test_hand_built(audited, c):
    assert sorted(f[0] for f in audited[c.id]) == c.found, audited[c.id]
