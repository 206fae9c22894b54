"""Art. 10 d) (第四輪, fourth round): "This is the last round of the hand. Its rules are those of the second round,
except that the holder of the higher four open cards acts first. Four open cards rank, from highest to lowest: a
possible royal flush; a possible straight flush; four of a kind; a possible flush; a possible straight; three of a
kind; two pairs; the highest pair formed with the fourth open card. Four cards that are not consecutive are not a
possible straight." Without such a combination the highest fourth open card leads (``round4_no_combination_leader``)."""

from __future__ import annotations

from auditor.engine.registry import register
from auditor.engine.replay_runner import ReplayRule
from auditor.games.poker.conditions import all_of, betting_in, reached
from auditor.games.stud.hand import ROUNDS
from auditor.games.stud.turns import IN_TURN, out_of_turn

# Not applicable to a hand that ended before the fourth round; 10.12 neither to one in which fewer than two players
# could bet in it (an action after the cards went round is then 10.17's).
register(ReplayRule(id="5CS-10.12", game="stud", check=out_of_turn("5CS-10.12"),
                    applies=all_of(betting_in(ROUNDS[-1]), IN_TURN)))
register(ReplayRule(id="5CS-10.17", game="stud", check=out_of_turn("5CS-10.17"),
                    applies=all_of(reached(ROUNDS[-1]), IN_TURN)))
