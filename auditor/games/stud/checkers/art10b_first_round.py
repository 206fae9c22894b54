"""Art. 10 b) (首輪, first round): "The player holding the highest open card makes the first bet of the first round.
If he does not make it, he is deemed to have abandoned the hand, and the right to make the first bet passes to the
holder of the next highest open card. If several players hold open cards of the same rank, the suit decides. Suits
from highest to lowest: spades, hearts, clubs, diamonds. … After the first bet, starting with the first player to the
right of the bettor and going counterclockwise, each player does one of the following: 1) Fold …; 2) Call: he puts
into the pot a stake equal to the bettor's; 3) Raise: he puts into the pot a stake equal to the previous bettor's and
adds a further stake. The raise may not be less than the previous bettor's bet, unless the raiser is short of funds
(all-in); 4) Re-raise … If two or more players remain in the hand and all have called, the dealer deals each of them
a third card face up" (the same in rounds 2-4, art. 10 c) iii), d))."""

from __future__ import annotations

from collections.abc import Iterator

from auditor.engine.registry import register
from auditor.engine.replay_runner import Breach, ReplayRule, breach
from auditor.engine.ruleset import Ruleset
from auditor.games.poker.conditions import all_in_logged, all_of, bet_made, raise_made, seated, short_bet, short_call
from auditor.games.stud.deal_order import later_cards
from auditor.games.stud.hand import ROUNDS, Hand
from auditor.games.stud.turns import IN_TURN, betting_actions, closed_early, deals_seated, out_of_turn


def _no_check(hand: Hand, ruleset: Ruleset) -> Iterator[Breach]:
    """Before the first bet of round 1 the player whose turn it is bets or gives up the hand: no check, no call."""
    for a, _ in betting_actions(hand):
        if a.street == ROUNDS[0] and a.current_bet == 0 and a.kind in ("check", "call", "raise"):
            yield breach(a.src, f"seat {a.seat} made a {a.kind} before the first bet of round 1 (art. 10 b): the "
                                "highest open card bets or abandons the hand)", "bet or fold", a.kind)


def _after_a_bet(hand: Hand, ruleset: Ruleset) -> Iterator[Breach]:
    """After a bet each player folds, calls the bet or raises: a 'bet' facing a bet, a call of another amount, or a
    'raise' that puts in no more than the bet (not all-in) is none of them (a check facing a bet is 5CS-10.14's)."""
    for a, _ in betting_actions(hand):
        if a.current_bet == 0:
            continue
        if a.kind == "raise" and a.total <= a.current_bet and a.all_in is False:
            yield breach(a.src, f"'raise' by seat {a.seat} to {a.total.normalize():f}, no more than the bet of "
                                f"{a.current_bet.normalize():f} in round {a.street} (art. 10 b) 3): a raise adds a "
                                "further stake)", "fold, call or raise", "raise")
        elif a.kind == "bet":
            yield breach(a.src, f"'bet' by seat {a.seat} facing a bet of {a.current_bet.normalize():f} in round "
                                f"{a.street}: after a bet each player folds, calls or raises (art. 10 b))",
                         "fold, call or raise", "bet")
        elif a.kind == "call" and (due := a.wrong_call()) is not None:
            yield breach(a.src, f"seat {a.seat} called {a.amount.normalize():f} when {due.normalize():f} was due in "
                                f"round {a.street} (art. 10 b) 2): a stake equal to the bettor's)",
                         f"{due.normalize():f}", f"{a.amount.normalize():f}")


def _card_to_one_player(hand: Hand, ruleset: Ruleset) -> Iterator[Breach]:
    """A card of rounds 2-4 dealt when fewer than two players remain in the hand (the first such card)."""
    folds = sorted([a.src.seq for a in hand.actions if a.kind == "fold" and a.live_players > 1]
                   + [src.seq for src in hand.dead.values()])  # a dead hand (art. 11 d)) is out, as one folded
    for d in hand.deals:
        if d.street in ROUNDS[1:]:
            left = len(hand.seats) - sum(seq < d.src.seq for seq in folds)
            if left < 2:
                yield breach(d.src, f"a card was dealt to seat {d.seat} with {left} player(s) left in the hand "
                                    "(art. 10 b): a card only when two or more remain)", "no card", d.card)
                return


def _raise_size(hand: Hand, ruleset: Ruleset) -> Iterator[Breach]:
    reading = ruleset.param("min_raise")
    for a, _ in betting_actions(hand):
        if a.kind in ("bet", "raise") and a.current_bet > 0 and 0 < a.increment < a.min_increment and not a.all_in:
            yield breach(a.src, f"seat {a.seat} raised by {a.increment.normalize():f} in round {a.street}, less than "
                                f"the previous bettor's bet of {a.min_increment.normalize():f} (min_raise {reading}), "
                                "and is not all-in (art. 10 b) 3))", f">= {a.min_increment.normalize():f}",
                         f"{a.increment.normalize():f}")


# Not applicable: 10.6 to a hand in which nobody bet, 10.7 to one without a raise, 10.8 to one without a later card.
register(ReplayRule[Hand](id="5CS-10.4", game="stud", check=out_of_turn("5CS-10.4"), applies=IN_TURN))
register(ReplayRule[Hand](id="5CS-10.5", game="stud", check=lambda h, r: [
    *out_of_turn("5CS-10.5")(h, r), *_no_check(h, r), *closed_early("5CS-10.5")(h, r)], applies=IN_TURN))
register(ReplayRule[Hand](id="5CS-10.6", game="stud", check=lambda h, r: [
    *_after_a_bet(h, r), *closed_early("5CS-10.6")(h, r)],
    applies=all_of(bet_made, IN_TURN, all_in_logged(short_call))))
register(ReplayRule[Hand](id="5CS-10.7", game="stud", check=_raise_size,
                          applies=all_of(raise_made, seated, deals_seated, all_in_logged(short_bet))))
register(ReplayRule[Hand](id="5CS-10.8", game="stud", check=lambda h, r: [
    *closed_early("5CS-10.8")(h, r), *_card_to_one_player(h, r)], applies=all_of(later_cards, IN_TURN)))
