"""Baccarat logs built by hand (``baccarat_logs.py``), not by the simulator: cases at the edges of the text, each with
the findings the articles require (by rule; none for a lawful coup), all audited at once (``hand_built.py``); and
the tableau of art. 9 at every total, from the article's words."""

from __future__ import annotations

from functools import partial

from baccarat_logs import PLAYER_NATURAL, Coup, Table, card
from hand_built import Case, audit_cases, findings_tests

CASES: list[Case] = []


def case(id: str, build, found: list[str], **params: str) -> None:
    CASES.append(Case(id, build, sorted(found), params={f"baccarat.{k}": v for k, v in params.items()}))


BANKER_SIX_TWO = ["P:Ks", "B:4d", "P:5h", "B:2c", "P:Tc"]  # Player 5 draws a 0; Banker stands on 6 and wins
BANKER_SIX_THREE = ["P:Ks", "B:3d", "P:2h", "B:Kc", "P:Kd", "B:3c"]  # Player 2 draws a 0; Banker 3 draws to 6
BANKER_SEVEN = ["P:Ks", "B:4d", "P:5h", "B:3c", "P:Tc"]  # Player 5 draws a 0; Banker stands on 7 and wins
TIE_SIX = ["P:Ks", "B:4d", "P:6h", "B:2c"]  # 6 - 6, both stand


def _coup(bets: list[tuple], deals: list[str], result: str, settles: list[tuple], table_id: str,
          **config: object) -> list[dict]:
    """One coup of a fresh shoe: ``bets`` (bet_type, amount[, player, spot]), ``deals``, the result declared and
    ``settles`` (bet_type, result, payout[, commission, player, spot])."""
    t = Table(table_id, **config)
    t.shoe()
    c = t.coup()
    for b in bets:
        c.bet(*b)
    c.deal(*deals)
    c.result(result)
    for s in settles:
        c.settle(*s)
    c.end()
    return t.rows


# ---------------------------------------------------------------------------------------------------------------
# Art. 18(1) (n.º 73/2005): "uma comissão de 5% … sobre o montante dos ganhos", rounded down to the chip unit
# (docs/readings.md): more is a violation, less a warning. Art. 18(2): no commission, but a Banker win with 6 pays
# 50% of the stake (rounded down). Art. 12: a tie pushes Player and Banker bets; art. 17(2): a tie bet pays 8 to 1.

case("commission-5pc-of-110", partial(_coup, [("banker", 110)], BANKER_SIX_TWO, "banker",
                                      [("banker", "win", 110, 5)]), [])  # 5.5, rounded down to the chip of 5
case("commission-5.5", partial(_coup, [("banker", 110)], BANKER_SIX_TWO, "banker",
                               [("banker", "win", 110, "5.5")]), ["BAC-18.1"])
case("commission-rounded-up", partial(_coup, [("banker", 110)], BANKER_SIX_TWO, "banker",
                                      [("banker", "win", 110, 10)]), ["BAC-18.1"])
case("commission-none-on-30", partial(_coup, [("banker", 30)], BANKER_SIX_TWO, "banker",
                                      [("banker", "win", 30, 0)]), [])  # 1.5: no whole chip
case("commission-unit-1", partial(_coup, [("banker", 30)], BANKER_SIX_TWO, "banker",
                                  [("banker", "win", 30, 1)], chip_unit="1"), [])
case("commission-under", partial(_coup, [("banker", 110)], BANKER_SIX_TWO, "banker",
                                 [("banker", "win", 110, 0)]), ["BAC-18.1"])  # a warning
case("no-commission-six", partial(_coup, [("banker", 105)], BANKER_SIX_TWO, "banker", [("banker", "win", 50)],
                                  commission_scheme="no_commission"), [])  # 52.5, rounded down
case("no-commission-six-full", partial(_coup, [("banker", 105)], BANKER_SIX_TWO, "banker", [("banker", "win", 105)],
                                       commission_scheme="no_commission"), ["BAC-18.3"])
case("no-commission-seven", partial(_coup, [("banker", 105)], BANKER_SEVEN, "banker", [("banker", "win", 105)],
                                    commission_scheme="no_commission"), [])
case("no-commission-with-commission", partial(_coup, [("banker", 100)], BANKER_SEVEN, "banker",
                                              [("banker", "win", 100, 5)], commission_scheme="no_commission"),
     ["BAC-18.2"])
case("tie", partial(_coup, [("banker", 100), ("player", 100, "M2", 2), ("tie", 100, "M3", 3)], TIE_SIX, "tie",
                    [("banker", "push", 0), ("player", "push", 0, 0, "M2", 2), ("tie", "win", 800, 0, "M3", 3)]), [])
case("tie-banker-commission", partial(_coup, [("banker", 100)], TIE_SIX, "tie", [("banker", "push", 0, 5)]),
     ["BAC-18.2"])
case("tie-player-lost", partial(_coup, [("player", 100)], TIE_SIX, "tie", [("player", "lose", 0)]), ["BAC-12.1"])
case("tie-pays-9", partial(_coup, [("tie", 100)], TIE_SIX, "tie", [("tie", "win", 900)]), ["BAC-17.3"])

# Art. 13(1)(4)(3) and 17(5) (n.º 56/2018): Lucky 6 wins when the Banker wins with 6, "após ter recebido as duas
# cartas iniciais ou uma carta adicional": 12 to 1 on two cards, 20 to 1 on three.
LUCKY = {"bets_allowed": "player,banker,tie,player_pair,banker_pair,lucky6"}
case("lucky6-two-cards", partial(_coup, [("lucky6", 100)], BANKER_SIX_TWO, "banker", [("lucky6", "win", 1200)],
                                 **LUCKY), [])
case("lucky6-two-cards-at-20", partial(_coup, [("lucky6", 100)], BANKER_SIX_TWO, "banker",
                                       [("lucky6", "win", 2000)], **LUCKY), ["BAC-17.7"])
case("lucky6-three-cards", partial(_coup, [("lucky6", 100)], BANKER_SIX_THREE, "banker", [("lucky6", "win", 2000)],
                                   **LUCKY), [])
case("lucky6-three-cards-at-12", partial(_coup, [("lucky6", 100)], BANKER_SIX_THREE, "banker",
                                         [("lucky6", "win", 1200)], **LUCKY), ["BAC-17.7"])
case("lucky6-banker-seven", partial(_coup, [("lucky6", 100)], BANKER_SEVEN, "banker", [("lucky6", "lose", 0)],
                                    **LUCKY), [])
case("lucky6-six-six-tie", partial(_coup, [("lucky6", 100)], TIE_SIX, "tie", [("lucky6", "lose", 0)], **LUCKY), [])
case("lucky6-not-authorised", partial(_coup, [("lucky6", 100)], BANKER_SIX_TWO, "banker", [("lucky6", "win", 1200)]),
     ["BAC-13.1"])

# Art. 13: "two Jacks form a pair, but a Jack and a Queen do not": the first two cards of that hand, by rank.
case("pair-jacks", partial(_coup, [("player_pair", 100)], ["P:Js", "B:4d", "P:Jh", "B:3c", "P:5c"], "banker",
                           [("player_pair", "win", 1100)]), [])
case("pair-jack-queen", partial(_coup, [("player_pair", 100)], ["P:Js", "B:4d", "P:Qh", "B:3c", "P:5c"], "banker",
                                [("player_pair", "win", 1100)]), ["BAC-13.2"])
case("pair-ten-king", partial(_coup, [("banker_pair", 100)], ["P:4s", "B:Td", "P:Qh", "B:Kc", "P:5c", "B:7d"],
                              "player", [("banker_pair", "lose", 0)]), [])
case("pair-with-third-card", partial(_coup, [("player_pair", 100)], ["P:5s", "B:4d", "P:Qh", "B:3c", "P:5c"],
                                     "banker", [("player_pair", "win", 1100)]), ["BAC-13.2"])
case("pair-pays-12", partial(_coup, [("banker_pair", 100)], ["P:Ks", "B:4d", "P:9h", "B:4c"], "player",
                             [("banker_pair", "win", 1200)]), ["BAC-17.4"])

# ---------------------------------------------------------------------------------------------------------------
# Art. 2(1) (n.º 83/2011): the cut card "antes das últimas doze cartas, aproximadamente" (at least 12 less a
# tolerance of 2); the first set burned: as many as the decks, the face value of the first card (it counts in the
# set; a 0 means 10), or a number from 1 to 8 fixed by the house.


def _shoe(table_id: str, cut: int = 14, burns: list[str | None] | None = None, **config: object) -> list[dict]:
    t = Table(table_id, **config)
    t.shoe(cut=cut, burns=burns)
    _player_natural(t.coup())
    return t.rows


def _player_natural(c: Coup, bets: bool = True, cut_card: bool = False, settle: tuple = ("win", 100)) -> None:
    if bets:
        c.bet("player", 100)
    c.deal(*PLAYER_NATURAL)
    if cut_card:
        c.emit("cut_card", shoe_id=c.shoe_id)
    c.result("player")
    if bets:
        c.settle("player", *settle)
    c.end()


for first, due in (("As", 1), ("9d", 9), ("Td", 10), ("Kc", 10)):
    for burned in (due - 1, due, due + 1):
        if burned >= 1:
            case(f"face-value-{first}-{burned}", partial(_shoe, burns=[first] + [None] * (burned - 1),
                                                         burn_method="face_value"),
                 [] if burned == due else ["BAC-2.2"])
case("face-value-plus-9", partial(_shoe, burns=["9d"] + [None] * 9, burn_method="face_value"), [],
     face_value_burns="first_card_plus")
for burned in (7, 8, 9):
    case(f"decks-8-burns-{burned}", partial(_shoe, burns=[None] * burned), [] if burned == 8 else ["BAC-2.2"])
for fixed, found in ((1, []), (8, []), (9, ["BAC-2.2"])):
    case(f"fixed-{fixed}", partial(_shoe, burns=[None] * fixed, burn_method="fixed", burn_count=fixed), found)
for behind, found in ((9, ["BAC-2.1"]), (10, []), (12, []), (200, [])):
    case(f"cut-{behind}-behind", partial(_shoe, cut=behind), found)

# Art. 3(1): when the cut card comes out, "that coup is the last one, or only one more coup may be played" (the
# table's option). Art. 2(2): at most three demonstration coups, when dealing starts from a new shoe.


DEMO_SETTLES = {"w": ("win", 100, {}), "p": ("push", 0, {}), "r": ("refund", 0, {"refunded": "100"})}


def _coups(kinds: str, table_id: str, **config: object) -> list[dict]:
    """One shoe's coups: ``kinds`` a letter a coup, ``d`` a demonstration coup, ``c`` the coup the cut card comes out
    in, ``n`` any other; ``w``, ``p``, ``r``: a demonstration coup whose bet is settled won, pushed, refunded."""
    t = Table(table_id, **config)
    t.shoe()
    for k in kinds:
        if k in DEMO_SETTLES:
            result, payout, fields = DEMO_SETTLES[k]
            c = t.coup(demo=True)
            c.bet("player", 100)
            c.deal(*PLAYER_NATURAL)
            c.result("player")
            c.settle("player", result, payout, **fields)
            c.end()
        else:
            _player_natural(t.coup(demo=k == "d" or None), bets=k != "d", cut_card=k == "c")
    return t.rows


case("cut-card-one-more", partial(_coups, "ncn"), [])
case("cut-card-two-more", partial(_coups, "ncnn"), ["BAC-3.1"])
case("cut-card-last-coup", partial(_coups, "nc", coups_after_cut_card=0), [])
case("cut-card-last-coup-one-more", partial(_coups, "ncn", coups_after_cut_card=0), ["BAC-3.1"])
case("demos-three", partial(_coups, "dddn"), [])
case("demos-four", partial(_coups, "ddddn"), ["BAC-2.3"])
case("demo-after-a-coup", partial(_coups, "nd"), ["BAC-2.3"])
case("demo-bet-won", partial(_coups, "wn"), ["BAC-2.3"])
case("demo-bet-pushed", partial(_coups, "pn"), [])
case("demo-bet-refunded", partial(_coups, "rn"), [])


# No article forbids a bet after the first card (the text has no "no more bets"; art. 12 lets bets be changed after
# a tie, before the next coup): nothing to report. A bet raised after the first card is judged on all its chips.
def _late_bet(table_id: str, before: int = 0, paid: int | None = None) -> list[dict]:
    t = Table(table_id)
    t.shoe()
    c = t.coup()
    if before:
        c.bet("player", before)
    c.deal(*PLAYER_NATURAL[:1])
    c.bet("player", 100)
    c.deal(*PLAYER_NATURAL[1:])
    c.result("player")
    c.settle("player", "win", 100 + before if paid is None else paid)
    c.end()
    return t.rows


case("bet-after-first-card", _late_bet, [])
case("bet-raised-after-first-card", partial(_late_bet, before=35), [])
case("bet-raised-after-first-card-paid-on-its-first-chips", partial(_late_bet, before=35, paid=35), ["BAC-17.1"])


audited, test_hand_built = findings_tests(CASES, "baccarat")


# ---------------------------------------------------------------------------------------------------------------
# Art. 9, from its words: "(1) Player must draw when his two cards total 1, 2, 3, 4, 5 or 10 [0]. (2) Player does
# not draw when his two cards total 6, 7, 8 or 9, or when the Banker's two cards total 8 or 9. (3) Banker must draw
# (1) on 0-2 whatever the Player's drawn card; (2) on 3, when it is anything but 8; (3) on 4, when it is 2-7; (4) on
# 5, when it is 4-7; (5) on 6, when it is 6 or 7; (6) on 0-5 when the Player did not draw. (4) … does not draw …
# (5) on 7, 8 or 9; (6) when the Player's two cards total 8 or 9."


def _banker_draws(banker: int, third: int | None) -> bool:
    """Art. 9(3)-(4) for a Banker total 0-7 without a natural on either side; ``third``: the value of the Player's
    third card, None when he stood."""
    if third is None:
        return banker <= 5
    return {0: True, 1: True, 2: True, 3: third != 8, 4: 2 <= third <= 7, 5: 4 <= third <= 7,
            6: third in (6, 7)}.get(banker, False)


def _two(total: int, suits: str) -> list[str]:
    """Two cards totalling ``total``."""
    first = (total + 3) % 10
    return [card(first, suits[0]), card((total - first) % 10, suits[1])]


def _tableau() -> tuple[list[dict], dict[str, list[str]]]:
    """Every Player total, Banker total and Player third card, dealt as art. 9 says, then with the Player's draw
    reversed (the Banker following the tableau), then with the Banker's reversed: the coups, and each one's
    findings by the rule of art. 9 it breaks (BAC-10.1, settled without a correction, aside)."""
    t = Table("tableau", auto_shuffler=True, burn_method="none")  # the cards go back to the machine: no card count
    t.emit("shoe_start", shoe_id="S1")
    expected: dict[str, list[str]] = {}
    for player in range(10):
        for banker in range(10):
            natural = player >= 8 or banker >= 8
            for third in [None] if natural or player >= 6 else range(10):
                for variant in ("lawful", "player", "banker"):
                    if variant == "player" and natural:
                        continue
                    draws = not natural and player <= 5
                    value = third
                    if variant == "player":
                        draws, value = not draws, 4 if not draws else None
                    banker_draws = not natural and _banker_draws(banker, value if draws else None)
                    if variant == "banker":
                        banker_draws = not banker_draws
                    c = t.coup()
                    p, b = _two(player, "sh"), _two(banker, "dc")
                    deals = [f"P:{p[0]}", f"B:{b[0]}", f"P:{p[1]}", f"B:{b[1]}"]
                    if draws:
                        deals.append(f"P:{card(4 if value is None else value, 's')}")
                    if banker_draws:
                        deals.append(f"B:{card(5, 'c')}")
                    c.deal(*deals, face="up")
                    final_p = (player + (4 if value is None else value) * draws) % 10
                    final_b = (banker + 5 * banker_draws) % 10
                    c.result("player" if final_p > final_b else "banker" if final_b > final_p else "tie")
                    c.end()
                    expected[c.hand_id] = ([] if variant == "lawful" else ["BAC-9.3"] if variant == "player"
                                           else ["BAC-9.2"] if natural else ["BAC-9.5"] if draws else ["BAC-9.4"])
    return t.rows, expected


def test_the_tableau_at_every_total(tmp_path):
    rows, expected = _tableau()
    found = audit_cases(tmp_path, [Case("tableau", lambda _: rows, [])])["tableau"]
    by_coup: dict[str, list[str]] = {hand: [] for hand in expected}
    for rule, _, hand, _ in found:
        if rule != "BAC-10.1":
            by_coup[hand].append(rule)
    assert {h: sorted(r) for h, r in by_coup.items() if sorted(r) != expected[h]} == {}
    assert len(expected) == 1560
