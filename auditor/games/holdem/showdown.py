"""The showdown review: what each player should have received (arts. 10, 13, 14, 15) against what the log awards.

Computed once per hand (``review``) and shared by the checkers of arts. 10, 13, 14 and 15, each of which reports
the discrepancies classified under its own rule id (docs/holdem-checks.md: each wrong award once, under the first
rule that explains it). Awards are compared pot by pot when the log names the pot of every award, else per seat
over the whole hand."""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal

from auditor.engine.replay_runner import NOT_APPLICABLE, breach
from auditor.engine.ruleset import Ruleset
from auditor.games.holdem.betting import clockwise
from auditor.games.holdem.conditions import NO_SEAT, unlogged_rake
from auditor.games.holdem.evaluate import best_five, rank7
from auditor.games.holdem.hand import Hand, Source
from auditor.games.poker.pots import ZERO, Pot, build_pots, divide, uncalled
from auditor.games.poker.cards import STRAIGHT, STRAIGHT_FLUSH, category_of

WHEEL_RANKS = frozenset("A2345")
DUPLICATE = "a showdown card appears twice in the hand (THE-1.1): the hands cannot be valued"
UNKNOWN_POTS = "a player absent from the betting (his action is missing) reached a pot: who contests it is unknown"
Shares = dict[int, Decimal]


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
        return _total(p.shares for p in self.pots)


def _total(parts) -> Shares:
    totals: Shares = {}
    for part in parts:
        for seat, amount in part.items():
            totals[seat] = totals.get(seat, ZERO) + amount
    return {s: a for s, a in totals.items() if a != 0}


def unsettled(hand: Hand) -> set[int]:
    """Players, never folded, whose part in the pots the log leaves unknown: absent from the betting at the end
    without showing (did he fold?), or short of a bet of a round he was absent from (did he call?)."""
    return {s for s in (hand.absent - set(hand.shown_cards())) | hand.short if s not in hand.folded}


def _cards(hand: Hand) -> dict[int, list[str]] | None:
    """Two known hole cards for every player still in the hand (shown, else as dealt), or None. A player whose part
    in the pots is unknown reaches none when the awards are judged: his cards are not needed."""
    shown, dealt = hand.shown_cards(), hand.hole_cards()
    cards = {}
    out = unsettled(hand)
    for seat in hand.seats:
        if seat in hand.folded or seat in out:
            continue
        hole = shown.get(seat) or [c for c in dealt.get(seat, []) if c]
        if len(hole) != 2:
            return None
        cards[seat] = hole
    return cards


def _division(hand: Hand, ruleset: Ruleset, ranks: dict[int, int], pots: list[Pot], rake: Decimal) -> list[PotShare]:
    """Each pot to its best eligible hands, equal shares down to the chip unit, odd chips from ``odd_chip_from``;
    the rake comes out of the main pot first."""
    unit = hand.table.money("chip_unit", Decimal(1))
    start = None if ruleset.param("odd_chip_from") == "croupier_left" else hand.button
    division = []
    for pot in pots:
        taken = min(rake, pot.amount)
        rake -= taken
        contenders = [s for s in pot.eligible if s in ranks] or list(pot.eligible)
        best = max(ranks.get(s, 0) for s in contenders)
        winners = tuple(s for s in clockwise(sorted(contenders), start) if ranks.get(s, 0) == best)
        division.append(PotShare(pot, winners, divide(pot.amount - taken, list(winners), unit)))
    return division


def _is_wheel(cards: list[str], board: list[str]) -> bool:
    """The best five cards are 5-4-3-2-A, a straight only because the Ace counts low (art. 14(3))."""
    seven = [*cards, *board]
    return {str(c)[0] for c in best_five(seven)} == WHEEL_RANKS and category_of(rank7(seven)) in (
        STRAIGHT, STRAIGHT_FLUSH)


def review(hand: Hand, ruleset: Ruleset) -> Review:
    """Expected awards (best hands, side pots, shares, odd chips) against the logged ones, classified."""
    cached = hand.derived.get("review")
    if isinstance(cached, Review):
        return cached
    result = hand.derived["review"] = Review()
    if not hand.seats:
        result.missing = NO_SEAT
        return result
    contributions = hand.betting_contributions()
    back = uncalled(contributions)
    if back:
        contributions[back[0]] -= back[1]
    pots = build_pots(contributions, hand.folded, dead=sum(hand.antes.values(), ZERO))
    unknown = unsettled(hand)
    if any(s in unknown for p in pots for s in p.eligible):
        result.missing = UNKNOWN_POTS
        return result
    live = [s for s in hand.seats if s not in hand.folded and s not in unknown]
    rake = _rake(hand, pots, back)
    if len(live) > 1:
        cards = _cards(hand)
        board = [c.card for c in hand.board if c.card]
        if cards is None or len(board) != 5:
            result.missing = "the showdown cards are not all logged"
            return result
        seven = [*board, *(c for s in live for c in cards[s])]
        if len(set(seven)) != len(seven):
            result.missing = DUPLICATE
            return result
        quads = bool(ruleset.param("quads_kicker_counts"))
        result.ranks = {s: rank7([*cards[s], *board], quads_kicker_counts=quads) for s in live}
    else:
        result.ranks = {s: 1 for s in live}
    result.pots = _division(hand, ruleset, result.ranks, pots, rake)
    logged = _total([{a.seat: a.amount} for a in hand.awards if a.seat is not None])
    due = _with_unreturned(hand, result.expected, back)
    if logged not in (result.expected, due):
        paid = sum(logged.values(), ZERO)
        balanced = paid in (sum(result.expected.values(), ZERO), sum(due.values(), ZERO))
        _classify(hand, ruleset, result, pots, rake, balanced)
    return result


def _unreturned(hand: Hand, back: tuple[int, Decimal] | None) -> Decimal:
    """The part of the uncalled bet not refunded to its owner."""
    if back is None:
        return ZERO
    owner, due = back
    return due - sum((r.amount for r in hand.refunds if r.seat == owner), ZERO)


def _with_unreturned(hand: Hand, expected: Shares, back: tuple[int, Decimal] | None) -> Shares:
    """The expected awards plus the part of the uncalled bet not refunded to its owner: the awards when they pay it
    instead of a refund, which THE-10.2 reports once, as the uncalled bet not returned (art. 10(2))."""
    if back is None:
        return expected
    return _total([expected, {back[0]: _unreturned(hand, back)}])


def _rake(hand: Hand, pots: list[Pot], back: tuple[int, Decimal] | None) -> Decimal:
    """The rake the pots pay: as logged; when it is not logged, the rake the awards imply, i.e. what they leave of
    the pots (an uncalled bet they pay instead of a refund left out), never below 0."""
    if unlogged_rake(hand) is None:
        return sum((r.amount for r in hand.rakes), ZERO)
    paid = sum((a.amount for a in hand.awards), ZERO) - max(_unreturned(hand, back), ZERO)
    return max(sum((p.amount for p in pots), ZERO) - paid, ZERO)


def _fmt(awards: Shares) -> str:
    return ", ".join(f"seat {s}: {a.normalize():f}" for s, a in sorted(awards.items())) or "nothing"


def _logged_by_pot(hand: Hand, count: int) -> list[Shares] | None:
    """The logged awards of each pot, when every award names a pot that exists."""
    if not hand.awards or any(a.pot is None or not 0 <= a.pot < count for a in hand.awards):
        return None
    return [_total([{a.seat: a.amount} for a in hand.awards if a.pot == i]) for i in range(count)]


def _classify(hand: Hand, ruleset: Ruleset, r: Review, pots: list[Pot], rake: Decimal, balanced: bool) -> None:
    """``balanced``: the awards add up to what the pots owe; when they do not, THE-10.2 reports the chips
    (``_accounts``), and the review only who was paid."""
    where = next((a.src for a in hand.awards), hand.end or hand.start)
    folded_paid = [a for a in hand.awards if a.seat in hand.folded and a.amount > 0]
    if folded_paid:
        for a in folded_paid:
            r.breaches.append(("THE-13.3", a.src, f"folded seat {a.seat} awarded {a.amount.normalize():f}", "0",
                               f"{a.amount.normalize():f}"))
        return
    logged = _total([{a.seat: a.amount} for a in hand.awards if a.seat is not None])
    if not ruleset.param("quads_kicker_counts") and len(r.ranks) > 1:
        cards, board = _cards(hand), [c.card for c in hand.board if c.card]
        kicker_ranks = {s: rank7([*cards[s], *board], quads_kicker_counts=True) for s in r.ranks}
        if _total(p.shares for p in _division(hand, ruleset, kicker_ranks, pots, rake)) == logged:
            r.breaches.append(("THE-15.2", where, "equal fours of a kind not shared: the fifth card decided "
                               "(art. 15(3): the other card is not counted)", _fmt(r.expected), _fmt(logged)))
            return
    by_pot = _logged_by_pot(hand, len(r.pots))
    if by_pot is not None:
        for share, got in zip(r.pots, by_pot):
            if got != {s: a for s, a in share.shares.items() if a != 0}:
                found = _pot_rule(hand, r, share, got, balanced)
                src = next((a.src for a in hand.awards if a.pot == r.pots.index(share)), where)
                if found:
                    r.breaches.append((found[0], src, found[1], _fmt(share.shares), _fmt(got)))
        return
    found = _hand_rule(hand, r, logged, balanced)
    if found:
        r.breaches.append((found[0], where, found[1], _fmt(r.expected), _fmt(logged)))


_NOT_BEST = ("THE-10.2", "pot not awarded to the best hand eligible for it (art. 10(2))")


def _stranger_rule(hand: Hand, r: Review, recipients: set[int], winners: set[int]) -> tuple[str, str] | None:
    """Recipients who did not hold the best hand: which article was misapplied (None: only art. 10(2))."""
    strangers = recipients - winners
    best = max(r.ranks[s] for s in winners) if winners else 0
    if any(category_of(r.ranks.get(s, 0)) < category_of(best) for s in strangers):
        return "THE-15.1", "pot awarded to a lower category of hand (art. 15)"
    cards, board = _cards(hand), [c.card for c in hand.board if c.card]
    if cards and any(_is_wheel(cards[s], board) for s in winners | strangers if s in cards):
        return "THE-14.2", "the Ace counts low only in 5-4-3-2-A (art. 14(3))"
    if recipients > winners:
        return "THE-10.5", "pot shared with a hand that is not equal to the best (art. 10(3))"
    return None


def _pot_rule(hand: Hand, r: Review, share: PotShare, got: Shares, balanced: bool = True) -> tuple[str, str] | None:
    winners, recipients = set(share.winners), set(got)
    if recipients and recipients < winners:  # paid to nobody is not a split refused: art. 10(2) below
        return "THE-14.1", "equal hands not shared (suits do not rank, art. 14(1))"
    if recipients - winners:
        return _stranger_rule(hand, r, recipients, winners) or _NOT_BEST
    return _amount_rule(hand, share.shares, got, len(winners), balanced)


def _amount_rule(hand: Hand, expected: Shares, got: Shares, winners: int,
                 balanced: bool = True) -> tuple[str, str] | None:
    """The rule a pot paid to the right players, in wrong amounts, breaks (None: only the chips of the whole hand
    do not add up, which is ``_accounts``'s one finding)."""
    unit = hand.table.money("chip_unit", Decimal(1))
    if sum(got.values(), ZERO) != sum(expected.values(), ZERO) or not got:
        return ("THE-10.2", "the awards are not the pot less the rake (art. 10(2))") if balanced else None
    base = min(expected.values())
    rest = sorted(got.values())
    if winners > 1 and rest[:-1] == [base] * (len(rest) - 1) and rest[-1] - base < unit * winners:
        return "THE-10.4", "the indivisible remainder of a split pot not given to the first tied winner (art. 10(5))"
    return "THE-10.3", "equal hands not given equal shares (art. 10(4))"


def _hand_rule(hand: Hand, r: Review, logged: Shares, balanced: bool) -> tuple[str, str] | None:
    """Without pot numbers in the log: compare each seat's total over the hand (None: only the chips of the whole
    hand do not add up, which is ``_accounts``'s one finding)."""
    expected = r.expected
    winners, recipients = set(expected), set(logged)
    left_out = winners - recipients
    if left_out and any(len(p.winners) > 1 and set(p.winners) & left_out and set(p.winners) & recipients
                        for p in r.pots):
        return "THE-14.1", "equal hands not shared (suits do not rank, art. 14(1))"
    if recipients - winners:
        return _stranger_rule(hand, r, recipients, winners) or _NOT_BEST
    if recipients == winners:
        split = [p for p in r.pots if len(p.winners) > 1]
        if split and sum(logged.values(), ZERO) == sum(expected.values(), ZERO):
            return _amount_rule(hand, expected, logged, max(len(p.winners) for p in split))
    return _NOT_BEST if balanced else None


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
