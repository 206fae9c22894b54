"""Planted violations of the payout of a lawfully played stud hand: who is paid (arts. 4, 5, 11 a) and f)), how
much (art. 7) and the rakes (art. 9). The settlement is changed and the money events and stacks are rendered from
it, so chips still balance wherever the rule planted is not about balance.

A wrong award is one finding, under the rule that explains it (the checkers' order): a folded player paid at a
showdown 5CS-4.2; an all-in player paid a side pot he did not reach 5CS-11.1; a pot shared between unequal hands
5CS-11.5; a lower category paid 5CS-5.1; the same category, the weaker hand paid 5CS-5.3. So the award plants
leave out hands that a misreading of the straights (5CS-5.2: A-5-6-7-8, or a straight round the corner) could
explain."""

from __future__ import annotations

import random
from collections.abc import Callable

from auditor.games.poker.cards import STRAIGHT, STRAIGHT_FLUSH, category_of
from auditor.sim.poker.pots import divide, uncalled
from auditor.sim.stud.hand import PlayedHand
from auditor.sim.stud.head import betting, deal_blocks, index_of
from auditor.sim.stud.inject import Planted
from auditor.sim.stud.table import StudTable

MoneyPlant = Callable[[PlayedHand, StudTable, random.Random], "Planted | None"]


def _ace_low(hand: PlayedHand, seat: int) -> bool:
    """His cards hold an Ace and a 5: a straight read wrongly (A-5-6-7-8, J-Q-K-A-5 …) is in question."""
    return set("A5") <= {card[0] for card in hand.cards[seat]}


def pot_total(hand: PlayedHand, pot: int) -> int:
    return sum(amount for index, _, amount in hand.settlement.awards if index == pot)


def pay_pot(hand: PlayedHand, pot: int, shares: list[tuple[int, int]]) -> None:
    """Pot ``pot`` paid as ``shares`` (seat, amount), in place of its lawful shares."""
    kept = [award for award in hand.settlement.awards if award[0] != pot]
    first = next(i for i, award in enumerate(hand.settlement.awards) if award[0] == pot)
    kept[first:first] = [(pot, seat, amount) for seat, amount in shares if amount]
    hand.settlement.awards = kept


def _beaten(hand: PlayedHand) -> list[tuple[int, int]]:
    """(winner, loser): the only best hand of the main pot and each other hand shown for it, neither near a
    straight with the Ace as a 4."""
    if len(hand.values) < 2 or len(hand.tied[0]) != 1 or _ace_low(hand, hand.tied[0][0]):
        return []
    winner = hand.tied[0][0]
    return [(winner, s) for s in hand.pots[0].eligible if s != winner and not _ace_low(hand, s)]


def uncontested_shared(hand: PlayedHand, table: StudTable, rng: random.Random) -> Planted | None:
    """5CS-4.1 (art. 4): everyone else folded, yet part of the pot goes to a player who folded."""
    if hand.values or not hand.folded or len(hand.settlement.awards) != 1:
        return None
    pot, winner, amount = hand.settlement.awards[0]
    part = max(table.chip_unit, table.down(amount // 4))
    if part >= amount:
        return None
    folded = rng.choice(sorted(hand.folded))
    hand.settlement.awards = [(pot, winner, amount - part), (pot, folded, part)]
    return Planted("award", f"seat {folded} folded and was paid {part} of seat {winner}'s pot")


def folded_paid(hand: PlayedHand, table: StudTable, rng: random.Random) -> Planted | None:
    """5CS-4.2 (art. 4): at a showdown the main pot goes to a player who folded."""
    if len(hand.values) < 2 or not hand.folded:
        return None
    folded = rng.choice(sorted(hand.folded))
    pay_pot(hand, 0, [(folded, pot_total(hand, 0))])
    return Planted("award", f"main pot to seat {folded}, who folded")


def lower_category(hand: PlayedHand, table: StudTable, rng: random.Random) -> Planted | None:
    """5CS-5.1 (art. 5): the main pot goes to a lower category of hand."""
    for winner, loser in _beaten(hand):
        if category_of(hand.values[loser]) < category_of(hand.values[winner]):
            pay_pot(hand, 0, [(loser, pot_total(hand, 0))])
            return Planted("award", f"main pot to seat {loser}, a lower category than seat {winner}'s")
    return None


def weaker_same_category(hand: PlayedHand, table: StudTable, rng: random.Random) -> Planted | None:
    """5CS-5.3 (art. 5): the main pot goes to a weaker hand of the same category (not a straight)."""
    for winner, loser in _beaten(hand):
        category = category_of(hand.values[winner])
        if category == category_of(hand.values[loser]) and category not in (STRAIGHT, STRAIGHT_FLUSH):
            pay_pot(hand, 0, [(loser, pot_total(hand, 0))])
            return Planted("award", f"main pot to seat {loser}; seat {winner} holds the better hand of that category")
    return None


def agreed_split(hand: PlayedHand, table: StudTable, rng: random.Random) -> Planted | None:
    """5CS-11.5 (art. 11 f)): the main pot is shared between the best hand and a weaker one."""
    pairs = _beaten(hand)
    if not pairs:
        return None
    pair = sorted(rng.choice(pairs), reverse=True)  # counterclockwise from the croupier's right
    pay_pot(hand, 0, divide(pot_total(hand, 0), pair, table.chip_unit))
    return Planted("award", f"main pot shared between seats {pair}; seat {hand.tied[0][0]} alone holds the best hand")


def short_award(hand: PlayedHand, table: StudTable, rng: random.Random) -> Planted | None:
    """5CS-7.1 (art. 7): at a showdown the winner of the main pot is paid one chip less than it holds."""
    if not _beaten(hand) or pot_total(hand, 0) <= table.chip_unit:
        return None
    pay_pot(hand, 0, [(hand.tied[0][0], pot_total(hand, 0) - table.chip_unit)])
    return Planted("award", f"seat {hand.tied[0][0]} paid {table.chip_unit} less than the main pot")


def side_pot_to_short(hand: PlayedHand, table: StudTable, rng: random.Random) -> Planted | None:
    """5CS-11.1 (art. 11 a)): the all-in winner of the main pot is paid a side pot he did not reach."""
    if len(hand.values) < 2 or len(hand.tied[0]) != 1:
        return None
    short = hand.tied[0][0]
    for index, pot in enumerate(hand.pots[1:], start=1):
        if short not in pot.eligible and pot_total(hand, index):
            pay_pot(hand, index, [(short, pot_total(hand, index))])
            return Planted("award", f"side pot {index} to seat {short}, all in for the main pot only")
    return None


def over_rake(hand: PlayedHand, table: StudTable, rng: random.Random) -> Planted | None:
    """5CS-9.1 (art. 9): a house rake one chip above 4% of the rake base, on a hand with no uncalled bet."""
    settlement = hand.settlement
    if settlement.refunds or not settlement.awards or settlement.awards[0][2] <= table.chip_unit:
        return None
    due = settlement.rake or 0
    hand.settle(table, rake=due + table.chip_unit)
    return Planted("rake", f"house rake {due + table.chip_unit}, due {due}")


def uncalled_raked(hand: PlayedHand, table: StudTable, rng: random.Random) -> Planted | None:
    """5CS-9.2 (art. 9): the rake is taken on the uncalled bet too: the rake of the base with the uncalled part in
    it, one error, reported under 5CS-9.2 alone (not also as a rake other than 4% of the rake base, 5CS-9.1)."""
    if not hand.settlement.refunds:
        return None
    refunded = hand.settlement.refunds[0][1]
    base = sum(hand.contributions.values()) - refunded - sum(hand.antes.values())
    due, taken = table.house_rake(base), table.house_rake(base + refunded)
    if taken == due or hand.settlement.awards[0][2] <= taken - due:
        return None
    hand.settle(table, rake=taken)
    return Planted("rake", f"house rake {taken} on the uncalled {refunded} too, due {due}")


def dealt_before_matched(hand: PlayedHand, table: StudTable, rng: random.Random) -> Planted | None:
    """5CS-10.8 (art. 10 b)): the call that closed a round is missing, yet the next card is dealt; its player
    folds later, having put in less than the others for that round (his chips stay in the pot; the largest bet is
    still matched by another player, so nobody acted out of turn and the uncalled bet is the same)."""
    actions = betting(hand)
    blocks = deal_blocks(hand)
    all_in = {e["seat"] for _, _, e in actions if e.get("all_in")}
    for index, round_no, event in actions:
        seat = event["seat"]
        later = [e for _, r, e in actions if e["seat"] == seat and r > round_no]
        if (event["action"] != "call" or seat in all_in or round_no >= len(blocks) or not later
                or blocks[round_no][0] != index + 1
                or later[0]["action"] != "fold" or any(e["amount"] != "0" for e in later)):
            continue
        contributions = dict(hand.contributions)
        contributions[seat] -= int(event["amount"])
        if uncalled(contributions) != uncalled(hand.contributions):
            continue
        deal = hand.head[blocks[round_no][0]][1]
        del hand.head[index_of(hand, event)]
        hand.contributions[seat] -= int(event["amount"])
        hand.settle(table)
        return Planted(deal, f"round {round_no + 1} dealt before seat {seat} called (he folded later)")
    return None


PLANTS: dict[str, MoneyPlant] = {
    "5CS-4.1": uncontested_shared,
    "5CS-4.2": folded_paid,
    "5CS-5.1": lower_category,
    "5CS-5.3": weaker_same_category,
    "5CS-7.1": short_award,
    "5CS-9.1": over_rake,
    "5CS-9.2": uncalled_raked,
    "5CS-10.8": dealt_before_matched,
    "5CS-11.1": side_pot_to_short,
    "5CS-11.5": agreed_split,
}
