"""Art. 10 (最后组合): "2. The player with the best five-card combination wins all the bets on the table (the pot).
3. Players may not agree to share the pot … 4. If two or more players hold the same combination, they share the pot
equally, divided down to the lowest divisible unit. 5. Any indivisible remainder goes to the first player to the
croupier's left who is still playing the hand." Side pots: the standard construction (docs/readings.md)."""

from __future__ import annotations

from decimal import Decimal

from auditor.engine.registry import register
from auditor.engine.replay_runner import ReplayRule, breach
from auditor.games.holdem.conditions import played_only, seated, unlogged_rake
from auditor.games.poker.pots import uncalled
from auditor.games.holdem.showdown import award_breaches, awards_applies, awards_missing, review

ZERO = Decimal(0)


def _f(x: Decimal) -> str:
    return f"{x.normalize():f}"


def _per_seat(events) -> dict[int, Decimal]:
    """The amounts of ``events`` (refunds or awards) added up per seat: a seat may be paid in several events."""
    totals: dict[int, Decimal] = {}
    for e in events:
        totals[e.seat] = totals.get(e.seat, ZERO) + e.amount
    return totals


def _accounts(hand, ruleset):
    """The pot is paid out whole: contributions − refunds = awards + rake (a rake not logged is what the awards leave,
    never below 0); every stack reconciles; the uncalled bet (and only it) is returned. What is uncalled is unknown
    when a player absent from the betting is short of a bet: his missing action may have been the call."""
    put_in = sum(hand.contributions.values(), ZERO)
    back = sum((r.amount for r in hand.refunds), ZERO)
    paid = sum((a.amount for a in hand.awards), ZERO)
    rake = sum((r.amount for r in hand.rakes), ZERO)
    where = hand.end or hand.start
    if unlogged_rake(hand) is not None:
        pot = put_in - back
        if paid > pot:  # whatever the rake, it is not negative
            yield breach(where, f"awards of {_f(paid)} from a pot of {_f(pot)}: more than the pot (the rake is not "
                                "logged; art. 10(2): the winner takes the bets)", f"<= {_f(pot)}", _f(paid))
    elif put_in - back != paid + rake:
        yield breach(where, f"the pot of {_f(put_in - back)} was paid out as {_f(paid)} in awards and {_f(rake)} rake "
                            "(art. 10(2): the winner takes all the bets)", _f(put_in - back), _f(paid + rake))
    expected_back = uncalled(hand.betting_contributions())
    refunds, awards = _per_seat(hand.refunds), _per_seat(hand.awards)
    logged_back = {s: a for s, a in refunds.items() if s not in hand.folded and a != 0}  # a refund of 0 returns nothing
    want = {expected_back[0]: expected_back[1]} if expected_back else {}
    if logged_back != want and not hand.short - hand.folded:
        yield breach(where, "uncalled bet returned: "
                            + (", ".join(f"seat {s} {_f(a)}" for s, a in sorted(logged_back.items())) or "nothing")
                            + "; due: " + (", ".join(f"seat {s} {_f(a)}" for s, a in want.items()) or "nothing"),
                     ", ".join(f"{s}:{_f(a)}" for s, a in want.items()) or "none",
                     ", ".join(f"{s}:{_f(a)}" for s, a in sorted(logged_back.items())) or "none")
    for seat, after in sorted(hand.stacks_after.items()):
        if seat in hand.stacks and hand.stacks[seat] is None:
            continue  # the stack before the hand is not logged: his account cannot be reconciled
        due = hand.stacks.get(seat, ZERO) - hand.contributions.get(seat, ZERO) + refunds.get(seat, ZERO) \
            + awards.get(seat, ZERO)
        if after != due:
            yield breach(where, f"seat {seat} ends with {_f(after)}; stack {_f(hand.stacks.get(seat, ZERO))} − bets "
                                f"+ refunds + awards gives {_f(due)}", _f(due), _f(after))


def _best_hand(hand, ruleset):
    yield from _accounts(hand, ruleset)
    if review(hand, ruleset).missing is None:
        yield from award_breaches("THE-10.2")(hand, ruleset)


register(ReplayRule(id="THE-10.2", game="holdem", check=_best_hand,
                    applies=lambda h, r: played_only(h, r) or seated(h, r) or awards_missing(h)))
for rule_id in ("THE-10.3", "THE-10.4", "THE-10.5"):
    register(ReplayRule(id=rule_id, game="holdem", check=award_breaches(rule_id), applies=awards_applies))
