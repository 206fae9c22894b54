"""Art. 3 (开始程序): "1. … (1) the croupier shuffles by hand, cuts with the white card …; (2) the croupier uses a
shuffling machine, in which case no cut is needed. 2. The croupier deals in order starting with the first player to
the left of the indicator (the "small blind")." """

from __future__ import annotations

from collections.abc import Iterator

from auditor.engine.registry import register
from auditor.engine.replay_runner import NOT_APPLICABLE, Breach, ReplayRule, breach
from auditor.engine.ruleset import Ruleset
from auditor.games.holdem.conditions import as_dealt, button_logged, seated, unless_not_logged
from auditor.games.holdem.hand import Hand
from auditor.games.poker.order import clockwise


def _cut(hand: Hand, ruleset: Ruleset) -> Iterator[Breach]:
    first = hand.first_deal_seq()
    for src, method in hand.shuffles:
        if method == "manual" and not any(src.seq < c.seq and (first is None or c.seq < first) for c in hand.cuts):
            yield breach(src, "manual shuffle without a cut before the deal (art. 3(1)(1))", "cut", "no cut")


def _first_card(hand: Hand, ruleset: Ruleset) -> Iterator[Breach]:
    if not hand.deals:
        return
    expected = clockwise(sorted(hand.seats), hand.button)[0]
    first = hand.deals[0]
    if first.seat != expected:
        yield breach(first.src, f"first card dealt to seat {first.seat}; art. 3(2): to the first player left of the "
                                f"button (seat {expected})", expected, first.seat)


def _shuffled_by_hand(hand: Hand, ruleset: Ruleset) -> str | None:
    """Art. 3(1)(1) is about a manual shuffle: a hand shuffled by machine only (no cut needed) is not applicable; one
    whose shuffle is not logged, or does not say how, is not evaluated."""
    methods = {method for _, method in hand.shuffles}
    if not methods:
        return "no shuffle logged"
    if "manual" in methods:
        return None
    return NOT_APPLICABLE if methods == {"machine"} else "a shuffle method neither manual nor machine"


register(ReplayRule[Hand](id="THE-3.1", game="holdem", check=_cut, applies=_shuffled_by_hand))
def _first_card_applies(hand: Hand, ruleset: Ruleset) -> str | None:
    """A seat of a played hand that did not receive its two cards may have been dealt the first card, unlogged:
    that is THE-6.1's finding (a voided hand's deal may stop anywhere, art. 9(2))."""
    why = (unless_not_logged("deal_order")(hand, ruleset) or seated(hand, ruleset) or as_dealt(hand, ruleset)
           or button_logged(hand, ruleset))
    if why:
        return why
    counts = {s: sum(d.seat == s for d in hand.deals) for s in hand.seats}
    return "hole cards missing (THE-6.1)" if hand.void is None and any(n != 2 for n in counts.values()) else None


register(ReplayRule[Hand](id="THE-3.2", game="holdem", check=_first_card, applies=_first_card_applies))
