"""A simulated Texas Hold'em day (despacho of 18 January 2008): tables of 2 to 10 players at no limit and fixed
limit, cash games with rake and a tournament, hands as a Macau casino would log them (docs/log-format.md).

Between hands players leave, sit down and top up (cash) or bust out (tournament). The button passes clockwise to
the next player (art. 1(2); the first hand's button is on the first player to the croupier's left). With
``inject`` the day carries planted violations of every enforced rule, and ``labels.jsonl`` lists exactly the
findings the auditor must report."""

from __future__ import annotations

import random
from dataclasses import dataclass
from datetime import date
from pathlib import Path

from auditor.games.poker.order import clockwise
from auditor.present import present
from auditor.sim.holdem.hand import HandEngine, HandPlan, PlayedHand
from auditor.sim.holdem.inject import HoldemInjector, Planted
from auditor.sim.holdem.plan import RULES as SETUP_RULES
from auditor.sim.holdem.plan import finish, plan
from auditor.sim.holdem.plant_events import PLANTS as EVENT_PLANTS
from auditor.sim.holdem.plant_money import PLANTS as MONEY_PLANTS
from auditor.sim.holdem.record import HoldemRecorder
from auditor.sim.holdem.table import SEATS, Player, Players, make_table
from auditor.sim.inject import write_labels
from auditor.sim.record import Recorder, write_tables

P_VOID = 0.002  # hands voided for a dealing error found before the flop (art. 9(2))


@dataclass(frozen=True, slots=True)
class Summary:
    files: list[Path]
    hands: int
    events: int
    labels: int


class HoldemTableRun:
    """One table for one day."""

    def __init__(self, index: int, seed: int, injector: HoldemInjector, day: date) -> None:
        self.rng = random.Random(f"{seed}:holdem:{index}")
        self.table = make_table(index, self.rng)
        self.players = Players(self.table, self.rng)
        self.engine = HandEngine(self.table, self.rng)
        self.injector = injector
        self.day = day
        self.prefix = f"{self.table.table_id}-{day:%Y%m%d}-"  # of the hand ids
        self.time_rng = random.Random(f"{seed}:holdem-time:{index}")
        self.button: int | None = None  # the previous hand's
        self.previous: set[str] = set()  # the previous hand's players
        self.hands = 0
        self.first_rule: str | None = None  # THE-1.3, planted in the first hand
        if "THE-1.3" in injector.pending:
            injector.take("THE-1.3")
            self.first_rule = "THE-1.3"

    def run(self, recorder: Recorder, hands: int) -> None:
        recorder.write([{"event": "table_open", "config": self.table.config}])
        while self.hands < hands:
            events, labels = self.next_hand()
            recorder.watch(labels)
            recorder.write(events)
        recorder.write([{"event": "table_close"}])

    def hand_id(self) -> str:
        self.hands += 1
        return f"{self.prefix}{self.hands:06d}"

    def next_hand(self) -> tuple[list[dict], list]:
        """The events of the next hand and the labels planted in it."""
        if self.hands:
            self.players.between_hands()
        self.injector.tick()
        seated = dict(self.players.seats)
        rule = self.first_rule if self.hands == 0 else self.seat_rule()
        if rule == "THE-2.1":
            return self.lone_hand(seated)
        hand_plan, marked, note = HandPlan(), None, ""
        if rule == "THE-2.2":  # art. 2(1)-(2): a seat beyond the table's layout of ten
            marked = SEATS + 1
            seated[marked] = Player(f"{self.table.table_id}-V{self.hands + 1:06d}", self.players.buy_in(), 0.5, 0.5)
            note = f"a visitor dealt in at seat {marked}"
        elif rule == "THE-4.2":
            marked, note = self.take_chips_off(seated)
        order = sorted(seated)
        button = order[0] if self.button is None else clockwise(order, self.button)[0]
        if rule in ("THE-1.2", "THE-1.3"):  # art. 1(2): the button skips a player, or starts on the second
            hand_plan.button = order[1] if rule == "THE-1.3" else clockwise(order, present(self.button, "button"))[1]
            note = f"button on seat {hand_plan.button}, not seat {button}"
            button = hand_plan.button
        elif rule is None:
            rule, hand_plan = self.setup_rule(seated, button)
        hand = self.engine.play(self.hand_id(), seated, button, hand_plan)
        planted = None
        if rule in ("THE-1.2", "THE-1.3", "THE-2.2", "THE-4.2"):
            planted = Planted(next(e for e in hand.head if e["event"] == "seat" and e["seat"] == marked)
                              if marked else hand.head[0], note)
        elif rule is not None:
            planted = finish(rule, hand, hand_plan, self.table)
        if planted is None and not hand.void:
            rule, planted = self.posthoc_rule(hand)
        events = hand.events()
        self.after_hand(hand, seated)
        if planted is None:
            return events, []
        rule = present(rule, "the rule planted")
        if rule != "THE-1.3":
            self.injector.take(rule)
        return events, self.label(rule, planted, hand.hand_id, events)

    def seat_rule(self) -> str | None:
        """A pending rule about who sits where that this hand can carry."""
        table = self.table
        for rule in self.injector.pending:
            if (rule == "THE-1.2" or (rule in ("THE-2.1", "THE-2.2") and not table.tournament)
                    or (rule == "THE-4.2" and table.tournament and self.chips_to_take())):
                return rule
        return None

    def setup_rule(self, seated: dict[int, Player], button: int) -> tuple[str | None, HandPlan]:
        """A pending rule that the next hand can be played to break, or an ordinary (sometimes voided) hand."""
        for rule in self.injector.pending:
            hand_plan = plan(rule, self.table, seated, button, self.rng) if rule in SETUP_RULES else None
            if hand_plan is not None:
                return rule, hand_plan
        return None, HandPlan(void=self.rng.random() < P_VOID)

    def posthoc_rule(self, hand: PlayedHand) -> tuple[str | None, Planted | None]:
        """A pending rule that a change to the played hand can break."""
        for rule in self.injector.pending:
            if rule in EVENT_PLANTS:
                planted = EVENT_PLANTS[rule](hand, self.injector.rng)
            elif rule in MONEY_PLANTS:
                planted = MONEY_PLANTS[rule](hand, self.table, self.injector.rng)
            else:
                continue
            if planted is not None:
                return rule, planted
        return None, None

    def chips_to_take(self) -> list[int]:
        """Tournament seats whose player was in the previous hand with chips to spare (art. 4(2))."""
        floor = 4 * self.table.big_blind
        return [s for s, p in sorted(self.players.seats.items()) if p.player in self.previous and p.stack > floor]

    def take_chips_off(self, seated: dict[int, Player]) -> tuple[int, str]:
        """THE-4.2 (art. 4(2)): a tournament player takes chips off the table between hands."""
        seat = self.injector.rng.choice(self.chips_to_take())
        unit = self.table.chip_unit
        taken = max(unit, seated[seat].stack // 10 // unit * unit)
        seated[seat].stack -= taken
        return seat, f"seat {seat} took {taken} off the table"

    def lone_hand(self, seated: dict[int, Player]) -> tuple[list[dict], list]:
        """THE-2.1 (art. 2(3)): a hand dealt to one player; nobody else can post the blinds, so THE-5.1 is
        necessarily broken too. The button moves to him as it would have."""
        order = sorted(seated)
        button = clockwise(order, present(self.button, "the previous hand's button"))[0]
        hand = self.engine.play(self.hand_id(), {button: seated[button]}, button, HandPlan())
        events = hand.events()
        self.button, self.previous = button, {seated[button].player}
        self.injector.take("THE-2.1")
        planted = Planted(events[0], f"a hand dealt to seat {button} alone", ("THE-5.1",))
        return events, self.label("THE-2.1", planted, hand.hand_id, events)

    def after_hand(self, hand: PlayedHand, seated: dict[int, Player]) -> None:
        """The players' stacks after the hand (a visitor's seat is not the table's), and the button."""
        for seat, stack in hand.stacks_after().items():
            if seat in self.players.seats:
                self.players.seats[seat].stack = stack
        self.button = hand.button
        self.previous = {p.player for p in seated.values()}

    def label(self, rule: str, planted: Planted, hand_id: str, events: list[dict]) -> list:
        target = planted.target
        if isinstance(target, str):  # the type of the hand's first event of that type
            target = next(e for e in events if e["event"] == target)
        before = len(self.injector.labels)
        self.injector.label(rule, planted, self.table.table_id, hand_id, target)
        return self.injector.labels[before:]


def simulate_holdem(out: Path, *, seed: int, tables: int = 4, hands: int = 250, inject: float = 0.0,
                    formats: tuple[str, ...] = ("jsonl",), day: date = date(2024, 5, 1)) -> Summary:
    """Write one log file per table to ``out`` (formats cycle over the tables) and, with ``inject``,
    ``out/labels.jsonl``: one line per finding the auditor must report."""
    injector = HoldemInjector(inject, seed)
    runs = (HoldemTableRun(index, seed, injector, day) for index in range(tables))
    files, played, events = write_tables(out, runs, hands, formats, HoldemRecorder, day, "holdem")
    total = sum(run.hands for run in played)
    if inject:
        files.append(write_labels(out, injector.labels))
    return Summary(files, total, events, len(injector.labels))
