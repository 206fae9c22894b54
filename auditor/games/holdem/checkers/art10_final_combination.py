"""Art. 10 (最后组合): "2. The player with the best five-card combination wins all the bets on the table (the pot).
3. Players may not agree to share the pot … 4. If two or more players hold the same combination, they share the pot
equally, divided down to the lowest divisible unit. 5. Any indivisible remainder goes to the first player to the
croupier's left who is still playing the hand." Side pots: the standard construction (docs/readings.md)."""

from __future__ import annotations

from collections.abc import Iterator

from auditor.engine.registry import register
from auditor.engine.replay_runner import Breach, ReplayRule
from auditor.engine.ruleset import Ruleset
from auditor.games.holdem.conditions import played_only, seated
from auditor.games.holdem.hand import Hand
from auditor.games.holdem.rake import largest_rake, raked_pot
from auditor.games.holdem.showdown import award_breaches, awards_missing, review, showdown_applies
from auditor.games.poker.accounts import account_breaches


def _best_hand(hand: Hand, ruleset: Ruleset) -> Iterator[Breach]:
    """Art. 10(2): the chips of the hand add up (``accounts.py``; a rake not logged is at most what art. 16 allows
    on the pot it rakes, without the uncalled bet), and each pot went to its best hand."""
    bound = ("art. 16", lambda: largest_rake(hand, ruleset, raked_pot(hand)))
    yield from account_breaches(hand, "art. 10(2)", largest_rake=bound)
    if review(hand, ruleset).missing is None:
        yield from award_breaches("THE-10.2")(hand, ruleset)


register(ReplayRule[Hand](id="THE-10.2", game="holdem", check=_best_hand,
                          applies=lambda h, r: played_only(h, r) or seated(h, r) or awards_missing(h)))
for rule_id in ("THE-10.3", "THE-10.4", "THE-10.5"):
    register(ReplayRule[Hand](id=rule_id, game="holdem", check=award_breaches(rule_id),
                              applies=showdown_applies(rule_id)))
