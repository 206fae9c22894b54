"""Plants that change what comes out of the shoe (arts. 1, 4, 6, 7, 8, 9, 10).

Each plant returns ``None`` and changes nothing when the coup does not fit it. Cards always come out of the shoe in
order, and the coup is settled on the cards actually dealt, so that only the intended rules break. A coup whose
cards break art. 7(1) or 9 and that is settled without a ``correction`` also breaks BAC-10.1 (art. 10); each card
breach is one rule of docs/baccarat-checks.md (a fourth card is BAC-7.2 only, B3 before P3 BAC-9.1 only)."""

from __future__ import annotations

from auditor.sim.baccarat.coup import Coup, PlantContext
from auditor.sim.baccarat.shoe import VALUE
from auditor.sim.baccarat.tableau import BANKER_DRAWS_ON, Dealing, DealPlan, banker_draws
from auditor.sim.inject import Planted

UNCORRECTED = ("BAC-10.1",)


def _redeal(coup: Coup, ctx: PlantContext, plan: DealPlan) -> Dealing | None:
    dealing = ctx.deal(plan)
    if dealing is not None:
        coup.dealing = dealing
    return dealing


def _deals(dealing: Dealing) -> int:
    return sum(1 for step in dealing.steps if step[0] == "deal")


def bac_1_2(coup: Coup, ctx: PlantContext) -> Planted | None:
    """Art. 1(1): a card the shoe has already shown ``decks`` times is burned once more before P1. Not at an
    automatic shuffler-dealer, whose cards return to the machine after each coup (art. 7(2))."""
    full = ctx.shoe.full_cards()
    if not full or ctx.table.auto_shuffler:
        return None
    coup.phantom_burn = ctx.rng.choice(full)
    return Planted(("burn", 0), f"{coup.phantom_burn} shown {ctx.shoe.decks + 1} times in a {ctx.shoe.decks}-deck shoe")


def bac_4_1(coup: Coup, ctx: PlantContext) -> Planted | None:
    """Art. 4: a card comes out face up and the coup is voided instead of continuing."""
    coup.dealing = Dealing([("exposed",)], [], [], 1)
    coup.void = "card exposed"
    return Planted(("void", 0), "coup voided after a card came out face up")


def bac_6_1(coup: Coup, ctx: PlantContext) -> Planted | None:
    """Art. 6: one more card, dealt last to a third place; the Player and Banker hands stay as the tableau wants."""
    dealing = _redeal(coup, ctx, DealPlan(stray_to="dealer"))
    if dealing is None:
        return None
    return Planted(("deal", _deals(dealing) - 1), "one card dealt to 'dealer'")


def bac_7_1(coup: Coup, ctx: PlantContext) -> Planted | None:
    """Art. 7(1): the Player's two cards dealt before the Banker's (the tableau follows the hands dealt)."""
    if _redeal(coup, ctx, DealPlan(first_four=("player", "player", "banker", "banker"))) is None:
        return None
    return Planted(("deal", 1), "dealing order P, P, B, B", UNCORRECTED)


def bac_7_2(coup: Coup, ctx: PlantContext) -> Planted | None:
    """Arts. 7 and 9: the Player gets a fourth card (BAC-7.2 covers a second additional card), of value 0 so that
    the totals are the same whether or not the fourth card is counted."""
    dealing = ctx.deal(DealPlan(extra_player_card=True))
    if dealing is None or len(dealing.player) != 4 or VALUE[dealing.player[3]] != 0:
        return None
    coup.dealing = dealing
    return Planted(("deal", _deals(dealing) - 1), f"fourth Player card {dealing.player[3]}", UNCORRECTED)


def bac_7_3(coup: Coup, ctx: PlantContext) -> Planted | None:
    """Art. 7(2): a card dealt face down by an automatic shuffler-dealer (the cards themselves are right, so
    art. 10 has nothing to correct)."""
    if not ctx.table.auto_shuffler:
        return None
    n = ctx.rng.randint(1, 4)
    if _redeal(coup, ctx, DealPlan(face_down_at=n)) is None:
        return None
    return Planted(("deal", n - 1), f"card {n} dealt face down")


def bac_8_1(coup: Coup, ctx: PlantContext) -> Planted | None:
    """Art. 8: a card burned after the first card of the coup was dealt."""
    n = ctx.rng.randint(1, 3)
    if _redeal(coup, ctx, DealPlan(burn_after=n)) is None:
        return None
    return Planted(("burn", 0), f"card burned after deal {n}")


def bac_9_1(coup: Coup, ctx: PlantContext) -> Planted | None:
    """Art. 9: B3 dealt before P3, both due under the tableau whichever of them is read as "the Player's card"."""
    clean = coup.dealing
    if clean.natural or clean.player2 > 5:
        return None
    dealing = ctx.deal(DealPlan(player_draws=True, banker_draws=True, banker_third_first=True))
    draws_on = BANKER_DRAWS_ON[clean.banker2]
    if dealing is None or not {VALUE[dealing.player[2]], VALUE[dealing.banker[2]]} <= draws_on:
        return None
    coup.dealing = dealing
    return Planted(("deal", 4), "Banker's third card dealt before the Player's", UNCORRECTED)


def bac_9_2(coup: Coup, ctx: PlantContext) -> Planted | None:
    """Art. 9(2): the Player has a natural and the Banker (0-5) still draws."""
    clean = coup.dealing
    if clean.player2 < 8 or clean.banker2 > 5 or _redeal(coup, ctx, DealPlan(banker_draws=True)) is None:
        return None
    return Planted(("deal", 4), f"Banker draws on {clean.banker2} against a Player natural {clean.player2}",
                   UNCORRECTED)


def bac_9_3(coup: Coup, ctx: PlantContext) -> Planted | None:
    """Art. 9(1)/(2): the Player stands on 0-5 or draws on 6-7; the Banker acts so that art. 9(3) agrees under
    either reading (as after a Player who stood, and by the table)."""
    clean = coup.dealing
    if clean.natural:
        return None
    banker_rule = clean.banker2 <= 5
    dealing = ctx.deal(DealPlan(player_draws=clean.player2 > 5, banker_draws=banker_rule))
    if dealing is None:
        return None
    if clean.player2 > 5 and banker_draws(clean.banker2, dealing.player[2]) != banker_rule:
        return None
    coup.dealing = dealing
    verb = "draws" if clean.player2 > 5 else "stands"
    return Planted(("deal", 4 if clean.player2 > 5 else 3), f"Player {verb} on {clean.player2}", UNCORRECTED)


def bac_9_4(coup: Coup, ctx: PlantContext) -> Planted | None:
    """Art. 9(3)(6)/(4)(4): the Player stood on 6-7 and the Banker draws on 6-7 or stands on 0-5."""
    clean = coup.dealing
    if clean.natural or clean.player2 <= 5:
        return None
    if _redeal(coup, ctx, DealPlan(banker_draws=clean.banker2 > 5)) is None:
        return None
    verb = "draws" if clean.banker2 > 5 else "stands"
    return Planted(("deal", 4 if clean.banker2 > 5 else 3), f"Banker {verb} on {clean.banker2}", UNCORRECTED)


def bac_9_5(coup: Coup, ctx: PlantContext) -> Planted | None:
    """Art. 9(3)/(4): the Player drew and the Banker does the opposite of the table."""
    clean = coup.dealing
    if clean.natural or clean.player2 > 5:
        return None
    due = banker_draws(clean.banker2, clean.player[2])
    if _redeal(coup, ctx, DealPlan(banker_draws=not due)) is None:
        return None
    verb = "stands" if due else "draws"
    return Planted(("deal", 4), f"Banker {verb} on {clean.banker2} after a Player card {clean.player[2]}",
                   UNCORRECTED)


def bac_10_1(coup: Coup, ctx: PlantContext) -> Planted | None:
    """Art. 10: a voided coup keeps one stake (settled ``lose``) instead of refunding it."""
    main = [i for i, bet in enumerate(coup.bets) if bet.bet_type in ("player", "banker", "tie")]
    if not main:
        return None
    i = ctx.rng.choice(main)
    coup.dealing = Dealing([], [], [], 0)
    coup.void = "misdeal"
    coup.settle_edits[i] = {"result": "lose", "refunded": None}
    return Planted(("settle", i), "voided coup, one bet settled lose instead of refund")


PLANTS = {
    "BAC-1.2": bac_1_2, "BAC-4.1": bac_4_1, "BAC-6.1": bac_6_1, "BAC-7.1": bac_7_1, "BAC-7.2": bac_7_2,
    "BAC-7.3": bac_7_3, "BAC-8.1": bac_8_1, "BAC-9.1": bac_9_1, "BAC-9.2": bac_9_2, "BAC-9.3": bac_9_3,
    "BAC-9.4": bac_9_4, "BAC-9.5": bac_9_5, "BAC-10.1": bac_10_1,
}
