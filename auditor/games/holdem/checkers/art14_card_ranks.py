"""Art. 14 (纸牌的大小): "1. Suits are not ranked. 2. Card order: A, K, Q, J, 10 … 2. 3. When 5, 4, 3, 2 and A form
a straight, the Ace counts as the lowest." Judged through the awards (showdown.py)."""

from auditor.engine.registry import register
from auditor.engine.replay_runner import ReplayRule
from auditor.games.holdem.showdown import award_breaches, showdown_applies

for rule_id in ("THE-14.1", "THE-14.2"):
    register(ReplayRule(id=rule_id, game="holdem", check=award_breaches(rule_id), applies=showdown_applies(rule_id)))
