"""Who comes first at a stud table (arts. 10 a)-e)): seats are numbered clockwise from the croupier's left, so the
croupier's right is the highest occupied seat and counterclockwise means down the seat numbers, wrapping around."""

from __future__ import annotations

from auditor.games.stud.evaluate import open_cards_rank


def counterclockwise(seats: list[int], start: int) -> list[int]:
    """``seats`` counterclockwise, starting with ``start`` (one of them)."""
    ordered = sorted(seats, reverse=True)
    at = ordered.index(start)
    return ordered[at:] + ordered[:at]


def right_of(seats: list[int], seat: int) -> list[int]:
    """``seats`` counterclockwise from the first to the right of ``seat`` (who need not be one of them)."""
    lower = sorted((s for s in seats if s < seat), reverse=True)
    return lower + sorted((s for s in seats if s > seat), reverse=True)


def by_open_cards(opens: dict[int, list[str]], round_no: int) -> list[int]:
    """The seats of ``opens`` (their open cards, in dealing order) from the strongest open cards for betting round
    ``round_no`` down (art. 10 b), c) i), c) v), d)); suits break every tie, so the order is total."""
    return sorted(opens, key=lambda seat: open_cards_rank(opens[seat], round_no), reverse=True)
