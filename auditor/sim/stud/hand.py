"""One five-card stud hand played by arts. 2, 4, 5 and 8-11 of the Regulamento (Portaria n.º 104/85/M), written as
the log format's events (docs/log-format.md, five-card stud):

hand_start (the pack) → seat ×N → shuffle → cut ×0-2 → post_ante ×N → rake (first_rake) → burn → deal ×N face up
→ deal ×N face down → round 1 → deal ×n face up → round 2 → … → round 4 → show … → rake → refund → award … → stack ×N
→ hand_end

* Arts. 6, 8, 10 a): every player antes, then the house takes its first rake of one ante, before the first card.
* Art. 2: the top card is burned; then art. 10 a): the first card face up, the second (the hole card) face down,
  one at a time, counterclockwise from the croupier's right.
* Art. 10 b)-d): after each round the next card goes face up to each player still in, counterclockwise, starting
  with the strongest open cards of the round just played (``order.by_open_cards``), the leader of that round or
  the next one if he folded. Betting: ``betting`` and ``policy``.
* Art. 11 b): a player who lets two minutes pass is folded by the croupier (``reason: time_out``).
* Art. 10 e): the hole cards are shown counterclockwise from the right of the best four open cards.
* The money: ``pots.settle``.

The hand is kept as data (the events up to the showdown with their delays, the cards, the contributions and the
payout as a ``Settlement``) and rendered last, so that a planted violation can change what is played or paid and
still be written as consistent events and stacks."""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from auditor.games.stud.evaluate import rank5
from auditor.sim.poker.pots import Pot, Settlement
from auditor.sim.stud.betting import Betting
from auditor.sim.stud.order import by_open_cards, counterclockwise, right_of
from auditor.sim.stud.pack import shuffle_and_cut
from auditor.sim.stud.plan import HandPlan, may_time_out, planned
from auditor.sim.stud.players import Player
from auditor.sim.stud.policy import decide
from auditor.sim.stud.pots import first_rake, settle
from auditor.sim.stud.table import StudTable
from auditor.sim.stud.timing import Clock

P_TIME_OUT = 0.004  # per decision: the player lets the two minutes pass
Timed = tuple[int, dict]  # (milliseconds after the previous event, the event)


@dataclass(slots=True)
class PlayedHand:
    hand_id: str
    stacks: dict[int, int]  # before the hand
    head: list[Timed]  # the events up to the end of the showdown
    cards: dict[int, list[str]]  # in dealing order: open, hole, open, open, open
    contributions: dict[int, int]  # antes included
    folded: set[int]
    settlement: Settlement
    values: dict[int, int] = field(default_factory=dict)  # art. 5 values at the showdown
    pots: list[Pot] = field(default_factory=list)
    tied: list[list[int]] = field(default_factory=list)  # the best hands of each pot
    antes: dict[int, int] = field(default_factory=dict)  # each player's ante

    def settle(self, table: StudTable, rake: int | None = None) -> None:
        """Pay the hand out from its contributions (again, after a planted violation changed them or the rake)."""
        self.settlement, self.pots, self.tied = settle(self.contributions, self.antes, self.folded, self.values, table,
                                                       rake)

    def stacks_after(self) -> dict[int, int]:
        return self.settlement.stacks_after(self.stacks, self.contributions)

    def events(self, clock: Clock) -> list[Timed]:
        """Every event of the hand, the payout rendered from ``settlement``."""
        tail = self.settlement.events(self.hand_id, self.stacks, self.contributions)
        return self.head + [(clock.delay(e["event"]), e) for e in tail]


def opens(cards: list[str]) -> list[str]:
    """A player's open cards, in dealing order."""
    return cards[:1] + cards[2:]


class HandEngine:
    """Plays the hands of one table."""

    def __init__(self, table: StudTable, rng: random.Random, clock: Clock) -> None:
        self.table, self.rng, self.clock = table, rng, clock

    def play(self, hand_id: str, shoe_id: str, seated: dict[int, Player], plan: HandPlan | None = None) -> PlayedHand:
        """The hand, played lawfully but for what ``plan`` asks."""
        plan = plan or HandPlan()
        table, clock, h = self.table, self.clock, hand_id
        ring = sorted(seated, reverse=True)  # counterclockwise from the croupier's right
        stacks = {s: seated[s].stack for s in ring}
        head: list[Timed] = [(clock.delay("hand_start"), {"event": "hand_start", "hand_id": h, "shoe_id": shoe_id})]
        head += [(clock.delay("seat"), {"event": "seat", "hand_id": h, "seat": s, "player": seated[s].player,
                                        "amount": str(stacks[s])}) for s in sorted(ring)]
        head.append((clock.delay("shuffle"), {"event": "shuffle", "hand_id": h, "method": "manual"}))
        pack, cuts = shuffle_and_cut(self.rng, [seated[s].player for s in ring])
        head += [(clock.delay("cut"), {"event": "cut", "hand_id": h, "player": player, "position": size})
                 for player, size in cuts]
        b = Betting(stacks)
        antes = {seat: plan.antes.get(seat, table.ante) for seat in ring}
        for seat in ring:
            b.pay(seat, antes[seat])
            head.append((clock.ante(), _action(h, seat, "post_ante", antes[seat], False)))
        head.append((clock.delay("rake"), {"event": "rake", "hand_id": h, "amount": str(first_rake(antes, table)),
                                           "reason": "first_rake"}))
        if plan.rig:
            rigged = {card for five in plan.rig.values() for card in five}
            pack = [card for card in pack if card not in rigged]
        head.append((clock.delay("burn"), {"event": "burn", "hand_id": h, "card": pack[0]}))
        cards: dict[int, list[str]] = {s: [] for s in ring}
        deck = iter(pack[1:])

        def draw(seat: int) -> str:
            return plan.rig[seat][len(cards[seat])] if plan.rig else next(deck)

        for face in ("up", "down"):
            head += [self._deal(h, seat, draw(seat), face, cards) for seat in ring]
        hand = PlayedHand(h, stacks, head, cards, b.total, b.folded, Settlement(None))
        for round_no in range(1, 5):
            if round_no > 1:
                live = b.live()
                leader = by_open_cards({s: opens(cards[s]) for s in live}, round_no - 1)[0]
                head += [self._deal(h, seat, draw(seat), "up", cards) for seat in counterclockwise(live, leader)]
            strength = by_open_cards({s: opens(cards[s]) for s in b.live()}, round_no)
            if round_no == 1 and plan.force == "wrong_opener":
                strength[:2] = strength[1::-1]
            b.new_round(round_no, strength)
            self._betting(b, hand, seated, plan)
            if len(b.live()) < 2:
                break
        if len(b.live()) > 1:
            self._showdown(b, hand)
        hand.antes = antes
        hand.settle(table)
        return hand

    def _deal(self, hand_id: str, seat: int, card: str, face: str, cards: dict[int, list[str]]) -> Timed:
        cards[seat].append(card)
        return self.clock.delay("deal"), {"event": "deal", "hand_id": hand_id, "card": card, "to": "seat",
                                          "seat": seat, "face": face}

    def _betting(self, b: Betting, hand: PlayedHand, seated: dict[int, Player], plan: HandPlan) -> None:
        rng, clock, cards = self.rng, self.clock, hand.cards
        while (seat := b.expected()) is not None:
            if rng.random() < P_TIME_OUT and may_time_out(plan, b, seat):
                b.act(seat, "fold", 0)
                event = _action(hand.hand_id, seat, "fold", 0, False) | {"reason": "time_out"}
                hand.head.append((clock.time_out(), event))
                continue
            theirs = [opens(cards[s]) for s in b.live() if s != seat]
            kind, amount = decide(b, seat, seated[seat], cards[seat], theirs, self.table, rng)
            forced = None
            if plan.stay or plan.fold_first or (plan.force and plan.forced is None):
                kind, amount, forced = planned(plan, b, seat, kind, amount, self.table)
            b.act(seat, kind, amount)
            event = _action(hand.hand_id, seat, kind, amount, seat in b.all_in)
            hand.head.append((clock.late() if forced == "late" else clock.decision(), event))
            if forced:
                plan.forced = event

    def _showdown(self, b: Betting, hand: PlayedHand) -> None:
        """Art. 10 e): every player still in turns his hole card over, counterclockwise from the right of the best
        four open cards; the hands are valued under art. 5."""
        live, cards = b.live(), hand.cards
        best = by_open_cards({s: opens(cards[s]) for s in live}, 4)[0]
        for seat in right_of(live, best) + [best]:
            hand.values[seat] = rank5(cards[seat])
            hand.head.append((self.clock.delay("show"), {"event": "show", "hand_id": hand.hand_id, "seat": seat,
                                                         "card": cards[seat][1]}))


def _action(hand_id: str, seat: int, kind: str, amount: int, all_in: bool) -> dict:
    return {"event": "action", "hand_id": hand_id, "seat": seat, "action": kind, "amount": str(amount),
            "all_in": all_in}
