"""Art. 16 (佣金): "The house takes a commission of three to five per cent (3%–5%) of each pot, but at most an amount
equal to five times the big pre-bet (big blind)." Readings (docs/readings.md): the table declares its rate; rake =
rate × pot rounded down to the chip unit, capped at five big blinds; none on a voided hand."""

from __future__ import annotations

from collections.abc import Iterator
from decimal import Decimal

from auditor.engine.registry import register
from auditor.engine.replay_runner import Breach, ReplayRule, breach
from auditor.engine.ruleset import Ruleset
from auditor.games.holdem.conditions import raked, voided_only
from auditor.games.holdem.hand import Hand
from auditor.games.holdem.rake import rake_cap, raked_pot
from auditor.games.poker.pots import floor_to
from auditor.present import present

ZERO = Decimal(0)


def _f(x: Decimal) -> str:
    return f"{x.normalize():f}"


class _Rake:
    """The numbers of one hand's rake."""

    def __init__(self, hand: Hand, ruleset: Ruleset) -> None:
        self.unit = hand.table.money("chip_unit", Decimal(1))
        self.pot = raked_pot(hand)
        self.taken = sum((r.amount for r in hand.rakes), ZERO)
        self.cap = rake_cap(hand, ruleset)
        self.rate = present(hand.table.money("rake_rate"), "rake_rate")  # a raked table declares it (``raked``)
        self.low = Decimal(str(ruleset.param("rake_rate_min")))
        self.high = Decimal(str(ruleset.param("rake_rate_max")))
        no_drop = ruleset.param("no_flop_no_drop") and not any(c.street == "flop" for c in hand.board)
        self.due = ZERO if no_drop else min(floor_to(self.rate * self.pot, self.unit), self.cap)
        self.src = hand.rakes[0].src if hand.rakes else (hand.end or hand.start)

    def over_rate(self) -> bool:
        return self.taken > self.high * self.pot

    def over_cap(self) -> bool:
        return self.taken > self.cap

    def under_minimum(self) -> bool:
        return self.taken < min(floor_to(self.low * self.pot, self.unit), self.cap) and self.due > 0


def _rake(hand: Hand, ruleset: Ruleset) -> _Rake:
    """The hand's rake numbers, computed once for the five rules of art. 16."""
    cached = hand.derived.get("rake")
    if isinstance(cached, _Rake):
        return cached
    rake = hand.derived["rake"] = _Rake(hand, ruleset)
    return rake


def _max_rate(hand: Hand, ruleset: Ruleset) -> Iterator[Breach]:
    r = _rake(hand, ruleset)
    if r.over_rate():
        yield breach(r.src, f"rake {_f(r.taken)} on a pot of {_f(r.pot)} is above {r.high * 100}% (art. 16)",
                     f"<= {_f(r.high * r.pot)}", _f(r.taken))


def _cap(hand: Hand, ruleset: Ruleset) -> Iterator[Breach]:
    r = _rake(hand, ruleset)
    if r.over_cap():
        yield breach(r.src, f"rake {_f(r.taken)} above five big blinds ({_f(r.cap)}, art. 16)", f"<= {_f(r.cap)}",
                     _f(r.taken))


def _min_rate(hand: Hand, ruleset: Ruleset) -> Iterator[Breach]:
    r = _rake(hand, ruleset)
    if r.under_minimum():
        yield breach(r.src, f"rake {_f(r.taken)} on a pot of {_f(r.pot)} is below {r.low * 100}% (art. 16)",
                     f">= {_f(min(floor_to(r.low * r.pot, r.unit), r.cap))}", _f(r.taken))


def _declared_rate(hand: Hand, ruleset: Ruleset) -> Iterator[Breach]:
    """The declared rate is judged once per table, on the first hand this rule evaluates (a voided or quarantined
    first hand is not one); the rake of every hand is judged against it."""
    r = _rake(hand, ruleset)
    if not (r.low <= r.rate <= r.high):
        if hand.table.derived.setdefault("rate judged at", hand.hand_id) == hand.hand_id:
            yield breach(hand.start, f"the table declares a rake rate of {r.rate}; art. 16 allows "
                                     f"{r.low}-{r.high}", f"{r.low}..{r.high}", str(r.rate))
        return
    if r.over_rate() or r.over_cap() or r.under_minimum() or r.taken == r.due:
        return
    over = r.taken > r.due
    yield breach(r.src, f"rake {_f(r.taken)}; the table's {r.rate} × pot {_f(r.pot)}, rounded down and capped, is "
                        f"{_f(r.due)} ({'over' if over else 'under'}-collected)", _f(r.due), _f(r.taken),
                 severity="violation" if over else "warning")


def _void(hand: Hand, ruleset: Ruleset) -> Iterator[Breach]:
    for rake in hand.rakes:
        if rake.amount > 0:
            yield breach(rake.src, f"rake of {_f(rake.amount)} on a voided hand (arts. 9(2), 16)", "0",
                         _f(rake.amount))


register(ReplayRule[Hand](id="THE-16.1", game="holdem", check=_max_rate, applies=raked))
register(ReplayRule[Hand](id="THE-16.2", game="holdem", check=_cap, applies=raked))
register(ReplayRule[Hand](id="THE-16.3", game="holdem", check=_min_rate, applies=raked))
register(ReplayRule[Hand](id="THE-16.4", game="holdem", check=_declared_rate, applies=raked))
register(ReplayRule[Hand](id="THE-16.5", game="holdem", check=_void, applies=voided_only))
