"""Art. 2 (门数及博彩者人数下限): "1. The layout has 10 seats for players … 2. The house may use layouts with more
than 10 player seats. 3. At least 2 players are needed to start a hand." """

from __future__ import annotations

from auditor.engine.registry import register
from auditor.engine.replay_runner import ReplayRule, breach


def _players(hand, ruleset):
    minimum = ruleset.param("min_players")
    if len(hand.seats) < minimum:
        yield breach(hand.start, f"{len(hand.seats)} player(s) dealt in; art. 2(3) needs at least {minimum}",
                     f">= {minimum}", len(hand.seats))


def _seat_numbers(hand, ruleset):
    layout = hand.table.config.get("seats") or ruleset.param("max_seats_default")
    for seat, src in sorted(hand.seat_sources.items()):
        if seat > layout:
            yield breach(src, f"seat {seat} on a layout of {layout} seats (art. 2(1)-(2))", f"<= {layout}", seat)


register(ReplayRule(id="THE-2.1", game="holdem", check=_players))
register(ReplayRule(id="THE-2.2", game="holdem", check=_seat_numbers))
