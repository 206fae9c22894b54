"""Planted violations of the payout of a legally played hand: who is paid (arts. 10, 13, 14, 15), how a split is
shared (art. 10(4)-(5)) and the rake (art. 16). The settlement is changed and the events and stacks are rendered
from it, so chips still balance where the rule planted is not about balance.

The auditor reports each wrong award once, under the first rule that explains it (docs/holdem-checks.md: 13.3,
15.2, 14.1, 15.1, 14.2, 10.5, 10.3, 10.4, 10.2); so the award plants are made on single-pot showdowns, with hands
chosen so that no earlier rule of that order explains them."""

from __future__ import annotations

import random
from collections.abc import Callable

from auditor.games.holdem.evaluate import best_five
from auditor.games.poker.cards import FOUR_OF_A_KIND, STRAIGHT, STRAIGHT_FLUSH, category_of
from auditor.sim.holdem.hand import PlayedHand
from auditor.sim.holdem.inject import Planted
from auditor.sim.holdem.settle import awards
from auditor.sim.holdem.table import HoldemTable
from auditor.sim.poker.pots import divide

MoneyPlant = Callable[[PlayedHand, HoldemTable, random.Random], "Planted | None"]


def _single_pot(hand: PlayedHand) -> bool:
    return len(hand.pots) == 1 and len(hand.values) > 1


def _wheel(hand: PlayedHand, seat: int) -> bool:
    """His best five cards are 5-4-3-2-A (a straight only because the Ace counts low, art. 14(3))."""
    five = best_five([*hand.holes[seat], *hand.board])
    return {str(c)[0] for c in five} == set("A2345") and category_of(hand.values[seat]) in (STRAIGHT, STRAIGHT_FLUSH)


def _pay(hand: PlayedHand, shares: list[tuple[int, int]]) -> None:
    hand.settlement.awards = [(0, seat, amount) for seat, amount in shares if amount]


def _beaten_same_category(hand: PlayedHand) -> tuple[int, int] | None:
    """(winner, loser): the only winner of the only pot and a loser with the same category of hand, neither
    holding a wheel (which THE-14.2 would explain)."""
    if not _single_pot(hand) or len(hand.tied[0]) != 1:
        return None
    winner = hand.tied[0][0]
    value = hand.values[winner]
    for loser in sorted(hand.values):
        if (loser != winner and category_of(hand.values[loser]) == category_of(value)
                and not _wheel(hand, winner) and not _wheel(hand, loser)):
            return winner, loser
    return None


def wrong_winner(hand: PlayedHand, table: HoldemTable, rng: random.Random) -> Planted | None:
    """THE-10.2 (art. 10(2)): the pot goes to a weaker hand of the same category (a lower kicker or pair)."""
    pair = _beaten_same_category(hand)
    if pair is None:
        return None
    winner, loser = pair
    _pay(hand, [(loser, hand.settlement.awards[0][2])])
    return Planted("award", f"pot to seat {loser}; seat {winner} holds the better hand")


def shared_with_loser(hand: PlayedHand, table: HoldemTable, rng: random.Random) -> Planted | None:
    """THE-10.5 (art. 10(3)): the pot is split with a weaker hand of the same category, as if they had agreed."""
    pair = _beaten_same_category(hand)
    if pair is None:
        return None
    _pay(hand, divide(hand.settlement.awards[0][2], sorted(pair), table.chip_unit))
    return Planted("award", f"pot shared between seats {sorted(pair)}; seat {pair[0]} alone is best")


def lower_category(hand: PlayedHand, table: HoldemTable, rng: random.Random) -> Planted | None:
    """THE-15.1 (art. 15): the pot goes to a lower category of hand."""
    if not _single_pot(hand) or len(hand.tied[0]) != 1:
        return None
    winner = hand.tied[0][0]
    lower = [s for s in sorted(hand.values) if category_of(hand.values[s]) < category_of(hand.values[winner])]
    if not lower:
        return None
    _pay(hand, [(lower[0], hand.settlement.awards[0][2])])
    return Planted("award", f"pot to seat {lower[0]}, a lower category than seat {winner}'s")


def _split(hand: PlayedHand) -> list[int] | None:
    """The tied winners of a single-pot showdown (not of four of a kind, which THE-15.2 judges)."""
    if not _single_pot(hand) or len(hand.tied[0]) < 2:
        return None
    tied = hand.tied[0]
    return None if category_of(hand.values[tied[0]]) == FOUR_OF_A_KIND else tied


def tie_not_split(hand: PlayedHand, table: HoldemTable, rng: random.Random) -> Planted | None:
    """THE-14.1 (art. 14(1)): equal hands, yet one of them takes the whole pot (as if a suit had ranked)."""
    tied = _split(hand)
    if tied is None:
        return None
    taker = rng.choice(tied)
    _pay(hand, [(taker, sum(a for _, _, a in hand.settlement.awards))])
    return Planted("award", f"tie between seats {tied}: seat {taker} took the whole pot")


def unequal_split(hand: PlayedHand, table: HoldemTable, rng: random.Random) -> Planted | None:
    """THE-10.3 (art. 10(4)): a split pot shared unequally (more than the odd chips apart)."""
    tied = _split(hand)
    if tied is None:
        return None
    shares = [amount for _, _, amount in hand.settlement.awards]
    if len(shares) != len(tied):
        return None
    moved = max(len(tied), shares[-1] // 4 // table.chip_unit) * table.chip_unit
    if moved >= shares[-1]:
        return None
    shares[0] += moved
    shares[-1] -= moved
    _pay(hand, list(zip(tied, shares)))
    return Planted("award", f"seat {tied[0]} took {moved} of seat {tied[-1]}'s share")


def odd_chip(hand: PlayedHand, table: HoldemTable, rng: random.Random) -> Planted | None:
    """THE-10.4 (art. 10(5)): the odd chips of a split go to the last tied winners instead of the first from
    seat 1."""
    tied = _split(hand)
    if tied is None:
        return None
    shares = [amount for _, _, amount in hand.settlement.awards]
    if len(shares) != len(tied) or shares[0] == shares[-1]:
        return None
    _pay(hand, list(zip(tied, reversed(shares))))
    return Planted("award", f"odd chip to seat {tied[-1]}, not seat {tied[0]}")


def award_to_folded(hand: PlayedHand, table: HoldemTable, rng: random.Random) -> Planted | None:
    """THE-13.3 (art. 13(3)): a player who folded is paid (the first share of the main pot)."""
    if not hand.folded or not hand.settlement.awards:
        return None
    folded = rng.choice(sorted(hand.folded))
    pot, seat, amount = hand.settlement.awards[0]
    hand.settlement.awards[0] = (pot, folded, amount)
    return Planted("award", f"seat {folded} folded and was paid {amount} instead of seat {seat}")


def refund_to_folded(hand: PlayedHand, table: HoldemTable, rng: random.Random) -> Planted | None:
    """THE-13.2 (art. 13(3)): the uncalled bet is handed to a player who folded; its owner does not get it back,
    which THE-10.2 necessarily reports (the uncalled part of the largest contribution is returned to him)."""
    if not hand.folded or not hand.settlement.refunds:
        return None
    folded = rng.choice(sorted(hand.folded))
    seat, amount = hand.settlement.refunds[0]
    hand.settlement.refunds[0] = (folded, amount)
    return Planted("refund", f"seat {seat}'s uncalled {amount} handed to seat {folded}, who folded", ("THE-10.2",))


def _pot(hand: PlayedHand) -> int:
    return sum(hand.contributions.values()) - sum(amount for _, amount in hand.settlement.refunds)


def _floor(amount: int, permille: int, unit: int) -> int:
    return amount * permille // 1000 // unit * unit


def rake_plant(choose: Callable[[int, HoldemTable], int | None], what: str) -> MoneyPlant:
    """A rake of ``choose(pot, table)`` (None: the pot does not fit); the main pot pays it."""
    def plant(hand: PlayedHand, table: HoldemTable, rng: random.Random) -> Planted | None:
        if hand.settlement.rake is None:
            return None
        pot = _pot(hand)
        rake = choose(pot, table)
        if rake is None or rake == hand.settlement.rake:
            return None
        hand.settlement.rake = rake
        hand.settlement.awards = awards(hand.pots, hand.tied, rake, table.chip_unit)
        return Planted("rake", f"rake {rake} on a pot of {pot} ({what})")
    return plant


def _over_rate(pot: int, table: HoldemTable) -> int | None:
    """THE-16.1: above 5% of the pot, within five big blinds."""
    rake = _floor(pot, 50, table.chip_unit) + table.chip_unit
    return rake if rake <= 5 * table.big_blind else None


def _over_cap(pot: int, table: HoldemTable) -> int | None:
    """THE-16.2: above five big blinds, within 5% of the pot."""
    rake = 5 * table.big_blind + table.chip_unit
    return rake if rake <= _floor(pot, 50, table.chip_unit) else None


def _under_rate(pot: int, table: HoldemTable) -> int | None:
    """THE-16.3: below 3% of the pot (rounded down) on a pot too small for the cap to bind."""
    least, unit = _floor(pot, 30, table.chip_unit), table.chip_unit
    return least - unit if least >= unit and _floor(pot, 50, unit) < 5 * table.big_blind else None


def _off_rate(pot: int, table: HoldemTable) -> int | None:
    """THE-16.4: within 3-5% and the cap, but not the table's rate × pot rounded down."""
    due, unit = table.rake(pot), table.chip_unit
    highest = min(_floor(pot, 50, unit), 5 * table.big_blind)
    lowest = min(_floor(pot, 30, unit), 5 * table.big_blind)
    if due + unit <= highest:
        return due + unit
    return due - unit if due - unit >= lowest and due >= unit else None


PLANTS: dict[str, MoneyPlant] = {
    "THE-10.2": wrong_winner,
    "THE-10.3": unequal_split,
    "THE-10.4": odd_chip,
    "THE-10.5": shared_with_loser,
    "THE-13.2": refund_to_folded,
    "THE-13.3": award_to_folded,
    "THE-14.1": tie_not_split,
    "THE-15.1": lower_category,
    "THE-16.1": rake_plant(_over_rate, "above 5%"),
    "THE-16.2": rake_plant(_over_cap, "above five big blinds"),
    "THE-16.3": rake_plant(_under_rate, "below 3%"),
    "THE-16.4": rake_plant(_off_rate, "not the table's rate"),
}
