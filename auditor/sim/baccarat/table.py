"""A simulated table: its configuration (the ``table_open`` config) and its patrons with their bets."""

from __future__ import annotations

import random
from dataclasses import dataclass
from decimal import ROUND_FLOOR, Decimal
from typing import NamedTuple

from auditor.present import present
from auditor.sim import CASINO

MAX_BETTORS = 7
BET_TYPES = ("player", "banker", "tie", "player_pair", "banker_pair")  # art. 13(1), the ruleset's default
SIDE_BETS = (("tie", 0.12), ("player_pair", 0.1), ("banker_pair", 0.1))  # and how often a bettor makes each
LUCKY6 = ("lucky6", 0.15)


class Bet(NamedTuple):
    """One bet (art. 13) as the ``bet`` event logs it."""

    player: str
    spot: int  # the seat number of the betting area used
    standing: bool
    bet_type: str
    amount: Decimal


@dataclass(frozen=True)
class Table:
    """What the simulator needs of a table; ``config`` is what the log declares."""

    table_id: str
    decks: int
    seats: int
    scheme: str  # standard | no_commission (art. 18)
    chip_unit: Decimal
    min_bet: Decimal
    max_bet: Decimal
    max_difference: Decimal | None  # art. 14
    auto_shuffler: bool
    burn_method: str  # decks | face_value | fixed | none (art. 2(1), n.º 83/2011)
    burn_count: int | None
    coups_after_cut_card: int  # art. 3(1)
    log_after_cut: bool  # whether config states coups_after_cut_card (else the ruleset default, 1, applies)
    squeeze: bool  # players handle the cards (art. 16): card_handler events, cards dealt face down
    lucky6: bool = False  # the table offers the Lucky 6 bet (n.º 56/2018), declared in ``bets_allowed``

    @property
    def face(self) -> str:
        """Art. 7(2): face up with an automatic shuffler-dealer."""
        return "down" if self.squeeze else "up"

    @property
    def banker_step(self) -> Decimal:
        """Banker stakes on a no-commission table are even in chips, so that 1:2 pays whole chips."""
        return self.chip_unit * 2 if self.scheme == "no_commission" else self.chip_unit

    @property
    def config(self) -> dict:
        config: dict = {"casino": CASINO, "currency": "MOP", "decks": self.decks,
                        "commission_scheme": self.scheme, "burn_method": self.burn_method}
        if self.burn_count is not None:
            config["burn_count"] = self.burn_count
        config |= {"chip_unit": str(self.chip_unit), "min_bet": str(self.min_bet), "max_bet": str(self.max_bet)}
        if self.max_difference is not None:
            config["max_difference"] = str(self.max_difference)
        config |= {"auto_shuffler": self.auto_shuffler, "seats": self.seats}
        if self.lucky6:
            config["bets_allowed"] = ",".join(BET_TYPES + ("lucky6",))
        if self.log_after_cut:
            config["coups_after_cut_card"] = self.coups_after_cut_card
        return config


def make_table(index: int, rng: random.Random, *, decks: int | None = None, seats: int | None = None) -> Table:
    """Table number ``index`` (0-based). Every fourth table has no commission, the third of every four an
    automatic shuffler-dealer, the fourth of every four the Lucky 6 bet, every other one an art. 14 limit; the rest
    is drawn from ``rng``."""
    auto = index % 4 == 2
    burn_method = "none" if auto else rng.choice(("decks", "face_value", "fixed"))
    min_bet = Decimal(rng.choice((100, 300, 500, 1000)))
    max_bet = min_bet * rng.choice((100, 200))
    after_cut = rng.choice((1, 1, 1, 0))
    return Table(
        table_id=f"B{index + 1:02d}",
        decks=decks if decks is not None else rng.choice((6, 8, 8)),
        seats=seats if seats is not None else rng.choice((7, 7, 7, 8, 9)),
        scheme="no_commission" if index % 4 == 1 else "standard",
        chip_unit=Decimal(rng.choice(("1", "1", "5", "0.5"))),
        min_bet=min_bet,
        max_bet=max_bet,
        max_difference=max_bet // rng.choice((1, 2)) if index % 2 == 0 else None,
        auto_shuffler=auto,
        burn_method=burn_method,
        burn_count=rng.randint(1, 8) if burn_method == "fixed" else None,
        coups_after_cut_card=after_cut,
        log_after_cut=after_cut == 0 or rng.random() < 0.5,
        squeeze=not auto and rng.random() < 0.4,
        lucky6=index % 4 == 3,
    )


class Patrons:
    """Seated players come and go; standing players bet on the spots of empty seats (art. 15)."""

    def __init__(self, table: Table, rng: random.Random) -> None:
        self.table = table
        self.rng = rng
        self.count = 0
        self.seated: list[str | None] = [self.new() if rng.random() < 0.6 else None for _ in range(table.seats)]
        self.standing = [self.new() for _ in range(5)]

    def new(self) -> str:
        self.count += 1
        return f"{self.table.table_id}-P{self.count:03d}"

    def move(self) -> None:
        """Between coups a seated player may leave and an empty seat may be taken."""
        rng, seated = self.rng, self.seated
        for i, player in enumerate(seated):
            if player is None:
                if rng.random() < 0.04:
                    seated[i] = self.new()
            elif rng.random() < 0.03:
                seated[i] = None
        if rng.random() < 0.02:
            self.standing[rng.randrange(len(self.standing))] = self.new()

    def bets(self) -> list[Bet]:
        """The bets of one coup: 1 to 7 bettors, seated ones on their own spot, standing ones on empty spots."""
        rng = self.rng
        bettors = [(player, seat, False) for seat, player in enumerate(self.seated, 1)
                   if player is not None and rng.random() < 0.85]
        empty = [seat for seat, player in enumerate(self.seated, 1) if player is None]
        n_standing = min(rng.choice((0, 0, 0, 1, 1, 2, 3)), len(empty), len(self.standing))
        if not bettors and not n_standing:
            n_standing = min(1, len(empty))
            if not n_standing:
                seat = rng.randrange(self.table.seats)
                bettors = [(present(self.seated[seat], "the player of a seat at a full table"), seat + 1, False)]
        if n_standing:
            spots = rng.sample(empty, n_standing)
            bettors += [(player, spot, True) for player, spot in zip(rng.sample(self.standing, n_standing), spots)]
        bets: list[Bet] = []
        difference = Decimal(0)  # sum of Banker stakes minus sum of Player stakes (art. 14)
        for player, spot, standing in bettors[:MAX_BETTORS]:
            main = rng.random()
            main_type = "banker" if main < 0.5 else "player" if main < 0.93 else None
            offered = SIDE_BETS + (LUCKY6,) if self.table.lucky6 else SIDE_BETS
            sides = [bet_type for bet_type, p in offered if rng.random() < p]
            if main_type:
                amount = self.main_stake(main_type, difference)
                if amount:
                    bets.append(Bet(player, spot, standing, main_type, amount))
                    difference += amount if main_type == "banker" else -amount
            if not sides and (not bets or bets[-1].player != player):
                sides = ["tie"]
            bets += [Bet(player, spot, standing, bet_type, self.side_stake()) for bet_type in sides]
        return bets

    def main_stake(self, bet_type: str, difference: Decimal) -> Decimal | None:
        """A Player or Banker stake, within the table limits and the art. 14 difference; ``None``: no room."""
        table, rng = self.table, self.rng
        step = table.banker_step if bet_type == "banker" else table.chip_unit
        amount = table.min_bet * rng.choice((1, 1, 1, 2, 2, 3, 5, 10, 20, 50))
        if rng.random() < 0.3:  # odd amounts exercise the rounding of the commission
            amount += table.chip_unit * rng.randrange(1, 40)
        amount = min(amount, table.max_bet)
        if table.max_difference is not None:
            room = table.max_difference - (difference if bet_type == "banker" else -difference)
            amount = min(amount, room)
        amount = (amount / step).to_integral_value(ROUND_FLOOR) * step
        return amount if amount >= table.min_bet else None

    def side_stake(self) -> Decimal:
        return self.table.min_bet / 10 * self.rng.choice((1, 2, 5, 10, 20))
