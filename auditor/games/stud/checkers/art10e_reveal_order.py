"""Art. 10 e) (開牌, showdown): "After the last round, starting with the player to the right of the holder of the
highest four-open-card combination and going counterclockwise, all players turn over their hole cards in turn so
that everyone can see them."

5CS-10.18: the players still in at the showdown's first ``show`` (once the betting is over, of a player not folded
before it, nor his hand dead, art. 11 d)) turn their hole cards over counterclockwise from the right of the one whose
four open cards are the strongest (art. 10 d)'s order, ``leaders.py``), who shows last. One finding a hand, at the first
show out of that order; a player still in who does not show, a second show of a seat, or a show by a player who folded,
is left out (not an order: other rules' matter), and so is a hole card turned up before the betting was over (no
showdown yet). A hand won without a showdown has nothing to turn over; one with two or more players still in after four
rounds and no show logged is ``not_evaluated``."""

from __future__ import annotations

from collections.abc import Iterator

from auditor.engine.registry import register
from auditor.engine.replay_runner import NOT_APPLICABLE, Breach, ReplayRule, breach
from auditor.engine.ruleset import Ruleset
from auditor.games.poker.conditions import all_of, dealt, unless_not_logged
from auditor.games.poker.hand import Card
from auditor.games.poker.order import counterclockwise, first_out_of_order
from auditor.games.stud.deal_order import listed, strongest
from auditor.games.stud.hand import ROUNDS, Hand, per_hand
from auditor.games.stud.turns import seats_known


def _showdown(hand: Hand) -> list[Card]:
    """The shows from the end of the betting on."""
    end = hand.betting_end.seq if hand.betting_end is not None else None
    return [s for s in hand.shows if end is not None and s.src.seq >= end]


def _reveal_order(hand: Hand, ruleset: Ruleset) -> list[int] | str:
    """The seats in the order they show, or why it is not known or not judged."""
    first = next((s for s in _showdown(hand) if s.seat not in hand.out_before(s.src.seq)), None)
    if first is None:  # a hole card turned up before the betting was over, or by a folded player, is no showdown
        after_four = ROUNDS[-1] in hand.streets_played and len(hand.seats) - len(hand.folded) >= 2
        return "showdown without a show logged" if after_four else NOT_APPLICABLE  # no showdown: nothing to show
    folded = hand.out_before(first.src.seq)
    live = sorted(s for s in hand.seats if s not in folded)
    if not live:
        return []  # shows after everyone folded: no order to keep
    best = strongest(hand, live, 4)
    return f"who shows first: {best}" if isinstance(best, str) else counterclockwise(live, best)


_known, _order = per_hand("5CS-10.18", _reveal_order)


def _reveal(hand: Hand, ruleset: Ruleset) -> Iterator[Breach]:
    order = _order(hand, ruleset)
    found = first_out_of_order([(s.seat, s) for s in _showdown(hand) if s.seat is not None], order)  # no seat: no order
    if found is not None:
        show, seat = found
        best = order[-1]
        cards = " ".join(c or "?" for c in hand.open_cards(best, ROUNDS[-1]))
        yield breach(show.src, f"seat {show.seat} turned his hole card over before seat {seat} (art. 10 e): "
                               f"counterclockwise from the right of seat {best}, whose four open cards {cards} are "
                               f"the best: seats {listed(order)})", f"seat {seat}", f"seat {show.seat}")


register(ReplayRule(id="5CS-10.18", game="stud", check=_reveal,
                    applies=all_of(seats_known, dealt, unless_not_logged("croupier_position"), _known)))
