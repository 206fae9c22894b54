"""The planted stud violations and the clock of art. 11 b): a plant of the order of play changes who acts when, never
how long a player took to decide, nor makes a fold forced for time the planted act. Otherwise a hand planted with one
rule also breaks 5CS-11.2 (or an order rule) without a label, which the round trip finds only now and then at scale
(time-outs are rare); here they are made frequent."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

import auditor.sim.stud.hand
from auditor.sim.stud.hand import HandEngine, PlayedHand
from auditor.sim.stud.head import betting
from auditor.sim.stud.plan import HandPlan
from auditor.sim.stud.plant_turns import PLANTS
from auditor.sim.stud.players import Player
from auditor.sim.stud.table import StudTable
from auditor.sim.stud.timing import DECISION_LIMIT_MS, Clock

HANDS = 300


def hands(monkeypatch: pytest.MonkeyPatch, plan: HandPlan | None = None) -> Iterator[tuple[PlayedHand, HandPlan]]:
    """Hands of seven players in which a player is folded for time at one decision in four."""
    monkeypatch.setattr(auditor.sim.stud.hand, "P_TIME_OUT", 0.25)
    rng = random.Random(11)
    engine = HandEngine(StudTable("S01", ante=20, chip_unit=5, target_players=(2, 7)), rng, Clock(rng))
    for n in range(HANDS):
        seated = {seat: Player(f"P{seat}", 5000, 0.9, 0.5) for seat in range(1, 8)}
        hand_plan = HandPlan(force=plan.force) if plan else HandPlan()
        yield engine.play(f"S01-{n:04d}", "S01-K0001", seated, hand_plan), hand_plan


def timed_lawfully(hand: PlayedHand) -> bool:
    """Every action within two minutes of the event before it, but a fold forced for time, which comes after them."""
    return all((delay > DECISION_LIMIT_MS) == (event.get("reason") == "time_out")
               for delay, event in hand.head if event["event"] == "action")


@pytest.mark.parametrize("rule", ["5CS-10.10", "5CS-10.11", "5CS-10.12", "5CS-10.15", "5CS-11.3"])
def test_actions_swapped_keep_their_decision_times(rule: str, monkeypatch: pytest.MonkeyPatch) -> None:
    rng, planted = random.Random(3), 0
    for hand, _ in hands(monkeypatch):
        assert timed_lawfully(hand)
        if PLANTS[rule](hand, rng):
            planted += 1
            assert timed_lawfully(hand), (rule, hand.hand_id)
    assert planted > 10


def test_the_wrong_opener_is_not_folded_for_time(monkeypatch: pytest.MonkeyPatch) -> None:
    """5CS-10.4: the second highest open card opens round 1, and that opening is the planted act; the croupier
    folding him for time in the highest card's turn would be an out-of-turn first action without its label."""
    for hand, plan in hands(monkeypatch, HandPlan(force="wrong_opener")):
        first = next(event for _, round_no, event in betting(hand) if round_no == 1)
        assert plan.forced is first, hand.hand_id
        assert first.get("reason") != "time_out"
