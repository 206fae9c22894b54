"""Art. 4 (玩法, object of the game): "The object is to win the pot (the sum of all bets). To do so a player must hold
cards higher than those of the other players, or make the other players give up the hand. The winner (there may be
several) takes the pot. If two or more players in the same hand hold hands of equal rank, they share the pot
equally."

Judged through the awards (``games/stud/showdown.py``): 5CS-4.1 a hand won when every other player folded (the pot
less the rakes of arts. 8 and 9 to the one left), 5CS-4.2 each pot of a showdown to its best hand, 5CS-4.3 equal
hands sharing equally, the odd chip to the first tied winner counterclockwise from the croupier's right."""

from __future__ import annotations

from auditor.engine.registry import register
from auditor.engine.replay_runner import ReplayRule
from auditor.games.stud.showdown import UNCONTESTED_ONLY, award_breaches, showdown_rule

register(ReplayRule(id="5CS-4.1", game="stud", check=award_breaches("5CS-4.1"), applies=UNCONTESTED_ONLY))
for rule_id in ("5CS-4.2", "5CS-4.3"):
    register(ReplayRule(id=rule_id, game="stud", check=award_breaches(rule_id), applies=showdown_rule(rule_id)))
