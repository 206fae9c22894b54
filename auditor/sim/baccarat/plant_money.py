"""Plants that change bets, the declared result or settlements (arts. 11-18); the cards stay as dealt.

A changed payout leaves the commission alone and the other way round, so that one rule breaks: the auditor reports
each settlement breach once, under the bet's expected situation (docs/baccarat-checks.md)."""

from __future__ import annotations

from decimal import ROUND_CEILING, Decimal

from auditor.sim.baccarat.coup import Coup, PlantContext
from auditor.sim.baccarat.settle import commission, money, outcome
from auditor.sim.baccarat.table import Bet
from auditor.sim.inject import Planted

PAIRS = ("player_pair", "banker_pair")


def _pick(coup: Coup, ctx: PlantContext, bet_types: tuple[str, ...], result: str) -> int | None:
    """A random bet of one of ``bet_types`` whose cards give ``result``."""
    found = [i for i, bet in enumerate(coup.bets)
             if bet.bet_type in bet_types and outcome(bet.bet_type, coup.dealing) == result]
    return ctx.rng.choice(found) if found else None


def _edit(coup: Coup, i: int, note: str, **fields: str | None) -> Planted:
    coup.settle_edits[i] = fields
    return Planted(("settle", i), note)


def bac_11_1(coup: Coup, ctx: PlantContext) -> Planted | None:
    """Art. 11: the croupier declares a winner the cards do not give; settlements follow the cards."""
    winner = coup.dealing.winner
    coup.declared = ctx.rng.choice([w for w in ("player", "banker", "tie") if w != winner])
    return Planted(("result", 0), f"declared {coup.declared}, the cards give {winner}")


def bac_12_1(coup: Coup, ctx: PlantContext) -> Planted | None:
    """Art. 12: on a tie a Player or Banker bet is collected instead of pushed."""
    i = _pick(coup, ctx, ("player", "banker"), "push")
    return None if i is None else _edit(coup, i, "tied Player/Banker bet settled lose", result="lose")


def bac_13_1(coup: Coup, ctx: PlantContext) -> Planted | None:
    """Art. 13: a Lucky 6 bet on a table that does not authorise it (settled as lost: the Banker did not win with 6)."""
    if ctx.table.lucky6 or outcome("lucky6", coup.dealing) == "win":
        return None
    bettor = ctx.rng.choice(coup.bets)
    stake = ctx.table.min_bet / 10 * ctx.rng.choice((1, 2, 5))
    coup.bets.append(Bet(bettor.player, bettor.spot, bettor.standing, "lucky6", stake))
    return Planted(("bet", len(coup.bets) - 1), "lucky6 bet, not in bets_allowed")


def bac_13_2(coup: Coup, ctx: PlantContext) -> Planted | None:
    """Art. 13(4): a pair bet paid 11:1 although the two cards differ in rank."""
    i = _pick(coup, ctx, PAIRS, "lose")
    if i is None:
        return None
    return _edit(coup, i, "pair bet won without a pair", result="win", payout=money(coup.bets[i].amount * 11))


def bac_13_3(coup: Coup, ctx: PlantContext) -> Planted | None:
    """Art. 13: a pair bet pushed as if it followed the Player/Banker/Tie result."""
    i = _pick(coup, ctx, PAIRS, "lose")
    return None if i is None else _edit(coup, i, "pair bet settled push", result="push")


def bac_14_1(coup: Coup, ctx: PlantContext) -> Planted | None:
    """Art. 14: one Player or Banker stake raised until |Banker - Player| exceeds the table's limit."""
    limit = ctx.table.max_difference
    main = [i for i, bet in enumerate(coup.bets) if bet.bet_type in ("player", "banker")]
    if limit is None or not main:
        return None
    i = ctx.rng.choice(main)
    bet = coup.bets[i]
    difference = sum((b.amount if b.bet_type == "banker" else -b.amount for b in coup.bets
                      if b.bet_type in ("player", "banker")), Decimal(0))
    toward = difference if bet.bet_type == "banker" else -difference
    step = ctx.table.banker_step
    raise_by = ((limit - toward) / step).to_integral_value(ROUND_CEILING) * step + step
    coup.bets[i] = Bet(bet.player, bet.spot, bet.standing, bet.bet_type, bet.amount + raise_by)
    return Planted(("bet", i), f"|Banker - Player| = {money(abs(toward + raise_by))} > {money(limit)}")


def bac_15_1(coup: Coup, ctx: PlantContext) -> Planted | None:
    """Art. 15: a standing player bets on the spot of a seated player who bets in the same coup."""
    spots = sorted({bet.spot for bet in coup.bets if not bet.standing})
    betting = {bet.player for bet in coup.bets}
    idle = [player for player in ctx.patrons.standing if player not in betting]
    if not spots or not idle:
        return None
    spot = ctx.rng.choice(spots)
    coup.bets.append(Bet(ctx.rng.choice(idle), spot, True, "tie", ctx.table.min_bet / 10))
    return Planted(("bet", len(coup.bets) - 1), f"standing player on seated spot {spot}")


def bac_16_1(coup: Coup, ctx: PlantContext) -> Planted | None:
    """Art. 16(2): the cards are handled by a seated player who does not have the largest stake."""
    stakes = coup.seated_stakes()
    smaller = sorted(player for player, stake in stakes.items() if stake < max(stakes.values()))
    if not smaller:
        return None
    coup.handler = ctx.rng.choice(smaller)
    return Planted(("card_handler", 0), f"handler {coup.handler} is not the largest seated stake")


def bac_17_1(coup: Coup, ctx: PlantContext) -> Planted | None:
    """Art. 17(1): a winning Player bet paid as if it were a Banker bet (less 5%)."""
    i = _pick(coup, ctx, ("player",), "win")
    return None if i is None else _edit(coup, i, "winning Player bet paid less than 1:1", payout=_short(coup, ctx, i))


def bac_17_2(coup: Coup, ctx: PlantContext) -> Planted | None:
    """Art. 17(1): a winning Banker bet paid with the commission also taken off the payout (standard table)."""
    i = _pick(coup, ctx, ("banker",), "win") if ctx.table.scheme == "standard" else None
    return None if i is None else _edit(coup, i, "winning Banker bet paid less than 1:1", payout=_short(coup, ctx, i))


def bac_17_3(coup: Coup, ctx: PlantContext) -> Planted | None:
    """Art. 17(2): a winning tie bet paid 7:1."""
    i = _pick(coup, ctx, ("tie",), "win")
    return None if i is None else _edit(coup, i, "tie bet paid 7:1", payout=money(coup.bets[i].amount * 7))


def bac_17_4(coup: Coup, ctx: PlantContext) -> Planted | None:
    """Art. 17(3): a winning pair bet paid 8:1."""
    i = _pick(coup, ctx, PAIRS, "win")
    return None if i is None else _edit(coup, i, "pair bet paid 8:1", payout=money(coup.bets[i].amount * 8))


def bac_17_5(coup: Coup, ctx: PlantContext) -> Planted | None:
    """Art. 17: a losing Player or tie bet settled ``lose`` but paid its stake."""
    i = _pick(coup, ctx, ("player", "tie"), "lose")
    return None if i is None else _edit(coup, i, "losing bet paid", payout=money(coup.bets[i].amount))


def bac_17_7(coup: Coup, ctx: PlantContext) -> Planted | None:
    """Art. 17(5), n.º 56/2018: a winning Lucky 6 bet paid at the other hand's ratio (20:1 for two Banker cards,
    12:1 for three)."""
    i = _pick(coup, ctx, ("lucky6",), "win")
    if i is None:
        return None
    ratio = 20 if len(coup.dealing.banker) == 2 else 12
    return _edit(coup, i, f"Lucky 6 paid {ratio}:1", payout=money(coup.bets[i].amount * ratio))


def bac_18_1(coup: Coup, ctx: PlantContext) -> Planted | None:
    """Art. 18(1): one chip more commission than 5% rounded down (over-collection)."""
    unit = ctx.table.chip_unit
    i = _pick(coup, ctx, ("banker",), "win") if ctx.table.scheme == "standard" else None
    if i is None:
        return None
    taken = commission(coup.bets[i].amount, unit) + unit
    return _edit(coup, i, "commission over-collected by one chip", commission=money(taken))


def bac_18_2(coup: Coup, ctx: PlantContext) -> Planted | None:
    """Art. 18: a commission taken on a winning Player bet."""
    unit = ctx.table.chip_unit
    i = _pick(coup, ctx, ("player",), "win")
    if i is None:
        return None
    taken = max(commission(coup.bets[i].amount, unit), unit)
    return _edit(coup, i, "commission on a Player win", commission=money(taken))


def bac_18_3(coup: Coup, ctx: PlantContext) -> Planted | None:
    """Art. 18(2): on a no-commission table, a Banker win with 6 paid 1:1, or another Banker win paid 1:2."""
    i = _pick(coup, ctx, ("banker",), "win") if ctx.table.scheme == "no_commission" else None
    if i is None:
        return None
    stake = coup.bets[i].amount
    six = coup.dealing.banker_total == 6
    return _edit(coup, i, "Banker win with 6 paid 1:1" if six else "Banker win paid 1:2",
                 payout=money(stake if six else stake / 2))


def _short(coup: Coup, ctx: PlantContext, i: int) -> str:
    """1:1 less 5% (at least one chip)."""
    stake = coup.bets[i].amount
    return money(stake - max(commission(stake, ctx.table.chip_unit), ctx.table.chip_unit))


PLANTS = {
    "BAC-11.1": bac_11_1, "BAC-12.1": bac_12_1, "BAC-13.1": bac_13_1, "BAC-13.2": bac_13_2, "BAC-13.3": bac_13_3,
    "BAC-14.1": bac_14_1, "BAC-15.1": bac_15_1, "BAC-16.1": bac_16_1, "BAC-17.1": bac_17_1, "BAC-17.2": bac_17_2,
    "BAC-17.3": bac_17_3, "BAC-17.4": bac_17_4, "BAC-17.5": bac_17_5, "BAC-17.7": bac_17_7, "BAC-18.1": bac_18_1,
    "BAC-18.2": bac_18_2, "BAC-18.3": bac_18_3,
}
