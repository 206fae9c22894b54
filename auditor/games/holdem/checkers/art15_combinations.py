"""Art. 15 (纸牌组合的大小): the ranking royal flush > straight flush > four of a kind > full house > flush > straight >
three of a kind > two pairs > one pair > five odd cards; "(3) Four of a kind … The other card is not counted and does
not affect the hand." Judged through the awards (showdown.py)."""

from auditor.engine.registry import register
from auditor.engine.replay_runner import ReplayRule
from auditor.games.holdem.showdown import award_breaches, showdown_applies

for rule_id in ("THE-15.1", "THE-15.2"):
    register(ReplayRule(id=rule_id, game="holdem", check=award_breaches(rule_id), applies=showdown_applies(rule_id)))
