"""Art. 7 (彩池, the pot): "The pot is the total of all chips bet in each hand. It is placed in the centre of the
table, grows with every bet, and is won by the winner of the hand." The chips awarded are the antes, bets, calls and
raises of the hand less the first rake (art. 8) and the house rake (art. 9), side pots per art. 11 a), with the
uncalled bet (and only it) returned and every stack after the hand reconciled (``poker/accounts.py``).

A dead hand's refunds (art. 11 d)) are 5CS-11.4's to judge, not an uncalled bet returned. When the house rake or the
first rake is not logged, the awards are held to the pot: never more than it, nor less than it less the most arts. 8
and 9 could take (the first rake, as logged or one ante, and 4% of the pot rounded down); the hand is not evaluated
unless that, the refunds or the stacks already breach the rule."""

from __future__ import annotations

from collections import Counter

from auditor.engine.registry import register
from auditor.engine.replay_runner import Breach, ReplayRule
from auditor.engine.ruleset import Ruleset
from auditor.games.poker.accounts import account_breaches, refunded_pot
from auditor.games.stud.hand import Hand
from auditor.games.stud.rake import VOIDED, largest_rake, unknown_rake

NOTHING_PAID = "no award or final stack logged"


def _unplaced(hand: Hand) -> set[int]:
    """Seats whose stack before the hand is not one player's alone: no player was dealt in at it (5CS-3.3), or its
    player sits at two seats of the hand (5CS-3.2, 3.3: his chips lie at both)."""
    unplaced = {s for s in hand.stacks_after if s not in hand.seats}
    if len(set(hand.seats.values())) == len(hand.seats):
        return unplaced  # the usual case: one seat a player
    players = Counter(hand.seats.values())
    return unplaced | {s for s, p in hand.seats.items() if players[p] > 1}


def _breaches(hand: Hand, ruleset: Ruleset) -> list[Breach]:
    """The hand's breaches of art. 7, computed once (``_applies`` needs them when the rake is unknown)."""
    if "pot" not in hand.derived:
        bound = ("arts. 8 and 9", lambda: largest_rake(hand, ruleset, refunded_pot(hand)))
        hand.derived["pot"] = list(account_breaches(hand, "art. 7", unknown_rake, dead=hand.exposed,
                                                    stacks_apart=_unplaced(hand), largest_rake=bound))
    return hand.derived["pot"]  # type: ignore[return-value]


def _applies(hand: Hand, ruleset: Ruleset) -> str | None:
    if hand.void is not None:
        return VOIDED
    if not hand.awards and not hand.stacks_after:
        return NOTHING_PAID
    why = unknown_rake(hand)
    return why if why is not None and not _breaches(hand, ruleset) else None


register(ReplayRule(id="5CS-7.1", game="stud", check=_breaches, applies=_applies))
