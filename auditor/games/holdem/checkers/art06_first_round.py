"""Art. 6 (开始牌局): "1. Starting with the first player to the left of the indicator, the croupier deals the cards
clockwise …, one card at a time, two cards in all, face down. 3. … starting with the player to the left of the two
players in art. 5 and going clockwise, each player chooses: (1) bet (call); (2) raise; or (3) fold. 4. In the first
betting round, the player who posted the big blind … acts last: he may fold, raise or check. 5. In subsequent
betting rounds, the player holding the indicator makes the last bet, raise or fold." """

from __future__ import annotations

from collections.abc import Iterator

from auditor.engine.registry import register
from auditor.engine.replay_runner import NOT_APPLICABLE, Breach, ReplayRule, breach
from auditor.engine.ruleset import Ruleset
from auditor.games.holdem.conditions import all_in_logged, all_of, as_dealt, betting_in, dealt, seated, short_call
from auditor.games.holdem.hand import STREETS, Hand
from auditor.games.holdem.turns import BETTING, closed_early, out_of_turn
from auditor.games.poker.hand import Card
from auditor.games.poker.order import clockwise

LATER = STREETS[1:]  # the betting rounds after the first (art. 6(5))


def _hole_cards(hand: Hand, ruleset: Ruleset) -> Iterator[Breach]:
    """Each card face down; two to each player, in order, unless the hand was voided (art. 9(2)): its deal may have
    stopped anywhere."""
    dealt: dict[int | None, list[Card]] = {}
    for d in hand.deals:
        dealt.setdefault(d.seat, []).append(d)
        if d.face == "up":
            yield breach(d.src, f"hole card dealt face up to seat {d.seat} (art. 6(1): face down)", "down", "up")
    if hand.void is not None:
        return
    miscounted = False
    for seat in sorted(hand.seats):
        count = len(dealt.get(seat, []))
        if count != 2:
            miscounted = True
            where = dealt[seat][-1].src if dealt.get(seat) else hand.seat_sources[seat]
            yield breach(where, f"seat {seat} received {count} hole card(s); art. 6(1): two", 2, count)
    if "deal_order" in hand.table.not_logged or hand.button is None or miscounted:
        return  # the order of a deal with a card missing or too many is not judged: the count is the finding
    order = clockwise(sorted(hand.seats), hand.button)
    expected = order + order
    for d, seat in zip(hand.deals, expected):
        if d.seat != seat:
            yield breach(d.src, f"hole card dealt to seat {d.seat}; art. 6(1) deals one at a time, clockwise from "
                                f"the left of the button: seat {seat} was next", seat, d.seat)
            break


def _preflop_options(hand: Hand, ruleset: Ruleset) -> Iterator[Breach]:
    for a in hand.actions:
        if a.street != "preflop" or a.kind not in BETTING:
            continue
        if a.kind == "check" and a.to_call > 0:
            yield breach(a.src, f"pre-flop check by seat {a.seat} facing {a.to_call.normalize():f} to call; "
                                "art. 6(3)-(4) allows a check only to the big blind in an unraised pot",
                         "call, raise or fold", "check")
        elif a.kind == "bet":
            yield breach(a.src, f"pre-flop 'bet' by seat {a.seat}: the big blind is the bet; the options are call, "
                                "raise or fold (art. 6(3))", "call, raise or fold", "bet")
        elif a.kind == "call" and (due := a.wrong_call()) is not None:
            yield breach(a.src, f"seat {a.seat} called {a.amount.normalize():f} when {a.to_call.normalize():f} was "
                                "due (art. 6(3)(1))", f"{due.normalize():f}", f"{a.amount.normalize():f}")


_BB_OPTION = closed_early(("preflop",), True, "art. 6(4): the big blind's option")


def _option_due(hand: Hand, ruleset: Ruleset) -> str | None:
    """Art. 6(4)'s option is due in a pre-flop round that a player called and nobody but the big blind raised: a hand
    raised before the flop, or won by the big blind when all folded, is not applicable (unless the round ended
    before his option all the same). Neither is a big blind all in on his blind (no chips to act with), nor one left
    with nobody to bet against (the others all in: the flop is not bet) who does not act (taking his option or not
    is the same)."""
    preflop = [a for a in hand.actions if a.street == "preflop"]
    post = next((a for a in preflop if a.kind == "post_big_blind"), None)
    big_blind = post.seat if post else None
    raised = any(a.kind in ("bet", "raise") and a.seat != big_blind for a in preflop)
    alone = ("flop" in hand.streets_played and "flop" not in hand.streets_bet
             and not any(a.seat == big_blind and a.kind in BETTING for a in preflop))
    due = not raised and any(a.kind == "call" for a in preflop) and not alone and not (post and post.all_in)
    return None if due or next(iter(_BB_OPTION(hand, ruleset)), None) else NOT_APPLICABLE


register(ReplayRule[Hand](id="THE-6.1", game="holdem", check=_hole_cards,
                          applies=all_of(dealt, seated, as_dealt)))
# Not applicable to a hand in which nobody could act after the blinds (all in on them, or all but one who had matched
# them), unless a betting action is logged there all the same.
register(ReplayRule[Hand](id="THE-6.2", game="holdem", check=lambda h, r: [
    *out_of_turn(("preflop",), "art. 6(3)")(h, r), *closed_early(("preflop",), False, "art. 6(3)")(h, r)],
    applies=all_of(betting_in("preflop"), seated)))
register(ReplayRule[Hand](id="THE-6.3", game="holdem", check=_preflop_options,
                          applies=all_of(betting_in("preflop"), seated, all_in_logged(short_call))))
register(ReplayRule[Hand](id="THE-6.4", game="holdem", check=_BB_OPTION, applies=all_of(seated, _option_due)))
# Not applicable to a hand with no betting after the flop (it ended before, or fewer than two players could bet).
register(ReplayRule[Hand](id="THE-6.5", game="holdem", check=closed_early(LATER, None, "art. 6(5)"),
                          applies=all_of(betting_in(*LATER), seated)))
