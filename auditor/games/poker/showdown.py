"""The showdown review of both poker games: what each player should have received against what the log awards.

Hold'em art. 10: "2. The player with the best five-card combination wins all the bets on the table (the pot) … 4. If
two or more players hold the same combination, they share the pot equally"; stud art. 4: "The winner (there may be
several) takes the pot. If two or more players in the same hand hold hands of equal rank, they share the pot
equally", and art. 11 a) for the side pots (``pots.py``).

A game gives its ``Showdown``: how it values the hands still in, the order its odd chips go in, and the rule id and
message of each kind of wrong award (``award_kinds.py``). The review is computed once per hand and shared by the
game's award checkers (``award_breaches``), each reporting the discrepancies classified under its own rule id.
Awards are compared pot by pot when the log names the pot of every award, else per seat over the whole hand."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Generic

from auditor.engine.replay_runner import Breach, breach
from auditor.engine.ruleset import Ruleset
from auditor.games.poker.award_kinds import AWARD_KINDS, FOLDED_PAID, STRANGER_ORDER, fmt, hand_rule, pot_rule
from auditor.games.poker.conditions import NO_SEAT, unlogged_rake
from auditor.games.poker.hand import H, Hand, Source
from auditor.games.poker.pots import ZERO, Pot, build_pots, divide

UNKNOWN_POTS = "a player absent from the betting (his action is missing) reached a pot: who contests it is unknown"
ALL_MUCKED = "every player in a pot mucked at the showdown: nobody claimed it"
Shares = dict[int, Decimal]


@dataclass(frozen=True)
class Showdown(Generic[H]):
    """How one game judges its showdowns.

    ``ranks(hand, ruleset, live)``: the value of each hand in ``live`` (two or more seats, in seat order), or why the
    hands cannot be valued. ``odd_chip_order(hand, ruleset, seats)``: the tied winners ``seats`` (sorted) in the
    order the indivisible remainder goes. ``rules``: the (rule id, message) of each kind of wrong award (the message
    of ``FOLDED_PAID`` names ``{seat}`` and ``{amount}``).
    ``readings(hand, ruleset, review)``: other valuations the game's text forbids, as (rule id, message, ranks); an
    award that one of them explains is reported under its rule. ``special(hand, ruleset, review, winners,
    recipients, contenders)``: the (rule id, message) of a valuation error the game names, when a pot due to
    ``winners`` went to ``recipients``, the hands of ``contenders`` playing for it (hold'em: the Ace low in
    5-4-3-2-A). ``stranger_order``: the order of the questions asked of a player paid who
    should have had nothing (``award_kinds.py``). ``uncontested``: the (rule id, message) of every award to another
    seat than the one player left when all others folded (the message names ``{seat}``, ``{amount}`` and
    ``{winner}``); None: such an award is judged as at a showdown. ``unknown_rake(hand)``: why the rakes the
    hand took are not as logged (None: they are); the pots' rake is then what the awards leave of them, at most
    ``largest_rake(hand, ruleset, pot)`` when the game bounds it (more left unpaid is the accounts' finding)."""

    ranks: Callable[[H, Ruleset, list[int]], dict[int, int] | str]
    odd_chip_order: Callable[[H, Ruleset, list[int]], list[int]]
    rules: Mapping[str, tuple[str, str]]
    readings: Callable[[H, Ruleset, Review], Iterable[tuple[str, str, dict[int, int]]]] = lambda h, r, v: ()
    special: Callable[[H, Ruleset, Review, set[int], set[int], set[int]], tuple[str, str] | None] = lambda *_: None
    stranger_order: tuple[str, ...] = STRANGER_ORDER
    uncontested: tuple[str, str] | None = None
    unknown_rake: Callable[[H], str | None] = unlogged_rake  # why the hand's rake is not as logged (None: it is)
    largest_rake: Callable[[H, Ruleset, Decimal], Decimal] | None = None  # the most the game lets a pot be raked

    def __post_init__(self) -> None:
        if set(self.rules) != set(AWARD_KINDS):
            raise ValueError(f"a rule for each kind of wrong award: {', '.join(AWARD_KINDS)}")
        if sorted(self.stranger_order) != sorted(STRANGER_ORDER):
            raise ValueError(f"the stranger questions in some order: {', '.join(STRANGER_ORDER)}")


@dataclass(frozen=True)
class PotShare:
    """One pot as it should have been divided."""

    pot: Pot
    winners: tuple[int, ...]  # in odd-chip order
    shares: Shares


@dataclass
class Review:
    """The outcome of one hand's showdown review."""

    missing: str | None = None  # why the awards cannot be judged (None: they can)
    pots: list[PotShare] = field(default_factory=list)
    ranks: dict[int, int] = field(default_factory=dict)
    breaches: list[tuple[str, Source, str, str, str]] = field(default_factory=list)  # rule, where, message, exp, found

    @property
    def expected(self) -> Shares:
        return total(p.shares for p in self.pots)


def total(parts: Iterable[Mapping[int, Decimal]]) -> Shares:
    """The amounts of ``parts`` added up per seat, seats left with 0 dropped."""
    totals: Shares = {}
    for part in parts:
        for seat, amount in part.items():
            totals[seat] = totals.get(seat, ZERO) + amount
    return {s: a for s, a in totals.items() if a != 0}


def unsettled(hand: Hand) -> set[int]:
    """Players, never folded, whose part in the pots the log leaves unknown: absent from the betting at the end
    without showing (did he fold?), or short of a bet of a round he was absent from (did he call?)."""
    absent = hand.absent - set(hand.shown_cards()) if hand.absent else hand.absent  # the shows read only if needed
    return {s for s in absent | hand.short if s not in hand.folded}


def division(hand: H, ruleset: Ruleset, game: Showdown[H], ranks: dict[int, int], pots: list[Pot],
             rake: Decimal) -> list[PotShare]:
    """Each pot to its best eligible hands, equal shares down to the chip unit, odd chips in the game's order; the
    rake comes out of the main pot first."""
    unit = hand.table.money("chip_unit", Decimal(1))
    shares = []
    for pot in pots:
        taken = min(rake, pot.amount)
        rake -= taken
        contenders = [s for s in pot.eligible if s in ranks] or list(pot.eligible)
        best = max(ranks.get(s, 0) for s in contenders)
        winners = tuple(s for s in game.odd_chip_order(hand, ruleset, sorted(contenders)) if ranks.get(s, 0) == best)
        shares.append(PotShare(pot, winners, divide(pot.amount - taken, list(winners), unit)))
    return shares


def review(hand: H, ruleset: Ruleset, game: Showdown[H]) -> Review:
    """Expected awards (best hands, side pots, shares, odd chips) against the logged ones, classified. A player who
    mucked at the showdown contests no pot: each goes to the best hand still claiming it."""
    cached = hand.derived.get("review")
    if isinstance(cached, Review):
        return cached
    result = hand.derived["review"] = Review()
    if not hand.seats:
        result.missing = NO_SEAT
        return result
    contributions = hand.betting_contributions()
    back = hand.uncalled_bet()
    if back:
        contributions[back[0]] -= back[1]
    pots = build_pots(contributions, hand.folded, dead=hand.antes)
    unknown = unsettled(hand)
    if any(s in unknown for p in pots for s in p.eligible):
        result.missing = UNKNOWN_POTS
        return result
    mucked = hand.gave_up()
    if any(not set(p.eligible) - mucked for p in pots):
        result.missing = ALL_MUCKED
        return result
    live = [s for s in hand.seats if s not in hand.folded and s not in unknown and s not in mucked]
    rake = _rake(hand, ruleset, game, pots, back)
    if len(live) > 1:
        ranks = game.ranks(hand, ruleset, live)
        if isinstance(ranks, str):
            result.missing = ranks
            return result
        result.ranks = ranks
    else:
        result.ranks = {s: 1 for s in live}
    result.pots = division(hand, ruleset, game, result.ranks, pots, rake)
    logged = total([{a.seat: a.amount} for a in hand.awards if a.seat is not None])
    due = _with_unreturned(hand, result.expected, back)
    if logged not in (result.expected, due):
        paid = sum(logged.values(), ZERO)
        balanced = paid in (sum(result.expected.values(), ZERO), sum(due.values(), ZERO))
        _judge(hand, ruleset, game, result, pots, rake, balanced)
    return result


def _unreturned(hand: Hand, back: tuple[int, Decimal] | None) -> Decimal:
    """The part of the uncalled bet not refunded to its owner."""
    if back is None:
        return ZERO
    owner, due = back
    return due - sum((r.amount for r in hand.refunds if r.seat == owner), ZERO)


def _with_unreturned(hand: Hand, expected: Shares, back: tuple[int, Decimal] | None) -> Shares:
    """The expected awards plus the part of the uncalled bet not refunded to its owner: the awards when they pay it
    instead of a refund, which the accounts (``accounts.py``) report once, as the uncalled bet not returned."""
    if back is None:
        return expected
    return total([expected, {back[0]: _unreturned(hand, back)}])


def _rake(hand: H, ruleset: Ruleset, game: Showdown[H], pots: list[Pot], back: tuple[int, Decimal] | None) -> Decimal:
    """The rake the pots pay: as logged; when it is not logged, the rake the awards imply, i.e. what they leave of
    the pots (an uncalled bet they pay instead of a refund left out), never below 0 nor above the game's bound."""
    if game.unknown_rake(hand) is None:
        return sum((r.amount for r in hand.rakes), ZERO)
    paid = sum((a.amount for a in hand.awards), ZERO) - max(_unreturned(hand, back), ZERO)
    pot = sum((p.amount for p in pots), ZERO)
    implied = max(pot - paid, ZERO)
    return implied if game.largest_rake is None else min(implied, game.largest_rake(hand, ruleset, pot))


def _judge(hand: H, ruleset: Ruleset, game: Showdown[H], r: Review, pots: list[Pot], rake: Decimal,
           balanced: bool) -> None:
    """``balanced``: the awards add up to what the pots owe; when they do not, the accounts report the chips, and
    the review only who was paid. A folded recipient, then another reading of the hands, explain first."""
    where = next((a.src for a in hand.awards), hand.end or hand.start)
    if game.uncontested is not None and len(r.ranks) == 1:
        _uncontested(hand, game.uncontested, r)
        return
    folded_paid = [a for a in hand.awards if a.seat in hand.folded and a.amount > 0]
    if folded_paid:
        rule, message = game.rules[FOLDED_PAID]
        for a in folded_paid:
            amount = f"{a.amount.normalize():f}"
            r.breaches.append((rule, a.src, message.format(seat=a.seat, amount=amount), "0", amount))
        return
    logged = total([{a.seat: a.amount} for a in hand.awards if a.seat is not None])
    for rule, message, ranks in game.readings(hand, ruleset, r):
        if total(p.shares for p in division(hand, ruleset, game, ranks, pots, rake)) == logged:
            r.breaches.append((rule, where, message, fmt(r.expected), fmt(logged)))
            return
    by_pot = _logged_by_pot(hand, len(r.pots))
    if by_pot is not None:
        for share, got in zip(r.pots, by_pot):
            if got != {s: a for s, a in share.shares.items() if a != 0}:
                found = pot_rule(hand, ruleset, r, game, share, got, balanced)
                src = next((a.src for a in hand.awards if a.pot == r.pots.index(share)), where)
                if found:
                    r.breaches.append((found[0], src, found[1], fmt(share.shares), fmt(got)))
        return
    found = hand_rule(hand, ruleset, r, game, logged, balanced)
    if found:
        r.breaches.append((found[0], where, found[1], fmt(r.expected), fmt(logged)))


def _uncontested(hand: Hand, rule: tuple[str, str], r: Review) -> None:
    """Every award to another seat than the one player left; the chips alone wrong are the accounts' finding."""
    (winner,) = r.ranks
    for a in hand.awards:
        if a.seat is not None and a.seat != winner and a.amount > 0:
            amount = f"{a.amount.normalize():f}"
            message = rule[1].format(seat=a.seat, amount=amount, winner=winner)
            r.breaches.append((rule[0], a.src, message, "0", amount))


def _logged_by_pot(hand: Hand, count: int) -> list[Shares] | None:
    """The logged awards of each pot, when every award names a pot that exists."""
    if not hand.awards or any(a.pot is None or not 0 <= a.pot < count for a in hand.awards):
        return None
    return [total([{a.seat: a.amount} for a in hand.awards if a.pot == i and a.seat is not None]) for i in range(count)]


def award_breaches(rule_id: str, game: Showdown[H]) -> Callable[[H, Ruleset], Iterator[Breach]]:
    """The check of one award rule: the review's discrepancies classified under ``rule_id``."""
    def check(hand: H, ruleset: Ruleset) -> Iterator[Breach]:
        for rule, src, message, expected, found in review(hand, ruleset, game).breaches:
            if rule == rule_id:
                yield breach(src, message, expected, found)
    return check
