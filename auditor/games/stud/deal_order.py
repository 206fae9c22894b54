"""Who is dealt a card first, and who turns his hole card first, at a stud table (art. 10 a)-e)): the cards and
shows in log order beside the order the article gives; ``poker/order.first_out_of_order`` finds the first one out
of turn. One out-of-order deal (or showdown), one finding.

The rules of the order of dealing and showing judge a hand under the readings of the order of play (``turns.IN_TURN``):
not when fewer than two players are seated, nor when the players in the hand are not the seats dealt in (a seat taken
after the first card, an action from an empty seat, a dead hand that had acted or acts on, art. 11 d)) or a dealing
error was corrected; nor when the source does not log the table's layout (``croupier_position``: "counterclockwise from
the croupier's right" needs it) or the dealing order (``deal_order``), nor when a card dealt names no seat."""

from __future__ import annotations

from collections.abc import Sequence

from auditor.engine.replay_runner import NOT_APPLICABLE
from auditor.engine.ruleset import Ruleset
from auditor.games.poker.conditions import all_of, dealt, unless_not_logged
from auditor.games.poker.hand import Card
from auditor.games.stud.hand import ROUNDS, Hand, per_hand
from auditor.games.stud.turns import deals_seated, seats_known


def numbered(hand: Hand) -> list[tuple[int, int, Card]]:
    """(seat, the card's number among the seat's cards, the deal) of every card dealt to a seat, in log order; listed
    once a hand (kept in ``hand.derived``), since the rules of the deal's order both read it."""
    cached = hand.derived.get("numbered")
    if isinstance(cached, list):
        return cached
    counts: dict[int, int] = {}
    out = []
    for d in hand.deals:
        if d.seat is not None:
            n = counts[d.seat] = counts.get(d.seat, 0) + 1
            out.append((d.seat, n, d))
    hand.derived["numbered"] = out
    return out


# Logged in an order that can be judged: the deal, and the seats round the croupier.
DEALING, _ = per_hand("dealing", all_of(seats_known, dealt, unless_not_logged("croupier_position"),
                                         unless_not_logged("deal_order"), deals_seated))


_LATER_ROUNDS = frozenset(ROUNDS[1:])


def _later_cards(hand: Hand, ruleset: Ruleset) -> str | None:
    return None if any(d.street in _LATER_ROUNDS for d in hand.deals) else NOT_APPLICABLE


# Rules about the third to fifth cards: not applicable to a hand in which none was dealt (it ended in round 1).
later_cards, _ = per_hand("later cards", _later_cards)


def strongest(hand: Hand, seats: Sequence[int], round_no: int) -> int | str:
    """Of ``seats``, the one whose open cards are the strongest for betting round ``round_no`` (``Hand.strength``);
    a reason instead when the open cards do not say (one not logged or not of the pack, too few, or two seats tie,
    as a card seen twice makes them)."""
    try:
        keys = {seat: hand.strength(seat, round_no) for seat in seats}
    except ValueError:
        return f"the open cards of round {round_no} are not all logged cards of the pack"
    ranked = sorted(keys.values(), reverse=True)
    if len(ranked) > 1 and ranked[0] == ranked[1]:
        return f"two seats' open cards of round {round_no} rank alike"
    return max(keys, key=keys.__getitem__)


def listed(seats: Sequence[int]) -> str:
    return ", ".join(map(str, seats))
