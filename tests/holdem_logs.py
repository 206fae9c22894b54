"""Small builders of Texas Hold'em logs by hand (docs/log-format.md), for tests that need a case the simulator never
writes: a table, its hands, and every event in order, with `seq` filled in. The builder keeps each seat's chips so
that the final `stack` events follow from what the test wrote; it never decides an order of play or an award: the
test writes each post, deal, action, show and award itself."""

from __future__ import annotations

from decimal import Decimal

CONFIG = {"casino": "Test Casino", "currency": "MOP", "betting": "no_limit", "small_blind": "5", "big_blind": "10",
          "chip_unit": "1", "seats": 10, "rake_rate": "0.05"}


class Table:
    """One table's day: ``rows`` is the log; ``config`` overrides the keys of ``CONFIG`` (a value None: left out)."""

    def __init__(self, table_id: str = "H1", **config: object) -> None:
        self.table_id, self.rows, self.seq = table_id, [], 0
        self.emit("table_open", config={k: v for k, v in {**CONFIG, **config}.items() if v is not None})

    def emit(self, event: str, **fields: object) -> dict:
        self.seq += 10
        row = {"table_id": self.table_id, "game": "holdem", "seq": self.seq, "event": event, **fields}
        self.rows.append(row)
        return row

    def hand(self, hand_id: str, button: int, stacks: dict[int, str], shuffle: str | None = "machine") -> Hand:
        return Hand(self, hand_id, button, stacks, shuffle)


class Hand:
    """One hand: `hand_start` with the button, a `seat` event per seat of ``stacks`` (seat: stack before the hand),
    player ``P<seat>``, and the shuffle (None: not logged)."""

    def __init__(self, table: Table, hand_id: str, button: int, stacks: dict[int, str], shuffle: str | None) -> None:
        self.table, self.hand_id = table, hand_id
        self.stacks = {seat: Decimal(amount) for seat, amount in stacks.items()}
        self.put = dict.fromkeys(stacks, Decimal(0))
        self.back = dict.fromkeys(stacks, Decimal(0))
        self.hole: dict[int, list[str]] = {}
        self.emit("hand_start", seat=button)
        for seat, amount in sorted(stacks.items()):
            self.emit("seat", seat=seat, player=f"P{seat}", amount=amount)
        if shuffle is not None:
            self.emit("shuffle", method=shuffle)

    def emit(self, event: str, **fields: object) -> dict:
        return self.table.emit(event, hand_id=self.hand_id, **fields)

    def left(self, seat: int) -> Decimal:
        return self.stacks[seat] - self.put[seat] + self.back[seat]

    def act(self, seat: int, action: str, amount: str | int = 0, **fields: object) -> dict:
        """An action adding ``amount`` chips; ``all_in`` from the chips left unless given."""
        self.put[seat] = self.put.get(seat, Decimal(0)) + Decimal(amount)
        fields.setdefault("all_in", seat in self.stacks and self.left(seat) == 0)
        return self.emit("action", seat=seat, action=action, amount=str(amount), **fields)

    def deal(self, cards: dict[int, str]) -> None:
        """``cards``: seat -> its two hole cards ("AsKd"), dealt one at a time in two rounds, in the order given."""
        for r in (0, 1):
            for seat, pair in cards.items():
                card = pair[2 * r:2 * r + 2]
                self.hole.setdefault(seat, []).append(card)
                self.emit("deal", card=card, to="seat", seat=seat, face="down")

    def street(self, *cards: str, burn: str | None = None) -> None:
        """One burn, then the street's board cards."""
        self.emit("burn", **({"card": burn} if burn else {}))
        for card in cards:
            self.emit("board", card=card)

    def show(self, *seats: int) -> None:
        for seat in seats:
            for card in self.hole[seat]:
                self.emit("show", seat=seat, card=card)

    def rake(self, amount: str | int) -> dict:
        return self.emit("rake", amount=str(amount))

    def refund(self, seat: int, amount: str | int) -> dict:
        self.back[seat] += Decimal(amount)
        return self.emit("refund", seat=seat, amount=str(amount))

    def award(self, seat: int, amount: str | int, pot: int | None = None) -> dict:
        self.back[seat] += Decimal(amount)
        return self.emit("award", seat=seat, amount=str(amount), **({} if pot is None else {"pot": pot}))

    def end(self) -> dict[int, Decimal]:
        """The `stack` events (what each seat has left) and `hand_end`; returns the stacks."""
        for seat in sorted(self.stacks):
            self.emit("stack", seat=seat, amount=str(self.left(seat)))
        self.emit("hand_end")
        return {seat: self.left(seat) for seat in self.stacks}

