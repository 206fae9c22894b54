"""Small builders of baccarat logs by hand (docs/log-format.md), for tests that need a case the simulator never
writes: a table, its shoes and coups, every event in order, with `seq` filled in. The builder decides nothing: the
test writes each card, bet and settlement itself (``Coup.settle`` only fills in the stake the bet placed)."""

from __future__ import annotations

CONFIG = {"casino": "Test Casino", "currency": "MOP", "decks": 8, "commission_scheme": "standard",
          "burn_method": "decks", "chip_unit": "5", "min_bet": "100", "max_bet": "20000", "auto_shuffler": False,
          "seats": 7}
VALUE_RANK = "TA23456789"  # a card of each value 0-9 (art. 5: T, J, Q, K count 0)
PLAYER_NATURAL = ["P:Ks", "B:4d", "P:9h", "B:3c"]  # Player 9 (a natural) beats Banker 7: nobody draws


def card(value: int, suit: str = "s") -> str:
    """A card worth ``value`` (0-9)."""
    return VALUE_RANK[value] + suit


class Table:
    """One table's day: ``rows`` is the log; ``config`` overrides the keys of ``CONFIG`` (a value None: left out)."""

    def __init__(self, table_id: str = "B1", **config: object) -> None:
        self.table_id, self.rows, self.seq, self.coups = table_id, [], 0, 0
        self.emit("table_open", config={k: v for k, v in {**CONFIG, **config}.items() if v is not None})

    def emit(self, event: str, **fields: object) -> dict:
        self.seq += 10
        row = {"table_id": self.table_id, "game": "baccarat", "seq": self.seq, "event": event, **fields}
        self.rows.append(row)
        return row

    def shoe(self, shoe_id: str = "S1", cut: int | None = 14, burns: list[str | None] | None = None,
             shuffle: str | None = "manual") -> str:
        """`shoe_start`, the shuffle, the cut (``cut`` cards behind it; None: no cut) and the burns (``burns``: their
        cards, None for a card not shown; default: 8 burns, one per deck)."""
        self.emit("shoe_start", shoe_id=shoe_id)
        if shuffle:
            self.emit("shuffle", shoe_id=shoe_id, method=shuffle)
        if cut is not None:
            self.emit("cut", shoe_id=shoe_id, position=cut)
        for i, burned in enumerate([None] * 8 if burns is None else burns, start=1):
            self.emit("burn", shoe_id=shoe_id, position=i, **({"card": burned} if burned else {}))
        return shoe_id

    def coup(self, shoe_id: str = "S1", hand_id: str | None = None, demo: bool | None = None) -> Coup:
        self.coups += 1
        return Coup(self, shoe_id, hand_id or f"C{self.coups}", demo)


class Coup:
    def __init__(self, table: Table, shoe_id: str, hand_id: str, demo: bool | None) -> None:
        self.table, self.shoe_id, self.hand_id = table, shoe_id, hand_id
        self.stakes: dict[tuple[str, int, str], str] = {}
        self.emit("coup_start", shoe_id=shoe_id, **({} if demo is None else {"demo": demo}))

    def emit(self, event: str, **fields: object) -> dict:
        return self.table.emit(event, hand_id=self.hand_id, **fields)

    def bet(self, bet_type: str, amount: str | int, player: str = "M1", spot: int = 1, standing: bool = False) -> dict:
        self.stakes[(player, spot, bet_type)] = str(amount)
        return self.emit("bet", player=player, spot=spot, standing=standing, bet_type=bet_type, amount=str(amount))

    def deal(self, *cards: str, face: str = "down") -> None:
        """``cards`` as "P:Kh", "B:6c" (the hand, then the card), in dealing order."""
        for c in cards:
            to, value = c.split(":")
            self.emit("deal", card=value, to={"P": "player", "B": "banker"}[to], face=face)

    def result(self, result: str) -> dict:
        return self.emit("result", result=result)

    def settle(self, bet_type: str, result: str, payout: str | int, commission: str | int = 0, player: str = "M1",
               spot: int = 1, **fields: object) -> dict:
        return self.emit("settle", player=player, spot=spot, bet_type=bet_type,
                         amount=self.stakes[(player, spot, bet_type)], result=result, payout=str(payout),
                         commission=str(commission), **fields)

    def end(self) -> dict:
        return self.emit("coup_end")

