"""One hold'em hand, played by the rules of the despacho of 18 January 2008 and written as the log format's events
(docs/log-format.md, Texas Hold'em):

hand_start → seat ×N → shuffle → [cut] → blinds → deal ×2N → pre-flop → burn, flop ×3 → … → burn, river → …
→ show … → rake → refund → award … → stack ×N → hand_end

* Art. 3(1): a manual shuffle is cut, a machine shuffle is not.
* Art. 5: the blinds are posted before the deal, by the two players left of the button (``blind_seats``).
* Art. 6(1): two hole cards each, one at a time, face down, clockwise from the first player left of the button.
* Arts. 7(1), 8(1)-(3): one burned card before the flop (three cards), the turn and the river (one card each).
* Art. 8(5): at showdown every player still in the hand shows his two cards.
* Art. 9(2): a hand voided for a dealing error refunds every contribution; nothing is awarded or raked.

A ``HandPlan`` lets the injector change what is played (the button, the blinds, the cards, one forced action, a
void); the result keeps the events before the showdown and the money as data, so that planted changes to the
payout are rendered into consistent events and stacks."""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from auditor.games.holdem.evaluate import rank7
from auditor.games.poker.cards import DECK
from auditor.games.poker.order import clockwise
from auditor.sim.holdem.betting import Betting, blind_seats
from auditor.sim.holdem.policy import Decision, decide, passive, postflop_strength, preflop_strength, raise_by
from auditor.sim.holdem.settle import settle
from auditor.sim.holdem.table import HoldemTable, Player
from auditor.sim.poker.pots import Pot, Settlement

BOARD_CARDS = (0, 3, 1, 1)  # new board cards per street: pre-flop, flop, turn, river


@dataclass(frozen=True, slots=True)
class Rig:
    """Cards fixed in advance: the hole cards of some seats, who then check and call to the showdown while every
    other player folds, and the five board cards."""

    holes: dict[int, tuple[str, str]]
    board: tuple[str, ...]


@dataclass(slots=True)
class HandPlan:
    """Deviations asked for by the injector (everything else is played by the rules)."""

    button: int | None = None
    small_blind: int | None = None  # the amount posted; 0: not posted
    big_blind: int | None = None
    rig: Rig | None = None
    force: str | None = None  # oversize | undersize_bet | short_raise | raise_war
    void: bool = False  # void the hand when the pre-flop betting is over (art. 9(2))
    forced: dict | None = None  # the forced action's event, once made


@dataclass(slots=True)
class PlayedHand:
    """A hand as played: its events up to the showdown, the cards, and the payout as data (``settlement``)."""

    hand_id: str
    button: int
    stacks: dict[int, int]  # before the hand
    head: list[dict]  # events up to the end of the betting
    holes: dict[int, list[str]]
    board: list[str]
    contributions: dict[int, int]
    folded: set[int]
    streets: int  # betting rounds reached: 1 pre-flop … 4 river
    settlement: Settlement
    shows: list[dict] = field(default_factory=list)
    values: dict[int, int] = field(default_factory=dict)  # rank7 of the players at the showdown
    pots: list[Pot] = field(default_factory=list)
    tied: list[list[int]] = field(default_factory=list)  # the best hands of each pot
    void: str | None = None

    def stacks_after(self) -> dict[int, int]:
        return self.settlement.stacks_after(self.stacks, self.contributions)

    def events(self) -> list[dict]:
        """Every event of the hand, the payout rendered from ``settlement``."""
        h = self.hand_id
        tail: list[dict] = [{"event": "void", "hand_id": h, "reason": self.void}] if self.void else list(self.shows)
        return self.head + tail + self.settlement.events(h, self.stacks, self.contributions)


def _action(hand_id: str, seat: int, kind: str, amount: int, all_in: bool) -> dict:
    return {"event": "action", "hand_id": hand_id, "seat": seat, "action": kind, "amount": str(amount),
            "all_in": all_in}


def rigged_deck(rng: random.Random, rig: Rig, deal_order: list[int]) -> list[str]:
    """A shuffled deck with the rigged cards where the deal and the board will take them."""
    n = len(deal_order)
    placed = {}
    for seat, (first, second) in rig.holes.items():
        placed[deal_order.index(seat)] = first
        placed[n + deal_order.index(seat)] = second
    for position, card in zip((2 * n + 1, 2 * n + 2, 2 * n + 3, 2 * n + 5, 2 * n + 7), rig.board):
        placed[position] = card
    rest = [c for c in DECK if c not in set(placed.values())]
    rng.shuffle(rest)
    free = iter(rest)
    return [placed[i] if i in placed else next(free) for i in range(len(DECK))]


class HandEngine:
    """Plays one hand at a table."""

    def __init__(self, table: HoldemTable, rng: random.Random) -> None:
        self.table = table
        self.rng = rng

    def play(self, hand_id: str, seated: dict[int, Player], button: int, plan: HandPlan) -> PlayedHand:
        table, rng = self.table, self.rng
        order = sorted(seated)
        stacks = {s: seated[s].stack for s in order}
        head: list[dict] = [{"event": "hand_start", "hand_id": hand_id, "seat": button}]
        head += [{"event": "seat", "hand_id": hand_id, "seat": s, "player": seated[s].player, "amount": str(stacks[s])}
                 for s in order]
        head.append({"event": "shuffle", "hand_id": hand_id, "method": "machine" if table.auto_shuffler else "manual"})
        if not table.auto_shuffler:
            head.append({"event": "cut", "hand_id": hand_id})
        deal_order = clockwise(order, button)
        deck = rigged_deck(rng, plan.rig, deal_order) if plan.rig else rng.sample(DECK, 2 * len(order) + 8)
        b = Betting(stacks, button, table.big_blind, table.unit if table.betting == "fixed_limit" else None)
        if len(order) > 1:
            self._blinds(b, hand_id, head, plan)
        holes: dict[int, list[str]] = {s: [] for s in order}
        for i, seat in enumerate(deal_order + deal_order):
            holes[seat].append(deck[i])
            head.append({"event": "deal", "hand_id": hand_id, "card": deck[i], "to": "seat", "seat": seat,
                         "face": "down"})
        hand = PlayedHand(hand_id, button, stacks, head, holes, [], b.total, b.folded, 1, Settlement(None))
        if len(order) > 1:
            self._betting(b, hand, seated, deck[2 * len(order):], plan)
        return hand

    def _blinds(self, b: Betting, hand_id: str, head: list[dict], plan: HandPlan) -> None:
        table = self.table
        small, big = blind_seats(b.order, b.button)
        for seat, amount, kind in ((small, plan.small_blind, "post_small_blind"),
                                   (big, plan.big_blind, "post_big_blind")):
            due = amount if amount is not None else table.small_blind if kind == "post_small_blind" else table.big_blind
            if due:
                paid = min(due, b.stack[seat])
                b.post(seat, paid, kind == "post_big_blind")
                head.append(_action(hand_id, seat, kind, paid, seat in b.all_in))

    def _betting(self, b: Betting, hand: PlayedHand, seated: dict[int, Player], deck: list[str],
                 plan: HandPlan) -> None:
        table, head, h = self.table, hand.head, hand.hand_id
        strength = {s: preflop_strength(hand.holes[s]) for s in b.order}
        position = 0
        for street in range(4):
            if street:
                if len(b.live()) < 2:
                    break
                b.next_street()
                hand.streets += 1
                head.append({"event": "burn", "hand_id": h, "card": deck[position]})
                for card in deck[position + 1:position + 1 + BOARD_CARDS[street]]:
                    hand.board.append(card)
                    head.append({"event": "board", "hand_id": h, "card": card})
                position += 1 + BOARD_CARDS[street]
                for s in b.live():
                    strength[s] = postflop_strength(strength[s], hand.holes[s], hand.board)
            capped = False  # after a planted oversize bet, nobody raises again in the round
            while (seat := b.expected()) is not None:
                (kind, amount), planted = self._decide(b, seat, seated[seat], strength[seat], plan, capped)
                b.act(seat, kind, amount)
                head.append(_action(h, seat, kind, amount, seat in b.all_in))
                if planted:
                    plan.forced = head[-1]
                    capped = plan.force == "oversize"
            if street == 0 and plan.void and len(b.live()) > 1:
                hand.void = "dealing error found before the flop: the deck held a duplicated card"
                hand.settlement = Settlement(None, [(s, c) for s, c in b.total.items() if c])
                return
        if len(b.live()) > 1:
            self._showdown(b, hand)
        hand.settlement, hand.pots, hand.tied = settle(b.total, b.folded, hand.values, table)

    def _showdown(self, b: Betting, hand: PlayedHand) -> None:
        """Art. 8(5): every player still in shows both cards, clockwise from the button."""
        for seat in clockwise(b.live(), b.button):
            hole = hand.holes[seat]
            hand.values[seat] = rank7([*hole, *hand.board])
            hand.shows += [{"event": "show", "hand_id": hand.hand_id, "seat": seat, "card": card} for card in hole]

    def _decide(self, b: Betting, seat: int, player: Player, strength: float, plan: HandPlan,
                capped: bool) -> tuple[Decision, bool]:
        """The player's action, and whether it is the planted one."""
        table = self.table
        if plan.rig:
            return (passive(b, seat) if seat in plan.rig.holes else ("fold", 0)), False
        if plan.force == "raise_war" and b.street == 0 and plan.forced is None:
            unit = table.unit(0)
            if b.may_raise(seat, True, cap=4) and b.stack[seat] > b.to_call(seat) + unit:
                return raise_by(b, seat, unit), b.raises == 3 and len(b.live()) > 2
            return passive(b, seat), False
        kind, amount = decide(b, seat, table, player, strength, self.rng)
        if kind not in ("bet", "raise"):
            return (kind, amount), False
        if capped:
            return passive(b, seat), False
        forced = self._forced(b, seat, plan.force) if plan.force and plan.forced is None else None
        return (forced, True) if forced else ((kind, amount), False)

    def _forced(self, b: Betting, seat: int, force: str) -> Decision | None:
        """The planted bet or raise, where it fits (never all in)."""
        table, stack, owed = self.table, b.stack[seat], b.to_call(seat)
        if force == "oversize":  # fixed limit: twice the unit (art. 11(2))
            increment = 2 * table.unit(b.street)
        elif force == "undersize_bet" and b.street and not b.current_bet:  # no limit: below the minimum (art. 11(3))
            increment = max(table.big_blind // 2 // table.chip_unit * table.chip_unit, table.chip_unit)
        elif force == "short_raise" and b.current_bet:  # below the smallest full increment (art. 12(1))
            increment = max(b.min_increment // 2 // table.chip_unit * table.chip_unit, table.chip_unit)
        else:
            return None
        return raise_by(b, seat, increment) if owed + increment < stack else None
