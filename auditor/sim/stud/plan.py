"""How a stud hand is played to carry a planted violation: the one place of ``HandEngine.play`` where the lawful
choice is swapped for an unlawful one. An empty plan plays the lawful hand, drawing exactly the same random numbers.

* ``antes``: seats whose ante is not the table's (5CS-6.3, 6.5);
* ``rig``: every player's five cards, in dealing order (a showdown of art. 4 or 5 that chance seldom deals);
  ``stay``: players who never fold nor time out (the rigged ones, so that the rigged cards are all dealt);
* ``fold_first``: players who fold at their first turn (a visitor, so that the pack is not exhausted);
* ``force``: one unlawful act of the betting (``FORCES``), made once, by the first player who can make it;
  ``forced`` is then the event it wrote."""

from __future__ import annotations

from dataclasses import dataclass, field

from auditor.sim.stud.betting import Betting
from auditor.sim.stud.policy import sized_bet
from auditor.sim.stud.table import StudTable

FORCES = {
    "5CS-10.4": "wrong_opener",  # art. 10 b): the second highest open card opens round 1
    "5CS-10.5": "opener_checks",  # art. 10 b): the opener of round 1 checks
    "5CS-10.7": "short_raise",  # art. 10 b) 3): a raise by less than the previous bet, not all in
    "5CS-10.13": "check_raise",  # art. 10 c) i) 2): a player who checked raises in the same round
    "5CS-10.14": "check_after_bet",  # art. 10 c) iii): a check after a bet in the round
    "5CS-11.2": "late",  # art. 11 b): a decision after more than two minutes, not a forced fold
}
NOTES = {
    "wrong_opener": "round 1 opened by the second highest open card", "opener_checks": "the opener of round 1 checked",
    "short_raise": "a raise by less than the previous bet, not all in",
    "check_raise": "a raise by a player who checked in the round", "check_after_bet": "a check after a bet",
    "late": "a decision after more than two minutes",
}


@dataclass(slots=True)
class HandPlan:
    antes: dict[int, int] = field(default_factory=dict)
    rig: dict[int, list[str]] = field(default_factory=dict)
    stay: frozenset[int] = frozenset()
    fold_first: frozenset[int] = frozenset()
    force: str | None = None
    forced: dict | None = None


def may_time_out(plan: HandPlan, b: Betting, seat: int) -> bool:
    """Whether the croupier may fold the player whose turn it is for time: not one the plan keeps in, nor the wrong
    opener of round 1 (``wrong_opener``), whose opening is the planted act (folded for time in the highest open
    card's turn, his would be an unplanned breach of the order)."""
    return seat not in plan.stay and not (plan.force == "wrong_opener" and plan.forced is None and _opening(b))


def _opening(b: Betting) -> bool:
    return b.round_no == 1 and not b.current and not b.acted


def planned(plan: HandPlan, b: Betting, seat: int, kind: str, amount: int,
            table: StudTable) -> tuple[str, int, str | None]:
    """The action the plan makes of the lawful choice (``kind``, ``amount``) of the player whose turn it is, and
    the name of the force when this is the planted act."""
    if seat in plan.fold_first:
        return "fold", 0, None
    force = plan.force if plan.forced is None else None
    if force in ("wrong_opener", "opener_checks") and _opening(b):
        if force == "opener_checks":
            return "check", 0, force
        return (*sized_bet(b, seat, table.ante, table), force) if kind == "fold" else (kind, amount, force)
    owed = b.to_call(seat)
    if force == "short_raise" and kind == "raise" and not b.raised:
        increment = table.down(b.current // 2)
        if increment >= table.chip_unit and owed + increment < b.stack[seat]:
            return "raise", owed + increment, force
    if force == "check_raise" and b.round_no > 1 and seat in b.checked and owed:
        raised = b.min_raise_to() - b.round[seat]
        if raised < b.stack[seat]:
            return "raise", raised, force
    if force == "check_after_bet" and b.round_no > 1 and owed and seat not in b.checked and kind != "raise":
        return "check", 0, force
    if force == "late" and kind != "fold":
        return kind, amount, force
    if kind == "fold" and seat in plan.stay:
        if b.current:
            return "call", min(owed, b.stack[seat]), None
        return (*sized_bet(b, seat, table.ante, table), None) if b.round_no == 1 else ("check", 0, None)
    return kind, amount, None
