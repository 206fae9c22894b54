"""Art. 16's bounds on a hold'em rake: "The house takes a commission of three to five per cent (3%–5%) of each pot,
but at most an amount equal to five times the big pre-bet (big blind)." (``rake_rate_max``, ``rake_cap_big_blinds``)
The rake rules judge a logged rake against them; when the rake is not logged, the award rule still knows that no
more than the largest of them was lawfully kept from the winner."""

from __future__ import annotations

from decimal import Decimal

from auditor.engine.ruleset import Ruleset
from auditor.games.holdem.hand import Hand
from auditor.games.poker.pots import ZERO
from auditor.present import present


def rake_cap(hand: Hand, ruleset: Ruleset) -> Decimal:
    """Five big blinds (``rake_cap_big_blinds``) for the whole hand."""
    return present(hand.table.money("big_blind"), "big_blind") * ruleset.int_param("rake_cap_big_blinds")


def largest_rake(hand: Hand, ruleset: Ruleset, pot: Decimal) -> Decimal:
    """The most art. 16 lets the house take from ``pot``: ``rake_rate_max`` of it, at most the cap."""
    return min(Decimal(str(ruleset.param("rake_rate_max"))) * pot, rake_cap(hand, ruleset))


def raked_pot(hand: Hand) -> Decimal:
    """The pot art. 16 takes its commission "of": what the refunds leave of the chips put in, and never the
    uncalled part of the largest bet, which goes back to its owner and is in no pot, even when the log does not
    refund it (it pays it as an award: THE-10.2's). A refund to another seat (a folded player's: THE-13.2's) left the
    pot all the same. When a player absent from the betting is short of a bet, what was uncalled is unknown (his
    missing action may have been the call): the refunds logged alone are taken out."""
    put_in = sum(hand.contributions.values(), ZERO)
    refunds = sum((r.amount for r in hand.refunds), ZERO)
    back = None if hand.short - hand.folded else hand.uncalled_bet()
    return put_in - max(refunds, back[1] if back else ZERO)
