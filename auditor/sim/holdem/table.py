"""A simulated hold'em table: its configuration (the ``table_open`` config) and the players who come and go.

Money is held as whole numbers of the table's currency (``chip_unit`` is 1 or 5), so every amount the simulator
computes is exact and is written as a decimal string."""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from auditor.sim import CASINO

SEATS = 10  # art. 2(1): ten player seats
SHORT_STACK_BIG_BLINDS = 3  # no-limit: a player never keeps fewer chips than this behind (he moves all in)
BLINDS = ((25, 50), (50, 100), (100, 200), (250, 500), (500, 1000))
TOURNAMENT_STACK_BIG_BLINDS = 100


@dataclass(frozen=True)
class HoldemTable:
    """What the simulator needs of a table; ``config`` is what the log declares."""

    table_id: str
    betting: str  # no_limit | fixed_limit
    small_blind: int
    big_blind: int
    chip_unit: int
    rake_permille: int | None  # art. 16: 30..50 (None: a tournament, no rake)
    small_bet: int | None  # fixed limit, rounds 1-2 (art. 11(2))
    big_bet: int | None  # fixed limit, rounds 3-4
    blind_limits: bool  # art. 4(3): the table posts min_blind and max_blind
    tournament: bool
    auto_shuffler: bool
    target_players: tuple[int, int]  # the table's usual occupancy, least and most

    @property
    def no_limit(self) -> bool:
        return self.betting == "no_limit"

    def unit(self, street: int) -> int:
        """Fixed limit, art. 11(2): the bet of rounds 1-2 and of rounds 3-4 (``street`` 0..3)."""
        return (self.small_bet or self.small_blind) if street < 2 else (self.big_bet or self.big_blind)

    def rake(self, pot: int) -> int:
        """Art. 16 (docs/readings.md): rate × pot, rounded down to the chip unit, at most five big blinds."""
        if self.rake_permille is None:
            return 0
        return min(pot * self.rake_permille // 1000 // self.chip_unit * self.chip_unit, 5 * self.big_blind)

    @property
    def config(self) -> dict:
        config: dict = {"casino": CASINO, "currency": "MOP", "betting": self.betting,
                        "small_blind": str(self.small_blind), "big_blind": str(self.big_blind)}
        if self.small_bet is not None:
            config |= {"small_bet": str(self.small_bet), "big_bet": str(self.big_bet)}
        if self.blind_limits:
            config |= {"min_blind": str(self.small_blind), "max_blind": str(self.big_blind)}
        config |= {"chip_unit": str(self.chip_unit), "seats": SEATS}
        if self.rake_permille is not None:
            config["rake_rate"] = f"0.{self.rake_permille:03d}".rstrip("0")
        if self.tournament:
            config["tournament"] = True
        config["auto_shuffler"] = self.auto_shuffler
        return config


def make_table(index: int, rng: random.Random) -> HoldemTable:
    """Table number ``index`` (0-based). Of every four: two no-limit cash tables (the second one short-handed,
    often heads-up), a fixed-limit cash table and a no-limit tournament table; the rest is drawn from ``rng``."""
    kind = index % 4
    small_blind, big_blind = rng.choice(BLINDS)
    unit = rng.choice((1, 5)) if small_blind % 5 == 0 else 1
    fixed = kind == 2
    return HoldemTable(
        table_id=f"H{index + 1:02d}",
        betting="fixed_limit" if fixed else "no_limit",
        small_blind=small_blind,
        big_blind=big_blind,
        chip_unit=unit,
        rake_permille=None if kind == 3 else rng.choice((30, 35, 40, 45, 50)),
        # Art. 11(2) (docs/readings.md): the table declares its units; these tables use the usual big blind and two.
        small_bet=big_blind if fixed else None,
        big_bet=2 * big_blind if fixed else None,
        blind_limits=kind != 3 or rng.random() < 0.5,
        tournament=kind == 3,
        auto_shuffler=rng.random() < 0.25,
        target_players=(2, 4) if kind == 1 else (4, 9) if kind == 2 else (5, 10),
    )


@dataclass(slots=True)
class Player:
    player: str
    stack: int
    loose: float  # how readily he plays a hand, 0..1
    aggressive: float  # how readily he bets and raises, 0..1


@dataclass
class Players:
    """The seats of one table between hands: cash players join, leave, rebuy; tournament players bust out and new
    ones are moved in from other tables."""

    table: HoldemTable
    rng: random.Random
    seats: dict[int, Player] = field(default_factory=dict)
    count: int = 0

    def __post_init__(self) -> None:
        low, high = self.table.target_players
        for seat in sorted(self.rng.sample(range(1, SEATS + 1), self.rng.randint(low, high))):
            self.seats[seat] = self.new()

    def new(self) -> Player:
        self.count += 1
        rng, table = self.rng, self.table
        if table.tournament:
            stack = TOURNAMENT_STACK_BIG_BLINDS * table.big_blind
        else:
            stack = self.buy_in()
        return Player(f"{table.table_id}-P{self.count:04d}", stack, rng.random(), rng.random())

    def buy_in(self) -> int:
        """Cash tables: 40 to 200 big blinds at no limit, 15 to 40 at fixed limit, in whole chips."""
        table = self.table
        low, high = (40, 200) if table.no_limit else (15, 40)
        units = self.rng.randint(low * table.big_blind, high * table.big_blind) // table.chip_unit
        return units * table.chip_unit

    def minimum(self) -> int:
        """Below this a cash player tops up (or leaves) before the next hand."""
        return (20 if self.table.no_limit else 10) * self.table.big_blind

    def between_hands(self) -> None:
        """Players leave, sit down and top up; there are always at least two."""
        rng, table, seats = self.rng, self.table, self.seats
        for seat, player in sorted(seats.items()):
            if player.stack == 0 and table.tournament:
                del seats[seat]  # busted out of the tournament
            elif not table.tournament and (player.stack < self.minimum() or rng.random() < 0.015):
                if player.stack < self.minimum() and rng.random() < 0.6:
                    player.stack = max(player.stack, self.buy_in())
                else:
                    del seats[seat]
        low, high = table.target_players
        empty = [seat for seat in range(1, SEATS + 1) if seat not in seats]
        joining = len(seats) < low or (len(seats) < high and rng.random() < 0.08)
        if empty and (joining or len(seats) < 2):
            seats[rng.choice(empty)] = self.new()
        while len(seats) < 2:
            seats[rng.choice([s for s in range(1, SEATS + 1) if s not in seats])] = self.new()
