"""Art. 10 a) (派牌, dealing): "After all players' antes are in the pot, the dealer deals the first card face up (open
card) to each player, starting with the player on his right and going counterclockwise. The second card (the hole
card) is dealt face down to each player in the same way."

5CS-10.2: each seat's first two cards in the order due, all first cards counterclockwise from the croupier's right
(the highest seat dealt in), then all hole cards the same way; one finding a hand, at the first card dealt out of
that order (a card missing or too many, and the faces, are other rules' matter: 5CS-10.3)."""

from __future__ import annotations

from collections.abc import Iterator

from auditor.engine.registry import register
from auditor.engine.replay_runner import Breach, ReplayRule, breach
from auditor.engine.ruleset import Ruleset
from auditor.games.poker.order import counterclockwise, first_out_of_order
from auditor.games.stud.deal_order import DEALING, listed, numbered
from auditor.games.stud.hand import Hand

CARD = {1: "first card", 2: "hole card"}


def _first_deal(hand: Hand, ruleset: Ruleset) -> Iterator[Breach]:
    ring = counterclockwise(sorted(hand.seats), None)
    due = [(seat, n) for n in CARD for seat in ring]
    first_two = [(seat, n, d) for seat, n, d in numbered(hand) if n <= 2]
    if [(seat, n) for seat, n, _ in first_two] == due:
        return  # the usual case: every first two cards once and in order
    found = first_out_of_order([((seat, n), (n, d)) for seat, n, d in first_two], due)
    if found is not None:
        (n, d), (seat, m) = found
        yield breach(d.src, f"seat {d.seat}'s {CARD[n]} dealt before seat {seat}'s {CARD[m]} (art. 10 a): the "
                            "first card to each player counterclockwise from the croupier's right, seats "
                            f"{listed(ring)}, then the hole card the same way)", f"seat {seat}", f"seat {d.seat}")


register(ReplayRule(id="5CS-10.2", game="stud", check=_first_deal, applies=DEALING))
