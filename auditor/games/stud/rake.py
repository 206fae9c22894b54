"""The money of a stud hand that arts. 7 and 9 judge: the house rake due, what was taken, and when it is unknown.

Art. 9 (as amended by Portaria n.º 118/89/M): "The house takes a rake of 4% of the stakes on the table. In the last
betting round, stakes that the player who leads bets, raises or re-raises and that no other customer calls are not
raked." Read (docs/readings.md, Rake base): the base is every chip bet, called or raised in the betting rounds
(``rake_base``: antes excluded, since art. 8 already takes one ante) less the part of a bet or raise nobody called in
the last betting round played (``last_round_definition``: the round the hand ended in, or only the fourth), times
``rake_rate``, rounded down to the chip unit (``rake_rounding``). The house rake is the ``rake`` without
``reason: first_rake``; a hand that took none logs a rake of 0, so a hand without one took a rake the log does not
give."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from auditor.engine.ruleset import Ruleset
from auditor.games.poker.hand import Hand as PokerHand
from auditor.games.poker.hand import Money, Source
from auditor.games.poker.pots import ZERO, floor_to
from auditor.games.stud.hand import ROUNDS, Hand

FIRST_RAKE = "first_rake"  # the ``reason`` of the art. 8 rake, taken before the first card
NOT_LOGGED = "rake not logged by the source"
NO_HOUSE_RAKE = "no house rake logged for the hand (a hand raked nothing logs a rake of 0)"
NO_FIRST_RAKE = "no first rake logged for the hand (art. 8)"
VOIDED = "hand voided: every contribution is refunded"
SHORT = "a player absent from the betting is short of a bet: what was called is unknown"


def house_rakes(hand: PokerHand) -> list[Money]:
    """The rakes but the first (kept in ``hand.derived``: the rules of arts. 7, 9 and the awards all ask)."""
    found = hand.derived.get("house rakes")
    if found is None:
        found = hand.derived["house rakes"] = [r for r in hand.rakes if r.reason != FIRST_RAKE]
    return found  # type: ignore[return-value]


def unknown_house_rake(hand: PokerHand) -> str | None:
    """Why the house rake the hand took is unknown (None: it is as logged)."""
    if "rake" in hand.table.not_logged:
        return NOT_LOGGED
    return None if house_rakes(hand) else NO_HOUSE_RAKE


def unknown_rake(hand: PokerHand) -> str | None:
    """Why the chips the house took from the hand (the first rake and the house rake) are unknown."""
    why = unknown_house_rake(hand)
    if why is None and len(house_rakes(hand)) == len(hand.rakes):  # no first rake among them
        return NO_FIRST_RAKE
    return why


def largest_rake(hand: Hand, ruleset: Ruleset, pot: Decimal) -> Decimal:
    """The most arts. 8 and 9 let the house take from ``pot`` (every chip put in, less the refunds): the first rake
    as logged, else the one art. 8 takes (the ante of the hand: every player's, when all posted one amount, else the
    table's), and ``rake_rate`` of the whole pot rounded down, which no reading of art. 9's base exceeds."""
    first = [r.amount for r in hand.rakes if r.reason == FIRST_RAKE]
    antes = set(hand.antes.values())
    ante = antes.pop() if len(antes) == 1 and set(hand.antes) == set(hand.seats) else hand.table.money("ante", ZERO)
    house = floor_to(Decimal(str(ruleset.param("rake_rate"))) * pot, hand.table.money("chip_unit", Decimal(1)))
    return (sum(first, ZERO) if first else ante) + house


@dataclass(frozen=True)
class HouseRake:
    """The numbers of one hand's house rake. ``spared``: the uncalled part of the last round that art. 9 spares
    (0 when there is none, or when it was bet before the fourth round under ``fourth_round``)."""

    rate: Decimal
    unit: Decimal
    base: Decimal  # the rake base, ``spared`` left out
    antes: Decimal  # the antes in it (``rake_base`` = ``called_bets_including_antes``)
    spared: Decimal
    spared_seat: int | None
    taken: Decimal
    src: Source

    @property
    def due(self) -> Decimal:
        return floor_to(self.rate * self.base, self.unit)

    @property
    def on_spared(self) -> Decimal:
        """The rake of the base with the spared part in it: what raking the uncalled bet too takes."""
        return floor_to(self.rate * (self.base + self.spared), self.unit)

    def spared_raked(self) -> bool:
        """The rake taken is the rake of the base and the uncalled part together, not the rake due (5CS-9.2)."""
        return self.taken == self.on_spared != self.due


def _spared(hand: Hand, owner: int, ruleset: Ruleset) -> bool:
    """Whether the uncalled part of ``owner``'s bets is in the last round as ``last_round_definition`` reads it: the
    round the hand ended in (always: a bet nobody calls ends the betting), or the fourth only."""
    if ruleset.param("last_round_definition") == "round_hand_ended":
        return True
    last = next((a for a in reversed(hand.actions) if a.seat == owner and a.amount > 0), None)
    return last is not None and last.street == ROUNDS[-1]


def spared_bet(hand: Hand, ruleset: Ruleset) -> tuple[int | None, Decimal]:
    """The seat and amount of the uncalled part of the last round that art. 9 spares ((None, 0): none)."""
    back = hand.uncalled_bet()
    return back if back is not None and _spared(hand, back[0], ruleset) else (None, ZERO)


def house_rake(hand: Hand, ruleset: Ruleset) -> HouseRake:
    """The hand's house rake numbers, computed once for the two rules of art. 9 (its house rake must be logged)."""
    cached = hand.derived.get("house rake")
    if isinstance(cached, HouseRake):
        return cached
    bets = hand.betting_contributions()
    seat, spared = spared_bet(hand, ruleset)
    antes = ZERO
    if ruleset.param("rake_base") == "called_bets_including_antes":
        antes = sum((a for s, a in hand.antes.items() if s not in hand.exposed), ZERO)  # a dead hand's is refunded
    rakes = house_rakes(hand)
    result = HouseRake(rate=Decimal(str(ruleset.param("rake_rate"))), unit=hand.table.money("chip_unit", Decimal(1)),
                       base=sum(bets.values(), antes) - spared, antes=antes, spared=spared, spared_seat=seat,
                       taken=sum((r.amount for r in rakes), ZERO), src=rakes[0].src if rakes else hand.start)
    hand.derived["house rake"] = result
    return result
