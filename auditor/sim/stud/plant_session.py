"""Planted violations between stud hands (art. 3 seats, art. 6 money on the table), made on the session events
just written and the players' state, before the hand is dealt. Each returns the seat whose ``seat`` event in the
next hand shows the breach (for 5CS-6.2, the seat of the buy-in that is the breach), and a note; ``None``: no
opportunity now.

* 5CS-6.2: a newcomer buys in for three quarters of the minimum (still above the top-up line), labelled at the
  ``buy_in`` (between hands: no hand, as the auditor reports it);
* 5CS-6.4: a player who must top up adds only enough to reach halfway between the line and the minimum;
* 5CS-6.6: a player takes a tenth of his chips off the table between hands without leaving (still above the line);
* 5CS-3.1: a visitor is dealt in at an eighth seat of a full table; 5CS-3.2: a visitor is dealt in at two empty
  seats. The visitor buys in for the minimum at each seat before the hand, folds at his first turn (so that 40
  cards always suffice) and leaves after it; the seated players' sessions are untouched."""

from __future__ import annotations

import random

from auditor.sim.stud.players import Seating
from auditor.sim.stud.table import SEATS

SESSION_RULES = ("5CS-6.2", "5CS-6.4", "5CS-6.6")
VISITOR_RULES = ("5CS-3.1", "5CS-3.2")


def _of(between: list[dict], kind: str) -> list[dict]:
    return [e for e in between if e["event"] == kind]


def low_buy_in(seating: Seating, between: list[dict], rng: random.Random) -> tuple[int, str] | None:
    buy_ins = _of(between, "buy_in")
    if not buy_ins:
        return None
    event, table = buy_ins[-1], seating.table
    amount = table.down(table.buy_in_min * 3 // 4)
    event["amount"] = str(amount)
    seating.seats[event["seat"]].stack = amount
    return event["seat"], f"buy-in of {amount}, minimum {table.buy_in_min}"


def short_top_up(seating: Seating, between: list[dict], rng: random.Random) -> tuple[int, str] | None:
    top_ups = _of(between, "top_up")
    if not top_ups:
        return None
    event, table = top_ups[0], seating.table
    player = seating.seats[event["seat"]]
    before = player.stack - int(event["amount"])
    player.stack = table.down((table.top_up_below + table.buy_in_min) // 2)
    event["amount"] = str(player.stack - before)
    return event["seat"], f"stack {before} after the hand, topped up to {player.stack} only"


def withdrawal(seating: Seating, between: list[dict], rng: random.Random) -> tuple[int, str] | None:
    table, moved = seating.table, {e["seat"] for e in between}
    able = [seat for seat, player in sorted(seating.seats.items()) if seat not in moved
            and player.stack - max(table.chip_unit, table.down(player.stack // 10)) >= table.top_up_below]
    if not able:
        return None
    seat = rng.choice(able)
    taken = max(table.chip_unit, table.down(seating.seats[seat].stack // 10))
    seating.seats[seat].stack -= taken
    return seat, f"seat {seat} took {taken} off the table between hands"


SESSION_PLANTS = {"5CS-6.2": low_buy_in, "5CS-6.4": short_top_up, "5CS-6.6": withdrawal}


def visitor(rule: str, seating: Seating, number: int, rng: random.Random) -> tuple[list[int], str, str] | None:
    """The visitor's seats and name (``number``: the hand's), and a note."""
    seats, table = seating.seats, seating.table
    name = f"{table.table_id}-V{number:06d}"
    if rule == "5CS-3.1":
        if len(seats) < SEATS:
            return None
        return [SEATS + 1], name, f"an eighth player dealt in, at seat {SEATS + 1}"
    empty = [seat for seat in range(1, SEATS + 1) if seat not in seats]
    if len(empty) < 2:
        return None
    two = sorted(rng.sample(empty, 2))
    return two, name, f"player {name} dealt in at seats {two[0]} and {two[1]}"
