"""Art. 5 (牌型的大小, ranking of hands): "A higher hand always beats a lower hand": royal flush > straight flush > four
of a kind > full house > flush > straight > three of a kind > two pairs > one pair > high card; "(6) … In the
combination A, 5, 6, 7, 8 the Ace may be used as a 4. This combination is the lowest straight"; within a category
"the odd card is not counted" (four of a kind), "the pair is not counted" (full house), "the other two cards are
not counted" (three of a kind), else card by card; "If all are equal, it is a tie."

Judged through the awards (``games/stud/showdown.py``), each wrong award under the rule it contradicts: 5CS-5.1 a
lower category paid, 5CS-5.2 an award that a misreading of the straights explains, 5CS-5.3 a weaker hand of the best
hand's category paid, 5CS-5.4 equal hands not shared (suits break no tie)."""

from __future__ import annotations

from auditor.engine.registry import register
from auditor.engine.replay_runner import ReplayRule
from auditor.games.stud.showdown import award_breaches, showdown_rule

for rule_id in ("5CS-5.1", "5CS-5.2", "5CS-5.3", "5CS-5.4"):
    register(ReplayRule(id=rule_id, game="stud", check=award_breaches(rule_id), applies=showdown_rule(rule_id)))
