"""Hold'em's showdown (arts. 10, 13, 14, 15): the best five of seven cards, odd chips clockwise, and the rule each
wrong award breaks, for the poker review (``games/poker/showdown.py``).

Art. 10(1): "the best combination of five cards out of the seven (the two hole cards and the five community
cards)"; art. 10(5): "Any indivisible remainder goes to the first player to the croupier's left who is still playing
the hand"; art. 14(3): "in a straight, the Ace counts as the lowest" (5-4-3-2-A only); art. 15(3): four of a kind,
"the other card is not counted". Each wrong award is reported once, under the first rule that explains it."""

from __future__ import annotations

from collections.abc import Callable, Iterator

from auditor.engine.replay_runner import NOT_APPLICABLE
from auditor.engine.ruleset import Ruleset
from auditor.games.holdem.evaluate import best_five, rank7
from auditor.games.holdem.hand import Hand
from auditor.games.holdem.rake import largest_rake
from auditor.games.poker import award_kinds as kind
from auditor.games.poker import award_premises, showdown
from auditor.games.poker.cards import FOUR_OF_A_KIND, STRAIGHT, STRAIGHT_FLUSH, category_of
from auditor.games.poker.order import clockwise
from auditor.games.poker.showdown import Review, Showdown, unsettled

WHEEL_RANKS = frozenset("A2345")
DUPLICATE = "a showdown card appears twice in the hand (THE-1.1): the hands cannot be valued"
NOT_BEST = ("THE-10.2", "pot not awarded to the best hand eligible for it (art. 10(2))")


def _cards(hand: Hand) -> dict[int, list[str]] | None:
    """Two known hole cards for every player still in the hand (shown, else as dealt), or None. A player whose part
    in the pots is unknown, or who mucked at the showdown, reaches none when the awards are judged: his cards are not
    needed."""
    shown, dealt = hand.shown_cards(), hand.hole_cards()
    cards = {}
    out = unsettled(hand) | hand.gave_up()
    for seat in hand.seats:
        if seat in hand.folded or seat in out:
            continue
        hole = shown.get(seat) or [c for c in dealt.get(seat, []) if c]
        if len(hole) != 2:
            return None
        cards[seat] = hole
    return cards


def _board(hand: Hand) -> list[str]:
    return [c.card for c in hand.board if c.card]


def _ranks(hand: Hand, ruleset: Ruleset, live: list[int]) -> dict[int, int] | str:
    """Art. 10(1): each hand still in valued as the best five of its seven cards (arts. 14, 15)."""
    cards, board = _cards(hand), _board(hand)
    if cards is None or len(board) != 5:
        return "the showdown cards are not all logged"
    seven = [*board, *(c for s in live for c in cards[s])]
    if len(set(seven)) != len(seven):
        return DUPLICATE
    quads = bool(ruleset.param("quads_kicker_counts"))
    return {s: rank7([*cards[s], *board], quads_kicker_counts=quads) for s in live}


def _odd_chip_order(hand: Hand, ruleset: Ruleset, seats: list[int]) -> list[int]:
    """Art. 10(5): clockwise from the croupier's left (seat 1), or from the button's left (``odd_chip_from``)."""
    return clockwise(seats, None if ruleset.param("odd_chip_from") == "croupier_left" else hand.button)


def _quads_kicker(hand: Hand, ruleset: Ruleset, r: Review) -> Iterator[tuple[str, str, dict[int, int]]]:
    """Art. 15(3): equal fours of a kind share the pot; an award that the fifth card explains is THE-15.2's."""
    if not ruleset.param("quads_kicker_counts") and len(r.ranks) > 1:
        cards, board = _cards(hand), _board(hand)
        if cards is not None:  # always: the hands were ranked (``_ranks``)
            yield ("THE-15.2", "equal fours of a kind not shared: the fifth card decided (art. 15(3): the other card "
                   "is not counted)", {s: rank7([*cards[s], *board], quads_kicker_counts=True) for s in r.ranks})


def _is_wheel(cards: list[str], board: list[str]) -> bool:
    """The best five cards are 5-4-3-2-A, a straight only because the Ace counts low (art. 14(3)). Seven cards with
    one twice (THE-1.1's finding; a hand won without a showdown has its cards checked nowhere else) make no hand."""
    seven = [*cards, *board]
    if len(set(seven)) != len(seven) or not WHEEL_RANKS <= {str(c)[0] for c in seven}:
        return False  # no five of them are 5-4-3-2-A (most hands: no choice of the best five is needed)
    return category_of(rank7(seven)) in (STRAIGHT, STRAIGHT_FLUSH) and {str(c)[0] for c in best_five(seven)} == (
        WHEEL_RANKS)


def _wheel(hand: Hand, ruleset: Ruleset, r: Review, winners: set[int], recipients: set[int],
           contenders: set[int]) -> tuple[str, str] | None:
    """Art. 14(3): a wrong award where a 5-4-3-2-A straight decided it (seven cards valued: a full board)."""
    cards, board, seats = _cards(hand), _board(hand), winners | recipients
    if cards and len(board) == 5 and any(_is_wheel(cards[s], board) for s in seats if s in cards):
        return "THE-14.2", "the Ace counts low only in 5-4-3-2-A (art. 14(3))"
    return None


SHOWDOWN = Showdown(ranks=_ranks, odd_chip_order=_odd_chip_order, readings=_quads_kicker, special=_wheel,
                    largest_rake=largest_rake, rules={
    kind.FOLDED_PAID: ("THE-13.3", "folded seat {seat} awarded {amount}"),
    kind.NOT_SHARED: ("THE-14.1", "equal hands not shared (suits do not rank, art. 14(1))"),
    kind.LOWER_CATEGORY: ("THE-15.1", "pot awarded to a lower category of hand (art. 15)"),
    kind.SHARED_UNEQUAL: ("THE-10.5", "pot shared with a hand that is not equal to the best (art. 10(3))"),
    kind.NOT_ELIGIBLE: NOT_BEST,
    kind.WEAKER_HAND: NOT_BEST,
    kind.NOT_BEST: NOT_BEST,
    kind.AWARDS_NOT_POT: ("THE-10.2", "the awards are not the pot less the rake (art. 10(2))"),
    kind.UNEQUAL_SHARES: ("THE-10.3", "equal hands not given equal shares (art. 10(4))"),
    kind.ODD_CHIP: ("THE-10.4", "the indivisible remainder of a split pot not given to the first tied winner "
                                "(art. 10(5))"),
})


def review(hand: Hand, ruleset: Ruleset) -> Review:
    """The hand's showdown review under hold'em's rules (computed once per hand)."""
    return showdown.review(hand, ruleset, SHOWDOWN)


def award_breaches(rule_id: str):
    """The check of one hold'em award rule."""
    return showdown.award_breaches(rule_id, SHOWDOWN)


def awards_applies(hand: Hand, ruleset: Ruleset) -> str | None:
    """The award rules judge hands that were played out and whose showdown cards are known."""
    if hand.void is not None:
        return NOT_APPLICABLE  # judged under THE-9.1
    return awards_missing(hand) or review(hand, ruleset).missing


def _wheel_held(hand: Hand, r: Review) -> bool:
    """A hand at the showdown is 5-4-3-2-A."""
    cards, board = _cards(hand), _board(hand)
    if cards is None or len(board) != 5:
        return False
    return any(_is_wheel(cards[s], board) for s in r.ranks if s in cards)


def _tied_quads(hand: Hand, r: Review) -> bool:
    """Equal fours of a kind share a pot (their fifth cards not counted)."""
    return any(len(p.winners) > 1 and category_of(r.ranks.get(p.winners[0], 0)) == FOUR_OF_A_KIND for p in r.pots)


# What must happen in a hand for an award rule to say anything about it; a hand won without a showdown has none.
_PREMISES: dict[str, award_premises.Premise[Hand]] = {
    "THE-10.3": award_premises.tied, "THE-10.4": award_premises.odd_chips, "THE-14.1": award_premises.tied,
    "THE-14.2": _wheel_held, "THE-15.2": _tied_quads,
}


def showdown_applies(rule_id: str) -> Callable[[Hand, Ruleset], str | None]:
    """The rules about the hands compared at a showdown (a tie, an odd chip, a 5-4-3-2-A, equal fours of a kind, the
    ranking) say nothing about a hand without their premise (one won without a showdown): not applicable there,
    unless the award review blames the rule all the same."""
    premise = award_premises.award_premise(rule_id, SHOWDOWN, _PREMISES.get(rule_id, award_premises.contested))

    def applies(hand: Hand, ruleset: Ruleset) -> str | None:
        return awards_applies(hand, ruleset) or premise(hand, ruleset)
    return applies


def awards_missing(hand: Hand) -> str | None:
    """A hand with neither awards nor final stacks logged says nothing about where the pot went."""
    return "no award or final stack logged" if not hand.awards and not hand.stacks_after else None
