"""Plants at the level of a table (its configuration) or a shoe (cut, burns, demonstrations, last coups)."""

from __future__ import annotations

import random
from dataclasses import dataclass

from auditor.sim.baccarat.table import Table

CUT_CARD_MIN_REMAINING = 12  # art. 2(1): ruleset parameters cut_card_min_remaining
CUT_CARD_TOLERANCE = 2  # and cut_card_tolerance
MAX_DEMOS = 3  # art. 2(2)


def table_overrides(rule: str, rng: random.Random) -> dict[str, int]:
    """Art. 1: a table declaring (and really using) 5 or 13 decks (BAC-1.1), or six seats (BAC-1.3)."""
    return {"decks": rng.choice((5, 13))} if rule == "BAC-1.1" else {"seats": 6}


@dataclass(frozen=True, slots=True)
class ShoePlan:
    """How a shoe departs from the regulation; the defaults depart in nothing."""

    rule: str | None = None
    cut_position: int | None = None  # BAC-2.1
    burn_delta: int = 0  # BAC-2.2
    demos: int | None = None  # BAC-2.3: demonstration coups (None: the usual 0-3)
    demo_bet: bool = False  # BAC-2.3: a settled bet on the demonstration coup
    late_demo: bool = False  # BAC-2.3: a demonstration coup after the shoe's first coup
    extra_coup: bool = False  # BAC-3.1: one coup more after the cut card than allowed
    end_inside_last: bool = False  # BAC-3.2: shoe_end before the last coup's coup_end


NO_PLAN = ShoePlan()


def shoe_plan(rule: str, table: Table, rng: random.Random) -> ShoePlan | None:
    """The plan planting ``rule`` in the next shoe of ``table``; ``None`` if the table cannot show it (an automatic
    shuffler-dealer has no cut card and no burns, art. 2(3))."""
    manual = not table.auto_shuffler
    if rule == "BAC-2.1" and manual:  # too few cards behind the cut card; more is lawful (a lower bound)
        # at least 6 cards, enough for the coup in which the cut card comes out
        return ShoePlan(rule, cut_position=CUT_CARD_MIN_REMAINING - CUT_CARD_TOLERANCE - rng.randint(1, 4))
    if rule == "BAC-2.2" and manual:
        return ShoePlan(rule, burn_delta=rng.choice((-1, 1)))
    if rule == "BAC-2.3":  # a settled bet on a demonstration coup, one too many, or one after the first coup
        pick = rng.random()
        if pick < 1 / 3:
            return ShoePlan(rule, demos=1, demo_bet=True)
        return ShoePlan(rule, demos=MAX_DEMOS + 1) if pick < 2 / 3 else ShoePlan(rule, late_demo=True)
    if rule == "BAC-3.1" and manual:
        return ShoePlan(rule, extra_coup=True)
    if rule == "BAC-3.2":
        return ShoePlan(rule, end_inside_last=True)
    return None
