"""Seats and the order round the table, for every poker game.

Seats are numbered 1..N clockwise, starting with the first seat to the croupier's left (docs/log-format.md): clockwise
is up the seat numbers, counterclockwise down them, both wrapping around. The croupier's right is the highest seat."""

from __future__ import annotations

from bisect import bisect_left, bisect_right


def clockwise(seats: list[int], after: int | None) -> list[int]:
    """``seats`` (sorted) in clockwise order, starting with the first seat after ``after`` (to his left); with no
    ``after``, from the croupier's left (the lowest seat)."""
    if after is None:
        return list(seats)
    start = bisect_right(seats, after)
    return seats[start:] + seats[:start]


def counterclockwise(seats: list[int], after: int | None) -> list[int]:
    """``seats`` (sorted) in counterclockwise order, starting with the first seat after ``after`` (to his right);
    with no ``after``, from the croupier's right (the highest seat)."""
    if after is None:
        return seats[::-1]
    start = bisect_left(seats, after)
    return seats[:start][::-1] + seats[start:][::-1]
