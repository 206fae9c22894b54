"""Texas Hold'em logs built by hand (``holdem_logs.py``), not by the simulator: cases at the edges of the text, each
with the findings the articles require (by rule; none for a lawful hand), all audited at once (``hand_built.py``)."""

from __future__ import annotations

from decimal import Decimal
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
# the uncalled 50 handed to another seat left the pot all the same: the rake is no second finding
case("uncalled-returned-to-another", partial(_all_ins, "250", [(1, 50)], [(2, 167, 0), (3, 210, 1), (4, 260, 2)], 33),
     ["THE-10.2"])
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


# Art. 11 a) of the stud text, applied here: "he wins only the pot in which he bet". With side pots the awards are
# compared with the winner of the pot each one reached: a side pot paid to a weaker hand of the same category as its
# winner is a pot not awarded to the best hand (THE-10.2), though a better category won the main pot; without pot
# numbers, a lower category (THE-15.1) only when the recipient's hand is below the winners of every pot he reached.


def _short_small_blind(awards: list[tuple], table_id: str) -> list[dict]:
    """Seat 2 posts a small blind of 3, all in; seats 1 and 3 check down. The main pot (9, less the rake of 1) to the
    small blind's aces, the side pot (14) to seat 3's king-queen-nine-eight (seat 1: king-queen-nine-seven)."""
    t = Table(table_id)
    h = t.hand("h1", 1, {1: "1000", 2: "3", 3: "1000"})
    h.act(2, "post_small_blind", 3)
    h.act(3, "post_big_blind", 10)
    h.deal({2: "AsAh", 3: "8c3d", 1: "7c2d"})
    h.act(1, "call", 10)
    h.act(3, "check")
    _check_down(h, [3, 1])
    h.show(2, 3, 1)
    h.rake(1)
    for a in awards:
        h.award(*a)
    h.end()
    return t.rows


case("short-small-blind", partial(_short_small_blind, [(2, 8, 0), (3, 14, 1)]), [])
case("short-small-blind-side-pot-to-weaker", partial(_short_small_blind, [(2, 8, 0), (1, 14, 1)]), ["THE-10.2"])
case("short-small-blind-side-pot-to-weaker-unnumbered", partial(_short_small_blind, [(2, 8), (1, 14)]), ["THE-10.2"])
case("short-small-blind-main-pot-to-weaker", partial(_short_small_blind, [(1, 8, 0), (3, 14, 1)]), ["THE-15.1"])
# without pot numbers, which pot seat 1 was paid is not known: the general rule
case("short-small-blind-main-pot-to-weaker-unnumbered", partial(_short_small_blind, [(1, 8), (3, 14)]), ["THE-10.2"])




def _split_main_pot(awards: list[tuple], table_id: str) -> list[dict]:
    """Button 1; seat 1 raises to 100, the small blind calls all in for 51, the big blind calls; seats 3 and 1
    check down. Seats 1 and 2 tie with ace-king: the main pot (153, less the rake of 12 taken from it: 141) is
    theirs, 70 each and the odd chip to seat 1; the side pot (98) is seat 1's alone."""
    t = Table(table_id)
    h = t.hand("h1", 1, {1: "1000", 2: "51", 3: "1000"})
    h.act(2, "post_small_blind", 5)
    h.act(3, "post_big_blind", 10)
    h.deal({2: "AhKh", 3: "8c3d", 1: "AsKs"})
    h.act(1, "raise", 100)
    h.act(2, "call", 46)
    h.act(3, "call", 90)
    _check_down(h, [3, 1])
    h.show(2, 3, 1)
    h.rake(12)
    for a in awards:
        h.award(*a)
    h.end()
    return t.rows


case("split-main-pot", partial(_split_main_pot, [(1, 71, 0), (2, 70, 0), (1, 98, 1)]), [])
case("split-main-pot-unnumbered", partial(_split_main_pot, [(1, 169), (2, 70)]), [])
case("split-main-pot-odd-chip-to-2", partial(_split_main_pot, [(1, 70, 0), (2, 71, 0), (1, 98, 1)]), ["THE-10.4"])
case("split-main-pot-common", partial(_split_main_pot, [(1, 70, 0), (2, 71, 0), (1, 98, 1)]), [], profile="common")
# seat 2's equal hand did not reach the side pot: no pot shared with an unequal hand (THE-10.5)
case("split-main-pot-side-shared", partial(_split_main_pot, [(1, 71, 0), (2, 70, 0), (1, 49, 1), (2, 49, 1)]),
     ["THE-10.2"])
# without pot numbers the same chips read as the tied winners' shares made unequal
case("split-main-pot-side-shared-unnumbered", partial(_split_main_pot, [(1, 120), (2, 119)]), ["THE-10.3"])

# ---------------------------------------------------------------------------------------------------------------
# Art. 16: "three to five per cent (3%–5%) of each pot, but at most … five times the big blind"; the table's rate,
# rounded down to the chip unit (docs/readings.md); less than due is a warning (under-collection).


def _raked(bet: int, rake: str, table_id: str, **config: object) -> list[dict]:
    """Three players limp (30); on the flop each puts in ``bet``; checked down; seat 1's aces win, less ``rake``."""
    t = Table(table_id, **config)
    h = t.hand("h1", 1, {1: "100000", 2: "100000", 3: "100000"})
    h.act(2, "post_small_blind", 5)
    h.act(3, "post_big_blind", 10)
    h.deal({2: "7c2d", 3: "8c3d", 1: "AsAh"})
    h.act(1, "call", 10)
    h.act(2, "call", 5)
    h.act(3, "check")
    h.street(*BOARD[:3])
    h.act(2, "bet", bet)
    h.act(3, "call", bet)
    h.act(1, "call", bet)
    for cards in (BOARD[3:4], BOARD[4:]):
        h.street(*cards)
        for seat in (2, 3, 1):
            h.act(seat, "check")
    h.show(2, 3, 1)
    h.rake(rake)
    h.award(1, str(30 + 3 * bet - Decimal(rake)))
    h.end()
    return t.rows


case("rake-exactly-5pc", partial(_raked, 10, "3"), [])  # 5% of 60
case("rake-above-5pc", partial(_raked, 10, "4"), ["THE-16.1"])
case("rake-rounded-down", partial(_raked, 20, "4"), [])  # 5% of 90 is 4.5: 4 in chips of 1
case("rake-rounded-up", partial(_raked, 20, "5"), ["THE-16.1"])
case("rake-half-chip", partial(_raked, 20, "4.5", chip_unit="0.5"), [])
case("rake-under-rate", partial(_raked, 10, "2"), ["THE-16.4"])  # 2 of the 3 due: a warning
case("rake-under-3pc", partial(_raked, 10, "0"), ["THE-16.3"])
case("rake-at-cap", partial(_raked, 1000, "50"), [])  # 5% of 3030 is 151: five big blinds, 50
case("rake-above-cap", partial(_raked, 1000, "51"), ["THE-16.2"])
case("rake-under-cap", partial(_raked, 1000, "49"), ["THE-16.3"])  # 3% is 90: the cap, 50, is due
case("rake-4pc-over", partial(_raked, 10, "3", rake_rate="0.04"), ["THE-16.4"])  # 4% of 60 is 2.4: 2
case("rake-4pc", partial(_raked, 10, "2", rake_rate="0.04"), [])
case("rake-rate-6pc", partial(_raked, 10, "3", rake_rate="0.06"), ["THE-16.4"])  # the rate declared

# ---------------------------------------------------------------------------------------------------------------
# Fixed limit, art. 11(2): every bet and raise is the round's unit; art. 12(2): at most three raises a round;
# art. 12(4): no cap with two players in the hand. A check-raise is not forbidden.

FIXED = {"betting": "fixed_limit", "small_bet": "10", "big_bet": "20"}


def _betting(preflop: list[tuple], flop: list[tuple], table_id: str, config: dict | None = None) -> list[dict]:
    """Button 1, seats 1-3, blinds 5/10; ``preflop`` and ``flop`` as logged; whoever did not fold checks down the
    turn and river; seat 1's aces win, less 5% rounded down."""
    t = Table(table_id, **(config or {}))
    h = t.hand("h1", 1, {1: "1000", 2: "1000", 3: "1000"})
    h.act(2, "post_small_blind", 5)
    h.act(3, "post_big_blind", 10)
    h.deal({2: "7c2d", 3: "8c3d", 1: "AsAh"})
    for a in preflop:
        h.act(*a)
    h.street(*BOARD[:3])
    for a in flop:
        h.act(*a)
    live = [s for s in (2, 3, 1) if (s, "fold") not in {a[:2] for a in preflop + flop}]
    for cards in (BOARD[3:4], BOARD[4:]):
        h.street(*cards)
        for seat in live:
            h.act(seat, "check")
    h.show(*live)
    pot = sum(h.put.values())
    h.rake(pot // 20)
    h.award(1, pot - pot // 20)
    h.end()
    return t.rows


LIMPED = [(1, "call", 10), (2, "call", 5), (3, "check")]
CHECKED = [(2, "check"), (3, "check"), (1, "check")]
# pre-flop: the big blind is the bet; raises to 20, 30, 40 are three
case("fl-three-raises", partial(_betting, [(1, "raise", 20), (2, "raise", 25), (3, "raise", 30), (1, "call", 20),
                                           (2, "call", 10)], CHECKED, config=FIXED), [])
case("fl-fourth-raise", partial(_betting, [(1, "raise", 20), (2, "raise", 25), (3, "raise", 30), (1, "raise", 30),
                                           (2, "call", 20), (3, "call", 10)], CHECKED, config=FIXED), ["THE-12.2"])
case("fl-heads-up-no-cap", partial(_betting, [(1, "raise", 20), (2, "fold"), (3, "raise", 20), (1, "raise", 20),
                                              (3, "raise", 20), (1, "raise", 20), (3, "call", 10)],
                                   [(3, "check"), (1, "check")], config=FIXED), [])
# flop: a bet and three raises, then a fourth
case("fl-flop-bet-three-raises", partial(_betting, LIMPED, [(2, "bet", 10), (3, "raise", 20), (1, "raise", 30),
                                                            (2, "raise", 30), (3, "call", 20), (1, "call", 10)],
                                         config=FIXED), [])
case("fl-flop-fourth-raise", partial(_betting, LIMPED, [(2, "bet", 10), (3, "raise", 20), (1, "raise", 30),
                                                        (2, "raise", 30), (3, "raise", 30), (1, "call", 20),
                                                        (2, "call", 10)], config=FIXED), ["THE-12.2"])
case("fl-check-raise", partial(_betting, LIMPED, [(2, "check"), (3, "bet", 10), (1, "call", 10), (2, "raise", 20),
                                                  (3, "call", 10), (1, "call", 10)], config=FIXED), [])
case("fl-flop-bet-of-big-bet", partial(_betting, LIMPED, [(2, "bet", 20), (3, "call", 20), (1, "call", 20)],
                                       config=FIXED), ["THE-11.2"])
case("nl-check-raise", partial(_betting, LIMPED, [(2, "check"), (3, "bet", 10), (1, "call", 10), (2, "raise", 30),
                                                  (3, "call", 20), (1, "call", 20)]), [])


# ---------------------------------------------------------------------------------------------------------------
# The showdown. Art. 8(5): "all participants in the hand reveal their cards" (the text sets no order of showing);
# art. 10(1): the best five of the seven cards, the board may play; art. 14(3): the Ace is low only in 5-4-3-2-A;
# art. 15(3): four of a kind, "the other card is not counted"; arts. 15(7)-(10): kickers decide.


def _showdown(cards: dict[int, str], board: list[str], awards: list[tuple[int, int]], table_id: str,
              shows: list[int] | None = None, mucks: tuple[int, ...] = (), **config: object) -> list[dict]:
    """Button 1, seats 1-3 limp and check down ``board``; ``shows``: who shows (default all), ``mucks``: who mucks
    (a ``muck`` event); 30 less 1."""
    t = Table(table_id, **config)
    h = t.hand("h1", 1, {1: "1000", 2: "1000", 3: "1000"})
    h.act(2, "post_small_blind", 5)
    h.act(3, "post_big_blind", 10)
    h.deal({s: cards[s] for s in (2, 3, 1)})
    h.act(1, "call", 10)
    h.act(2, "call", 5)
    h.act(3, "check")
    _check_down(h, [2, 3, 1], board)
    h.show(*([2, 3, 1] if shows is None else shows))
    for seat in mucks:
        h.emit("muck", seat=seat)
    h.rake(1)
    for a in awards:
        h.award(*a)
    h.end()
    return t.rows


PLAIN = {2: "7c2d", 3: "8c3d", 1: "AsAh"}
case("showdown-all-show", partial(_showdown, PLAIN, BOARD, [(1, 29)]), [])
case("showdown-loser-mucks", partial(_showdown, PLAIN, BOARD, [(1, 29)], shows=[2, 1]), ["THE-8.4"])
case("showdown-mucks-not-logged", partial(_showdown, PLAIN, BOARD, [(1, 29)], shows=[1], not_logged="showdown_mucks"),
     [])
case("showdown-loser-mucks-logged", partial(_showdown, PLAIN, BOARD, [(1, 29)], shows=[2, 1], mucks=(3,)), ["THE-8.4"])
# Mucks not logged at the table, but this hand records every player's decision: judged.
case("showdown-mucks-not-logged-but-recorded", partial(_showdown, PLAIN, BOARD, [(1, 29)], shows=[1], mucks=(2, 3),
                                                       not_logged="showdown_mucks"), ["THE-8.4", "THE-8.4"])
case("showdown-mucks-not-logged-one-recorded", partial(_showdown, PLAIN, BOARD, [(1, 29)], shows=[1], mucks=(3,),
                                                       not_logged="showdown_mucks"), [])
# A player who mucks gives up his claim: the pot goes to the best hand still shown (seat 1's aces mucked: seat 3's
# eight high wins); paid to him all the same, it is not awarded to the best hand eligible for it (THE-10.2).
case("showdown-best-hand-mucks", partial(_showdown, PLAIN, BOARD, [(3, 29)], shows=[2, 3], mucks=(1,)), ["THE-8.4"])
case("showdown-mucker-paid", partial(_showdown, PLAIN, BOARD, [(1, 29)], shows=[2, 3], mucks=(1,)),
     ["THE-8.4", "THE-10.2"])
case("showdown-all-but-one-muck", partial(_showdown, PLAIN, BOARD, [(2, 29)], shows=[2], mucks=(1, 3)),
     ["THE-8.4", "THE-8.4"])
case("showdown-all-but-one-muck-paid", partial(_showdown, PLAIN, BOARD, [(3, 29)], shows=[2], mucks=(1, 3)),
     ["THE-8.4", "THE-8.4", "THE-10.2"])
# Everyone mucks: nobody kept a claim, the award is not judged (three THE-8.4 findings).
case("showdown-everyone-mucks", partial(_showdown, PLAIN, BOARD, [(2, 29)], shows=[], mucks=(1, 2, 3)),
     ["THE-8.4", "THE-8.4", "THE-8.4"])
# A player who showed his two cards keeps his claim, a muck logged after them notwithstanding.
case("showdown-shows-then-mucks", partial(_showdown, PLAIN, BOARD, [(1, 29)], mucks=(1,)), [])
WHEEL = {2: "4c5d", 3: "8c8d", 1: "AsAh"}  # on A-2-3-K-Q: a wheel (seat 2) beats three aces (seat 1)
case("wheel-wins", partial(_showdown, WHEEL, ["Ad", "2s", "3h", "Kc", "Qc"], [(2, 29)]), [])
case("wheel-beaten-by-trips", partial(_showdown, WHEEL, ["Ad", "2s", "3h", "Kc", "Qc"], [(1, 29)]), ["THE-15.1"])
SIX_HIGH = {2: "4h9d", 3: "4c6d", 1: "KsKh"}  # on A-2-3-5-Q: 2-to-6 (seat 3) beats the wheel (seat 2)
case("six-high-straight-wins", partial(_showdown, SIX_HIGH, ["Ad", "2s", "3h", "5c", "Qc"], [(3, 29)]), [])
case("wheel-paid-over-six-high", partial(_showdown, SIX_HIGH, ["Ad", "2s", "3h", "5c", "Qc"], [(2, 29)]),
     ["THE-14.2"])
NO_WRAP = {2: "4h9d", 3: "5c6d", 1: "7s7h"}  # on Q-K-A-2-3 the player with a 4 has no straight: 7s win
case("no-wrap-around-straight", partial(_showdown, NO_WRAP, ["Qd", "Ks", "Ah", "2h", "3c"], [(1, 29)]), [])
case("wrap-around-paid", partial(_showdown, NO_WRAP, ["Qd", "Ks", "Ah", "2h", "3c"], [(2, 29)]), ["THE-15.1"])
BROADWAY = {2: "2c3d", 3: "2h3h", 1: "4s5s"}  # the board's straight plays for all: 29 in three, 2 over to seat 1
case("board-plays", partial(_showdown, BROADWAY, ["Ad", "Ks", "Qh", "Jc", "Tc"], [(1, 11), (2, 9), (3, 9)]), [])
case("board-plays-one-paid", partial(_showdown, BROADWAY, ["Ad", "Ks", "Qh", "Jc", "Tc"], [(1, 29)]), ["THE-14.1"])
KICKER = {2: "Ac2d", 3: "AhJh", 1: "3s6s"}  # ace-king-queen: the jack beats the nine
case("kicker-decides", partial(_showdown, KICKER, ["Kd", "Qs", "9h", "5c", "8h"], [(3, 29)]), [])
case("kicker-ignored", partial(_showdown, KICKER, ["Kd", "Qs", "9h", "5c", "8h"], [(2, 29)]), ["THE-10.2"])
case("kicker-split", partial(_showdown, KICKER, ["Kd", "Qs", "9h", "5c", "8h"], [(2, 14), (3, 15)]), ["THE-10.5"])
QUADS = {2: "Ac2d", 3: "3h2h", 1: "4s6s"}  # four kings on the board: the fifth card is not counted
case("quads-on-board-tie", partial(_showdown, QUADS, ["Kd", "Ks", "Kh", "Kc", "8h"], [(1, 11), (2, 9), (3, 9)]), [])
case("quads-kicker-paid", partial(_showdown, QUADS, ["Kd", "Ks", "Kh", "Kc", "8h"], [(2, 29)]), ["THE-15.2"])
case("quads-kicker-common", partial(_showdown, QUADS, ["Kd", "Ks", "Kh", "Kc", "8h"], [(2, 29)]), [],
     profile="common")

# ---------------------------------------------------------------------------------------------------------------
# Art. 9(2): a hand that cannot be corrected "is declared void and the bets are returned"; art. 16: no rake on it.
# Art. 13(3): a folded player's chips go to the winner; the big blind who is left alone owes no action.


def _voided(refunds: dict[int, int], rake: int, table_id: str) -> list[dict]:
    """Seat 1 raises to 30, seat 2 calls, seat 3 folds his big blind; the hand is voided on the flop."""
    t = Table(table_id)
    h = t.hand("h1", 1, {1: "1000", 2: "1000", 3: "1000"})
    h.act(2, "post_small_blind", 5)
    h.act(3, "post_big_blind", 10)
    h.deal({2: "7c2d", 3: "8c3d", 1: "AsAh"})
    h.act(1, "raise", 30)
    h.act(2, "call", 25)
    h.act(3, "fold")
    h.street(*BOARD[:3])
    h.emit("void", reason="a board card exposed before the burn")
    h.rake(rake)
    for seat, amount in refunds.items():
        h.refund(seat, amount)
    h.end()
    return t.rows


case("void-all-returned", partial(_voided, {1: 30, 2: 30, 3: 10}, 0), [])  # the folded big blind too
case("void-folded-kept", partial(_voided, {1: 30, 2: 30}, 0), ["THE-9.1"])
case("void-raked", partial(_voided, {1: 30, 2: 30, 3: 7}, 3), ["THE-9.1", "THE-16.5"])


def _walk(awards: list[tuple], refunds: list[tuple], table_id: str) -> list[dict]:
    """Everyone folds to the big blind: he takes the small blind; his own uncalled 5 comes back."""
    t = Table(table_id)
    h = t.hand("h1", 1, {1: "1000", 2: "1000", 3: "1000"})
    h.act(2, "post_small_blind", 5)
    h.act(3, "post_big_blind", 10)
    h.deal({2: "7c2d", 3: "8c3d", 1: "AsAh"})
    h.act(1, "fold")
    h.act(2, "fold")
    h.rake(0)  # 5% of 10 is 0.5: nothing in chips of 1
    for r in refunds:
        h.refund(*r)
    for a in awards:
        h.award(*a)
    h.end()
    return t.rows


case("walk", partial(_walk, [(3, 10)], [(3, 5)]), [])
case("walk-uncalled-kept", partial(_walk, [(3, 15)], []), ["THE-10.2"])
case("walk-folded-paid", partial(_walk, [(3, 5), (2, 5)], [(3, 5)]), ["THE-13.3"])

# Art. 9(1): "Any error found in dealing, whether of the first two cards or of the additional cards, shall be
# corrected at once": a dealing error the log shows corrected (`correction`) is what the article requires. The log
# keeps every card as first dealt, so the cards as dealt are not the hands played: the rules of the cards dealt are
# not evaluated for the hand, and the error is no finding.


def _corrected(deals: list[tuple[int, str, str]], corrected: bool, table_id: str) -> list[dict]:
    """Button 1, seats 1-3; the hole cards as ``deals`` (seat, card, face), then (``corrected``) a correction; the
    hand is limped and checked down, seat 1's aces win 30 less 1."""
    t = Table(table_id)
    h = t.hand("h1", 1, {1: "1000", 2: "1000", 3: "1000"})
    h.act(2, "post_small_blind", 5)
    h.act(3, "post_big_blind", 10)
    for seat, c, face in deals:
        h.emit("deal", card=c, to="seat", seat=seat, face=face)
        h.hole.setdefault(seat, []).append(c)
    if corrected:
        h.emit("correction", reason="hole card exposed: replaced")
    h.act(1, "call", 10)
    h.act(2, "call", 5)
    h.act(3, "check")
    _check_down(h, [2, 3, 1])
    for seat in (2, 3, 1):
        for c in h.hole[seat][-2:]:
            h.emit("show", seat=seat, card=c)
    h.rake(1)
    h.award(1, 29)
    h.end()
    return t.rows


EXPOSED = [(2, "7c", "up"), (3, "8c", "down"), (1, "As", "down"), (2, "2d", "down"), (3, "3d", "down"),
           (1, "Ah", "down"), (2, "Jc", "down")]  # seat 2's first card came face up and was replaced by the next
case("exposed-hole-card", partial(_corrected, EXPOSED, False), ["THE-6.1", "THE-6.1"])  # face up; 3 cards
case("exposed-hole-card-corrected", partial(_corrected, EXPOSED, True), [])
MISDEALT = [(3, "8c", "down"), (2, "7c", "down"), (1, "As", "down"), (2, "2d", "down"), (3, "3d", "down"),
            (1, "Ah", "down")]  # the first card to the big blind: corrected, as art. 9(1) requires
case("deal-order", partial(_corrected, MISDEALT, False), ["THE-3.2", "THE-6.1"])
case("deal-order-corrected", partial(_corrected, MISDEALT, True), [])


# ---------------------------------------------------------------------------------------------------------------
# Straddles and posts out of turn are not in the text: no finding for them as such. Art. 6(4): "the player who bet
# the highest big blind" acts last pre-flop.


def _straddled(preflop: list[tuple], table_id: str) -> list[dict]:
    """Button 1, seats 1-4: blinds, seat 4 straddles 20, then ``preflop``; checked down; seat 1's aces win."""
    t = Table(table_id)
    h = t.hand("h1", 1, {1: "1000", 2: "1000", 3: "1000", 4: "1000"})
    h.act(2, "post_small_blind", 5)
    h.act(3, "post_big_blind", 10)
    h.act(4, "post_straddle", 20)
    h.deal({2: "7c2d", 3: "8c3d", 4: "Jd3c", 1: "AsAh"})
    for a in preflop:
        h.act(*a)
    _check_down(h, [2, 3, 4, 1])
    h.show(2, 3, 4, 1)
    h.rake(4)
    h.award(1, 76)
    h.end()
    return t.rows


case("straddle", partial(_straddled, [(1, "call", 20), (2, "call", 15), (3, "call", 10), (4, "check")]), [])
case("straddle-no-option", partial(_straddled, [(1, "call", 20), (2, "call", 15), (3, "call", 10)]), ["THE-6.2"])


@pytest.fixture(scope="module")
def audited(tmp_path_factory) -> dict[str, list[tuple]]:
    return audit_cases(tmp_path_factory.mktemp("holdem"), CASES)


@pytest.mark.parametrize("c", CASES, ids=[c.id for c in CASES])
def test_hand_built(audited, c):
    assert sorted(f[0] for f in audited[c.id]) == c.found, audited[c.id]
