"""The kinds of wrong award a showdown review tells apart, and which one explains a pot paid otherwise than due.

Each game names the rule each kind breaks (``Showdown.rules``): hold'em arts. 10, 13, 14 and 15 (docs/holdem-checks.md:
each wrong award once, under the first rule that explains it); stud arts. 4, 5 and 11 a), 11 f). The order of the
questions below is that first rule: a folded recipient (``showdown.py``), a forbidden reading of the hands, equal
hands not shared, a lower category paid, the game's special valuation, a pot shared with a lower hand, a recipient who
did not reach the pot, a pot not paid to its best hand, then wrong amounts (unequal shares, the odd chip)."""

from __future__ import annotations

from collections.abc import Mapping
from decimal import Decimal
from typing import TYPE_CHECKING

from auditor.games.poker.cards import category_of
from auditor.games.poker.hand import H
from auditor.games.poker.pots import ZERO

if TYPE_CHECKING:
    from auditor.games.poker.showdown import PotShare, Review, Showdown

FOLDED_PAID = "folded_paid"  # a folded player awarded chips
NOT_SHARED = "not_shared"  # equal hands, one of them left out of the split
LOWER_CATEGORY = "lower_category"  # a pot paid to a hand of a lower category than the best
SHARED_UNEQUAL = "shared_unequal"  # a pot shared with a hand that is not equal to the best
NOT_ELIGIBLE = "not_eligible"  # a pot paid to one who did not reach it (stud art. 11 a)); told apart pot by pot
NOT_BEST = "not_best"  # a pot not paid to the best hand eligible for it
AWARDS_NOT_POT = "awards_not_pot"  # the awards of a pot are not the pot less the rake
UNEQUAL_SHARES = "unequal_shares"  # equal hands not given equal shares
ODD_CHIP = "odd_chip"  # the indivisible remainder not given (whole) to the first tied winner
AWARD_KINDS = (FOLDED_PAID, NOT_SHARED, LOWER_CATEGORY, SHARED_UNEQUAL, NOT_ELIGIBLE, NOT_BEST, AWARDS_NOT_POT,
               UNEQUAL_SHARES, ODD_CHIP)
Found = tuple[str, str] | None  # (rule id, message)


def fmt(awards: Mapping[int, Decimal]) -> str:
    """Awards per seat as the findings write them."""
    return ", ".join(f"seat {s}: {a.normalize():f}" for s, a in sorted(awards.items())) or "nothing"


def _stranger_rule(hand: H, r: Review, game: Showdown[H], recipients: set[int], winners: set[int]) -> Found:
    """Recipients who did not hold the best hand: which article was misapplied (None: only the best hand's)."""
    strangers = recipients - winners
    best = max(r.ranks[s] for s in winners) if winners else 0
    if any(category_of(r.ranks.get(s, 0)) < category_of(best) for s in strangers):
        return game.rules[LOWER_CATEGORY]
    special = game.special(hand, r, winners | strangers)
    if special:
        return special
    if recipients > winners:
        return game.rules[SHARED_UNEQUAL]
    return None


def pot_rule(hand: H, r: Review, game: Showdown[H], share: PotShare, got: dict[int, Decimal],
             balanced: bool = True) -> Found:
    """The rule a pot paid ``got`` instead of ``share`` breaks (None: only the chips of the whole hand do not add
    up, which is the accounts' one finding)."""
    winners, recipients = set(share.winners), set(got)
    if recipients and recipients < winners:  # paid to nobody is not a split refused: the awards below
        return game.rules[NOT_SHARED]
    if recipients - winners:
        return _stranger_rule(hand, r, game, recipients, winners) or game.rules[
            NOT_ELIGIBLE if recipients - set(share.pot.eligible) else NOT_BEST]
    return _amount_rule(hand, game, share.shares, got, len(winners), balanced)


def _amount_rule(hand: H, game: Showdown[H], expected: dict[int, Decimal], got: dict[int, Decimal], winners: int,
                 balanced: bool = True) -> Found:
    """The rule a pot paid to the right players, in wrong amounts, breaks (None: only the chips of the whole hand
    do not add up)."""
    unit = hand.table.money("chip_unit", Decimal(1))
    if sum(got.values(), ZERO) != sum(expected.values(), ZERO) or not got:
        return game.rules[AWARDS_NOT_POT] if balanced else None
    base = min(expected.values())
    rest = sorted(got.values())
    if winners > 1 and rest[:-1] == [base] * (len(rest) - 1) and rest[-1] - base < unit * winners:
        return game.rules[ODD_CHIP]
    return game.rules[UNEQUAL_SHARES]


def hand_rule(hand: H, r: Review, game: Showdown[H], logged: dict[int, Decimal], balanced: bool) -> Found:
    """Without pot numbers in the log: compare each seat's total over the hand (None: only the chips of the whole
    hand do not add up)."""
    expected = r.expected
    winners, recipients = set(expected), set(logged)
    left_out = winners - recipients
    if left_out and any(len(p.winners) > 1 and set(p.winners) & left_out and set(p.winners) & recipients
                        for p in r.pots):
        return game.rules[NOT_SHARED]
    if recipients - winners:
        return _stranger_rule(hand, r, game, recipients, winners) or game.rules[NOT_BEST]
    if recipients == winners:
        split = [p for p in r.pots if len(p.winners) > 1]
        if split and sum(logged.values(), ZERO) == sum(expected.values(), ZERO):
            return _amount_rule(hand, game, expected, logged, max(len(p.winners) for p in split))
    return game.rules[NOT_BEST] if balanced else None
