"""The tables of a PHH file and the play order of their hands (docs/log-format.md, "PHH files").

A hand's table is its ``table`` field within its file; a file whose hands name no table is one table. Hands that
name no table in a file whose other hands do may come from any of its tables: they form one table whose order is
not logged. At a table the hands are played in the order of their ``hand`` numbers (compared as numbers, digit run
by digit run: ``R5-17-548`` before ``R5-17-1010``) when every hand has a distinct one and the times, where every hand
has one, do not contradict it; else in the order of their times when all are distinct; else in file order. The
source shows which hand was played just before each only when the hand numbers count the table's hands (each the
one before plus one), or when it gives neither numbers nor times (the file is then the table's record, in order).
Otherwise (a site-wide hand number, which leaves out the hands not recorded; times alone; no trustworthy order) the
table's ``not_logged`` holds ``hand_order``, and the rules about the previous hand are not evaluated.

A table's configuration is what its hands share; a hand whose betting structure differs from the hands before it
(another minimum bet or blind, a change of stakes) opens a new table, ``#2``, ``#3`` ... after the table's name. A
blind that a hand does not post (a lone big blind) takes its amount from the other hands of its table; the seats of
a table are the largest ``seat_count`` or seat number of its hands."""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

NOT_LOGGED_ORDER = "hand_order"
_DIGITS = re.compile(r"([0-9]+)")
_NUMBER = re.compile(r"[0-9]{1,18}")  # a run that int() reads as it is (Unicode digits and 5,000 of them are text)


@dataclass(frozen=True)
class Place:
    """Where a hand sits in its source: its ``table`` field, ``hand`` field, start time and place in the file."""

    table: str | None
    hand: str | None
    ts: str | None
    index: int


@dataclass
class Segment:
    """One table of the audit: its id, configuration and hands (``Place`` indexes) in play order."""

    table_id: str
    config: dict[str, Any]
    hands: list[int] = field(default_factory=list)


def _number(hand: str) -> tuple:
    """``hand`` as a key that orders digit runs as numbers."""
    return tuple((0, int(part), "") if _NUMBER.fullmatch(part) else (1, 0, part)
                 for part in _DIGITS.split(hand) if part)


def _consecutive(hands: list[str]) -> bool:
    """Each hand number is the one before it plus one (in its last digit run): a counter of the table's hands, which
    shows that no hand is missing between two of them."""
    keys = [_number(hand) for hand in hands]
    for a, b in zip(keys, keys[1:]):
        last = max((i for i, part in enumerate(a) if part[0] == 0), default=None)
        if last is None or len(a) != len(b) or a[:last] != b[:last] or a[last + 1:] != b[last + 1:] \
                or b[last][1] != a[last][1] + 1:
            return False
    return True


def play_order(places: list[Place]) -> tuple[list[Place], bool]:
    """The hands of one table in play order, and whether the source shows it hand by hand: which hand was played
    just before each (False: the order, or a hand in between, is not in the source; the list is then the best order
    the source gives, else file order)."""
    hands = [(p.hand, p) for p in places if p.hand is not None]
    times = [(p.ts, p) for p in places if p.ts is not None]
    by_file = sorted(places, key=lambda p: p.index)
    if len(hands) == len(places) and len({h for h, _ in hands}) == len(hands):
        numbered = sorted(hands, key=lambda hp: _number(hp[0]))
        ordered = [p for _, p in numbered]
        stamps = [p.ts for p in ordered if p.ts is not None]
        if len(stamps) < len(ordered) or all(a <= b for a, b in zip(stamps, stamps[1:])):
            return ordered, _consecutive([h for h, _ in numbered])
        return by_file, False
    if len(times) == len(places) and len({t for t, _ in times}) == len(times):
        return [p for _, p in sorted(times, key=lambda tp: tp[0])], False
    return by_file, not hands and not times


def _fits(config: dict[str, Any], hand: dict[str, Any]) -> bool:
    """A hand plays at a table of ``config`` when every key both give (but the seats) has one value."""
    return all(config.get(k, v) == v for k, v in hand.items() if k != "seats")


def _merge(config: dict[str, Any], hand: dict[str, Any]) -> None:
    seats = max(config.get("seats", 0), hand["seats"])
    config.update(hand)
    config["seats"] = seats


def segments(name: str, places: list[Place], configs: dict[int, dict[str, Any]]) -> list[Segment]:
    """The tables of the file ``name``: ``configs`` holds the configuration each mapped hand needs (by index);
    a refused hand (not in ``configs``) keeps its place in the order, at the table current there."""
    named = any(p.table is not None for p in places)
    groups: dict[str | None, list[Place]] = {}
    for place in places:
        groups.setdefault(place.table, []).append(place)
    tables: list[Segment] = []
    for table, members in groups.items():
        base = name if table is None else f"{name}:{table}"
        ordered, known = play_order(members)
        known = known and (table is not None or not named)
        mine: list[Segment] = []
        for place in ordered:
            hand = configs.get(place.index)
            if not mine or (hand is not None and not _fits(mine[-1].config, hand)):
                mine.append(Segment(base if not mine else f"{base}#{len(mine) + 1}", {}))
            if hand is not None:
                _merge(mine[-1].config, hand)
            mine[-1].hands.append(place.index)
        if not known:
            for segment in mine:
                if "not_logged" in segment.config:
                    segment.config["not_logged"] += f",{NOT_LOGGED_ORDER}"
        tables += mine
    return tables


def missing_blinds(config: dict[str, Any]) -> Iterable[str]:
    return (k for k in ("small_blind", "big_blind") if k not in config)
