"""Art. 2 (门数及博彩者人数下限): "1. The layout has 10 seats for players … 2. The house may use layouts with more
than 10 player seats. 3. At least 2 players are needed to start a hand." """

from __future__ import annotations

from collections.abc import Iterator

from auditor.engine.registry import register
from auditor.engine.replay_runner import Breach, ReplayRule, breach
from auditor.engine.ruleset import Ruleset
from auditor.games.holdem.hand import Hand


def _players(hand: Hand, ruleset: Ruleset) -> Iterator[Breach]:
    minimum = ruleset.int_param("min_players")
    if len(hand.seats) < minimum:
        yield breach(hand.start, f"{len(hand.seats)} player(s) dealt in; art. 2(3) needs at least {minimum}",
                     f">= {minimum}", len(hand.seats))


def _seat_numbers(hand: Hand, ruleset: Ruleset) -> Iterator[Breach]:
    layout = hand.table.config.get("seats") or ruleset.int_param("max_seats_default")
    for seat, src in sorted(hand.seat_sources.items()):
        if seat > layout:
            yield breach(src, f"seat {seat} on a layout of {layout} seats (art. 2(1)-(2))", f"<= {layout}", seat)


register(ReplayRule[Hand](id="THE-2.1", game="holdem", check=_players))
register(ReplayRule[Hand](id="THE-2.2", game="holdem", check=_seat_numbers))
