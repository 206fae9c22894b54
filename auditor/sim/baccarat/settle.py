"""Correct settlement of a bet from the cards (arts. 12, 13, 17 and 18)."""

from __future__ import annotations

from decimal import ROUND_FLOOR, Decimal

from auditor.sim.baccarat.table import Bet, Table
from auditor.sim.baccarat.tableau import Dealing

COMMISSION_RATE = Decimal("0.05")  # art. 18(1)
ODDS = {"player": 1, "banker": 1, "tie": 8, "player_pair": 11, "banker_pair": 11}  # art. 17
ZERO = Decimal(0)
_TEXT: dict[Decimal, str] = {}  # the same few hundred amounts recur all day


def money(amount: Decimal) -> str:
    """A money amount as the log writes it: a plain decimal string without trailing zeros ("150", "12.5")."""
    text = _TEXT.get(amount)
    if text is None:
        text = _TEXT[amount] = format(amount.normalize(), "f")
    return text


def commission(stake: Decimal, chip_unit: Decimal) -> Decimal:
    """Art. 18(1): 5% of the Banker winnings, rounded down to the chip unit (docs/readings.md, Money)."""
    return (stake * COMMISSION_RATE / chip_unit).to_integral_value(ROUND_FLOOR) * chip_unit


def outcome(bet_type: str, dealing: Dealing) -> str:
    """win, lose or push, from the cards alone."""
    winner = dealing.winner
    if bet_type in ("player", "banker"):
        return "push" if winner == "tie" else "win" if winner == bet_type else "lose"  # art. 12
    if bet_type == "tie":
        return "win" if winner == "tie" else "lose"
    if bet_type == "player_pair":
        return "win" if dealing.player_pair else "lose"  # art. 13(4)
    if bet_type == "banker_pair":
        return "win" if dealing.banker_pair else "lose"
    if bet_type == "lucky6":  # n.º 56/2018: Banker wins with 6
        return "win" if winner == "banker" and dealing.banker_total == 6 else "lose"
    raise ValueError(f"unknown bet type {bet_type!r}")


def settle(bet: Bet, dealing: Dealing, table: Table) -> tuple[str, Decimal, Decimal]:
    """(result, payout, commission) of ``bet``: payout is the winnings at the bet's odds, paid on top of the returned
    stake, before the commission (collected apart)."""
    result = outcome(bet.bet_type, dealing)
    if result != "win":
        return result, ZERO, ZERO
    if bet.bet_type == "lucky6":  # art. 17(5), n.º 56/2018: 12:1 with two cards, 20:1 with three
        return result, bet.amount * (12 if len(dealing.banker) == 2 else 20), ZERO
    if bet.bet_type != "banker":
        return result, bet.amount * ODDS[bet.bet_type], ZERO
    if table.scheme == "standard":
        return result, bet.amount, commission(bet.amount, table.chip_unit)
    if dealing.banker_total == 6:  # art. 18(2), n.º 73/2005: a Banker win with 6 pays 1:2
        return result, bet.amount / 2, ZERO
    return result, bet.amount, ZERO
