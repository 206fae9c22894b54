"""A simulated five-card stud table: its class, its configuration (the ``table_open`` config) and its rake.

* Art. 6: the ante is 20 or 100 patacas; with it go the minimum buy-in (2,000 or 5,000) and the stack below which
  a player must top up after the hand (500 or 1,000).
* Art. 3: at most seven seats (the authentic Portuguese text); every hand is dealt to 2 to 7 players.
* Art. 9 as amended by Portaria n.º 118/89/M: the house takes 4% of the rake base, rounded down to the chip unit.

Money is held as whole patacas, every amount a multiple of the table's chip unit, and written as decimal strings."""

from __future__ import annotations

import random
from dataclasses import dataclass

from auditor.sim import CASINO

SEATS = 7
RAKE_PERMILLE = 40
CLASSES = {20: (2000, 500), 100: (5000, 1000)}  # ante: (minimum buy-in, top up below this stack)
OCCUPANCY = ((2, 3), (3, 5), (5, 7))  # the players a table usually has, least and most, by table number


@dataclass(frozen=True, slots=True)
class StudTable:
    table_id: str
    ante: int
    chip_unit: int
    target_players: tuple[int, int]
    stakes: int = 0  # the ante whose buy-in and top-up apply, when the ante is none of art. 6 (a planted violation)

    @property
    def buy_in_min(self) -> int:
        return CLASSES[self.stakes or self.ante][0]

    @property
    def top_up_below(self) -> int:
        return CLASSES[self.stakes or self.ante][1]

    def house_rake(self, base: int) -> int:
        """Art. 9: 4% of ``base`` (the called bets of the betting rounds, antes excluded), rounded down."""
        return base * RAKE_PERMILLE // 1000 // self.chip_unit * self.chip_unit

    def down(self, amount: int) -> int:
        """``amount`` rounded down to the chip unit."""
        return amount // self.chip_unit * self.chip_unit

    @property
    def config(self) -> dict:
        return {"casino": CASINO, "currency": "MOP", "ante": str(self.ante), "chip_unit": str(self.chip_unit),
                "seats": SEATS, "rake_rate": f"0.{RAKE_PERMILLE:03d}".rstrip("0")}


def make_table(index: int, rng: random.Random) -> StudTable:
    """Table number ``index`` (0-based): ante 20 and ante 100 in turn, short-handed to full by thirds."""
    return StudTable(table_id=f"S{index + 1:02d}", ante=(20, 100)[index % 2], chip_unit=rng.choice((5, 10)),
                     target_players=OCCUPANCY[index % 3])
