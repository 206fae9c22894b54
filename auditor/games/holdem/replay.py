"""Strict replay: hold'em events from DuckDB, in table and ``seq`` order, become ``Hand`` records.

Events stream as Arrow batches (never the whole day in Python at once). Each hand is replayed by the betting state
machine of ``betting.py``; the replay follows the log as written and records what it met, never what it would have
liked to see."""

from __future__ import annotations

import json
from collections.abc import Iterator
from decimal import Decimal

import duckdb

from auditor.engine.ruleset import Ruleset
from auditor.games.holdem.betting import Betting
from auditor.games.holdem.hand import Action, Card, Hand, Money, Source, TableInfo
from auditor.games.holdem.limits import smallest_increment

COLUMNS = ("table_id", "hand_id", "seq", "file", "line", "event", "card", "target", "face", "seat", "player",
           "amount", "action", "pot", "method", "reason")
ZERO = Decimal(0)
_AFTER_BETTING = frozenset({"show", "rake", "refund", "award", "stack", "hand_end", "void"})
_HOLDEM = "game = 'holdem' AND hand_id IS NOT NULL"
BATCH_EVENTS = 1 << 20  # events per query (about 100 MB of sorted events in DuckDB)


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


def table_ranges(con: duckdb.DuckDBPyConnection, events_per_query: int = BATCH_EVENTS) -> list[tuple[str, str]]:
    """Consecutive ranges of hold'em tables, in ``table_id`` order, of about ``events_per_query`` events each (a
    table is never split): one query per range keeps the sort DuckDB materialises to one range, not the day."""
    ranges: list[tuple[str, str]] = []
    first = last = None
    size = 0
    for table_id, events in con.execute(
            f"SELECT table_id, count(*) FROM events WHERE {_HOLDEM} GROUP BY table_id ORDER BY table_id").fetchall():
        if first is not None and size + events > events_per_query:
            ranges.append((first, last))
            first, size = None, 0
        first = table_id if first is None else first
        last = table_id
        size += events
    if first is not None:
        ranges.append((first, last))
    return ranges


def _events(con: duckdb.DuckDBPyConnection, batch_size: int) -> Iterator[tuple]:
    """The hold'em events in ``table_id``, ``seq`` order as tuples of ``COLUMNS``, one query per table range."""
    select = (f"SELECT {', '.join(COLUMNS)} FROM events WHERE {_HOLDEM} AND table_id BETWEEN $lo AND $hi "
              "ORDER BY table_id, seq")
    for lo, hi in table_ranges(con):
        for batch in con.sql(select, params={"lo": lo, "hi": hi}).to_arrow_reader(batch_size):
            yield from zip(*[batch.column(name).to_pylist() for name in COLUMNS])


class _HandReplay:
    """Feeds one hand's events, in order, to a ``Hand`` and its ``Betting``."""

    def __init__(self, hand: Hand, ruleset: Ruleset) -> None:
        self.hand = hand
        self.ruleset = ruleset
        self.betting: Betting | None = None
        self.board_count = 0
        self.finished = False

    def _bet(self) -> Betting:
        if self.betting is None:
            table, ruleset = self.hand.table, self.ruleset
            self.betting = Betting(self.hand, table.money("big_blind", ZERO),
                                   lambda street: smallest_increment(table, ruleset, street))
        return self.betting

    def _street_of_next_card(self) -> str:
        return "flop" if self.board_count < 3 else "turn" if self.board_count == 3 else "river"

    def feed(self, event: str, src: Source, row: dict) -> None:
        hand = self.hand
        if event == "seat":
            hand.seats[row["seat"]] = row["player"]
            hand.stacks[row["seat"]] = row["amount"]
            hand.seat_sources[row["seat"]] = src
        elif event == "action":
            action = Action(src, row["seat"], row["action"], row["amount"] or ZERO, self._bet().street)
            if action.kind.startswith("post_"):
                self._bet().post(action)
            else:
                self._bet().act(action)
            hand.actions.append(action)
        elif event == "deal":
            hand.deals.append(Card(src, row["card"], row["seat"], row["face"], "preflop"))
        elif event in ("burn", "board"):
            street = self._street_of_next_card() if self.board_count < 5 else "extra"
            if not self.finished:
                self._bet().open_street(street, src)
            card = Card(src, row["card"], None, row["face"], street)
            if event == "burn":
                hand.burns.append(card)
            else:
                hand.board.append(card)
                self.board_count += 1
        elif event == "shuffle":
            hand.shuffles.append((src, row["method"]))
        elif event == "cut":
            hand.cuts.append(src)
        if event in _AFTER_BETTING and not self.finished:
            self.finished = True
            if event != "void":  # a hand voided (art. 9(2)) stops wherever it was: nobody is owed an action
                self._bet().close_round(src)
        if event == "show":
            hand.shows.append(Card(src, row["card"], row["seat"]))
        elif event == "rake":
            hand.rakes.append(Money(src, None, row["amount"] or ZERO, reason=row["reason"]))
        elif event == "refund":
            hand.refunds.append(Money(src, row["seat"], row["amount"] or ZERO))
        elif event == "award":
            hand.awards.append(Money(src, row["seat"], row["amount"] or ZERO, pot=row["pot"]))
        elif event == "stack":
            hand.stacks_after[row["seat"]] = row["amount"]
        elif event == "void":
            hand.void = src
        elif event == "hand_end":
            hand.end = src
            betting = self._bet()
            hand.contributions = betting.total
            hand.antes = betting.antes
            hand.folded = betting.folded


def replay(con: duckdb.DuckDBPyConnection, ruleset: Ruleset, batch_size: int = 1 << 16) -> Iterator[Hand]:
    """Every complete hold'em hand, in table and ``seq`` order, with ``previous`` set to the table's last hand.

    Only one table is open at a time: its unfinished hands and its last hand are dropped when the next table starts,
    so memory does not grow with the day."""
    tables = table_infos(con)
    tainted = tainted_hands(con)
    open_hands: dict[str, _HandReplay] = {}
    table_id: str | None = None
    last: Hand | None = None
    for values in _events(con, batch_size):
        row = dict(zip(COLUMNS, values))
        if row["table_id"] != table_id:
            table_id, last = row["table_id"], None
            open_hands.clear()
        src = Source(row["seq"], row["file"], row["line"])
        if row["event"] == "hand_start":
            table = tables[table_id]
            if table.first_hand_id is None:
                table.first_hand_id = row["hand_id"]
            hand = Hand(table, row["hand_id"], src, row["seat"])
            hand.tainted = (table_id, row["hand_id"]) in tainted
            open_hands[row["hand_id"]] = _HandReplay(hand, ruleset)
            continue
        current = open_hands.get(row["hand_id"])
        if current is None:
            continue  # ingest guarantees a start; nothing to replay without it
        current.feed(row["event"], src, row)
        if row["event"] == "hand_end":
            del open_hands[row["hand_id"]]
            hand = current.hand
            if last is not None:
                last.previous = None  # keep one hand of history per table, not the whole day
            hand.previous = last
            last = hand
            yield hand
