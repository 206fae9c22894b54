"""Strict replay of hold'em: the poker replay loop (``auditor/games/poker/replay.py``) with hold'em's events.

Each hand is replayed by the poker betting state machine under hold'em's policy (``betting.py``): the board opens
the streets, and the first event after the betting (a show once nobody is left to act on the river or in a hand
that fewer than two players can still bet, the rake, a refund, an award …) ends it."""

from __future__ import annotations

from collections.abc import Iterator
from decimal import Decimal

import duckdb

from auditor.engine.ruleset import Ruleset
from auditor.games.holdem.betting import HoldemPolicy, blind_seats
from auditor.games.holdem.hand import STREETS, Hand
from auditor.games.holdem.limits import smallest_increment
from auditor.games.poker.betting import Betting
from auditor.games.poker.feed import AFTER_BETTING, ZERO, HandFeed
from auditor.games.poker.hand import Card, Source, TableInfo
from auditor.games.poker.replay import events as poker_events
from auditor.games.poker.replay import replay_hands

# The columns the replay reads after the envelope, in the order ``_HandReplay.feed`` unpacks them.
COLUMNS = ("card", "face", "seat", "player", "amount", "action", "all_in", "pot", "method", "reason")


def events(con: duckdb.DuckDBPyConnection, batch_size: int) -> Iterator[tuple]:
    """The hold'em hand events as the replay reads them (``poker.replay.events``)."""
    return poker_events(con, "holdem", COLUMNS, batch_size)


class _Increments(dict):
    """A table's smallest full bet or raise by street (``limits.smallest_increment``), computed when first asked."""

    def __init__(self, table: TableInfo, ruleset: Ruleset) -> None:
        super().__init__()
        self.table, self.ruleset = table, ruleset

    def __missing__(self, street: str) -> Decimal:
        value = self[street] = smallest_increment(self.table, self.ruleset, street)
        return value


class _HandReplay(HandFeed[Hand]):
    """Feeds one hand's events, in order, to a hold'em ``Hand`` and its ``Betting``."""

    __slots__ = ("smallest", "add_up", "heads_up_button_posts", "full_big_blind", "board_count")
    last_round = STREETS[-1]

    def __init__(self, hand: Hand, smallest: _Increments, add_up: bool, heads_up_button_posts: str,
                 full_big_blind: bool) -> None:
        super().__init__(hand)
        self.smallest = smallest
        self.add_up = add_up
        self.heads_up_button_posts = heads_up_button_posts
        self.full_big_blind = full_big_blind
        self.board_count = 0

    def new_betting(self) -> Betting:
        hand = self.hand
        big_blind_seat = blind_seats(sorted(hand.seats), hand.button, self.heads_up_button_posts)[1]
        policy = HoldemPolicy(hand, hand.table.money("big_blind", ZERO), big_blind_seat, self.full_big_blind)
        return Betting(hand, policy, STREETS[0], self.smallest.__getitem__, self.add_up)

    def shows_before_last(self, betting: Betting) -> bool:
        """Once fewer than two players can bet, the board is run out without betting: they may show before it (art.
        8(5): the showdown comes "after the last betting round")."""
        return len(betting.can_act()) < 2

    def feed(self, event: str, src: Source, fields: tuple) -> None:
        card, face, seat, player, amount, kind, all_in, pot, method, reason = fields
        if event == "action":
            self.act(src, seat, kind, amount, all_in, reason)
        elif event == "deal":
            self.hand.deals.append(Card(src, card, seat, face, "preflop"))
        elif event == "seat":
            self.seat(src, seat, player, amount)
        elif event == "burn" or event == "board":
            n = self.board_count
            street = "flop" if n < 3 else "turn" if n == 3 else "river" if n < 5 else "extra"
            if not self.finished and street != "extra":  # a card after the river opens no round (THE-8.2's)
                self._bet().open_street(street, src)
            if event == "burn":
                self.hand.burns.append(Card(src, card, None, face, street))
            else:
                self.hand.board.append(Card(src, card, None, face, street))
                self.board_count = n + 1
        elif event == "correction":
            self.hand.corrected = self.hand.corrected or src
        elif event == "shuffle" or event == "cut":
            self.shuffle_or_cut(event, src, method)
        elif event in AFTER_BETTING:  # a rake too ends the betting: in hold'em it is taken after it
            self.after_betting(event, src, card, seat, amount, pot, reason)


def replay(con: duckdb.DuckDBPyConnection, ruleset: Ruleset, batch_size: int = 1 << 16) -> Iterator[Hand]:
    """Every complete hold'em hand, in table and ``seq`` order, with ``previous`` set to the table's last hand."""
    add_up = bool(ruleset.param("short_all_ins_add_up"))
    heads_up = str(ruleset.param("heads_up_button_posts"))
    full_big_blind = ruleset.param("short_big_blind_call") == "full_big_blind"
    increments: dict[str, _Increments] = {}

    def start(table: TableInfo, hand_id: str, src: Source, fields: tuple) -> _HandReplay:
        smallest = increments.get(table.table_id)
        if smallest is None:
            increments.clear()  # one table at a time
            smallest = increments[table.table_id] = _Increments(table, ruleset)
        return _HandReplay(Hand(table, hand_id, src, fields[2]), smallest, add_up, heads_up, full_big_blind)

    yield from replay_hands(con, "holdem", COLUMNS, start, batch_size)
