"""Reasons a poker hand cannot be judged that both games share: no player seated, the rake not logged."""

from __future__ import annotations

from auditor.games.holdem.hand import Hand

NO_SEAT = "no player seated (no seat event)"


def unlogged_rake(hand: Hand) -> str | None:
    """Why the hand's rake is unknown (None: it is known, as logged, or nil at a table that declares no rake). A
    source may not log the rake at all (``not_logged``); at a raked table a hand that took no rake logs a rake of 0,
    so a hand without a ``rake`` event took a rake the log does not give."""
    if "rake" in hand.table.not_logged:
        return "rake not logged by the source"
    if not hand.rakes and hand.table.config.get("rake_rate") is not None:
        return "no rake logged for the hand (a hand raked nothing logs a rake of 0)"
    return None
