"""Seats and the order round the table, for every poker game.

Seats are numbered 1..N clockwise, starting with the first seat to the croupier's left (docs/log-format.md): clockwise
is up the seat numbers, counterclockwise down them, both wrapping around. The croupier's right is the highest seat."""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from typing import TypeVar

K = TypeVar("K")
T = TypeVar("T")


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



def first_out_of_order(done: list[tuple[K, T]], order: list[K]) -> tuple[T, K] | None:
    """The first of ``done`` ((key, event) in log order, the key a seat or a seat's card) that came before a key
    ``order`` puts ahead of it, with the earliest such key (whose turn it was); None when ``done`` keeps to
    ``order``. Only the order is judged: a key not in ``order``, a repeated key and a key of ``order`` missing from
    ``done`` are left out (what they breach is another rule's matter)."""
    if [key for key, _ in done] == order:
        return None  # the usual case, every key once and in order: nothing to look for
    position = {key: i for i, key in enumerate(order)}
    seen: set[K] = set()
    kept: list[tuple[int, T]] = []
    for key, event in done:
        if key in position and key not in seen:
            seen.add(key)
            kept.append((position[key], event))
    earliest = len(order)  # the earliest position among the events after the one looked at
    first: tuple[T, K] | None = None
    for at, event in reversed(kept):
        if earliest < at:
            first = event, order[earliest]
        earliest = min(earliest, at)
    return first
