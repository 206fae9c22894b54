"""Who leads a stud betting round: the strength of each seat's open cards (art. 10 b), c) i), c) v), d)), by
``evaluate.open_cards_rank`` under the ruleset's readings.

- ``round2_no_pair_leader``: without a pair, round 2 is led by the highest second open card (``highest_second_open_
  card``, the literal text: "the player holding the highest second open card") or by the best two open cards
  (``best_two_open_cards``: the higher card, then the other).
- ``round3_pair_requires_third_card``: in round 3 only a pair the third open card makes with the first or second
  gives the lead (``true``, the literal text), or also a pair of the first two (``false``).
- ``round4_no_combination_leader``: without a combination of art. 10 d), the highest fourth open card leads.
- ``suited_a5678_is_straight_flush``: whether four suited cards of A-5-6-7 are a possible straight flush.

Suits break every tie (spades, hearts, clubs, diamonds, art. 10 b)), so the order is total."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from auditor.engine.ruleset import Ruleset
from auditor.games.stud.evaluate import Open, open_cards_rank

Strength = Callable[[Sequence[str], int], tuple[int, ...]]


def strength(ruleset: Ruleset) -> Strength:
    """The strength of a seat's open cards (dealing order) for betting round ``round_no`` (1 to 4): the greater,
    the sooner he acts before a bet. ValueError when they are not ``round_no`` distinct cards of the pack.

    The strengths of rounds 1-3 are remembered: at most 40 + 40 x 39 + 40 x 39 x 38 = 60,880 open-card sequences of
    the pack, met again and again in a day (an error is not remembered; it is raised again)."""
    best_two = ruleset.param("round2_no_pair_leader") == "best_two_open_cards"
    any_pair = not ruleset.param("round3_pair_requires_third_card")
    a5678 = bool(ruleset.param("suited_a5678_is_straight_flush"))
    known: dict[tuple, tuple[int, ...]] = {}

    def rank(cards: Sequence[str], round_no: int) -> tuple[int, ...]:
        key = open_cards_rank(cards, round_no, suited_a5678_is_straight_flush=a5678)
        if key[0] != Open.HIGHEST_NEWEST_CARD or round_no not in (2, 3):
            return key
        singles = sorted((remembered([card], 1) for card in cards), reverse=True)  # (category, rank, suit)
        if round_no == 2 and best_two:
            return Open.HIGHEST_NEWEST_CARD, singles[0][1], singles[1][1], singles[0][2]
        pairs = [high for high, low in zip(singles, singles[1:]) if high[1] == low[1]]
        if round_no == 3 and any_pair and pairs:  # the first two open cards pair (the third pairs neither)
            return Open.PAIR_WITH_NEWEST_CARD, pairs[0][1], pairs[0][2]
        return key

    def remembered(cards: Sequence[str], round_no: int) -> tuple[int, ...]:
        if round_no == 4:
            return rank(cards, round_no)
        seen = (round_no, *cards)
        value = known.get(seen)
        if value is None:
            value = known[seen] = rank(cards, round_no)
        return value

    return remembered
