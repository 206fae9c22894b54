"""Art. 13 (盖牌之适用规则): "(3) Amounts bet by a folding player go into the winner's pot." A folded player gets
nothing back and no share of any pot."""

from __future__ import annotations

from collections.abc import Iterator

from auditor.engine.registry import register
from auditor.engine.replay_runner import Breach, ReplayRule, breach
from auditor.engine.ruleset import Ruleset
from auditor.games.holdem.conditions import all_of, fold_made, played_only, seated
from auditor.games.holdem.hand import Hand
from auditor.games.holdem.showdown import award_breaches, awards_applies


def _folded_chips_stay(hand: Hand, ruleset: Ruleset) -> Iterator[Breach]:
    for r in hand.refunds:
        if r.seat in hand.folded:
            yield breach(r.src, f"folded seat {r.seat} got {r.amount.normalize():f} back (art. 13(3): his bets go "
                                "to the pot)", "0", f"{r.amount.normalize():f}")


# Not applicable to a hand in which nobody folded.
register(ReplayRule[Hand](id="THE-13.2", game="holdem", check=_folded_chips_stay,
                          applies=all_of(played_only, seated, fold_made)))
register(ReplayRule[Hand](id="THE-13.3", game="holdem", check=award_breaches("THE-13.3"),
                          applies=all_of(seated, fold_made, awards_applies)))
