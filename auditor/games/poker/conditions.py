"""Reasons a poker hand cannot be evaluated for a rule (``ReplayRule.applies``), shared by the games' checkers, and
why its rake is unknown."""

from __future__ import annotations

from collections.abc import Callable

from auditor.engine.replay_runner import NOT_APPLICABLE
from auditor.engine.ruleset import Ruleset
from auditor.games.poker.hand import Action, H, Hand

# A rule's ``applies`` over the hands of type H (``Applies[Hand]`` of poker's ``Hand`` serves every poker game).
Applies = Callable[[H, Ruleset], "str | None"]
NO_SEAT = "no player seated (no seat event)"
NO_STACK = "stack before the hand not logged"
NO_ALL_IN = "an action whose all-in the log does not say (stack before the hand not logged)"


def unless_not_logged(what: str) -> Applies[Hand]:
    """Not evaluated when the table's source declares that it does not record ``what``."""
    def applies(hand: Hand, ruleset: Ruleset) -> str | None:
        return f"{what.replace('_', ' ')} not logged by the source" if what in hand.table.not_logged else None
    return applies


def seated(hand: Hand, ruleset: Ruleset) -> str | None:
    """Rules that place the cards, the turn to act, the stacks or the pot among the players dealt in need at least
    one; a hand with none is the seats rule's finding."""
    return None if hand.seats else NO_SEAT


def stacks_logged(hand: Hand, ruleset: Ruleset) -> str | None:
    """Rules that compare with a player's stack need it (a ``seat`` event without ``amount`` does not give it)."""
    return NO_STACK if any(stack is None for stack in hand.stacks.values()) else None


def all_in_logged(needs: Callable[[H, Action], bool]) -> Applies[H]:
    """Not evaluated when an action the rule would excuse as an all-in (``needs``) may be one: neither the stack
    nor the action's ``all_in`` is logged."""
    def applies(hand: H, ruleset: Ruleset) -> str | None:
        return NO_ALL_IN if any(a.all_in is None and needs(hand, a) for a in hand.actions) else None
    return applies


def short_bet(hand: Hand, a: Action) -> bool:
    """A bet or raise below the smallest full one, lawful only as an all-in."""
    return a.kind in ("bet", "raise") and 0 < a.increment < a.min_increment


def short_call(hand: Hand, a: Action) -> bool:
    """A call of less than was owed, lawful only as an all-in."""
    return a.kind == "call" and a.amount < a.to_call


def all_of(*conditions: Applies[H]) -> Applies[H]:
    """The first reason any of ``conditions`` gives (None: the hand can be evaluated)."""
    def applies(hand: H, ruleset: Ruleset) -> str | None:
        for condition in conditions:  # a loop, not a generator: called for every hand by most rules
            why = condition(hand, ruleset)
            if why is not None:
                return why
        return None
    return applies


def voided_only(hand: Hand, ruleset: Ruleset) -> str | None:
    """Rules about voided hands say nothing about a hand that was played."""
    return None if hand.void is not None else NOT_APPLICABLE


def voided_before_the_deal(hand: Hand) -> bool:
    """The hand was voided before its first card was dealt."""
    first = hand.first_deal_seq()
    return hand.void is not None and (first is None or hand.void.seq < first)


def dealt(hand: Hand, ruleset: Ruleset) -> str | None:
    """Rules about the cards dealt say nothing about a hand voided before its first card was dealt."""
    return NOT_APPLICABLE if voided_before_the_deal(hand) else None


def reached(street: str) -> Applies[Hand]:
    """Rules about a betting round (its cards, its order of play) say nothing about a hand that ended before it:
    not applicable, never evaluated (a hand won before the showdown plays no later round)."""
    def applies(hand: Hand, ruleset: Ruleset) -> str | None:
        return None if street in hand.streets_played else NOT_APPLICABLE
    return applies


def betting_in(*streets: str) -> Applies[Hand]:
    """Rules about who bets first or how in a betting round say nothing about a round in which fewer than two players
    could bet (the others all-in or folded: the cards go round, nobody acts): not applicable, unless a betting action
    is logged in it all the same (an action where none was owed is judged, never left unseen)."""
    def applies(hand: Hand, ruleset: Ruleset) -> str | None:
        if any(street in hand.streets_bet for street in streets):
            return None
        acted = any(a.street in streets and not a.kind.startswith("post_") for a in hand.actions)
        return None if acted else NOT_APPLICABLE
    return applies


def bet_made(hand: Hand, ruleset: Ruleset) -> str | None:
    """Rules about play after a bet (calls, raises, no check facing it) say nothing about a hand in which nobody bet
    or raised: not applicable."""
    return None if any(a.kind in ("bet", "raise") for a in hand.actions) else NOT_APPLICABLE


def raise_made(hand: Hand, ruleset: Ruleset) -> str | None:
    """Rules about the size or number of raises say nothing about a hand without one (a raise, or a bet facing a
    bet): not applicable."""
    raised = any(a.kind == "raise" or (a.kind == "bet" and a.current_bet > 0) for a in hand.actions)
    return None if raised else NOT_APPLICABLE


def fold_made(hand: Hand, ruleset: Ruleset) -> str | None:
    """Rules about a folded player's chips say nothing about a hand in which nobody folded: not applicable."""
    return None if hand.folded else NOT_APPLICABLE


def played_only(hand: Hand, ruleset: Ruleset) -> str | None:
    """Rules about the pot of a played hand; a voided hand is judged under the rule of voided hands."""
    return NOT_APPLICABLE if hand.void is not None else None


def previous_hand(hand: Hand, ruleset: Ruleset) -> str | None:
    """Rules about the hand played just before at the table: not evaluated when it is unknown (``Hand.gap``: the
    order not logged, a quarantined record in between); the table's first hand has none."""
    if hand.gap:
        return hand.gap
    return NOT_APPLICABLE if hand.previous is None else None


def unlogged_rake(hand: Hand) -> str | None:
    """Why the hand's rake is unknown (None: it is known, as logged, or nil at a table that declares no rake). A
    source may not log the rake at all (``not_logged``); at a raked table a hand that took no rake logs a rake of 0,
    so a hand without a ``rake`` event took a rake the log does not give."""
    if "rake" in hand.table.not_logged:
        return "rake not logged by the source"
    if not hand.rakes and hand.table.config.get("rake_rate") is not None:
        return "no rake logged for the hand (a hand raked nothing logs a rake of 0)"
    return None
