"""One shoe at one table, from shoe_start to shoe_end (arts. 2 and 3).

shoe_start, a shuffle, the cut (about 12 cards behind the cut card), the burns of the table's method, sometimes
1-3 demonstration coups; then coups until the cut card comes out and the coups the house allows after it
(art. 3(1)); then shoe_end. An automatic shuffler-dealer has no cut and no burns (art. 2(3))."""

from __future__ import annotations

import random

from auditor.present import present
from auditor.sim.baccarat import plant_cards, plant_money
from auditor.sim.baccarat.coup import Coup, PlantContext, find
from auditor.sim.baccarat.plant_shoe import CUT_CARD_MIN_REMAINING, CUT_CARD_TOLERANCE, NO_PLAN, ShoePlan, shoe_plan
from auditor.sim.baccarat.shoe import VALUE, Shoe
from auditor.sim.baccarat.table import Bet, Patrons, Table
from auditor.sim.baccarat.tableau import Dealing, DealPlan, deal
from auditor.sim.inject import Injector, Planted

COUP_PLANTS = plant_cards.PLANTS | plant_money.PLANTS
AUTO_RESERVE = 14  # an automatic shuffler-dealer's batch is taken out with about this many cards left
P_DEMOS = 0.15  # shoes that start with demonstration coups
P_EXPOSED = 0.003  # coups in which a card comes out face up (art. 4)
P_VOID = 0.001  # coups cancelled before the first card


class ShoeRun:
    """Plays one shoe; ``events`` are its payloads in order, ``coups`` the coups played (not demonstrations)."""

    def __init__(self, table: Table, patrons: Patrons, injector: Injector, rng: random.Random, shoe_id: str) -> None:
        self.table, self.patrons, self.injector, self.rng = table, patrons, injector, rng
        self.shoe_id = shoe_id
        self.shoe = Shoe(table.decks, rng)
        self.plan = self.choose_plan()
        self.events: list[dict] = []
        self.count = 0  # coups in the shoe, demonstrations included
        self.coups = 0
        self.cut_at: int | None = None  # index of the first card behind the cut card

    def play(self) -> list[dict]:
        """The shoe's events, from shoe_start to shoe_end."""
        self.open()
        self.demonstrations()
        last_end = self.play_coups()
        self.close(last_end)
        return self.events

    def choose_plan(self) -> ShoePlan:
        for rule in self.injector.waiting("shoe"):
            plan = shoe_plan(rule, self.table, self.injector.rng)
            if plan:
                self.injector.take(rule)
                return plan
        return NO_PLAN

    def label(self, planted: Planted, hand: str | None, target: dict, rule: str | None = None) -> None:
        self.injector.label(present(rule or self.plan.rule, "the rule planted"), planted, table=self.table.table_id,
                            shoe=self.shoe_id, hand=hand, target=target)

    def open(self) -> None:
        """shoe_start, shuffle; on a manual table the cut and the burns (art. 2(1))."""
        table, plan, shoe_id = self.table, self.plan, self.shoe_id
        self.events += [{"event": "shoe_start", "shoe_id": shoe_id},
                        {"event": "shuffle", "shoe_id": shoe_id,
                         "method": "machine" if table.auto_shuffler else "manual"}]
        if table.auto_shuffler:
            return
        position = plan.cut_position or CUT_CARD_MIN_REMAINING + self.rng.randint(-CUT_CARD_TOLERANCE,
                                                                                   CUT_CARD_TOLERANCE)
        cut = {"event": "cut", "shoe_id": shoe_id, "position": position}
        self.cut_at = len(self.shoe) - position
        burns, due = self.burn()
        self.events += [cut, *burns]
        if plan.rule == "BAC-2.1":
            self.label(Planted(("cut", 0), f"cut card {position} cards from the end"), None, cut)
        elif plan.rule == "BAC-2.2":
            note = f"{len(burns)} cards burned, method {table.burn_method} requires {due}"
            self.label(Planted(("burn", 0), note), None, burns[0])

    def burn(self) -> tuple[list[dict], int]:
        """Art. 2(1) as amended by n.º 83/2011: burn the number of decks, the face value of the first card (0
        counts 10), or the house's fixed number; only the face-value card is shown. Returns the burns and the
        number due (a ``burn_delta`` plan burns another number)."""
        table, shoe, delta = self.table, self.shoe, self.plan.burn_delta
        first = shoe.take()
        due = present({"decks": table.decks, "fixed": table.burn_count, "face_value": VALUE[first] or 10}[
            table.burn_method], f"the number of cards burned by method {table.burn_method}")
        count = due + delta if due + delta > 0 else due - delta
        burns: list[dict] = []
        for position in range(1, count + 1):
            card = first if position == 1 else shoe.take()
            record: dict[str, object] = {"event": "burn", "shoe_id": self.shoe_id}
            if position == 1 and table.burn_method == "face_value":
                record["card"] = card
                shoe.show(card)
            record["position"] = position
            burns.append(record)
        return burns, due

    def demonstrations(self) -> None:
        """Art. 2(2): at most three demonstration coups when the shoe starts, without bets (unless a plan says
        otherwise)."""
        plan, rng = self.plan, self.rng
        demos = plan.demos if plan.demos is not None else (rng.randint(1, 3) if rng.random() < P_DEMOS else 0)
        for _ in range(demos):
            bets = []
            if plan.demo_bet:
                bettor = self.patrons.bets()[0]
                bets = [Bet(bettor.player, bettor.spot, bettor.standing, "tie", self.table.min_bet)]
            coup, events = self.demonstration(bets)
            if plan.rule == "BAC-2.3" and not plan.late_demo and self.count == demos:
                anchor = ("settle", 0) if plan.demo_bet else ("coup_start", 0)
                note = "bet on a demonstration coup settled" if plan.demo_bet else f"{demos} demonstration coups"
                self.label(Planted(anchor, note), coup.hand_id, find(events, *anchor))

    def demonstration(self, bets: list[Bet]) -> tuple[Coup, list[dict]]:
        """One demonstration coup, dealt from the shoe and appended."""
        self.count += 1
        dealing = present(deal(self.shoe.cards, self.shoe.pos, self.table.face), "a demonstration coup's cards")
        coup = Coup(self.shoe_id, self.hand_id(), bets, dealing, demo=True)
        return coup, self.commit(coup)

    def play_coups(self) -> int | None:
        """Coups until the cut card and the coups allowed after it (or, on an automatic shuffler-dealer, until
        the batch runs low). Returns the index of the last coup's coup_end in ``events``."""
        allowed = self.table.coups_after_cut_card + self.plan.extra_coup
        after = None  # coups started after the coup in which the cut card came out
        last_end = None
        while (self.cut_at is not None or self.shoe.remaining >= AUTO_RESERVE) and (after is None or after < allowed):
            played = self.play_coup()
            if played is None:
                break
            coup, events = played
            last_end = len(self.events) - 1
            if self.plan.late_demo and self.coups == 1:
                demo, demo_events = self.demonstration([])
                self.label(Planted(("coup_start", 0), f"demonstration coup after coup {coup.hand_id}"),
                           demo.hand_id, demo_events[0])
            if after is not None:
                after += 1
                if self.plan.extra_coup and after == allowed:
                    self.label(Planted(("coup_start", 0), f"coup {after} after the cut card"), coup.hand_id, events[0])
            elif coup.cut_card:
                after = 0
        if (self.plan.late_demo and self.coups == 0) or (self.plan.extra_coup and (after is None or after < allowed)):
            self.injector.put_back(present(self.plan.rule, "the shoe's planned rule"))  # no room for it in this shoe
        return last_end

    def close(self, last_end: int | None) -> None:
        """shoe_end, after the last coup (a BAC-3.2 plan puts it before the last coup's coup_end)."""
        shoe_end = {"event": "shoe_end", "shoe_id": self.shoe_id}
        if self.plan.end_inside_last and last_end is not None:
            self.events.insert(last_end, shoe_end)
            self.label(Planted(("shoe_end", 0), "shoe_end before the last coup's coup_end"),
                       self.events[last_end + 1]["hand_id"], shoe_end)
        else:
            self.events.append(shoe_end)

    def hand_id(self) -> str:
        return f"{self.shoe_id}-C{self.count:03d}"

    def play_coup(self) -> tuple[Coup, list[dict]] | None:
        """One coup, with a planted violation if one is due and fits; ``None`` when the shoe cannot deal it."""
        table, rng, shoe = self.table, self.rng, self.shoe
        self.patrons.move()
        bets = self.patrons.bets()
        exposed, voided, exposed_at = rng.random() < P_EXPOSED, rng.random() < P_VOID, rng.randint(1, 4)
        dealing = deal(shoe.cards, shoe.pos, table.face)
        if dealing is None:
            return None
        self.count += 1
        self.coups += 1
        coup = Coup(self.shoe_id, self.hand_id(), bets, dealing)
        self.injector.tick()
        rule, planted = self.plant(coup)
        if planted is None:
            if voided:
                coup.dealing, coup.void = Dealing([], [], [], 0), "shoe jammed before the first card"
            elif exposed:
                coup.dealing = present(deal(shoe.cards, shoe.pos, table.face, DealPlan(exposed_at=exposed_at)),
                                       "the cards of a coup with a card exposed")
        if coup.handler is None and table.squeeze and not coup.void:
            coup.handler = coup.largest_seated()
        events = self.commit(coup)
        if planted is not None:
            self.label(planted, coup.hand_id, find(events, *planted.anchor), rule)
        return coup, events

    def plant(self, coup: Coup) -> tuple[str | None, Planted | None]:
        context = PlantContext(self.table, self.shoe, self.injector.rng, self.patrons)
        for rule in self.injector.waiting("coup"):
            planted = COUP_PLANTS[rule](coup, context)
            if planted is not None:
                self.injector.take(rule)
                return rule, planted
        return None, None

    def commit(self, coup: Coup) -> list[dict]:
        """Take the coup's cards out of the shoe, note whether the cut card came out, and append its events."""
        shoe = self.shoe
        start = shoe.pos
        shoe.pos += coup.dealing.used
        coup.cut_card = self.cut_at is not None and not coup.demo and start <= self.cut_at < shoe.pos
        for step in coup.dealing.steps:
            if step[0] == "deal":
                shoe.show(step[2])
            elif step[0] == "burn":
                shoe.show(step[1])
        if coup.phantom_burn:
            shoe.show(coup.phantom_burn)
        events = coup.events(self.table)
        self.events += events
        return events
