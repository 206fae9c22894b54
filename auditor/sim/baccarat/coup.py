"""One coup: its bets, its dealing, the deviations planted in it, and its events."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from decimal import Decimal

from auditor.sim.baccarat.settle import money, settle
from auditor.sim.baccarat.shoe import Shoe
from auditor.sim.baccarat.table import Bet, Patrons, Table
from auditor.sim.baccarat.tableau import Dealing, DealPlan, deal


@dataclass(slots=True)
class Coup:
    """A coup ready to be written: what it is (up to ``cut_card``), then a void or the deviations planted in it."""

    shoe_id: str
    hand_id: str
    bets: list[Bet]
    dealing: Dealing
    demo: bool = False
    handler: str | None = None  # the card handler (art. 16)
    cut_card: bool = False  # the cut card came out during this coup (art. 3)
    void: str | None = None  # reason: the coup is cancelled and its bets refunded
    phantom_burn: str | None = None  # a burned card before the first deal that is not in the shoe
    declared: str | None = None  # a declared result other than the winner of the cards
    # bet index -> changed fields of its settlement (None: the field left out)
    settle_edits: dict[int, dict[str, str | None]] = field(default_factory=dict)

    def seated_stakes(self) -> dict[str, Decimal]:
        """Total stake of each seated bettor."""
        stakes: dict[str, Decimal] = {}
        for bet in self.bets:
            if not bet.standing:
                stakes[bet.player] = stakes.get(bet.player, Decimal(0)) + bet.amount
        return stakes

    def largest_seated(self) -> str | None:
        """Art. 16(2): the seated player with the largest total stake; ``None`` if nobody or a tie for it."""
        ranked = sorted(self.seated_stakes().items(), key=lambda item: item[1], reverse=True)
        if not ranked or (len(ranked) > 1 and ranked[0][1] == ranked[1][1]):
            return None
        return ranked[0][0]

    def events(self, table: Table) -> list[dict]:
        """The coup's event payloads in order (without the envelope's table_id, game, seq and ts)."""
        s, h = self.shoe_id, self.hand_id
        out: list[dict] = [{"event": "coup_start", "shoe_id": s, "hand_id": h, "demo": self.demo}]
        if self.phantom_burn:
            out.append({"event": "burn", "shoe_id": s, "hand_id": h, "card": self.phantom_burn, "position": 1})
        for bet in self.bets:
            out.append({"event": "bet", "shoe_id": s, "hand_id": h, "player": bet.player, "spot": bet.spot,
                        "standing": bet.standing, "bet_type": bet.bet_type, "amount": money(bet.amount)})
        if self.handler:
            out.append({"event": "card_handler", "shoe_id": s, "hand_id": h, "player": self.handler})
        for step in self.dealing.steps:
            if step[0] == "deal":
                out.append({"event": "deal", "shoe_id": s, "hand_id": h, "card": step[2], "to": step[1],
                            "face": step[3]})
            elif step[0] == "burn":
                out.append({"event": "burn", "shoe_id": s, "hand_id": h, "card": step[1], "position": 1})
            else:
                out.append({"event": "card_exposed", "shoe_id": s, "hand_id": h})
        if self.cut_card:
            out.append({"event": "cut_card", "shoe_id": s, "hand_id": h})
        if self.void:
            out.append({"event": "void", "shoe_id": s, "hand_id": h, "reason": self.void})
        else:
            out.append({"event": "result", "shoe_id": s, "hand_id": h,
                        "result": self.declared or self.dealing.winner})
        for i, bet in enumerate(self.bets):
            refunded = None
            if self.void:  # the whole stake handed back (log format version 2: ``refunded``)
                result, payout, commission, refunded = "refund", "0", "0", money(bet.amount)
            else:
                result, paid, taken = settle(bet, self.dealing, table)
                payout, commission = money(paid), money(taken)
            record = {"event": "settle", "shoe_id": s, "hand_id": h, "player": bet.player, "spot": bet.spot,
                      "bet_type": bet.bet_type, "amount": money(bet.amount), "payout": payout,
                      "commission": commission, "refunded": refunded, "result": result}
            record |= self.settle_edits.get(i, {})
            out.append({k: v for k, v in record.items() if v is not None})
        out.append({"event": "coup_end", "shoe_id": s, "hand_id": h})
        return out


def find(events: list[dict], event: str, index: int = 0) -> dict:
    """The ``index``-th event of type ``event`` (0-based) in a coup's events."""
    return [record for record in events if record["event"] == event][index]


@dataclass(slots=True)
class PlantContext:
    """What a plant may look at and use: the table, the shoe at the coup's first card, the injector's rng."""

    table: Table
    shoe: Shoe
    rng: random.Random
    patrons: Patrons

    def deal(self, plan: DealPlan) -> Dealing | None:
        """The coup as the croupier would deal it under ``plan`` from the same cards."""
        return deal(self.shoe.cards, self.shoe.pos, self.table.face, plan)
