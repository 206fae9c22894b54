"""One replayed poker hand: what the log says, and the facts the replay derived at each action.

The replay never repairs: every field holds what was logged (an out-of-turn action is recorded with the seat that
should have acted); checkers compare the two. Each game adds what is its own (hold'em: the button and the board;
stud: the pack and the open cards)."""

from __future__ import annotations

from dataclasses import KW_ONLY, dataclass, field
from decimal import Decimal
from typing import NamedTuple, Self, TypeVar, overload

from auditor.games.poker.pots import uncalled


class Source(NamedTuple):
    """Where an event is: its ``seq``, its file and line, and its ``ts`` when the game reads it, in microseconds since
    1970-01-01 as logged (no time zone; no ``datetime`` made per event) (immutable; a tuple, the cheapest to make per
    event)."""

    seq: int
    file: str
    line: int
    ts: int | None = None


@dataclass(slots=True)
class Action:
    """A logged ``action`` event and the betting state it met."""

    src: Source
    seat: int
    kind: str  # post_small_blind | post_big_blind | post_ante | post_straddle | post_live | post_dead | fold | ...
    amount: Decimal  # chips the action added
    street: str  # the betting round it was made in
    flagged: bool | None = None  # the log's ``all_in`` (None: not logged)
    reason: str | None = None  # the log's ``reason`` (stud: ``time_out`` on a forced fold)
    # Derived by the replay, before the action was applied:
    expected_seat: int | None = None  # who should have acted (None: nobody, the round was closed)
    late: bool = False  # a player absent from the betting whose turn in this round had already passed
    to_call: Decimal = Decimal(0)
    current_bet: Decimal = Decimal(0)  # the highest contribution of the round
    min_increment: Decimal = Decimal(0)  # the smallest full raise increment
    raises_before: int = 0  # raises already made in the round (the opening bet is not a raise)
    live_players: int = 0  # players not folded
    absent_players: int = 0  # of them, those absent from the betting (a turn of theirs passed without their action)
    stack_before: Decimal | None = Decimal(0)  # None: the stack before the hand is not logged
    may_raise: bool = True  # False after all-ins for less that did not reopen the betting to him
    checked: bool = False  # he had checked earlier in this round
    # Derived from the action itself:
    total: Decimal = Decimal(0)  # his contribution in the round after it
    increment: Decimal = Decimal(0)  # total - current_bet for a bet or raise
    all_in: bool | None = False  # None: the stack is not logged, nor whether this action left him without chips

    def wrong_call(self) -> Decimal | None:
        """For a call: what it should have added, when it added something else (None: right, or it may be an all-in
        for less that the log does not flag)."""
        due = self.to_call if self.stack_before is None else min(self.to_call, self.stack_before)
        if self.amount > due or (self.amount < due and self.all_in is False):
            return due
        return None


@dataclass(slots=True)
class Card:
    src: Source
    card: str | None
    seat: int | None = None
    face: str | None = None
    street: str | None = None  # the betting round it opens or is dealt for


@dataclass(slots=True)
class Money:
    src: Source
    seat: int | None
    amount: Decimal
    pot: int | None = None
    reason: str | None = None


@dataclass(slots=True)
class RoundClose:
    """A betting round that ended (a card, showdown or hand end) while players still had to act."""

    src: Source
    street: str
    pending: tuple[int, ...]
    big_blind_option: bool = False  # hold'em pre-flop: the big blind never had his option in an unraised pot


@dataclass
class TableInfo:
    table_id: str
    config: dict
    not_logged: frozenset[str]
    first_hand_id: str | None = None
    # What a rule judges once per table (e.g. art. 16's declared rate: at the first hand it evaluates), by name.
    derived: dict[str, object] = field(default_factory=dict, repr=False, compare=False)
    _amounts: dict[str, Decimal | None] = field(default_factory=dict, repr=False, compare=False)

    @overload
    def money(self, key: str) -> Decimal | None: ...
    @overload
    def money(self, key: str, default: Decimal) -> Decimal: ...
    def money(self, key: str, default: Decimal | None = None) -> Decimal | None:
        """The configured amount ``key`` as an exact Decimal (read once per table), else ``default``."""
        if key not in self._amounts:
            value = self.config.get(key)
            self._amounts[key] = Decimal(str(value)) if value is not None else None
        amount = self._amounts[key]
        return default if amount is None else amount


@dataclass(slots=True)
class Hand:
    """The events of one hand, as logged, and what the betting made of them."""

    table: TableInfo
    hand_id: str
    start: Source
    _: KW_ONLY
    seats: dict[int, str] = field(default_factory=dict)  # seat -> player
    stacks: dict[int, Decimal | None] = field(default_factory=dict)  # stack before the hand (None: not logged)
    seat_sources: dict[int, Source] = field(default_factory=dict)
    actions: list[Action] = field(default_factory=list)
    deals: list[Card] = field(default_factory=list)
    burns: list[Card] = field(default_factory=list)
    shows: list[Card] = field(default_factory=list)
    mucks: list[Card] = field(default_factory=list)  # hold'em: a player at the showdown gives up his cards unseen
    rakes: list[Money] = field(default_factory=list)
    refunds: list[Money] = field(default_factory=list)
    awards: list[Money] = field(default_factory=list)
    stacks_after: dict[int, Decimal] = field(default_factory=dict)
    shuffles: list[tuple[Source, str | None]] = field(default_factory=list)  # with the method (None: not logged)
    cuts: list[Source] = field(default_factory=list)
    closes: list[RoundClose] = field(default_factory=list)
    streets_played: list[str] = field(default_factory=list)  # the betting rounds opened after the first
    # The betting rounds a player could bet in: the first when, its forced bets made, a player owed an action; a
    # later one when it opened with two players or more able to bet.
    streets_bet: list[str] = field(default_factory=list)
    void: Source | None = None
    betting_end: Source | None = None  # the event that ended the betting (the showdown's first show, the rake …)
    end: Source | None = None
    previous: Self | None = None  # the previous hand at this table (of the same game)
    # Why the previous hand is unknown although this is not the table's first (None: ``previous`` is it): a
    # quarantined record lies between the two, or the previous hand was tainted.
    gap: str | None = None
    tainted: bool = False  # a record of the hand was quarantined: no rule judges it
    # Derived once the hand is over:
    contributions: dict[int, Decimal] = field(default_factory=dict)  # every chip each seat put in, antes included
    antes: dict[int, Decimal] = field(default_factory=dict)  # dead money: antes and dead posts
    folded: set[int] = field(default_factory=set)
    # Players absent from the betting at the end: a turn of theirs passed without their action (reported once) and
    # they did not act again.
    absent: set[int] = field(default_factory=set)
    # Players who were absent at the end of a round whose bet they had not matched: their part in the pots is unknown.
    short: set[int] = field(default_factory=set)
    # What a family of rules computes once for the hand (e.g. a rake's numbers), by name.
    derived: dict[str, object] = field(default_factory=dict, repr=False, compare=False)

    def first_deal_seq(self) -> int | None:
        return self.deals[0].src.seq if self.deals else None

    def betting_contributions(self) -> dict[int, Decimal]:
        """Contributions without antes: what the uncalled bet is measured on (an ante is dead money)."""
        return {s: c - self.antes.get(s, Decimal(0)) for s, c in self.contributions.items()}

    def uncalled_bet(self) -> tuple[int, Decimal] | None:
        """The part of the largest betting contribution that nobody matched, and whose it is (``pots.uncalled``);
        found once the hand is over (kept in ``derived``: the pots, the accounts and the rake rules all read it)."""
        if "uncalled" not in self.derived:
            self.derived["uncalled"] = uncalled(self.betting_contributions())
        return self.derived["uncalled"]  # type: ignore[return-value]

    def hole_cards(self) -> dict[int, list[str | None]]:
        """Every card dealt to each seat, in dealing order."""
        cards: dict[int, list[str | None]] = {}
        for d in self.deals:
            if d.seat is not None:
                cards.setdefault(d.seat, []).append(d.card)
        return cards

    def gave_up(self) -> set[int]:
        """Players who mucked at the showdown (a ``muck`` event) without showing every card they were dealt: they
        give up their claim to the pots (the muck itself is hold'em art. 8(5)'s finding)."""
        if not self.mucks:
            return set()
        shown, dealt = self.shown_cards(), self.hole_cards()
        return {m.seat for m in self.mucks
                if m.seat is not None and len(shown.get(m.seat, [])) < max(len(dealt.get(m.seat, [])), 1)}

    def shown_cards(self) -> dict[int, list[str]]:
        """The cards each seat showed, in order, each once (a card turned up during the hand may be shown again)."""
        cards: dict[int, list[str]] = {}
        for s in self.shows:
            if s.seat is not None and s.card and s.card not in cards.setdefault(s.seat, []):
                cards[s.seat].append(s.card)
        return cards


H = TypeVar("H", bound=Hand)  # a game's hand type (hold'em's, stud's), for the code shared by both
