"""What a planted stud violation must show in the log, rule by rule, read from the records alone (not from the
simulator's code): ``EVIDENCE[rule](hand)`` is true when the labelled event and its hand breach the rule's
article in the way the simulator plants it (auditor/sim/stud/plants.py)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal

from auditor.games.poker.cards import category_of
from auditor.games.stud.evaluate import open_cards_rank, rank5

CLASSES = {Decimal(20): (2000, 500), Decimal(100): (5000, 1000)}  # art. 6: minimum buy-in, top-up line


def money(record: dict) -> Decimal:
    return Decimal(record["amount"])


@dataclass
class Hand:
    """A labelled hand: its records (from ``hand_start`` to ``hand_end``), the labelled record, the table's
    records and configuration."""

    events: list[dict]
    target: dict
    table: list[dict]

    @property
    def config(self) -> dict:
        return self.table[0]["config"]

    def of(self, kind: str) -> list[dict]:
        return [e for e in self.events if e["event"] == kind]

    def actions(self) -> list[dict]:
        return [e for e in self.of("action") if e["action"] != "post_ante"]

    def cards(self) -> dict[int, list[str]]:
        dealt: dict[int, list[str]] = {}
        for deal in self.of("deal"):
            dealt.setdefault(deal["seat"], []).append(deal["card"])
        return dealt

    def folded(self) -> set[int]:
        return {e["seat"] for e in self.of("action") if e["action"] == "fold"}

    def values(self) -> dict[int, int]:
        cards = self.cards()
        return {e["seat"]: rank5(cards[e["seat"]]) for e in self.of("show")}

    def rounds(self) -> list[list[dict]]:
        """The actions (antes aside) of each round: from the end of a deal to the next deal."""
        found: list[list[dict]] = []
        previous = ""
        for event in self.events:
            if event["event"] == "deal" and previous != "deal":
                found.append([])
            elif event["event"] == "action" and event["action"] != "post_ante" and found:
                found[-1].append(event)
            previous = event["event"]
        return found

    def pot0(self) -> dict[int, Decimal]:
        return {e["seat"]: money(e) for e in self.of("award") if e["pot"] == 0}

    def before_first_deal(self, kind: str) -> list[dict]:
        first = self.events.index(self.of("deal")[0])
        return [e for e in self.events[:first] if e["event"] == kind]


def opens(cards: list[str]) -> list[str]:
    return cards[:1] + cards[2:]


def strongest(hand: Hand, seats: list[int], round_no: int) -> list[int]:
    cards = hand.cards()
    return sorted(seats, key=lambda s: open_cards_rank(opens(cards[s])[:round_no], round_no), reverse=True)


def live_at(hand: Hand, record: dict) -> list[int]:
    """The players not folded before ``record``."""
    at = hand.events.index(record)
    gone = {e["seat"] for e in hand.events[:at] if e["event"] == "action" and e["action"] == "fold"}
    return [s for s in hand.cards() if s not in gone]


def ccw_right_of(seats: list[int], seat: int) -> list[int]:
    return sorted((s for s in seats if s < seat), reverse=True) + sorted((s for s in seats if s > seat), reverse=True)


def first_actor_wrong(round_no: int) -> Callable[[Hand], bool]:
    def evidence(hand: Hand) -> bool:
        first = hand.rounds()[round_no - 1][0]
        return first is hand.target and first["seat"] != strongest(hand, live_at(hand, first), round_no)[0]
    return evidence


def round_of(hand: Hand, record: dict) -> list[dict]:
    return next(r for r in hand.rounds() if any(e is record for e in r))


def bet_before(hand: Hand, record: dict) -> bool:
    actions = round_of(hand, record)
    return any(e["action"] in ("bet", "raise") for e in actions[:actions.index(record)])


def pot0_single_wrong(hand: Hand) -> tuple[int, int] | None:
    """(paid, best): the one seat paid the main pot and the best hand shown, when they differ."""
    values, paid = hand.values(), list(hand.pot0())
    if len(values) < 2 or len(paid) != 1:
        return None
    best = max(values, key=values.__getitem__)
    return (paid[0], best) if paid[0] != best and paid[0] in values else None


def wrong_category(same: bool) -> Callable[[Hand], bool]:
    def evidence(hand: Hand) -> bool:
        found = pot0_single_wrong(hand)
        if found is None:
            return False
        values = hand.values()
        paid, best = (category_of(values[s]) for s in found)
        return paid == best if same else paid < best
    return evidence


def dealt_in_after(hand: Hand) -> bool:
    """The player of the labelled event between hands is then dealt into a hand."""
    later = hand.table[hand.table.index(hand.target):]
    return any(r["event"] == "seat" and r["player"] == hand.target["player"] for r in later)


def stack_owed(hand: Hand) -> tuple[Decimal, Decimal] | None:
    """(stack after the player's previous hand, top-ups since) for the labelled seat event."""
    at = hand.table.index(hand.target)
    player = hand.target["player"]
    earlier = [r for r in hand.table[:at] if r.get("player") == player or
               (r["event"] == "stack" and r["seat"] == hand.target["seat"])]
    stacks = [i for i, r in enumerate(earlier) if r["event"] == "stack"]
    if not stacks:
        return None
    top_ups = sum((money(r) for r in earlier[stacks[-1]:] if r["event"] == "top_up"), Decimal(0))
    return money(earlier[stacks[-1]]), top_ups


def house_rake(hand: Hand, with_uncalled: bool) -> tuple[Decimal, Decimal]:
    """(the house rake taken, 4% of the base rounded down, the uncalled bet in or out of the base)."""
    unit = Decimal(hand.config["chip_unit"])
    bets = sum((money(e) for e in hand.actions()), Decimal(0))
    refunded = sum((money(e) for e in hand.of("refund")), Decimal(0))
    base = bets - (0 if with_uncalled else refunded)
    taken = next(money(e) for e in hand.of("rake") if "reason" not in e)
    return taken, base * Decimal("0.04") // unit * unit


def late(hand: Hand) -> bool:
    at = hand.events.index(hand.target)
    waited = datetime.fromisoformat(hand.target["ts"]) - datetime.fromisoformat(hand.events[at - 1]["ts"])
    return waited.total_seconds() > 120 and hand.target.get("reason") != "time_out"


def short_raise(hand: Hand) -> bool:
    actions = round_of(hand, hand.target)
    before = actions[:actions.index(hand.target)]
    level = Counter()
    for e in before:
        level[e["seat"]] += money(e)
    current = max(level.values(), default=Decimal(0))
    after = level[hand.target["seat"]] + money(hand.target)
    return hand.target["action"] == "raise" and not hand.target["all_in"] and after - current < current


def dealt_unmatched(hand: Hand) -> bool:
    rounds, target = hand.rounds(), hand.target
    at = hand.events.index(target)
    previous = [r for r in rounds if r and hand.events.index(r[-1]) < at][-1]
    level = Counter()
    for e in previous:
        level[e["seat"]] += money(e)
    all_in = {e["seat"] for e in hand.events[:at] if e["event"] == "action" and e["all_in"]}
    live = [s for s in live_at(hand, target) if s not in all_in]
    return len({level[s] for s in live}) > 1


def deal_not_from_leader(hand: Hand) -> bool:
    cards, target = hand.cards(), hand.target
    number = cards[target["seat"]].index(target["card"]) + 1
    live = live_at(hand, target)
    leader = max(live, key=lambda s: open_cards_rank(opens(cards[s])[:number - 2], number - 2))
    return number >= 3 and target["seat"] != leader


def option_out_of_order(hand: Hand) -> bool:
    actions = round_of(hand, hand.target)
    round_no = hand.rounds().index(actions) + 1
    return (actions.index(hand.target) == 1 and round_no > 1
            and hand.target["seat"] != strongest(hand, live_at(hand, actions[0]), round_no)[1])


def out_of_turn(hand: Hand) -> bool:
    actions = round_of(hand, hand.target)
    at = actions.index(hand.target)
    bettor = [e for e in actions[:at] if e["action"] in ("bet", "raise")][-1]["seat"]
    order = ccw_right_of(sorted(hand.cards()), bettor)
    following = actions[at + 1]
    return order.index(hand.target["seat"]) > order.index(following["seat"])


def wrong_reveal(hand: Hand) -> bool:
    shown = [e["seat"] for e in hand.of("show")]
    best = strongest(hand, shown, 4)[0]
    return shown[0] != (ccw_right_of(shown, best) + [best])[0]


def exposed_not_dead(hand: Hand) -> bool:
    """The hole card came out in the deal, yet the player goes on acting in the hand or is paid from the pot (a
    dead hand does neither)."""
    at, seat = hand.events.index(hand.target), hand.target["seat"]
    return hand.target["event"] == "card_exposed" and any(
        e["event"] in ("action", "award") and e["seat"] == seat for e in hand.events[at:])


def equal_hands(hand: Hand, whole: bool) -> bool:
    values, paid = hand.values(), hand.pot0()
    best = max(values.values())
    tied = [s for s, v in values.items() if v == best]
    if len(tied) < 2:
        return False
    if whole:
        return len(paid) == 1 and next(iter(paid)) in tied
    amounts = sorted(paid.values())
    return set(paid) == set(tied) and amounts[-1] - amounts[0] > Decimal(hand.config["chip_unit"])


def ace_low_beaten(hand: Hand) -> bool:
    cards, values, paid = hand.cards(), hand.values(), list(hand.pot0())
    straight = [s for s in values if {c[0] for c in cards[s]} == set("A5678")]
    others = {s: v for s, v in values.items() if s not in straight}
    return bool(straight) and paid == [max(others, key=others.__getitem__)]


EVIDENCE: dict[str, Callable[[Hand], bool]] = {
    "5CS-1.1": lambda h: h.target["card"][0] in "234",
    "5CS-1.2": lambda h: [e.get("card") for e in h.of("deal") + h.of("burn")].count(h.target["card"]) > 1,
    "5CS-2.1": lambda h: sum(r["event"] == "hand_start" and r["shoe_id"] == h.target["shoe_id"]
                             for r in h.table[:h.table.index(h.target) + 1]) == 11,
    "5CS-2.2": lambda h: len(h.of("cut")) > 2 or h.target["position"] < 6,
    "5CS-2.3": lambda h: len(h.before_first_deal("burn")) != 1,
    "5CS-2.5": lambda h: h.target["event"] == "shoe_start" and h.target in h.events,
    "5CS-3.1": lambda h: len(h.of("seat")) > 7,
    "5CS-3.2": lambda h: max(Counter(e["player"] for e in h.before_first_deal("seat")).values()) > 1,
    "5CS-3.3": lambda h: h.target not in h.before_first_deal("seat") and any(
        e["player"] == h.target["player"] and e["seat"] != h.target["seat"] for e in h.before_first_deal("seat")),
    "5CS-4.1": lambda h: not h.of("show") and bool(set(h.pot0()) & h.folded()),
    "5CS-4.2": lambda h: bool(h.of("show")) and bool(set(h.pot0()) & h.folded()),
    "5CS-4.3": lambda h: equal_hands(h, whole=False),
    "5CS-5.1": wrong_category(same=False),
    "5CS-5.2": ace_low_beaten,
    "5CS-5.3": wrong_category(same=True),
    "5CS-5.4": lambda h: equal_hands(h, whole=True),
    "5CS-6.1": lambda h: Decimal(h.config["ante"]) not in CLASSES,
    "5CS-6.2": lambda h: h.target["event"] == "buy_in" and dealt_in_after(h) and money(h.target) < CLASSES[
        Decimal(h.config["ante"])][0],
    "5CS-6.3": lambda h: money(h.target) != Decimal(h.config["ante"]),
    "5CS-6.4": lambda h: (owed := stack_owed(h)) is not None and owed[0] < CLASSES[Decimal(h.config["ante"])][1]
    and money(h.target) < CLASSES[Decimal(h.config["ante"])][0],
    "5CS-6.5": lambda h: len({money(e) for e in h.before_first_deal("action")}) == 1
    and money(h.target) != Decimal(h.config["ante"])
    and [money(e) for e in h.before_first_deal("rake")] == [money(h.target)],  # art. 8: that hand's ante, no more
    "5CS-6.6": lambda h: (owed := stack_owed(h)) is not None and money(h.target) < owed[0] + owed[1],
    "5CS-7.1": lambda h: sum(map(money, h.of("action"))) - sum(map(money, h.of("refund")))
    != sum(map(money, h.of("award"))) + sum(map(money, h.of("rake"))),
    "5CS-8.1": lambda h: not h.before_first_deal("rake"),
    "5CS-9.1": lambda h: (r := house_rake(h, with_uncalled=False))[0] > r[1],
    "5CS-9.2": lambda h: bool(h.of("refund")) and house_rake(h, True)[0] == house_rake(h, True)[1]
    > house_rake(h, False)[1],
    "5CS-10.1": lambda h: h.target not in h.before_first_deal("action"),
    "5CS-10.2": lambda h: h.of("deal")[0]["seat"] != max(h.cards()),
    "5CS-10.3": lambda h: h.target["face"] == "down" and h.cards()[h.target["seat"]].index(h.target["card"]) >= 2,
    "5CS-10.4": lambda h: h.rounds()[0][0] is h.target and h.target["seat"] != strongest(h, list(h.cards()), 1)[0],
    "5CS-10.5": lambda h: h.rounds()[0][0] is h.target and h.target["action"] == "check",
    "5CS-10.6": lambda h: h.target["action"] == "bet" and bet_before(h, h.target),
    "5CS-10.7": short_raise,
    "5CS-10.8": dealt_unmatched,
    "5CS-10.9": deal_not_from_leader,
    "5CS-10.10": first_actor_wrong(2),
    "5CS-10.11": first_actor_wrong(3),
    "5CS-10.12": first_actor_wrong(4),
    "5CS-10.13": lambda h: h.target["action"] == "raise" and any(
        e["seat"] == h.target["seat"] and e["action"] == "check" for e in round_of(h, h.target)),
    "5CS-10.14": lambda h: h.target["action"] == "check" and bet_before(h, h.target),
    "5CS-10.15": option_out_of_order,
    "5CS-10.16": lambda h: h.target["event"] == "deal" and live_at(h, h.target) == [h.target["seat"]],
    "5CS-10.17": lambda h: max(Counter(e["seat"] for e in h.rounds()[-1] if e["action"] == "check").values()) > 1,
    "5CS-10.18": wrong_reveal,
    "5CS-11.1": lambda h: any(e["pot"] > 0 and e["seat"] in h.values() and any(
        sum(money(a) for a in h.of("action") if a["seat"] == e["seat"]) <
        sum(money(a) for a in h.of("action") if a["seat"] == s) for s in h.values()) for e in h.of("award")),
    "5CS-11.2": late,
    "5CS-11.3": out_of_turn,
    "5CS-11.4": exposed_not_dead,
    "5CS-11.5": lambda h: len(h.pot0()) > 1 and len({h.values()[s] for s in h.pot0()}) > 1,
}
