"""Reasons a hold'em hand cannot be evaluated for a rule (``ReplayRule.applies``), shared by the checkers."""

from __future__ import annotations

from collections.abc import Callable

from auditor.engine.replay_runner import NOT_APPLICABLE
from auditor.engine.ruleset import Ruleset
from auditor.games.holdem.hand import Hand

Applies = Callable[[Hand, Ruleset], "str | None"]
NO_SEAT = "no player seated (no seat event)"


def unless_not_logged(what: str) -> Applies:
    """Not evaluated when the table's source declares that it does not record ``what``."""
    def applies(hand: Hand, ruleset: Ruleset) -> str | None:
        return f"{what.replace('_', ' ')} not logged by the source" if what in hand.table.not_logged else None
    return applies


def seated(hand: Hand, ruleset: Ruleset) -> str | None:
    """Rules that place the button, the blinds, the cards, the turn to act, the stacks or the pot among the players
    dealt in need at least one; a hand with none is THE-2.1's (art. 2(3))."""
    return None if hand.seats else NO_SEAT


def all_of(*conditions: Applies) -> Applies:
    """The first reason any of ``conditions`` gives (None: the hand can be evaluated)."""
    def applies(hand: Hand, ruleset: Ruleset) -> str | None:
        return next((why for why in (c(hand, ruleset) for c in conditions) if why is not None), None)
    return applies


def betting(kind: str) -> Applies:
    """Only tables of one betting structure (art. 11(2) fixed limit, art. 11(3) no limit)."""
    def applies(hand: Hand, ruleset: Ruleset) -> str | None:
        actual = hand.table.config.get("betting")
        return None if actual == kind else NOT_APPLICABLE
    return applies


def unlogged_rake(hand: Hand) -> str | None:
    """Why the hand's rake is unknown (None: it is known, as logged, or nil at a table that declares no rake). A
    source may not log the rake at all (``not_logged``); at a raked table a hand that took no rake logs a rake of 0,
    so a hand without a ``rake`` event took a rake the log does not give."""
    if "rake" in hand.table.not_logged:
        return "rake not logged by the source"
    if not hand.rakes and hand.table.config.get("rake_rate") is not None:
        return "no rake logged for the hand (a hand raked nothing logs a rake of 0)"
    return None


def raked(hand: Hand, ruleset: Ruleset) -> str | None:
    if "rake" in hand.table.not_logged:
        return unlogged_rake(hand)
    if hand.table.config.get("rake_rate") is None:
        return "the table declares no rake rate"
    if hand.void is not None:
        return NOT_APPLICABLE  # judged under THE-16.5
    return unlogged_rake(hand)


def voided_only(hand: Hand, ruleset: Ruleset) -> str | None:
    """Rules about voided hands (arts. 9(2), 16) say nothing about a hand that was played."""
    return None if hand.void is not None else NOT_APPLICABLE


def dealt(hand: Hand, ruleset: Ruleset) -> str | None:
    """Rules about the hole cards say nothing about a hand voided (art. 9(2)) before its first card was dealt."""
    first = hand.first_deal_seq()
    return NOT_APPLICABLE if hand.void is not None and (first is None or hand.void.seq < first) else None


def played_only(hand: Hand, ruleset: Ruleset) -> str | None:
    """Rules about the pot of a played hand; a voided hand is judged under THE-9.1."""
    return NOT_APPLICABLE if hand.void is not None else None


def previous_hand(hand: Hand, ruleset: Ruleset) -> str | None:
    """Rules about the hand played just before at the table: not evaluated when it is unknown (``Hand.gap``: the
    order not logged, a quarantined record in between); the table's first hand has none."""
    if hand.gap:
        return hand.gap
    return NOT_APPLICABLE if hand.previous is None else None
