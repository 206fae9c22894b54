"""Small builders of five-card stud logs by hand (docs/log-format.md), for tests that need a case the simulator
never writes: a table, its hands, and every event in order, with `seq` and `ts` filled in. The builder keeps each
seat's chips so that the final `stack` events follow from what the test wrote; it never decides an order of play
or an award: the test writes each deal, action, show and award itself."""

from __future__ import annotations

import json
from datetime import datetime, timedelta
from decimal import Decimal
from pathlib import Path

from auditor.engine.audit import audit
from auditor.engine.ruleset import load_rulesets

START = datetime(2025, 3, 14, 20, 0, 0)


class Table:
    """One table's day: ``rows`` is the log."""

    def __init__(self, table_id: str = "T1", ante: str = "20", chip_unit: str = "5", seats: int = 7,
                 rake_rate: str = "0.04", not_logged: tuple[str, ...] = ()) -> None:
        self.table_id, self.rows, self.seq, self.clock = table_id, [], 0, START
        config = {"casino": "Test Casino", "currency": "MOP", "ante": ante, "chip_unit": chip_unit, "seats": seats,
                  "rake_rate": rake_rate}
        if not_logged:
            config["not_logged"] = ",".join(not_logged)
        self.emit("table_open", config=config)

    def emit(self, event: str, after: float = 1.0, **fields: object) -> dict:
        """Append one event ``after`` seconds after the previous one (``after=None``: no `ts`)."""
        self.seq += 10
        row: dict = {"table_id": self.table_id, "game": "stud", "seq": self.seq}
        if after is not None:
            self.clock += timedelta(seconds=after)
            fine = "microseconds" if self.clock.microsecond % 1000 else "milliseconds"
            row["ts"] = self.clock.isoformat(timespec=fine)
        row |= {"event": event, **fields}
        self.rows.append(row)
        return row

    def hand(self, hand_id: str, stacks: dict[int, str], shoe_id: str | None = "K1") -> Hand:
        return Hand(self, hand_id, stacks, shoe_id)


class Hand:
    """One hand: `hand_start` and a `seat` event per seat of ``stacks`` (seat: stack before the hand), player
    ``P<seat>``."""

    def __init__(self, table: Table, hand_id: str, stacks: dict[int, str], shoe_id: str | None) -> None:
        self.table, self.hand_id = table, hand_id
        self.stacks = {seat: Decimal(amount) for seat, amount in stacks.items()}
        self.put = dict.fromkeys(stacks, Decimal(0))
        self.back = dict.fromkeys(stacks, Decimal(0))
        self.hole: dict[int, str] = {}
        fields = {"shoe_id": shoe_id} if shoe_id else {}
        self.emit("hand_start", **fields)
        for seat, amount in sorted(stacks.items()):
            self.emit("seat", seat=seat, player=f"P{seat}", amount=amount)

    def emit(self, event: str, after: float = 1.0, **fields: object) -> dict:
        return self.table.emit(event, after, hand_id=self.hand_id, **fields)

    def left(self, seat: int) -> Decimal:
        return self.stacks[seat] - self.put[seat] + self.back[seat]

    def act(self, seat: int, action: str, amount: str | int = 0, after: float = 1.0, **fields: object) -> dict:
        chips = Decimal(amount)
        self.put[seat] += chips
        fields.setdefault("all_in", self.left(seat) == 0)
        return self.emit("action", after, seat=seat, action=action, amount=str(amount), **fields)

    def antes(self, amount: str = "20", first_rake: str | None = "20", burn: str | None = "5d") -> None:
        """Every seat posts ``amount`` (highest seat first), the first rake, the burn (card ``burn``: None, none)."""
        for seat in sorted(self.stacks, reverse=True):
            self.act(seat, "post_ante", amount)
        if first_rake is not None:
            self.emit("rake", amount=first_rake, reason="first_rake")
        if burn is not None:
            self.emit("burn", card=burn)

    def deal(self, seat: int, card: str, face: str = "up") -> dict:
        if face == "down":
            self.hole[seat] = card
        return self.emit("deal", card=card, to="seat", seat=seat, face=face)

    def first_deal(self, cards: dict[int, str]) -> None:
        """``cards``: seat -> "<open><hole>" (e.g. "AsKd"), dealt from the highest seat down, open cards first."""
        for seat in sorted(cards, reverse=True):
            self.deal(seat, cards[seat][:2], "up")
        for seat in sorted(cards, reverse=True):
            self.deal(seat, cards[seat][2:], "down")

    def street(self, *cards: tuple[int, str]) -> None:
        for seat, card in cards:
            self.deal(seat, card, "up")

    def show(self, *seats: int) -> None:
        for seat in seats:
            self.emit("show", seat=seat, card=self.hole[seat])

    def rake(self, amount: str) -> dict:
        return self.emit("rake", amount=amount)

    def refund(self, seat: int, amount: str) -> dict:
        self.back[seat] += Decimal(amount)
        return self.emit("refund", seat=seat, amount=amount)

    def award(self, seat: int, amount: str, pot: int | None = None) -> dict:
        self.back[seat] += Decimal(amount)
        return self.emit("award", seat=seat, amount=amount, **({} if pot is None else {"pot": pot}))

    def end(self) -> dict[int, Decimal]:
        """The `stack` events (what each seat has left) and `hand_end`; returns the stacks."""
        for seat in sorted(self.stacks):
            self.emit("stack", seat=seat, amount=str(self.left(seat)))
        self.emit("hand_end")
        return {seat: self.left(seat) for seat in self.stacks}


def won_in_round_1(t: Table, hand_id: str, stacks: dict[int, str], shoe_id: str | None = "K1",
                   players: dict[int, str] | None = None) -> dict[int, str]:
    """A two-seat hand won in round 1: the lower seat's Ace bets 20, the higher seat (King) folds; the bettor gets his
    bet back and the antes less the first rake. ``players``: names other than ``P<seat>``. Returns the stacks left."""
    h = t.hand(hand_id, stacks, shoe_id)
    for row in t.rows[-len(stacks):]:
        row["player"] = (players or {}).get(row["seat"], row["player"])
    h.antes(burn="9d")
    high, low = sorted(stacks, reverse=True)
    h.first_deal({high: "KhQd", low: "AsJc"})
    h.act(low, "bet", 20)
    h.act(high, "fold")
    h.rake("0")
    h.refund(low, "20")
    h.award(low, "20", 0)
    return {seat: str(amount) for seat, amount in h.end().items()}


def dealt(stacks: dict[int, str], cards: dict[int, str], burn: str = "Jc") -> tuple[Table, Hand]:
    """A table with pack K1 in use and its hand H1 of ``stacks``: the antes, the first rake, the burn and the first
    deal of ``cards`` (``Hand.first_deal``) are logged."""
    t = Table()
    t.emit("shoe_start", shoe_id="K1")
    h = t.hand("H1", stacks)
    h.antes(burn=burn)
    h.first_deal(cards)
    return t, h


def run(tmp_path: Path, rows: list[dict], profile: str = "macau", **params: str) -> tuple[list[tuple], dict]:
    """Audit ``rows``, which must all be accepted: (rule, severity, seq, message, expected, found) of every finding,
    and per rule (evaluated, not evaluated, reasons)."""
    findings, rules, quarantine = run_all(tmp_path, rows, profile, **params)
    assert quarantine == [], quarantine
    return findings, rules


def run_all(tmp_path: Path, rows: list[dict], profile: str = "macau", **params: str
            ) -> tuple[list[tuple], dict, list[tuple[int, str]]]:
    """As ``run``, and the (line, reason) of every quarantined record."""
    log = tmp_path / "day.jsonl"
    log.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    rulesets = load_rulesets(profile=profile, overrides={f"stud.{k}": v for k, v in params.items()})
    result, con = audit([log], rulesets)
    con.close()
    findings = [(f["rule"], f["severity"], f["seq"], f["message"], f["expected"], f["found"]) for f in result.findings]
    return (findings, {r.id: (r.evaluated, r.not_evaluated, r.not_evaluated_reasons) for r in result.rules},
            [(q.line, q.reason) for q in result.quarantine])
