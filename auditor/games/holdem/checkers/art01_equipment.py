"""Art. 1 (用具): "(3) one deck of 52 cards" and "2. The indicator … is placed in front of the first player to the
croupier's left and, at the end of each hand, is passed clockwise to the next player." """

from __future__ import annotations

from auditor.engine.registry import register
from auditor.engine.replay_runner import NOT_APPLICABLE, ReplayRule, breach
from auditor.games.holdem.betting import clockwise
from auditor.games.holdem.conditions import previous_hand, seated, unless_not_logged


def _twice(card):
    return breach(card.src, f"card {card.card} appears twice in the hand (one 52-card deck, art. 1(1)(3))",
                  "each card once", f"{card.card} again")


def _deck(hand, ruleset):
    """Every card once: dealt, burned, on the board, and shown. A shown card that the seat was dealt is that card;
    any other shown card is one more, which must be neither shown twice nor already dealt, burned or on the board."""
    seen: set[str] = set()
    for card in [*hand.deals, *hand.burns, *hand.board]:
        if card.card is not None:
            if card.card in seen:
                yield _twice(card)
            seen.add(card.card)
    dealt = hand.hole_cards()
    shown: set[str] = set()
    for show in hand.shows:
        own = [c for c in dealt.get(show.seat, []) if c]
        if not show.card:
            continue
        if show.card in shown or (show.card not in own and len(own) < 2 and show.card in seen):
            yield _twice(show)
        elif show.card not in own and len(own) == 2:
            yield breach(show.src, f"seat {show.seat} shows {show.card}, which he was not dealt",
                         " ".join(own), show.card)
        shown.add(show.card)


def _button_moves(hand, ruleset):
    before = hand.previous.button
    expected = clockwise(sorted(hand.seats), before)[0]
    if hand.button != expected:
        yield breach(hand.start, f"button on seat {hand.button}; after seat {before} it passes clockwise to seat "
                                 f"{expected} (art. 1(2))", expected, hand.button)


def _first_button(hand, ruleset):
    first = min(hand.seats)
    if hand.button != first:
        yield breach(hand.start, f"first hand of the table with the button on seat {hand.button}; art. 1(2) places "
                                 f"it before the first player to the croupier's left (seat {first})", first,
                     hand.button)


register(ReplayRule(id="THE-1.1", game="holdem", check=_deck))
def _button_moves_applies(hand, ruleset):
    return previous_hand(hand, ruleset) or seated(hand, ruleset) or (
        "button not logged" if hand.button is None or hand.previous.button is None else None)


register(ReplayRule(id="THE-1.2", game="holdem", check=_button_moves, applies=_button_moves_applies))
register(ReplayRule(
    id="THE-1.3", game="holdem", check=_first_button,
    applies=lambda h, r: unless_not_logged("croupier_position")(h, r) or (
        NOT_APPLICABLE if h.hand_id != h.table.first_hand_id else
        seated(h, r) or ("button not logged" if h.button is None else None))))
