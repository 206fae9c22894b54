"""Art. 11 c) (輪流下注, betting in turn): "Each player may declare his action only when it is his turn. If he
intends to give up the pot, he may not reveal this by words or other means before his turn."

After a bet, an action in another player's turn (the turn goes counterclockwise from the bettor's right), and an
action when it was nobody's turn (between two rounds, or by the last player left) are this rule's; before a bet, an
action in another player's turn is the finding of the rule that says who leads or has the option (art. 10 b)-d),
docs/stud-checks.md). Words and gestures are not logged."""

from __future__ import annotations

from auditor.engine.registry import register
from auditor.engine.replay_runner import ReplayRule
from auditor.games.stud.turns import IN_TURN, out_of_turn

register(ReplayRule(id="5CS-11.3", game="stud", check=out_of_turn("5CS-11.3"), applies=IN_TURN))
