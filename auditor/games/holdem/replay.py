"""Strict replay: hold'em events from DuckDB, in table and ``seq`` order, become ``Hand`` records.

Events stream as Arrow batches, one query per range of tables (never the whole day in Python, nor in one sort).
Each hand is replayed by the poker betting state machine under hold'em's policy (``betting.py``); the replay follows
the log as written and records what it met, never what it would have liked to see."""

from __future__ import annotations

import json
from bisect import bisect_right
from collections.abc import Iterator
from decimal import Decimal

import duckdb
import pyarrow as pa
import pyarrow.compute as pc

from auditor.engine.ruleset import Ruleset
from auditor.games.holdem.betting import HoldemPolicy, blind_seats
from auditor.games.holdem.hand import STREETS, Hand
from auditor.games.holdem.limits import smallest_increment
from auditor.games.poker.betting import Betting
from auditor.games.poker.hand import Action, Card, Money, Source, TableInfo
from auditor.ingest.ranges import TableRange, table_ranges

# The columns the replay reads, in the order ``replay`` unpacks them.
COLUMNS = ("table_id", "hand_id", "seq", "file", "line", "event", "card", "face", "seat", "player", "amount",
           "action", "all_in", "pot", "method", "reason")
# Converted through their distinct values: few of them, and each costly to make (a Decimal) or repeated (a path).
_REPEATED = frozenset({"table_id", "file", "event", "amount"})
ZERO = Decimal(0)
_AFTER_BETTING = frozenset({"show", "rake", "refund", "award", "stack", "hand_end", "void"})
_HOLDEM = "game = 'holdem' AND hand_id IS NOT NULL"
BATCH_EVENTS = 1 << 18  # events per query: about 250 MB of peak memory above the baseline, whatever the day


def table_infos(con: duckdb.DuckDBPyConnection, game: str = "holdem") -> dict[str, TableInfo]:
    infos = {}
    for table_id, config in con.execute("SELECT table_id, config FROM tables WHERE game = ?", [game]).fetchall():
        cfg = json.loads(config)
        not_logged = frozenset(x.strip() for x in cfg.get("not_logged", "").split(",") if x.strip())
        infos[table_id] = TableInfo(table_id, cfg, not_logged)
    return infos


def tainted_hands(con: duckdb.DuckDBPyConnection, game: str = "holdem") -> set[tuple[str, str]]:
    """Hands with a quarantined record: tied to it by key, or lying around it in the same file."""
    if not con.execute("SELECT count(*) FROM quarantine").fetchone()[0]:
        return set()  # nothing quarantined: no hand is tainted (and no pass over the day's hands is needed)
    return set(con.execute(
        """
        WITH spans AS (
          SELECT table_id, hand_id, file, min(line) AS lo, max(line) AS hi FROM events
          WHERE game = ? AND hand_id IS NOT NULL GROUP BY ALL
        )
        SELECT DISTINCT s.table_id, s.hand_id FROM spans s JOIN quarantine q
          ON (q.table_id = s.table_id AND q.hand_id = s.hand_id) OR (q.file = s.file AND q.line BETWEEN s.lo AND s.hi)
        """, [game]).fetchall())


def quarantined_seqs(con: duckdb.DuckDBPyConnection, game: str = "holdem") -> dict[str, list[int]]:
    """Per table, the ``seq`` of every quarantined record tied to it (sorted): the places where a hand, or part of
    one, was refused."""
    rows = con.execute(
        "SELECT q.table_id, list(DISTINCT q.seq ORDER BY q.seq) FROM quarantine q JOIN tables t USING (table_id) "
        "WHERE t.game = ? AND q.seq IS NOT NULL GROUP BY q.table_id", [game]).fetchall()
    return dict(rows)


def chain_gap(previous: Hand | None, start: int, refused: list[int]) -> str | None:
    """Why the hand starting at ``seq`` ``start`` cannot be compared with ``previous``, the table's last complete
    hand (None: it can, or there is none)."""
    if previous is None:
        return None
    if "hand_order" in previous.table.not_logged:
        return "hand order not logged by the source"
    if previous.tainted:
        return "the previous hand has a quarantined record"
    at = bisect_right(refused, previous.start.seq)
    if at < len(refused) and refused[at] < start:
        return "a quarantined record lies between this hand and the previous one"
    return None


def _ranges(con: duckdb.DuckDBPyConnection, events_per_query: int = BATCH_EVENTS) -> list[TableRange]:
    """Consecutive ranges of hold'em tables of about ``events_per_query`` events each: one query per range keeps the
    sort DuckDB materialises to one range, not the day."""
    sizes = con.execute(f"SELECT table_id, count(*) FROM events WHERE {_HOLDEM} GROUP BY table_id ORDER BY table_id")
    return table_ranges(sizes.fetchall(), events_per_query)


def _pylist(column: pa.Array, repeated: bool) -> list:
    """The column's values as Python objects (``to_pylist``); a column of few distinct values is converted through
    them, which gives the same values."""
    if not repeated:
        return column.to_pylist()
    encoded = pc.dictionary_encode(column)
    values = encoded.dictionary.to_pylist()
    return [None if i is None else values[i] for i in encoded.indices.to_pylist()]


def _events(con: duckdb.DuckDBPyConnection, batch_size: int) -> Iterator[tuple]:
    """The hold'em events in ``table_id``, ``seq`` order as tuples of ``COLUMNS``, one query per table range."""
    select = (f"SELECT {', '.join(COLUMNS)} FROM events WHERE {_HOLDEM} AND table_id BETWEEN $lo AND $hi "
              "ORDER BY table_id, seq")
    for r in _ranges(con):
        for batch in con.sql(select, params={"lo": r.first, "hi": r.last}).to_arrow_reader(batch_size):
            yield from zip(*[_pylist(batch.column(name), name in _REPEATED) for name in COLUMNS])


class _Increments(dict):
    """A table's smallest full bet or raise by street (``limits.smallest_increment``), computed when first asked."""

    def __init__(self, table: TableInfo, ruleset: Ruleset) -> None:
        super().__init__()
        self.table, self.ruleset = table, ruleset

    def __missing__(self, street: str) -> Decimal:
        value = self[street] = smallest_increment(self.table, self.ruleset, street)
        return value


class _HandReplay:
    """Feeds one hand's events, in order, to a ``Hand`` and its ``Betting``."""

    __slots__ = ("hand", "smallest", "add_up", "heads_up_button_posts", "betting", "board_count", "finished")

    def __init__(self, hand: Hand, smallest: _Increments, add_up: bool, heads_up_button_posts: str) -> None:
        self.hand = hand
        self.smallest = smallest
        self.add_up = add_up
        self.heads_up_button_posts = heads_up_button_posts
        self.betting: Betting | None = None
        self.board_count = 0
        self.finished = False

    def _bet(self) -> Betting:
        if self.betting is None:
            hand = self.hand
            big_blind_seat = blind_seats(sorted(hand.seats), hand.button, self.heads_up_button_posts)[1]
            policy = HoldemPolicy(hand, hand.table.money("big_blind", ZERO), big_blind_seat)
            self.betting = Betting(hand, policy, STREETS[0], self.smallest.__getitem__, self.add_up)
        return self.betting

    def feed(self, event: str, src: Source, card: str | None, face: str | None, seat: int | None,
             player: str | None, amount: Decimal | None, kind: str | None, all_in: bool | None, pot: int | None,
             method: str | None, reason: str | None) -> None:
        hand = self.hand
        if event == "action":
            action = Action(src, seat, kind, amount or ZERO, self._bet().street, all_in)
            if kind.startswith("post_"):
                self.betting.post(action)
            else:
                self.betting.act(action)
            hand.actions.append(action)
            return
        if event == "deal":
            hand.deals.append(Card(src, card, seat, face, "preflop"))
            return
        if event == "seat":
            hand.seats[seat] = player
            hand.stacks[seat] = amount
            hand.seat_sources[seat] = src
            return
        if event == "burn" or event == "board":
            n = self.board_count
            street = "flop" if n < 3 else "turn" if n == 3 else "river" if n < 5 else "extra"
            if not self.finished and street != "extra":  # a card after the river opens no round (THE-8.2's)
                self._bet().open_street(street, src)
            if event == "burn":
                hand.burns.append(Card(src, card, None, face, street))
            else:
                hand.board.append(Card(src, card, None, face, street))
                self.board_count = n + 1
            return
        if event == "shuffle":
            hand.shuffles.append((src, method))
            return
        if event == "cut":
            hand.cuts.append(src)
            return
        if event in _AFTER_BETTING:
            self._after_betting(event, src, card, seat, amount, pot, reason)

    def _after_betting(self, event: str, src: Source, card: str | None, seat: int | None, amount: Decimal | None,
                       pot: int | None, reason: str | None) -> None:
        hand = self.hand
        if not self.finished:
            self.finished = True
            if event != "void":  # a hand voided (art. 9(2)) stops wherever it was: nobody is owed an action
                self._bet().close_round(src)
        if event == "stack":
            hand.stacks_after[seat] = amount
        elif event == "show":
            hand.shows.append(Card(src, card, seat))
        elif event == "award":
            hand.awards.append(Money(src, seat, amount or ZERO, pot=pot))
        elif event == "rake":
            hand.rakes.append(Money(src, None, amount or ZERO, reason=reason))
        elif event == "refund":
            hand.refunds.append(Money(src, seat, amount or ZERO))
        elif event == "void":
            hand.void = src
        elif event == "hand_end":
            hand.end = src
            betting = self._bet()
            hand.contributions = betting.total
            hand.antes = betting.antes
            hand.folded = betting.folded
            hand.absent = set(betting.absent)
            hand.short = betting.short


def replay(con: duckdb.DuckDBPyConnection, ruleset: Ruleset, batch_size: int = 1 << 16) -> Iterator[Hand]:
    """Every complete hold'em hand, in table and ``seq`` order, with ``previous`` set to the table's last hand.

    Only one table is open at a time: its unfinished hands and its last hand are dropped when the next table starts,
    so memory does not grow with the day."""
    tables = table_infos(con)
    tainted = tainted_hands(con)
    refused = quarantined_seqs(con)
    add_up = bool(ruleset.param("short_all_ins_add_up"))
    heads_up = ruleset.param("heads_up_button_posts")
    open_hands: dict[str, _HandReplay] = {}
    current_table: str | None = None
    smallest: _Increments | None = None
    last: Hand | None = None
    current: _HandReplay | None = None
    current_id: str | None = None
    for (table_id, hand_id, seq, file, line, event, card, face, seat, player, amount, kind, all_in, pot, method,
         reason) in _events(con, batch_size):
        if table_id != current_table:
            current_table, last, current, current_id = table_id, None, None, None
            open_hands.clear()
            smallest = None
        src = Source(seq, file, line)
        if event == "hand_start":
            table = tables[table_id]
            if table.first_hand_id is None:
                table.first_hand_id = hand_id
            if smallest is None:
                smallest = _Increments(table, ruleset)
            hand = Hand(table, hand_id, src, seat)
            hand.tainted = (table_id, hand_id) in tainted
            hand.gap = chain_gap(last, seq, refused.get(table_id, []))
            current, current_id = _HandReplay(hand, smallest, add_up, heads_up), hand_id
            open_hands[hand_id] = current
            continue
        if hand_id != current_id:
            current, current_id = open_hands.get(hand_id), hand_id
        if current is None:
            continue  # ingest guarantees a start; nothing to replay without it
        current.feed(event, src, card, face, seat, player, amount, kind, all_in, pot, method, reason)
        if event == "hand_end":
            del open_hands[hand_id]
            hand = current.hand
            current, current_id = None, None
            if last is not None:
                last.previous = None  # keep one hand of history per table, not the whole day
            hand.previous = None if hand.gap else last
            last = hand
            yield hand
