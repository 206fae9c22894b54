"""What must happen in a poker hand for an award rule to say anything about it (a showdown, a tie, an odd chip, ...),
read from the hand's showdown review: a hand without it is not applicable to the rule (counted evaluated, it would
claim a check that was never made)."""

from __future__ import annotations

from collections.abc import Callable

from auditor.engine.replay_runner import NOT_APPLICABLE
from auditor.engine.ruleset import Ruleset
from auditor.games.poker.hand import H, Hand
from auditor.games.poker.pots import ZERO
from auditor.games.poker.showdown import Review, Showdown, review

Premise = Callable[[H, Review], bool]


def contested(hand: Hand, r: Review) -> bool:
    """A showdown: two hands or more compared."""
    return len(r.ranks) > 1


def tied(hand: Hand, r: Review) -> bool:
    """Equal best hands for a pot: it is shared."""
    return any(len(p.winners) > 1 for p in r.pots)


def odd_chips(hand: Hand, r: Review) -> bool:
    """A shared pot that does not divide equally down to the chip unit."""
    return any(len({p.shares.get(w, ZERO) for w in p.winners}) > 1 for p in r.pots)


def award_premise(rule_id: str, game: Showdown[H], holds: Premise[H]) -> Callable[[H, Ruleset], str | None]:
    """An award rule says nothing about a hand whose review lacks its premise (``holds``: a showdown, a tie, ...):
    not applicable there, unless the review blames the rule all the same. Applies after the review's ``missing``."""
    def applies(hand: H, ruleset: Ruleset) -> str | None:
        r = review(hand, ruleset, game)
        return None if holds(hand, r) or any(b[0] == rule_id for b in r.breaches) else NOT_APPLICABLE
    return applies
