"""Art. 9 (派牌错误): "1. Any error found in dealing … shall be corrected at once. 2. If it cannot be corrected, the
hand is declared void and the bets are returned to the players." """

from __future__ import annotations

from collections.abc import Iterator
from decimal import Decimal

from auditor.engine.registry import register
from auditor.engine.replay_runner import Breach, ReplayRule, breach
from auditor.engine.ruleset import Ruleset
from auditor.games.holdem.conditions import voided_only
from auditor.games.holdem.hand import Hand


def _void_refunded(hand: Hand, ruleset: Ruleset) -> Iterator[Breach]:
    void = hand.void
    if void is None:
        return  # never: only voided hands are judged (``voided_only``)
    back: dict[int | None, Decimal] = {}  # None: a refund naming no seat
    for r in hand.refunds:
        back[r.seat] = back.get(r.seat, Decimal(0)) + r.amount
    for seat, paid in sorted(hand.contributions.items()):
        if back.get(seat, Decimal(0)) != paid:
            yield breach(void, f"voided hand: seat {seat} put in {paid.normalize():f} and got back "
                         f"{back.get(seat, Decimal(0)).normalize():f} (art. 9(2))", f"{paid.normalize():f}",
                         f"{back.get(seat, Decimal(0)).normalize():f}")
    for award in hand.awards:
        yield breach(award.src, f"voided hand: {award.amount.normalize():f} awarded to seat {award.seat} (art. 9(2): "
                                "the bets are returned)", "no award", f"{award.amount.normalize():f}")


register(ReplayRule[Hand](id="THE-9.1", game="holdem", check=_void_refunded, applies=voided_only))
