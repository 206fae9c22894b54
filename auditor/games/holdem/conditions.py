"""Reasons a hold'em hand cannot be evaluated for a rule (``ReplayRule.applies``): the poker ones
(``auditor/games/poker/conditions.py``) and hold'em's own (blinds, the betting structure, the rake)."""

from __future__ import annotations

from auditor.engine.replay_runner import NOT_APPLICABLE
from auditor.engine.ruleset import Ruleset
from auditor.games.holdem.hand import Hand
from auditor.games.poker.conditions import (
    NO_SEAT,
    Applies,
    all_in_logged,
    all_of,
    bet_made,
    betting_in,
    dealt,
    fold_made,
    played_only,
    previous_hand,
    raise_made,
    seated,
    short_bet,
    short_call,
    stacks_logged,
    unless_not_logged,
    unlogged_rake,
    voided_only,
)
from auditor.games.poker.hand import Action

# Hold'em's rules read the poker conditions from here, with hold'em's own below.
__all__ = ["CORRECTED", "NO_BUTTON", "NO_SEAT", "all_in_logged", "all_of", "as_dealt", "bet_made", "betting",
           "betting_in", "board_dealt", "button_logged", "dealt", "fold_made", "played_only", "previous_hand",
           "raise_made", "raked", "seated", "short_bet", "short_blind", "short_call", "stacks_logged",
           "unless_not_logged", "unlogged_rake", "voided_only"]


def short_blind(hand: Hand, a: Action) -> bool:
    """A blind below the table's, lawful only as an all-in (arts. 4(3), 5)."""
    name = {"post_small_blind": "small_blind", "post_big_blind": "big_blind"}.get(a.kind)
    return name is not None and a.amount < hand.table.money(name, a.amount)


NO_BUTTON = "button not logged"


def button_logged(hand: Hand, ruleset: Ruleset) -> str | None:
    """Rules that place the players round the button (the blinds, who acts first from the flop on, the button's
    move) need it: a ``hand_start`` without ``seat`` does not give it."""
    return NO_BUTTON if hand.button is None else None


CORRECTED = "dealing error corrected (art. 9(1)): the cards as dealt are not the hands played"


def as_dealt(hand: Hand, ruleset: Ruleset) -> str | None:
    """Rules about the cards as dealt (their number, order, faces, the deck): a hand whose dealing error was corrected
    (art. 9(1) requires it) keeps in its log every card as first dealt, not the hands played."""
    return CORRECTED if hand.corrected is not None else None


def board_dealt(*streets: str) -> Applies:
    """Rules about the board cards of ``streets``: not applicable to a hand with no card or burn of them (it ended
    before)."""
    def applies(hand: Hand, ruleset: Ruleset) -> str | None:
        dealt = any(c.street in streets for c in [*hand.board, *hand.burns])
        return None if dealt else NOT_APPLICABLE
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
