"""Art. 10 c) (第二輪, second round): "i) The player whose two open cards form the higher pair or, when no seat has a
pair, the player holding the highest second open card may act first in one of these ways: 1) Fold …; 2) Check: he
wishes to stay in the hand but does not bet in this round. A player who has checked may only call or call raises. He
has no right to raise or re-raise himself; 3) Bet … ii) If the player entitled to bet does not bet, the holder of the
second highest open cards decides whether to check, bet or fold. If no player bets and two or more players remain,
all players have checked; the dealer then deals the fourth card … iii) … Once a bet has been made no player may
check … v) The third round follows the rules of the second round. The holder of the higher three of a kind acts
first. If there is none, the player whose third and second open cards form a pair, or whose third and first open
cards form a pair, acts first. If no one holds three of a kind or such a pair, the holder of the highest third open
card acts first." Round 4 follows the same rules (art. 10 d))."""

from __future__ import annotations

from collections.abc import Iterator

from auditor.engine.registry import register
from auditor.engine.replay_runner import Breach, ReplayRule, breach
from auditor.engine.ruleset import Ruleset
from auditor.games.poker.conditions import all_of, bet_made, betting_in, seated
from auditor.games.stud.hand import ROUNDS, Hand
from auditor.games.stud.turns import IN_TURN, betting_actions, closed_early, deals_seated, out_of_turn


def _raise_after_check(hand: Hand, ruleset: Ruleset) -> Iterator[Breach]:
    for a, _ in betting_actions(hand):
        if a.street != ROUNDS[0] and a.checked and a.kind in ("bet", "raise") and a.current_bet > 0 and a.increment > 0:
            yield breach(a.src, f"seat {a.seat} raised in round {a.street} after checking in it (art. 10 c) i) 2): "
                                "he may only call or fold)", "call or fold", a.kind)


def _check_after_bet(hand: Hand, ruleset: Ruleset) -> Iterator[Breach]:
    for a, _ in betting_actions(hand):
        if a.kind == "check" and a.current_bet > 0:
            yield breach(a.src, f"seat {a.seat} checked in round {a.street} after a bet of "
                                f"{a.current_bet.normalize():f} (art. 10 c) iii): once a bet has been made no player "
                                "may check)", "fold, call or raise", "check")


def _before_a_bet(hand: Hand, ruleset: Ruleset) -> Iterator[Breach]:
    """Before the first bet of rounds 2-4 each player folds, checks or bets: nothing is there to call or raise."""
    for a, _ in betting_actions(hand):
        if a.street != ROUNDS[0] and a.current_bet == 0 and a.kind in ("call", "raise"):
            yield breach(a.src, f"seat {a.seat} made a {a.kind} before any bet in round {a.street} (art. 10 c) i), "
                                "ii): fold, check or bet)", "fold, check or bet", a.kind)


# A rule of the betting in rounds 2-4 (or in one of them) is not applicable to a hand that ended before it, or in
# which fewer than two players could bet in it (the others all-in: the cards go round, nobody acts); 10.14 to a hand
# in which nobody bet.
register(ReplayRule[Hand](id="5CS-10.10", game="stud", check=out_of_turn("5CS-10.10"),
                          applies=all_of(betting_in(ROUNDS[1]), IN_TURN)))
register(ReplayRule[Hand](id="5CS-10.11", game="stud", check=out_of_turn("5CS-10.11"),
                          applies=all_of(betting_in(ROUNDS[2]), IN_TURN)))
register(ReplayRule[Hand](id="5CS-10.13", game="stud", check=_raise_after_check,
                          applies=all_of(betting_in(ROUNDS[1]), seated, deals_seated)))
register(ReplayRule[Hand](id="5CS-10.14", game="stud", check=_check_after_bet,
                          applies=all_of(bet_made, seated, deals_seated)))
register(ReplayRule[Hand](id="5CS-10.15", game="stud", check=lambda h, r: [
    *out_of_turn("5CS-10.15")(h, r), *_before_a_bet(h, r), *closed_early("5CS-10.15")(h, r)],
    applies=all_of(betting_in(ROUNDS[1]), IN_TURN)))
