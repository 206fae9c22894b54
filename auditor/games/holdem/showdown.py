"""The showdown review: what each player should have received (arts. 10, 13, 14, 15) against what the log awards.

Computed once per hand (``review``) and shared by the checkers of arts. 10, 13, 14 and 15, each of which reports
the discrepancies classified under its own rule id (docs/holdem-checks.md: each wrong award once, under the first
rule that explains it)."""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal

from auditor.engine.replay_runner import NOT_APPLICABLE, breach
from auditor.engine.ruleset import Ruleset
from auditor.games.holdem.betting import clockwise
from auditor.games.holdem.evaluate import best_five, rank7
from auditor.games.holdem.hand import Hand, Source
from auditor.games.holdem.pots import ZERO, build_pots, divide, uncalled
from auditor.games.poker.cards import STRAIGHT, STRAIGHT_FLUSH, category_of

WHEEL_RANKS = frozenset("A2345")


@dataclass
class Review:
    """The outcome of one hand's showdown review."""

    missing: str | None = None  # why the awards cannot be judged (None: they can)
    expected: dict[int, Decimal] = field(default_factory=dict)
    logged: dict[int, Decimal] = field(default_factory=dict)
    ranks: dict[int, int] = field(default_factory=dict)
    winners: set[int] = field(default_factory=set)
    breaches: list[tuple[str, Source, str, str, str]] = field(default_factory=list)  # rule, where, message, exp, found


def _cards(hand: Hand) -> dict[int, list[str]] | None:
    """Two known hole cards for every player still in the hand (shown, else as dealt), or None."""
    shown, dealt = hand.shown_cards(), hand.hole_cards()
    cards = {}
    for seat in hand.seats:
        if seat in hand.folded:
            continue
        hole = shown.get(seat) or [c for c in dealt.get(seat, []) if c]
        if len(hole) != 2:
            return None
        cards[seat] = hole
    return cards


def _division(hand: Hand, ruleset: Ruleset, ranks: dict[int, int], pots: list, rake: Decimal) -> dict[int, Decimal]:
    unit = hand.table.money("chip_unit", Decimal(1))
    start = None if ruleset.param("odd_chip_from") == "croupier_left" else hand.button
    expected: dict[int, Decimal] = {}
    for i, pot in enumerate(pots):
        amount = pot.amount - (rake if i == 0 else ZERO)
        if i == 0 and amount < 0:
            rake, amount = -amount, ZERO
        contenders = [s for s in pot.eligible if s in ranks] or list(pot.eligible)
        best = max(ranks.get(s, 0) for s in contenders)
        winners = [s for s in clockwise(sorted(contenders), start) if ranks.get(s, 0) == best]
        for seat, share in divide(amount, winners, unit).items():
            expected[seat] = expected.get(seat, ZERO) + share
    return {s: a for s, a in expected.items() if a > 0}


def _is_wheel(cards: list[str], board: list[str]) -> bool:
    """The best five cards are 5-4-3-2-A, a straight only because the Ace counts low (art. 14(3))."""
    seven = [*cards, *board]
    five = best_five(seven)
    return {str(c)[0] for c in five} == WHEEL_RANKS and category_of(rank7(seven)) in (STRAIGHT, STRAIGHT_FLUSH)


def review(hand: Hand, ruleset: Ruleset) -> Review:
    """Expected awards (best hands, side pots, shares, odd chips) against the logged ones, classified."""
    cached = getattr(hand, "_review", None)
    if cached is not None:
        return cached
    result = Review(logged=_sum_by_seat(hand.awards))
    hand._review = result  # type: ignore[attr-defined]
    contributions = hand.betting_contributions()
    back = uncalled(contributions)
    if back:
        contributions[back[0]] -= back[1]
    live = [s for s in hand.seats if s not in hand.folded]
    rake = sum((r.amount for r in hand.rakes), ZERO)
    pots = build_pots(contributions, hand.folded, dead=sum(hand.antes.values(), ZERO))
    if len(live) > 1:
        cards = _cards(hand)
        board = [c.card for c in hand.board if c.card]
        if cards is None or len(board) != 5:
            result.missing = "the showdown cards are not all logged"
            return result
        quads = bool(ruleset.param("quads_kicker_counts"))
        result.ranks = {s: rank7([*cards[s], *board], quads_kicker_counts=quads) for s in live}
    else:
        result.ranks = {s: 1 for s in live}
    result.expected = _division(hand, ruleset, result.ranks, pots, rake)
    result.winners = set(result.expected)
    if result.expected != result.logged:
        _classify(hand, ruleset, result, pots, rake)
    return result


def _sum_by_seat(money: list) -> dict[int, Decimal]:
    totals: dict[int, Decimal] = {}
    for m in money:
        if m.seat is not None:
            totals[m.seat] = totals.get(m.seat, ZERO) + m.amount
    return {s: a for s, a in totals.items() if a != 0}


def _fmt(awards: dict[int, Decimal]) -> str:
    return ", ".join(f"seat {s}: {a.normalize():f}" for s, a in sorted(awards.items())) or "nothing"


def _classify(hand: Hand, ruleset: Ruleset, r: Review, pots: list, rake: Decimal) -> None:
    where = next((a.src for a in hand.awards), hand.end or hand.start)
    expected, logged = _fmt(r.expected), _fmt(r.logged)
    recipients, winners = set(r.logged), r.winners
    folded_paid = [a for a in hand.awards if a.seat in hand.folded and a.amount > 0]
    if folded_paid:
        for a in folded_paid:
            r.breaches.append(("THE-13.3", a.src, f"folded seat {a.seat} awarded {a.amount.normalize():f}", "0",
                               f"{a.amount.normalize():f}"))
        return
    if not ruleset.param("quads_kicker_counts") and len(r.ranks) > 1:
        cards, board = _cards(hand), [c.card for c in hand.board if c.card]
        kicker_ranks = {s: rank7([*cards[s], *board], quads_kicker_counts=True) for s in r.ranks}
        if _division(hand, ruleset, kicker_ranks, pots, rake) == r.logged:
            r.breaches.append(("THE-15.2", where, "equal fours of a kind not shared: the fifth card decided "
                               "(art. 15(3): the other card is not counted)", expected, logged))
            return
    if recipients < winners:
        r.breaches.append(("THE-14.1", where, "equal hands not shared (suits do not rank, art. 14(1))",
                           expected, logged))
        return
    strangers = recipients - winners
    if strangers and r.ranks:
        best = max(r.ranks.values())
        cats = {s: category_of(r.ranks[s]) for s in strangers if s in r.ranks}
        if any(c < category_of(best) for c in cats.values()):
            r.breaches.append(("THE-15.1", where, "pot awarded to a lower category of hand (art. 15)",
                               expected, logged))
            return
        cards, board = _cards(hand), [c.card for c in hand.board if c.card]
        if cards and any(_is_wheel(cards[s], board) for s in winners | strangers if s in cards):
            r.breaches.append(("THE-14.2", where, "the Ace counts low only in 5-4-3-2-A (art. 14(3))",
                               expected, logged))
            return
        if recipients > winners:
            r.breaches.append(("THE-10.5", where, "pot shared with a hand that is not equal to the best "
                               "(art. 10(3))", expected, logged))
            return
        r.breaches.append(("THE-10.2", where, "pot not awarded to the best hand eligible for it (art. 10(2))",
                           expected, logged))
        return
    if recipients == winners and sum(r.logged.values(), ZERO) == sum(r.expected.values(), ZERO):
        unit = hand.table.money("chip_unit", Decimal(1))
        gaps = [abs(r.logged.get(s, ZERO) - r.expected.get(s, ZERO)) for s in winners]
        rule = "THE-10.4" if max(gaps) <= unit * (len(winners) - 1) and _shares_equal_within(r, unit) else "THE-10.3"
        text = ("odd chips of a split pot not given from the first tied winner (art. 10(5))" if rule == "THE-10.4"
                else "equal hands not given equal shares (art. 10(4))")
        r.breaches.append((rule, where, text, expected, logged))
        return
    r.breaches.append(("THE-10.2", where, "the awards are not the pot less the rake (art. 10(2))", expected, logged))


def _shares_equal_within(r: Review, unit: Decimal) -> bool:
    """The logged shares differ from each other by at most one chip: only the odd chips moved."""
    shares = [r.logged.get(s, ZERO) for s in r.winners]
    return max(shares) - min(shares) <= unit



def awards_applies(hand: Hand, ruleset: Ruleset) -> str | None:
    """The award rules judge hands that were played out and whose showdown cards are known."""
    if hand.void is not None:
        return NOT_APPLICABLE  # judged under THE-9.1
    return awards_missing(hand) or review(hand, ruleset).missing


def awards_missing(hand: Hand) -> str | None:
    """A hand with neither awards nor final stacks logged says nothing about where the pot went."""
    return "no award or final stack logged" if not hand.awards and not hand.stacks_after else None


def award_breaches(rule_id: str):
    """The check of one award rule: the review's discrepancies classified under ``rule_id``."""
    def check(hand: Hand, ruleset: Ruleset):
        for rule, src, message, expected, found in review(hand, ruleset).breaches:
            if rule == rule_id:
                yield breach(src, message, expected, found)
    return check
