"""Art. 7 (公共牌及第二轮投注): "1. … the croupier burns one card and then deals three cards face up … 2. The croupier
then takes the second round of bets, starting with the first player to the left of the indicator. 3. From the second
betting round on, each participant makes one of these decisions: (1) bet; (2) check; (3) fold." """

from __future__ import annotations

from collections.abc import Iterator

from auditor.engine.registry import register
from auditor.engine.replay_runner import Breach, ReplayRule, breach
from auditor.engine.ruleset import Ruleset
from auditor.games.holdem.board import street_cards
from auditor.games.holdem.conditions import (
    all_in_logged,
    all_of,
    as_dealt,
    betting_in,
    board_dealt,
    button_logged,
    seated,
    short_call,
    unless_not_logged,
)
from auditor.games.holdem.hand import Hand
from auditor.games.holdem.turns import out_of_turn


def _options(hand: Hand, ruleset: Ruleset) -> Iterator[Breach]:
    for a in hand.actions:
        if a.street == "preflop":
            continue
        if a.kind == "check" and a.to_call > 0:
            message, expected = f"check facing {a.to_call.normalize():f} to call", "call, raise or fold"
        elif a.kind == "bet" and a.current_bet > 0:
            message, expected = "bet facing a bet (a raise, art. 12)", "raise"
        elif a.kind == "raise" and a.current_bet == 0:
            message, expected = "raise with no bet to raise", "bet"
        elif a.kind == "call" and (due := a.wrong_call()) is not None:
            message, expected = (f"call of {a.amount.normalize():f} when {a.to_call.normalize():f} was due",
                                 f"{due.normalize():f}")
        else:
            continue
        yield breach(a.src, f"{a.street}: seat {a.seat} {message} (art. 7(3))", expected, a.kind)


# A hand that ended before the flop is not applicable to these rules; 7.2 and 7.3 neither are to one with no betting
# on the flop (7.3: after it), fewer than two players able to bet (the others all-in: the board is run out).
register(ReplayRule[Hand](id="THE-7.1", game="holdem", check=lambda h, r: street_cards(h, "flop", 3, "art. 7(1)"),
                          applies=all_of(board_dealt("flop"), unless_not_logged("burns"), as_dealt)))
register(ReplayRule[Hand](id="THE-7.2", game="holdem", check=out_of_turn(("flop",), "art. 7(2)"),
                          applies=all_of(betting_in("flop"), seated, button_logged)))
register(ReplayRule[Hand](id="THE-7.3", game="holdem", check=_options,
                          applies=all_of(betting_in("flop", "turn", "river"), seated, all_in_logged(short_call))))
