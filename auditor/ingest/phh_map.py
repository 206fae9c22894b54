"""One PHH hold'em hand mapped to the auditor's hand events (docs/log-format.md, "Texas Hold'em" and "PHH files").

PHH lists the players from the small blind clockwise, the button last; seat *i* is player *i* (or ``seats[i]``).
Entry *j* of ``antes`` and ``blinds_or_straddles`` is what player *j* posts; heads-up, the arrays apply reversed (as
PokerKit reads them: with ``[1, 2]`` p1 posts 2, p2, the button, 1). Which blind a post is comes from its size, not
its place: of the first two posts the smaller is the small blind, the larger the big blind (``[4, 2]`` and
``[2, 4]`` are the same blinds); a lone post is the big blind when it is at least the minimum bet (``min_bet``, fixed
limit ``small_bet``), else the small blind; later posts are straddles. A negative entry is a post out of turn by a
player joining or returning (PHH: "a post bet"); read by the common site rule, which the finishing stacks of real
hands bear out: up to the big blind it is live (``post_live``, part of his bet), the rest, or all of a post smaller
than the big blind, is dead (``post_dead``: in the pot as an ante is, not part of his bet).
``pN sm`` shows the known cards it gives, one ``show`` each (``?`` cards show nothing); without cards it is a ``muck``.
``cbr X`` raises *to* X for the street; the event's ``amount`` is what the action adds. When the betting is over,
the uncalled part of the last round's top bet is refunded (antes are never part of it); when ``finishing_stacks`` is
given, each seat's award is what balances its chips: finishing − starting + contributions − refund (and must be its
``winnings`` when the hand states them too). A starting stack of ``inf`` is a stack the source did not log: its
``seat`` event has no ``amount`` and its actions no ``all_in``. Nothing is guessed: a hand that cannot be mapped
faithfully raises ``PhhError`` with the line concerned."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass
from decimal import Decimal
from functools import lru_cache
from typing import Any

from auditor.ingest.phh_parse import Action, HandSource, PhhError
from auditor.ingest.schema import MAX_TEXT_LENGTH, is_identifier

BETTING = {"NT": "no_limit", "FT": "fixed_limit"}
NOT_LOGGED = "burns,deal_order,croupier_position,rake,showdown_mucks"
_PLAYER = re.compile(r"p([1-9][0-9]{0,8})")  # longer is no player (and int() refuses thousands of digits)
_AMOUNT = re.compile(r"[0-9]+(\.[0-9]+)?")
ZERO = Decimal(0)
_DIGITS_14 = 10**14  # the log format's money has at most 14 integer digits
_INT64 = 2**63  # the log format's integers are 64-bit
_INTS = frozenset((int,))  # a bool is no number
UNKNOWN = Decimal("Infinity")  # a stack not logged: no bet exhausts it, and it is never written

# The fields of a PHH hand's events, in the order the log's JSON text of an event gives them (``to`` before ``seat``
# in a deal, ``seat``, ``action``, ``amount``, ``all_in`` in an action, ...).
EVENT_FIELDS = ("to", "seat", "player", "action", "face", "amount", "card", "all_in", "config")
Event = tuple  # (source line, event type, then one value per EVENT_FIELDS: None where the event has no such field)


def money(value: Decimal) -> str:
    """An amount as the log format writes it: an exact decimal without exponent or trailing zeros."""
    text = str(value)  # an integer's digits as they are (the common case)
    return text if "E" not in text and "." not in text else format(value.normalize(), "f")


def _number(value: Any, what: str, line: int) -> Decimal:
    if type(value) is int and -_DIGITS_14 < value < _DIGITS_14:  # the common case, checked at once
        return Decimal(value)
    if isinstance(value, bool) or not isinstance(value, (int, Decimal)):
        raise PhhError(line, f"{what}: expected a number, found {value!r}")
    number = Decimal(value)
    if not number.is_finite():
        shown = "nan" if number.is_nan() else "inf" if number > 0 else "-inf"
        raise PhhError(line, f"{what} is {shown} (unknown amount): the hand cannot be audited without it")
    if number and number.adjusted() >= 14:  # also before normalize(), which overflows at an exponent of 10^6
        raise PhhError(line, f"{what} = {number:.6g} has more than 14 integer digits (the log format's money)")
    exponent = number.normalize().as_tuple().exponent  # an int: the number is finite
    if isinstance(exponent, int) and exponent < -4:
        raise PhhError(line, f"{what} = {value} has more than 4 decimals")
    return number


def _integers(values: list[Any]) -> tuple[Decimal, ...]:
    """The common case of an array of numbers, plain integers in range (``_number``'s first test, for the whole
    array), as decimals; an empty tuple for any other array."""
    if _INTS.issuperset(map(type, values)) and -_DIGITS_14 < min(values) and max(values) < _DIGITS_14:
        return tuple(map(Decimal, values))
    return ()


def _numbers(src: HandSource, name: str, count: int) -> tuple[Decimal, ...]:
    line, values = src.line_of(name), src.fields.get(name)
    if not isinstance(values, list) or len(values) != count:
        raise PhhError(line, f"field {name}: expected an array of {count} numbers (one per player)")
    numbers = _integers(values) or tuple(_number(v, name, line) for v in values)
    if name != "blinds_or_straddles" and min(numbers) < 0:
        raise PhhError(line, f"{name} has a negative amount: the hand cannot be mapped")
    return numbers


@dataclass(frozen=True)
class Structure:
    """The hand's forced bets, limits, stacks and seating, checked."""

    antes: tuple[Decimal, ...]
    posts: tuple[tuple[int, str, Decimal], ...]  # (player index, action, amount): blinds by size, then straddles
    stacks: tuple[Decimal, ...]
    seats: tuple[int, ...]
    players: tuple[str, ...]
    config: dict[str, Any]  # the table configuration this hand needs, without chip_unit


def _seating(src: HandSource, count: int) -> tuple[tuple[int, ...], int]:
    """The seat of each player and the table's seat count. PHH lists the players clockwise from the small blind, so
    their seat numbers rise round the table, wrapping past the highest at most once."""
    seats, line = src.fields.get("seats"), src.line_of("seats")
    if seats is None:
        seats = list(range(1, count + 1))
    elif (not isinstance(seats, list) or len(seats) != count or len(set(seats)) != count
          or not all(isinstance(s, int) and not isinstance(s, bool) and 1 <= s < _INT64 for s in seats)):
        raise PhhError(line, f"field seats: expected {count} different seat numbers from 1 to {_INT64 - 1}")
    elif sum(seats[i] > seats[(i + 1) % count] for i in range(count)) > 1:
        raise PhhError(line, f"field seats: {seats} do not go clockwise in the order PHH lists the players (from the "
                             "small blind, the button last): the seat numbers contradict the order of play")
    seat_count = src.fields.get("seat_count", max(seats))
    if isinstance(seat_count, bool) or not isinstance(seat_count, int) or seat_count < max(seats):
        raise PhhError(src.line_of("seat_count"), f"field seat_count: expected an integer of at least {max(seats)}")
    return tuple(seats), seat_count


_is_name = lru_cache(maxsize=4096)(is_identifier)  # a table's players sit at many hands (names of at most 1,000)


def _players(src: HandSource, count: int) -> tuple[str, ...]:
    names = src.fields.get("players")
    if names is None:
        return tuple(f"p{i}" for i in range(1, count + 1))
    if not isinstance(names, list) or len(names) != count or not all(isinstance(n, str) for n in names):
        raise PhhError(src.line_of("players"), f"field players: expected {count} names")
    for i, name in enumerate(names, start=1):  # each a ``player`` id: never replaced, never refused record by record
        if len(name) > MAX_TEXT_LENGTH or not _is_name(name):
            raise PhhError(src.line_of("players"), f"field players: player {i}'s name is no printable identifier (not "
                                                   f"empty, at most {MAX_TEXT_LENGTH:,} characters, no hidden "
                                                   f"character, no space at either end), found {json.dumps(name)[:80]}")
    return tuple(names)


def structure(src: HandSource) -> Structure:
    """Check the fields a hold'em hand needs; ``variant`` must already be NT or FT."""
    stacks_line, raw = src.line_of("starting_stacks"), src.fields.get("starting_stacks")
    if not isinstance(raw, list) or len(raw) < 2:
        raise PhhError(stacks_line, "field starting_stacks: expected an array of at least 2 stacks")
    stacks = _integers(raw) or tuple(UNKNOWN if v == UNKNOWN and not isinstance(v, bool)
                                     else _number(v, "starting_stacks", stacks_line) for v in raw)
    if min(stacks) <= 0:
        raise PhhError(stacks_line, "starting_stacks: every stack must be positive")
    count = len(stacks)
    antes, blinds = _numbers(src, "antes", count), _numbers(src, "blinds_or_straddles", count)
    variant = src.fields["variant"]
    config: dict[str, Any] = {"betting": BETTING[variant], "not_logged": NOT_LOGGED}
    for name in ("min_bet",) if variant == "NT" else ("small_bet", "big_bet"):
        if name not in src.fields:
            raise PhhError(src.header_line, f"variant {variant} needs the field {name}")
        config[name] = money(_number(src.fields[name], name, src.line_of(name)))
    if isinstance(src.fields.get("currency"), str):
        config["currency"] = src.fields["currency"]
    posts = forced_posts(blinds, Decimal(config["min_bet" if variant == "NT" else "small_bet"]))
    for _, kind, amount in posts:
        if kind in BLIND_KEYS:
            config[BLIND_KEYS[kind]] = money(amount)
    seats, config["seats"] = _seating(src, count)
    return Structure(antes, posts, stacks, seats, _players(src, count), config)


BLIND_KEYS = {"post_small_blind": "small_blind", "post_big_blind": "big_blind"}


def forced_posts(blinds: tuple[Decimal, ...], minimum: Decimal) -> tuple[tuple[int, str, Decimal], ...]:
    """The posts of ``blinds_or_straddles``, small blind first: (player index, action, amount)."""
    count = len(blinds)
    placed = [(1 - j if count == 2 else j, amount) for j, amount in enumerate(blinds) if amount > 0]
    first, straddles = placed[:2], [(i, "post_straddle", a) for i, a in placed[2:]]
    if len(first) == 1:
        kinds = ["post_big_blind" if first[0][1] >= minimum else "post_small_blind"]
    else:
        first.sort(key=lambda post: post[1])  # stable: two equal posts keep their order
        kinds = ["post_small_blind", "post_big_blind"][:len(first)]
    posts = [(i, kind, amount) for (i, amount), kind in zip(first, kinds)] + straddles
    big = next((a for _, kind, a in posts if kind == "post_big_blind"), minimum)
    for j, amount in enumerate(blinds):
        if amount < 0:  # a post out of turn: live up to the big blind, dead beyond it or below it
            live = big if -amount >= big else ZERO
            posts += [(1 - j if count == 2 else j, kind, part) for kind, part in
                      (("post_live", live), ("post_dead", -amount - live)) if part]
    return tuple(posts)


def _amount(text: str, line: int) -> Decimal:
    """The amount of a ``cbr`` action."""
    if not _AMOUNT.fullmatch(text):
        raise PhhError(line, f"cbr amount {text!r} is not a number")
    return _number(Decimal(text), "cbr amount", line)


def _cards(text: str, line: int) -> list[str | None]:
    """Two characters per card; a card with an unknown rank or suit (``??``) is ``None``."""
    if len(text) % 2:
        raise PhhError(line, f"cannot split {text!r} into two-character cards")
    if "?" not in text:
        return [text[i:i + 2] for i in range(0, len(text), 2)]
    return [None if "?" in text[i:i + 2] else text[i:i + 2] for i in range(0, len(text), 2)]


class HandMapper:
    """Replays the chips of one hand, just enough to write each action's amount; never judges legality. Each event
    is written as its tuple (``Event``: line, type, then ``EVENT_FIELDS``)."""

    def __init__(self, src: HandSource, st: Structure) -> None:
        self.src, self.st, self.seats = src, st, st.seats
        count = len(st.stacks)
        self.stack = list(st.stacks)
        self.street = [ZERO] * count  # chips put in during the current betting round
        self.top = ZERO  # the round's top bet: max(self.street)
        self.refunds = [ZERO] * count
        self.folded = [False] * count
        self.acted: set[int] = set()  # players who acted since the round's last bet or raise
        self.shown: set[int] = set()  # players who showed (``sm``), known cards or not
        self.board = 0
        self.hole: dict[int, list[str | None]] = {}
        self.events: list[Event] = []
        self.labels = {f"p{i}": i - 1 for i in range(1, count + 1)}  # the players' labels as PHH writes them

    def put(self, i: int, amount: Decimal, line: int, action: str, in_round: bool = True) -> None:
        """Player ``i`` adds ``amount`` to the pot with ``action``."""
        stack = self.stack[i] = self.stack[i] - amount
        if in_round:
            bet = self.street[i] = self.street[i] + amount
            if bet > self.top:
                self.top = bet
        self.events.append((line, "action", None, self.seats[i], None, action, None, money(amount), None,
                            None if stack == UNKNOWN else stack == 0, None))

    def post_forced_bets(self) -> None:
        """Antes, then the blinds (small blind first), straddles and posts out of turn; heads-up, the arrays apply
        reversed."""
        count = len(self.stack)
        player = (lambda j: 1 - j) if count == 2 else (lambda j: j)
        for j, ante in enumerate(self.st.antes):
            if ante and self.stack[player(j)]:
                self.put(player(j), min(ante, self.stack[player(j)]), self.src.line_of("antes"), "post_ante", False)
        for i, kind, amount in self.st.posts:
            if self.stack[i]:
                self.put(i, min(amount, self.stack[i]), self.src.line_of("blinds_or_straddles"), kind,
                         kind != "post_dead")

    def player(self, label: str, action: Action) -> int:
        """The index of player ``label`` (``pN``) named in ``action``."""
        known = self.labels.get(label)
        if known is not None:
            return known
        found = _PLAYER.fullmatch(label)
        if not found or int(found.group(1)) > len(self.stack):
            raise PhhError(action.line, f"unknown player {label!r} in {action.text!r}")
        return int(found.group(1)) - 1

    def dealer(self, action: Action) -> None:
        verb, args, line = action.verb, action.args, action.line
        if verb == "dh" and len(args) == 2:
            label, text = args
            i = self.labels.get(label)
            if i is None:
                i = self.player(label, action)
            cards = [text[:2], text[2:]] if len(text) == 4 and "?" not in text else _cards(text, line)
            self.hole.setdefault(i, []).extend(cards)
            seat = self.seats[i]
            self.events.extend([(line, "deal", "seat", seat, None, None, "down", None, card, None, None)
                                for card in cards])
        elif verb == "db" and len(args) == 1:
            cards = _cards(args[0], line)
            if None in cards:
                raise PhhError(line, f"unknown board card in {action.text!r}")
            self.close_round()
            self.street, self.top, self.acted = [ZERO] * len(self.stack), ZERO, set()
            self.board += len(cards)
            self.events.extend([(line, "board", None, None, None, None, None, None, card, None, None)
                                for card in cards])
        else:
            raise PhhError(line, f"unrecognised dealer action {action.text!r}")

    def bet(self, i: int, action: Action) -> None:
        """``cbr X``: a bet or raise to X for the round."""
        if len(action.args) != 1:
            raise PhhError(action.line, f"expected one amount in {action.text!r}")
        to = _amount(action.args[0], action.line)
        current, added = self.top, to - self.street[i]
        if to <= current:
            raise PhhError(action.line, f"{action.text!r} does not exceed the current bet {money(current)}")
        if added > self.stack[i]:
            raise PhhError(action.line, f"{action.text!r} needs {money(added)} chips, {action.actor} has "
                                        f"{money(self.stack[i])}")
        self.put(i, added, action.line, "raise" if current else "bet")
        self.acted = {i}

    def play(self, i: int, action: Action) -> None:
        """A betting action of player ``i``: ``cbr``, ``cc`` or ``f``."""
        stack = self.stack[i]
        if not stack:
            raise PhhError(action.line, f"{action.actor} has no chips left but acts: {action.text!r}")
        verb = action.verb
        if verb == "cbr":
            self.bet(i, action)
            return
        if action.args:
            raise PhhError(action.line, f"unexpected argument in {action.text!r}")
        if verb == "f":
            self.folded[i] = True
            self.events.append((action.line, "action", None, self.seats[i], None, "fold", None, "0", None,
                                None if stack == UNKNOWN else False, None))
        else:
            owed = self.top - self.street[i]
            self.put(i, min(owed, stack), action.line, "call" if owed else "check")
        self.acted.add(i)

    def show(self, i: int, action: Action) -> None:
        """``sm``: the known cards shown (unknown cards show nothing); without cards, a muck."""
        if len(action.args) > 1:
            raise PhhError(action.line, f"unexpected arguments in {action.text!r}")
        self.shown.add(i)
        line, seat = action.line, self.seats[i]
        if not action.args:
            self.events.append((line, "muck", None, seat, None, None, None, None, None, None, None))
            return
        cards = self.hole.get(i, []) if action.args[0] == "-" else _cards(action.args[0], line)
        self.events.extend([(line, "show", None, seat, None, None, None, None, card, None, None)
                            for card in cards if card])

    def apply(self, action: Action) -> None:
        if action.actor == "d":
            self.dealer(action)
            return
        verb = _PLAYER_VERBS.get(action.verb)
        if verb is None:
            raise PhhError(action.line, f"action {action.text!r} is not part of hold'em")
        verb(self, self.player(action.actor, action), action)

    def betting_over(self) -> bool:
        """No more betting: one player left, or the round is closed and the river is out or nobody can bet."""
        live = [i for i, folded in enumerate(self.folded) if not folded]
        able = [i for i in live if self.stack[i]]
        closed = all(i in self.acted and self.street[i] == self.top for i in able)
        return len(live) == 1 or (closed and (self.board >= 5 or len(able) <= 1))

    def check_ended(self) -> None:
        """A hand that stops while two players still contest the pot, before the river or right after a board card
        with two players able to bet, was cut off: the log format quarantines a hand that does not end. (A hand
        that goes on past a missing action is evidence for the checkers, not a cut; one whose players all showed
        before the last board cards is an all-in run-out, as PHH writes it.)"""
        live = [i for i, folded in enumerate(self.folded) if not folded]
        able = [i for i in live if self.stack[i]]
        last = self.src.actions[-1] if self.src.actions else None
        after_card = (last is not None and last.actor == "d" and last.verb == "db" and len(able) > 1
                      and not self.shown.issuperset(live))
        if len(live) > 1 and (self.board < 5 or after_card):
            line = last.line if last else self.src.line_of("actions")
            raise PhhError(line, f"the hand stops with {len(live)} players in it after {self.board} board cards: "
                                 "it does not end (truncated?)")

    def close_round(self) -> None:
        """End of a betting round: once the betting is over, the uncalled part of the round's top bet goes back."""
        ordered = sorted(self.street)
        if ordered[-1] > ordered[-2] and self.betting_over():
            self.refunds[self.street.index(ordered[-1])] += ordered[-1] - ordered[-2]

    def settle(self) -> None:
        """Refund, then awards and stacks from ``finishing_stacks`` when given."""
        self.close_round()
        line, refunds = self.src.line_of("actions"), self.refunds
        for i, amount in enumerate(refunds):
            if amount:
                self.events.append((line, "refund", None, self.seats[i], None, None, None, money(amount), None, None,
                                    None))
        if "finishing_stacks" not in self.src.fields:
            return
        finishing = _numbers(self.src, "finishing_stacks", len(self.stack))
        line = self.src.line_of("finishing_stacks")
        if UNKNOWN in self.st.stacks:
            raise PhhError(line, "finishing_stacks with a starting stack of inf: the awards cannot be derived")
        if sum(finishing) > sum(self.st.stacks):
            raise PhhError(line, "finishing_stacks hold more chips than starting_stacks")
        awards = [f - s - refund for f, s, refund in zip(finishing, self.stack, refunds, strict=True)]
        if min(awards) < 0:
            i = awards.index(min(awards))
            raise PhhError(line, f"finishing_stacks disagree with the actions: p{i + 1} ends with "
                                 f"{money(finishing[i])} but has {money(self.stack[i] + refunds[i])} left")
        # The pot each player won, as the source states it apart; all zero is a pot nobody won, i.e. not recorded.
        won = _numbers(self.src, "winnings", len(self.stack)) if "winnings" in self.src.fields else ()
        if any(won):
            wrong = [i for i, (a, w) in enumerate(zip(awards, won)) if a != w]
            if wrong:
                i = wrong[0]
                raise PhhError(line, f"finishing_stacks and winnings disagree: p{i + 1} wins {money(awards[i])} by "
                                     f"finishing_stacks, {money(won[i])} by winnings")
        seats = self.seats
        self.events.extend([(line, "award", None, seats[i], None, None, None, money(amount), None, None, None)
                            for i, amount in enumerate(awards) if amount])
        self.events.extend([(line, "stack", None, seats[i], None, None, None, money(amount), None, None, None)
                            for i, amount in enumerate(finishing)])


def map_hand(src: HandSource, st: Structure) -> list[Event]:
    """The events of one hand, from ``hand_start`` to ``hand_end`` (the envelope is added by the caller)."""
    mapper = HandMapper(src, st)
    events = mapper.events
    line = src.line_of("hand") if "hand" in src.fields else src.line_of("actions")
    events.append((line, "hand_start", None, st.seats[-1], None, None, None, None, None, None, None))
    line = src.line_of("starting_stacks")
    events.extend([(line, "seat", None, seat, player, None, None, None if stack == UNKNOWN else money(stack), None,
                    None, None) for seat, player, stack in zip(st.seats, st.players, st.stacks)])
    mapper.post_forced_bets()
    apply = mapper.apply
    for action in src.actions:
        apply(action)
    mapper.check_ended()
    mapper.settle()
    events.append((src.line_of("actions"), "hand_end", None, None, None, None, None, None, None, None, None))
    return events


_PLAYER_VERBS: dict[str, Callable[[HandMapper, int, Action], None]] = {
    "cbr": HandMapper.play, "cc": HandMapper.play, "f": HandMapper.play, "sm": HandMapper.show}
