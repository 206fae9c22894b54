"""Reasons a hold'em hand cannot be evaluated for a rule (``ReplayRule.applies``), shared by the checkers."""

from __future__ import annotations

from collections.abc import Callable

from auditor.engine.replay_runner import NOT_APPLICABLE
from auditor.engine.ruleset import Ruleset
from auditor.games.holdem.hand import Hand
from auditor.games.poker.conditions import NO_SEAT, unlogged_rake
from auditor.games.poker.hand import Action

Applies = Callable[[Hand, Ruleset], "str | None"]
NO_STACK = "stack before the hand not logged"
NO_ALL_IN = "an action whose all-in the log does not say (stack before the hand not logged)"


def unless_not_logged(what: str) -> Applies:
    """Not evaluated when the table's source declares that it does not record ``what``."""
    def applies(hand: Hand, ruleset: Ruleset) -> str | None:
        return f"{what.replace('_', ' ')} not logged by the source" if what in hand.table.not_logged else None
    return applies


def seated(hand: Hand, ruleset: Ruleset) -> str | None:
    """Rules that place the button, the blinds, the cards, the turn to act, the stacks or the pot among the players
    dealt in need at least one; a hand with none is THE-2.1's (art. 2(3))."""
    return None if hand.seats else NO_SEAT


def stacks_logged(hand: Hand, ruleset: Ruleset) -> str | None:
    """Rules that compare with a player's stack need it (a ``seat`` event without ``amount`` does not give it)."""
    return NO_STACK if any(stack is None for stack in hand.stacks.values()) else None


def all_in_logged(needs: Callable[[Hand, Action], bool]) -> Applies:
    """Not evaluated when an action the rule would excuse as an all-in (``needs``) may be one: neither the stack
    nor the action's ``all_in`` is logged."""
    def applies(hand: Hand, ruleset: Ruleset) -> str | None:
        return NO_ALL_IN if any(a.all_in is None and needs(hand, a) for a in hand.actions) else None
    return applies


def short_bet(hand: Hand, a: Action) -> bool:
    """A bet or raise below the smallest full one, lawful only as an all-in (arts. 11(2), 12(1))."""
    return a.kind in ("bet", "raise") and 0 < a.increment < a.min_increment


def short_blind(hand: Hand, a: Action) -> bool:
    """A blind below the table's, lawful only as an all-in (arts. 4(3), 5)."""
    name = {"post_small_blind": "small_blind", "post_big_blind": "big_blind"}.get(a.kind)
    return name is not None and a.amount < hand.table.money(name, a.amount)


def short_call(hand: Hand, a: Action) -> bool:
    """A call of less than was owed, lawful only as an all-in."""
    return a.kind == "call" and a.amount < a.to_call


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
