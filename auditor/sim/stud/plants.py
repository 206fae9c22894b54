"""Where each planted stud violation goes: the ``Planter`` of one table tries the pending rules (``inject``) at
the four moments of a hand, in turn, and plants at most one rule a hand (5CS-2.1 aside, which spans a pack):

1. the table's opening: 5CS-6.1 (an ante of 50, with the buy-in and top-up of the table's class);
2. between hands (``plant_session``): 5CS-6.2, 6.4, 6.6 on the session events; 5CS-2.1 keeps a new pack for an
   eleventh hand; 5CS-3.1 and 3.2 deal in a visitor;
3. the hand's plan (``plan``, ``rig``): 5CS-6.3 and 6.5 (antes), the betting forces (10.4, 10.5, 10.7, 10.13,
   10.14, 11.2) and the rigged showdowns (4.3, 5.2, 5.4);
4. the played hand: its cards and deal (``plant_deal``), its actions and showdown (``plant_turns``), its payout
   (``plant_money``), a seat (``plant_seat``, 5CS-3.3) or its pack (5CS-2.5: a new pack brought in after the
   seats, before the shuffle)."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from auditor.present import present
from auditor.sim.inject import Label
from auditor.sim.stud.hand import PlayedHand, Timed
from auditor.sim.stud.head import EVENT_DELAY
from auditor.sim.stud.inject import Planted, StudInjector
from auditor.sim.stud.pack import LIFETIMES, MAX_HANDS
from auditor.sim.stud.plan import FORCES, NOTES, HandPlan
from auditor.sim.stud.plant_deal import PLANTS as DEAL_PLANTS
from auditor.sim.stud.plant_money import PLANTS as MONEY_PLANTS
from auditor.sim.stud.plant_seat import change_seat
from auditor.sim.stud.plant_session import SESSION_PLANTS, VISITOR_RULES, visitor
from auditor.sim.stud.plant_turns import PLANTS as TURN_PLANTS
from auditor.sim.stud.players import Player
from auditor.sim.stud.rig import RULES as RIG_RULES
from auditor.sim.stud.rig import finish, rig
from auditor.sim.stud.table import StudTable

if TYPE_CHECKING:
    from auditor.sim.stud.run import StudTableRun

EVENT_PLANTS = DEAL_PLANTS | TURN_PLANTS
BAD_ANTE = 50  # 5CS-6.1: neither 20 nor 100
ANTE_RULES = ("5CS-6.3", "5CS-6.5")
CLASS_RULES = ("5CS-6.2", "5CS-6.4")  # the buy-in and top-up figures of the table's ante
BETWEEN_HANDS = ("buy_in", "top_up", "leave")


class Planter:
    """The planted violations of one table."""

    def __init__(self, run: StudTableRun, injector: StudInjector) -> None:
        self.run, self.injector, self.rng = run, injector, injector.rng
        self.bad_ante = "5CS-6.1" in injector.pending
        self.overrun: str | None = None  # the pack kept for an eleventh hand (5CS-2.1)
        self.rule: str | None = None
        self.hand_plan: HandPlan | None = None
        self.seat: int | None = None  # whose seat event shows a session or visitor violation
        self.note = ""
        self.visitor: dict[int, Player] = {}  # by seat
        self.leaver: int | None = None  # the seat of a player who changed seat during the hand
        self.buy_in: dict | None = None  # the buy-in of a session plant (5CS-6.2's breach)
        self.planted: list[tuple[str, Planted]] = []

    def table(self, table: StudTable) -> StudTable:
        return replace(table, ante=BAD_ANTE, stakes=table.ante) if self.bad_ante else table

    def table_labels(self, opening: dict) -> list[Label]:
        if not self.bad_ante:
            return []
        planted = Planted(opening, f"table ante {BAD_ANTE}")
        return self.injector.label("5CS-6.1", planted, self.run.table.table_id, None, None, opening)

    def before(self, between: list[dict]) -> None:
        """A new hand: maybe plant a session rule on the events between hands."""
        self.injector.tick()
        self.rule, self.hand_plan, self.seat, self.visitor, self.planted = None, None, None, {}, []
        self.leaver, self.buy_in = None, None
        for rule in self.injector.pending:
            if self.bad_ante and rule in CLASS_RULES:
                continue  # the buy-in and top-up of an ante outside art. 6 are not known: no breach to show
            if rule in SESSION_PLANTS and (found := SESSION_PLANTS[rule](self.run.seating, between, self.rng)):
                self.rule, (self.seat, self.note) = rule, found
                self.buy_in = next((e for e in between if e["event"] == "buy_in" and e["seat"] == self.seat), None)
                return

    def pack_started(self, between: list[dict]) -> None:
        """5CS-2.1: a pack that has just come into use is kept for eleven hands."""
        packs = self.run.packs
        if "5CS-2.1" in self.injector.pending and self.overrun is None and any(
                e["event"] == "shoe_start" for e in between):
            packs.lifetime = packs.limit = MAX_HANDS + 1
            self.overrun = packs.shoe_id

    def plan(self, seated: dict[int, Player], between: list[dict]) -> HandPlan | None:
        """How the hand is to be played for a pending rule (a visitor is seated and buys in here)."""
        if self.rule:
            return None
        table = self.run.table
        for rule in self.injector.pending:
            if rule in VISITOR_RULES and (found := visitor(rule, self.run.seating, self.run.hands, self.rng)):
                seats, name, self.note = found
                self.seat, self.visitor = seats[-1], {s: Player(name, table.buy_in_min, 0.5, 0.5) for s in seats}
                seated.update(self.visitor)
                between += [{"event": "buy_in", "seat": s, "player": name, "amount": str(table.buy_in_min)}
                            for s in seats]
                self.hand_plan = HandPlan(fold_first=frozenset(seats))
            elif rule in FORCES:
                self.hand_plan = HandPlan(force=FORCES[rule])
            elif rule == "5CS-6.3" and len(seated) > 2:  # heads-up, a short ante would change the uncalled bet
                self.seat = self.rng.choice(sorted(seated))
                self.hand_plan = HandPlan(antes={self.seat: table.ante - table.chip_unit},
                                      fold_first=frozenset({self.seat}))  # his ante decides no pot
                self.note = f"seat {self.seat} anted {table.ante - table.chip_unit}, table ante {table.ante}"
            elif rule == "5CS-6.5":
                other = 100 if table.ante == 20 else 20
                self.hand_plan = HandPlan(antes=dict.fromkeys(seated, other))
                self.note = f"every player anted {other} in this hand, table ante {table.ante}"
            elif rule in RIG_RULES:
                self.hand_plan = rig(rule, sorted(seated), self.rng)
            else:
                continue
            self.rule = rule
            return self.hand_plan
        return None

    def after(self, hand: PlayedHand, seated: dict[int, Player]) -> None:
        """Finish the planned violation on the played hand, or plant one on it (``seated``: the hand's players,
        by seat, moved with a player who changes seat)."""
        planted = self._finish(hand) if self.rule else None
        if planted is None:
            self.rule, planted = self._posthoc(hand, seated)
        if planted is not None and self.rule is not None:
            self.planted.append((self.rule, planted))
        if self.overrun is not None and self.overrun == hand.head[0][1]["shoe_id"] and \
                self.run.packs.used == MAX_HANDS + 1:
            self.planted.append(("5CS-2.1", Planted(hand.head[0][1], f"hand {MAX_HANDS + 1} of pack {self.overrun}")))
            self.overrun = None

    def _finish(self, hand: PlayedHand) -> Planted | None:
        rule, plan = present(self.rule, "the rule to plant"), self.hand_plan
        if rule == "5CS-6.2":  # the breach is the buy-in itself, between hands
            return Planted(present(self.buy_in, "the buy-in planted"), self.note)
        if rule in SESSION_PLANTS or rule in VISITOR_RULES:
            return Planted(next(e for _, e in hand.head if e["event"] == "seat" and e["seat"] == self.seat),
                           self.note)
        if rule in FORCES and plan is not None:
            forced = plan.forced
            return Planted(forced, f"{NOTES[plan.force]}: seat {forced['seat']}") if forced and plan.force else None
        if rule in ANTE_RULES:
            antes = [e for _, e in hand.head if e.get("action") == "post_ante"]
            ante = next(e for e in antes if e["seat"] == self.seat) if rule == "5CS-6.3" else antes[0]
            return Planted(ante, self.note, ("5CS-6.3",) if rule == "5CS-6.5" else ())
        return finish(rule, hand, self.run.table, self.rng)

    def _posthoc(self, hand: PlayedHand, seated: dict[int, Player]) -> tuple[str | None, Planted | None]:
        planted: Planted | None
        for rule in self.injector.pending:
            if rule == "5CS-2.5" and self.overrun is None:
                return rule, self._switch_pack(hand)
            if rule == "5CS-3.3" and (moved := change_seat(hand, self.rng)):
                old, new, planted = moved
                seated[new] = seated.pop(old)
                self.run.seating.seats[new] = self.run.seating.seats.pop(old)
                self.leaver = new
                return rule, planted
            if rule in EVENT_PLANTS:
                planted = EVENT_PLANTS[rule](hand, self.rng)
            elif rule in MONEY_PLANTS:
                planted = MONEY_PLANTS[rule](hand, self.run.table, self.rng)
            else:
                continue
            if planted is not None:
                return rule, planted
        return None, None

    def _switch_pack(self, hand: PlayedHand) -> Planted:
        """5CS-2.5 (art. 2): a new pack brought into use after the seats were taken, before the shuffle."""
        seats = [i for i, (_, e) in enumerate(hand.head) if e["event"] == "seat"]
        events = self.run.packs.start(min(self.rng.choice(LIFETIMES), MAX_HANDS - 1))
        hand.head[seats[-1] + 1:seats[-1] + 1] = [(EVENT_DELAY, e) for e in events]
        return Planted(events[-1], f"pack {events[-1]['shoe_id']} brought into use during the hand")

    def leaving(self, seated: dict[int, Player]) -> list[dict]:
        """The visitor leaves after his hand, and so does a player who changed seat during it."""
        leaving = [{"event": "leave", "seat": seat, "player": player.player, "amount": str(seated[seat].stack)}
                   for seat, player in self.visitor.items()]
        return leaving + ([self.run.seating.leave(self.leaver)] if self.leaver is not None else [])

    def labels(self, hand: PlayedHand, events: list[Timed]) -> list[Label]:
        """The labels of what was planted in the hand, each pointing at its event among ``events``."""
        labels: list[Label] = []
        tail = [e for _, e in events]
        for rule, planted in self.planted:
            target = planted.target
            if isinstance(target, str):
                target = next(e for e in tail if e["event"] == target and e.get("hand_id") == hand.hand_id
                              and "reason" not in e)
            if target["event"] in BETWEEN_HANDS:  # a finding at an event between hands names no pack or hand
                labels += self.injector.label(rule, planted, self.run.table.table_id, None, None, target)
                continue
            labels += self.injector.label(rule, planted, self.run.table.table_id, hand.head[0][1]["shoe_id"],
                                          hand.hand_id, target)
        return labels
