"""The kinds of wrong award a showdown review tells apart, and which one explains a pot paid otherwise than due.

Each game names the rule each kind breaks (``Showdown.rules``): hold'em arts. 10, 13, 14 and 15 (docs/holdem-checks.md);
stud arts. 4, 5 and 11 a), 11 f) (docs/stud-checks.md): each wrong award once, under the first rule that explains it.
The order of the questions is that first rule: a folded recipient, a hand won uncontested, a forbidden reading of the
hands (``showdown.py``), equal hands not shared, then, when a player who should have had nothing of a pot is paid, the
game's ``stranger_order`` of four questions (hold'em: a lower category paid, the game's special valuation, a pot
shared with a lower hand, a recipient who did not reach the pot), else a weaker hand of the best hand's category
paid; then wrong amounts (unequal shares, the odd chip), and a pot not paid to its best hand."""

from __future__ import annotations

from collections.abc import Mapping
from decimal import Decimal
from typing import TYPE_CHECKING

from auditor.engine.ruleset import Ruleset
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
WEAKER_HAND = "weaker_hand"  # a pot paid to a weaker hand of the best hand's category
NOT_BEST = "not_best"  # a pot not paid to the best hand eligible for it (no other kind explains how)
AWARDS_NOT_POT = "awards_not_pot"  # the awards of a pot are not the pot less the rake
UNEQUAL_SHARES = "unequal_shares"  # equal hands not given equal shares
ODD_CHIP = "odd_chip"  # the indivisible remainder not given (whole) to the first tied winner
AWARD_KINDS = (FOLDED_PAID, NOT_SHARED, LOWER_CATEGORY, SHARED_UNEQUAL, NOT_ELIGIBLE, WEAKER_HAND, NOT_BEST,
               AWARDS_NOT_POT, UNEQUAL_SHARES, ODD_CHIP)
SPECIAL = "special"  # the game's special valuation (``Showdown.special``), a question of ``stranger_order``
STRANGER_ORDER = (LOWER_CATEGORY, SPECIAL, SHARED_UNEQUAL, NOT_ELIGIBLE)  # hold'em's order of the questions
Found = tuple[str, str] | None  # (rule id, message)


def fmt(awards: Mapping[int, Decimal]) -> str:
    """Awards per seat as the findings write them."""
    return ", ".join(f"seat {s}: {a.normalize():f}" for s, a in sorted(awards.items())) or "nothing"


def _stranger_rule(hand: H, ruleset: Ruleset, r: Review, game: Showdown[H], recipients: set[int], winners: set[int],
                   eligible: set[int] | None = None) -> Found:
    """Recipients who did not hold the best hand: one who mucked at the showdown was paid a pot not his; else which
    article was misapplied, asked in the game's ``stranger_order`` (``eligible``: who reached the pot, None when the
    awards are judged over the whole hand), else a weaker hand of the best hand's category was paid. A recipient
    whose hand equals the best had nothing because he did not reach the pot: no pot was shared with an unequal hand,
    and no weaker hand was paid."""
    strangers = recipients - winners
    if strangers & hand.gave_up():  # he mucked at the showdown: no pot was his to win
        return game.rules[NOT_BEST]
    best_rank = max(r.ranks[s] for s in winners) if winners else 0
    best = category_of(best_rank)
    unequal = any(r.ranks.get(s, 0) != best_rank for s in strangers)
    for question in game.stranger_order:
        found: Found = None
        if question == LOWER_CATEGORY and any(category_of(r.ranks.get(s, 0)) < _reached_category(r, s, best, eligible)
                                              for s in strangers):
            found = game.rules[LOWER_CATEGORY]
        elif question == SPECIAL:
            contenders = set(r.ranks) if eligible is None else eligible & set(r.ranks)
            found = game.special(hand, ruleset, r, winners, recipients, contenders)
        elif question == SHARED_UNEQUAL and recipients > winners and unequal:
            found = game.rules[SHARED_UNEQUAL]
        elif question == NOT_ELIGIBLE and eligible is not None and recipients - eligible:
            found = game.rules[NOT_ELIGIBLE]
        if found:
            return found
    return game.rules[WEAKER_HAND if unequal else NOT_ELIGIBLE]


def _reached_category(r: Review, seat: int, best: int, eligible: set[int] | None) -> int:
    """The category a hand paid instead of the best is compared with: ``best``, that of the pot's winners; over the
    whole hand (``eligible`` None), that of the weakest winner among the pots ``seat`` reached, one of which may be
    the pot he was paid (a side pot paid to a weaker hand of its winner's category is no lower category, whatever
    won the main pot)."""
    if eligible is None:
        reached = [category_of(r.ranks.get(p.winners[0], 0)) for p in r.pots if seat in p.pot.eligible and p.winners]
        if reached:
            return min(reached)
    return best


def pot_rule(hand: H, ruleset: Ruleset, r: Review, game: Showdown[H], share: PotShare, got: dict[int, Decimal],
             balanced: bool = True) -> Found:
    """The rule a pot paid ``got`` instead of ``share`` breaks (None: only the chips of the whole hand do not add
    up, which is the accounts' one finding)."""
    winners, recipients = set(share.winners), set(got)
    if recipients and recipients < winners:  # paid to nobody is not a split refused: the awards below
        return game.rules[NOT_SHARED]
    if recipients - winners:
        return _stranger_rule(hand, ruleset, r, game, recipients, winners, set(share.pot.eligible))
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


def hand_rule(hand: H, ruleset: Ruleset, r: Review, game: Showdown[H], logged: dict[int, Decimal],
              balanced: bool) -> Found:
    """Without pot numbers in the log: compare each seat's total over the hand (None: only the chips of the whole
    hand do not add up)."""
    expected = r.expected
    winners, recipients = set(expected), set(logged)
    left_out = winners - recipients
    if left_out and any(len(p.winners) > 1 and set(p.winners) & left_out and set(p.winners) & recipients
                        for p in r.pots):
        return game.rules[NOT_SHARED]
    if recipients - winners:
        return _stranger_rule(hand, ruleset, r, game, recipients, winners)
    if recipients == winners:
        split = [p for p in r.pots if len(p.winners) > 1]
        if split and sum(logged.values(), ZERO) == sum(expected.values(), ZERO):
            return _amount_rule(hand, game, expected, logged, max(len(p.winners) for p in split))
    return game.rules[NOT_ELIGIBLE if _beyond_reach(r, logged) else NOT_BEST] if balanced else None


def _beyond_reach(r: Review, logged: dict[int, Decimal]) -> bool:
    """A player paid more than all the pots he reached hold (less the rake): he was paid a pot he did not reach."""
    return any(amount > sum((sum(p.shares.values(), ZERO) for p in r.pots if seat in p.pot.eligible), ZERO)
               for seat, amount in logged.items())
