"""Art. 1 (用具): "(3) one deck of 52 cards" and "2. The indicator … is placed in front of the first player to the
croupier's left and, at the end of each hand, is passed clockwise to the next player." """

from __future__ import annotations

from collections.abc import Iterator

from auditor.engine.registry import register
from auditor.engine.replay_runner import NOT_APPLICABLE, Breach, ReplayRule, breach
from auditor.engine.ruleset import Ruleset
from auditor.games.holdem.conditions import NO_BUTTON, as_dealt, button_logged, previous_hand, seated, unless_not_logged
from auditor.games.holdem.hand import Hand
from auditor.games.poker.deck import DECK_52, deck_breaches
from auditor.games.poker.order import clockwise


def _deck(hand: Hand, ruleset: Ruleset) -> Iterator[Breach]:
    """Every card once, and of the 52: dealt, burned, on the board, and shown (two hole cards each)."""
    return deck_breaches(hand, [*hand.deals, *hand.burns, *hand.board], DECK_52, 2, "art. 1(1)(3)")


def _button_moves(hand: Hand, ruleset: Ruleset) -> Iterator[Breach]:
    before = hand.previous.button if hand.previous is not None else None
    if before is None:
        return  # never: the previous hand and its button are known (``_button_moves_applies``)
    expected = clockwise(sorted(hand.seats), before)[0]
    if hand.button != expected:
        yield breach(hand.start, f"button on seat {hand.button}; after seat {before} it passes clockwise to seat "
                                 f"{expected} (art. 1(2))", expected, hand.button)


def _first_button(hand: Hand, ruleset: Ruleset) -> Iterator[Breach]:
    first = min(hand.seats)
    if hand.button != first:
        yield breach(hand.start, f"first hand of the table with the button on seat {hand.button}; art. 1(2) places "
                                 f"it before the first player to the croupier's left (seat {first})", first,
                     hand.button)


register(ReplayRule[Hand](id="THE-1.1", game="holdem", check=_deck, applies=as_dealt))
def _button_moves_applies(hand: Hand, ruleset: Ruleset) -> str | None:
    return previous_hand(hand, ruleset) or seated(hand, ruleset) or (
        NO_BUTTON if hand.button is None or hand.previous is None or hand.previous.button is None else None)


register(ReplayRule[Hand](id="THE-1.2", game="holdem", check=_button_moves, applies=_button_moves_applies))
register(ReplayRule[Hand](
    id="THE-1.3", game="holdem", check=_first_button,
    applies=lambda h, r: unless_not_logged("croupier_position")(h, r) or (
        NOT_APPLICABLE if h.hand_id != h.table.first_hand_id else
        seated(h, r) or button_logged(h, r))))
