"""Five-card stud's showdown (arts. 4, 5, 11 a), 11 f)): each player's five cards valued under art. 5, odd chips
counterclockwise from the croupier's right, and the rule each wrong award breaks, for the poker review
(``games/poker/showdown.py``).

Art. 4: "The winner (there may be several) takes the pot. If two or more players in the same hand hold hands of
equal rank, they share the pot equally"; art. 5: "A higher hand always beats a lower hand"; art. 11 a): the short
player "wins only the pot in which he bet"; art. 11 f): "two or more players may not agree to share the pot".
Each wrong award is reported once, under the first rule that explains it (docs/stud-checks.md)."""

from __future__ import annotations

from collections.abc import Callable

from auditor.engine.replay_runner import NOT_APPLICABLE
from auditor.engine.ruleset import Ruleset
from auditor.games.poker import award_kinds as kind
from auditor.games.poker import award_premises, showdown
from auditor.games.poker.conditions import all_of, seated
from auditor.games.poker.order import counterclockwise
from auditor.games.poker.showdown import Review, Showdown
from auditor.games.stud.evaluate import rank5
from auditor.games.stud.hand import Hand, per_hand
from auditor.games.stud.rake import largest_rake, unknown_rake
from auditor.games.stud.straights import misread
from auditor.games.stud.turns import seats_known

NOT_LOGGED = "the showdown cards are not all logged"
DUPLICATE = "a showdown card appears twice in the hand (5CS-1.2): the hands cannot be valued"
FOREIGN = "a showdown card is not one of the 40-card pack (5CS-1.1): the hands cannot be valued"


def _five(hand: Hand, seat: int) -> list[str] | str:
    """The five cards of ``seat``: the cards dealt to him, his hole card as shown where he showed it; or why not."""
    dealt = [d.card for d in hand.cards_of(seat)]
    shown = hand.shown_cards().get(seat, [])  # a hole card turned up before the showdown may be shown again
    if len(dealt) > 5:
        return f"seat {seat} was dealt {len(dealt)} cards (5CS-10.3): his hand is not known"
    if len(shown) > 1 or (shown and len(dealt) > 1 and dealt[1] not in (None, shown[0])):
        return f"seat {seat} showed {' '.join(shown)}, not the hole card dealt to him: his hand is not known"
    if shown and len(dealt) > 1:
        dealt[1] = shown[0]
    if len(dealt) != 5 or None in dealt:
        return NOT_LOGGED
    return [card for card in dealt if card]


def _cards(hand: Hand, seats: list[int]) -> dict[int, list[str]] | str:
    cards = {}
    for seat in seats:
        five = _five(hand, seat)
        if isinstance(five, str):
            return five
        cards[seat] = five
    every = [c for five in cards.values() for c in five]
    return DUPLICATE if len(set(every)) != len(every) else cards


def _ranks(hand: Hand, ruleset: Ruleset, live: list[int]) -> dict[int, int] | str:
    """Art. 5: each hand still in valued by its five cards (``suited_a5678_is_straight_flush``)."""
    cards = _cards(hand, live)
    if isinstance(cards, str):
        return cards
    try:
        return {s: rank5(cards[s], bool(ruleset.param("suited_a5678_is_straight_flush"))) for s in live}
    except ValueError:
        return FOREIGN


def _odd_chip_order(hand: Hand, ruleset: Ruleset, seats: list[int]) -> list[int]:
    """The odd chip to the first tied winner counterclockwise from the croupier's right (the highest seat)."""
    return counterclockwise(seats, None)


def _straights(hand: Hand, ruleset: Ruleset, r: Review, winners: set[int], recipients: set[int],
               contenders: set[int]) -> tuple[str, str] | None:
    """Art. 5(6): a pot due to ``winners`` paid to ``recipients`` as a misreading of the straights would pay it
    among the hands of ``contenders``."""
    seats = contenders | winners | recipients
    cards = _cards(hand, sorted(seats)) if seats <= set(r.ranks) else None
    suited = bool(ruleset.param("suited_a5678_is_straight_flush"))
    what = misread(cards, seats, recipients, suited) if isinstance(cards, dict) else None
    if what is None:
        return None
    return "5CS-5.2", (f"the award follows {what} (art. 5: the straights run from A-K-Q-J-10 to 9-8-7-6-5, and "
                       "A-5-6-7-8 is the lowest)")


SHOWDOWN = Showdown(
    ranks=_ranks, odd_chip_order=_odd_chip_order, special=_straights,
    stranger_order=(kind.NOT_ELIGIBLE, kind.SPECIAL, kind.SHARED_UNEQUAL, kind.LOWER_CATEGORY),
    uncontested=("5CS-4.1", "seat {seat} awarded {amount} when every other player had folded: the pot less the rakes "
                            "goes to seat {winner} (art. 4)"),
    unknown_rake=unknown_rake,  # a first rake logged does not make the house rake known
    largest_rake=largest_rake,  # arts. 8 and 9: the first rake and 4% of the pot
    rules={
        kind.FOLDED_PAID: ("5CS-4.2", "folded seat {seat} awarded {amount} (art. 4: the pot goes to the best hand "
                                      "still in)"),
        kind.NOT_SHARED: ("5CS-5.4", "equal hands not shared (art. 5: suits do not break a tie; art. 4: equal "
                                     "hands share the pot)"),
        kind.LOWER_CATEGORY: ("5CS-5.1", "pot awarded to a lower category of hand (art. 5: a higher hand always "
                                         "beats a lower hand)"),
        kind.SHARED_UNEQUAL: ("5CS-11.5", "pot shared with a hand that is not equal to the best (art. 11 f): no "
                                          "agreed split)"),
        kind.NOT_ELIGIBLE: ("5CS-11.1", "pot awarded to a player who did not bet in it (art. 11 a): the short "
                                        "player wins only the pot in which he bet)"),
        kind.WEAKER_HAND: ("5CS-5.3", "pot awarded to a weaker hand of the best hand's category (art. 5)"),
        kind.NOT_BEST: ("5CS-4.2", "pot not awarded to the best hand eligible for it (art. 4)"),
        kind.AWARDS_NOT_POT: ("5CS-4.2", "the awards of a pot are not the pot less the rakes (art. 4)"),
        kind.UNEQUAL_SHARES: ("5CS-4.3", "equal hands not given equal shares (art. 4)"),
        kind.ODD_CHIP: ("5CS-4.3", "the indivisible remainder of a split pot not given to the first tied winner "
                                   "counterclockwise from the croupier's right (art. 4)"),
    })


def award_breaches(rule_id: str):
    """The check of one stud award rule."""
    return showdown.award_breaches(rule_id, SHOWDOWN)


def _played(hand: Hand, ruleset: Ruleset) -> str | None:
    """A voided hand is judged under the rule of voided hands; a hand with neither awards nor final stacks logged
    says nothing about where the pot went."""
    if hand.void is not None:
        return NOT_APPLICABLE
    return "no award or final stack logged" if not hand.awards and not hand.stacks_after else None


def _no_dead_hand(hand: Hand, ruleset: Ruleset) -> str | None:
    """A dead hand (art. 11 d)) takes no part in the pot, and an award to it is 5CS-11.4's: the award rules do not
    judge a hand in which one died."""
    seat = min(hand.exposed, default=None)
    return None if seat is None else f"a card of seat {seat} exposed during the deal: that hand is dead (art. 11 d))"


def _reviewed(hand: Hand, ruleset: Ruleset) -> str | None:
    return showdown.review(hand, ruleset, SHOWDOWN).missing


def _uncontested(hand: Hand, ruleset: Ruleset) -> str | None:
    """Art. 4's hand won by making the others give up: one player left."""
    return None if len(showdown.review(hand, ruleset, SHOWDOWN).ranks) == 1 else NOT_APPLICABLE


def _contested(hand: Hand, ruleset: Ruleset) -> str | None:
    """A showdown: two players or more left."""
    return None if len(showdown.review(hand, ruleset, SHOWDOWN).ranks) > 1 else NOT_APPLICABLE


# The award rules judge a played hand whose players are the seats dealt in (docs/stud-checks.md) and whose pots (and,
# at a showdown, the cards) are known: 5CS-4.1 when one player is left, the others at a showdown.
_AWARDS = (_played, seated, seats_known, _no_dead_hand, _reviewed)
UNCONTESTED_ONLY, _ = per_hand("uncontested", all_of(*_AWARDS, _uncontested))
SHOWDOWN_ONLY, _ = per_hand("showdown", all_of(*_AWARDS, _contested))


def _all_in(hand: Hand, r: Review) -> bool:
    """A player all-in: an action says so, or the chips form side pots."""
    return len(r.pots) > 1 or any(a.all_in for a in hand.actions)


# What must happen at a showdown for an award rule to say anything more about the hand: a tie (4.3, 5.4), an all-in
# (11.1). The other award rules judge every showdown.
_PREMISES: dict[str, award_premises.Premise[Hand]] = {"5CS-4.3": award_premises.tied, "5CS-5.4": award_premises.tied,
                                                "5CS-11.1": _all_in}


def showdown_rule(rule_id: str) -> Callable[[Hand, Ruleset], str | None]:
    """The ``applies`` of an award rule judged at a showdown: not applicable to a hand without its premise, unless the
    review blames the rule all the same."""
    premise = _PREMISES.get(rule_id)
    return SHOWDOWN_ONLY if premise is None else all_of(SHOWDOWN_ONLY, award_premises.award_premise(rule_id, SHOWDOWN,
                                                                                                premise))
