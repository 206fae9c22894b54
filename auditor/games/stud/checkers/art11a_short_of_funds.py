"""Art. 11 a) (缺資, short of funds): "A player who has put all his funds into the pot and cannot bet again is short.
His stake is limited to what he has put into the pot. If other players continue betting, their bets are placed
separately, because the short player has no interest in that separate pot … If at the end his hand is the highest,
he wins only the pot in which he bet, not the separate pot. The separate pot is won by the holder of the highest
hand among the other players. A player is not short while he still has funds on the table."

Judged through the awards (``games/stud/showdown.py``): a pot paid to a player still in who did not bet up to it.
Whether a player was short is read from his stack, not from the log's ``all_in`` (``poker/betting.py``): a player
with chips left who puts in less than the bet is 5CS-10.6's or 10.7's finding."""

from __future__ import annotations

from auditor.engine.registry import register
from auditor.engine.replay_runner import ReplayRule
from auditor.games.stud.showdown import award_breaches, showdown_rule

register(ReplayRule(id="5CS-11.1", game="stud", check=award_breaches("5CS-11.1"), applies=showdown_rule("5CS-11.1")))
