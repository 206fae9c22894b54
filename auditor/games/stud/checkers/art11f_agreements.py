"""Art. 11 f) (協議, agreements): "Whoever the winner is, two or more players may not agree to share the pot."

A private agreement is not in the log; its outcome is: a pot shared between the best hand and a hand that is not
equal to it (``games/stud/showdown.py``)."""

from __future__ import annotations

from auditor.engine.registry import register
from auditor.engine.replay_runner import ReplayRule
from auditor.games.stud.showdown import SHOWDOWN_ONLY, award_breaches

register(ReplayRule(id="5CS-11.5", game="stud", check=award_breaches("5CS-11.5"), applies=SHOWDOWN_ONLY))
