"""The board and its burns, street by street (arts. 7(1), 8(1)-(3))."""

from __future__ import annotations

from auditor.engine.replay_runner import breach


def street_cards(hand, street: str, cards: int, article: str):
    """The street has ``cards`` board cards, and exactly one burn before its first card."""
    board = [c for c in hand.board if c.street == street]
    burns = [c for c in hand.burns if c.street == street]
    if not board and not burns:
        return
    where = board[0].src if board else burns[0].src
    if len(board) != cards:
        yield breach(where, f"the {street} is {len(board)} card(s); {article}: {cards}", cards, len(board))
    if len(burns) != 1 or (board and burns[0].src.seq > board[0].src.seq):
        yield breach(where, f"{len(burns)} card(s) burned before the {street}; {article}: one, immediately before",
                     1, len(burns))
