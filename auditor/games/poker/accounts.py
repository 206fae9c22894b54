"""Chip conservation in a poker hand: the pot is paid out whole, the uncalled bet (and only it) goes back to its
owner, and every stack after the hand reconciles. Hold'em art. 10(2): "The player with the best five-card
combination wins all the bets on the table (the pot)"; stud art. 7: "The pot is the total of all chips bet in each
hand … and is won by the winner of the hand"."""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Iterator
from decimal import Decimal

from auditor.engine.replay_runner import Breach, breach
from auditor.games.poker.conditions import unlogged_rake
from auditor.games.poker.hand import Hand, Money
from auditor.games.poker.pots import ZERO


def _f(x: Decimal) -> str:
    return f"{x.normalize():f}"


def per_seat(events: Iterable[Money]) -> dict[int | None, Decimal]:
    """The amounts of ``events`` (refunds or awards) added up per seat: a seat may be paid in several events (None:
    a refund that names no seat)."""
    totals: dict[int | None, Decimal] = {}
    for e in events:
        totals[e.seat] = totals.get(e.seat, ZERO) + e.amount
    return totals


def refunded_pot(hand: Hand) -> Decimal:
    """Every chip put in, less the refunds logged."""
    return sum(hand.contributions.values(), ZERO) - sum((r.amount for r in hand.refunds), ZERO)


def account_breaches(hand: Hand, article: str, rake_unknown: Callable[[Hand], str | None] = unlogged_rake,
                     dead: Collection[int] = (), stacks_apart: Collection[int] = (),
                     largest_rake: tuple[str, Callable[[], Decimal]] | None = None) -> Iterator[Breach]:
    """Contributions − refunds = awards + rake (a rake not logged, ``rake_unknown``, is what the awards leave, never
    below 0 and, with ``largest_rake`` (the article bounding it, and the most it lets the house take from this hand,
    on the base the game's rake rules use), never above that bound);
    every stack reconciles; the uncalled bet (and only it) is returned. What is uncalled is unknown when a
    player absent from the betting is short of a bet: his missing action may have been the call. ``article``: the
    game's, cited. ``dead``: seats whose hand is dead (stud art. 11 d)), out of the betting and the pots, whose
    refunds (their antes) another rule judges; ``stacks_apart``: seats whose stack another rule judges (stud: a seat
    no player was dealt in at, or a player's two seats)."""
    net = refunded_pot(hand)
    paid = sum((a.amount for a in hand.awards), ZERO)
    rake = sum((r.amount for r in hand.rakes), ZERO)
    where = hand.end or hand.start
    if rake_unknown(hand) is not None:
        pot = net - rake  # the rakes logged (stud: the first rake) were taken, the one not logged is >= 0
        less = f" ({_f(pot + rake)} less the rake logged, {_f(rake)})" if rake else ""
        if paid > pot:
            yield breach(where, f"awards of {_f(paid)} from a pot of {_f(pot)}{less}: more than the pot (the rake is "
                                f"not logged; {article}: the winner takes the bets)", f"<= {_f(pot)}", _f(paid))
        elif largest_rake is not None:
            bounded_by, bound = largest_rake
            allowed = max(bound() - rake, ZERO)
            if pot - paid > allowed:
                yield breach(where, f"awards of {_f(paid)} from a pot of {_f(pot)}{less} leave {_f(pot - paid)} of "
                                    f"it, more than the largest rake {bounded_by} allows ({_f(allowed)}); the rake "
                                    f"is not logged ({article}: the winner takes the bets)", f">= {_f(pot - allowed)}",
                             _f(paid))
    elif net != paid + rake:
        yield breach(where, f"the pot of {_f(net)} was paid out as {_f(paid)} in awards and {_f(rake)} rake "
                            f"({article}: the winner takes all the bets)", _f(net), _f(paid + rake))
    expected_back = hand.uncalled_bet()
    refunds, awards = per_seat(hand.refunds), per_seat(hand.awards)
    logged_back = {s: a for s, a in refunds.items()  # a refund of 0 returns nothing
                   if s not in hand.folded and s not in dead and a != 0}
    want = {expected_back[0]: expected_back[1]} if expected_back and expected_back[0] not in dead else {}
    if logged_back != want and not hand.short - hand.folded - set(dead):
        yield breach(where, "uncalled bet returned: "
                            + (", ".join(f"seat {s} {_f(a)}" for s, a in sorted(logged_back.items())) or "nothing")
                            + "; due: " + (", ".join(f"seat {s} {_f(a)}" for s, a in want.items()) or "nothing"),
                     ", ".join(f"{s}:{_f(a)}" for s, a in want.items()) or "none",
                     ", ".join(f"{s}:{_f(a)}" for s, a in sorted(logged_back.items())) or "none")
    for seat, after in sorted(hand.stacks_after.items()):
        before = hand.stacks.get(seat, ZERO)
        if before is None or seat in stacks_apart:
            continue  # the stack before the hand is not logged: his account cannot be reconciled
        due = before - hand.contributions.get(seat, ZERO) + refunds.get(seat, ZERO) + awards.get(seat, ZERO)
        if after != due:
            yield breach(where, f"seat {seat} ends with {_f(after)}; stack {_f(before)} − bets "
                                f"+ refunds + awards gives {_f(due)}", _f(due), _f(after))
