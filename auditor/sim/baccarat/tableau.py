"""Dealing one coup: the order of art. 7 and the drawing rules (tableau) of art. 9.

``deal`` follows the regulation unless a ``DealPlan`` tells the croupier to err; the injector uses such plans to
plant dealing violations with cards that really come out of the shoe."""

from __future__ import annotations

from dataclasses import dataclass

from auditor.sim.baccarat.shoe import VALUE

# Art. 9(3)/(4): Banker's two-card total -> the values of the Player's third card on which the Banker draws.
BANKER_DRAWS_ON: dict[int, frozenset[int]] = {
    0: frozenset(range(10)),
    1: frozenset(range(10)),
    2: frozenset(range(10)),
    3: frozenset(range(10)) - {8},
    4: frozenset(range(2, 8)),
    5: frozenset(range(4, 8)),
    6: frozenset({6, 7}),
    7: frozenset(),
}
ALTERNATE = ("player", "banker", "player", "banker")  # art. 7(1)


def total(cards: list[str]) -> int:
    """Art. 5: the sum of the card values, modulo 10."""
    return sum(VALUE[card] for card in cards) % 10


def banker_draws(banker2: int, player3: str | None) -> bool:
    """Art. 9(3)/(4), when neither hand has a natural: "on 0-5 when the Player did not draw", else the table."""
    if player3 is None:
        return banker2 <= 5
    return VALUE[player3] in BANKER_DRAWS_ON.get(banker2, frozenset())


@dataclass(frozen=True, slots=True)
class DealPlan:
    """How the croupier deals; the defaults follow arts. 7 and 9. ``None`` draws follow the tableau."""

    first_four: tuple[str, ...] = ALTERNATE
    player_draws: bool | None = None
    banker_draws: bool | None = None
    banker_third_first: bool = False  # B3 dealt before P3
    extra_player_card: bool = False  # a fourth card to the Player, after all the others
    stray_to: str | None = None  # one more card, dealt to neither hand, after all the others
    burn_after: int | None = None  # a burn after the n-th dealt card (art. 8 allows burns only before P1)
    exposed_at: int | None = None  # the n-th dealt card comes out face up (art. 4)
    face_down_at: int | None = None  # the n-th dealt card is dealt face down


CLEAN = DealPlan()


class Dealing:
    """The cards of one coup as they came out of the shoe: ``steps`` in order, the two hands, cards used."""

    __slots__ = ("steps", "player", "banker", "used", "natural", "player2", "banker2", "winner")

    def __init__(self, steps: list[tuple], player: list[str], banker: list[str], used: int) -> None:
        self.steps = steps  # ("deal", to, card, face) | ("burn", card) | ("exposed",)
        self.player = player
        self.banker = banker
        self.used = used
        self.player2 = total(player[:2])
        self.banker2 = total(banker[:2])
        self.natural = self.player2 >= 8 or self.banker2 >= 8
        p, b = total(player), total(banker)
        self.winner = "player" if p > b else "banker" if b > p else "tie"  # art. 11, art. 12

    @property
    def banker_total(self) -> int:
        return total(self.banker)

    @property
    def player_pair(self) -> bool:
        """Art. 13(4): the first two cards have the same rank."""
        return self.player[0][0] == self.player[1][0]

    @property
    def banker_pair(self) -> bool:
        return self.banker[0][0] == self.banker[1][0]


def deal(cards: list[str], pos: int, face: str, plan: DealPlan = CLEAN) -> Dealing | None:
    """Deal one coup from ``cards[pos:]`` without touching the shoe; ``None`` when the shoe runs out."""
    try:
        return _deal(cards, pos, face, plan)
    except IndexError:
        return None


def _deal(cards: list[str], pos: int, face: str, plan: DealPlan) -> Dealing:
    steps: list[tuple] = []
    hands: dict[str, list[str]] = {"player": [], "banker": []}
    i = pos
    n = 0  # cards dealt so far

    def give(to: str) -> None:
        nonlocal i, n
        n += 1
        card_face = face
        if n == plan.exposed_at:
            steps.append(("exposed",))
            card_face = "up"
        elif n == plan.face_down_at:
            card_face = "down"
        card = cards[i]
        i += 1
        steps.append(("deal", to, card, card_face))
        hands.setdefault(to, []).append(card)
        if n == plan.burn_after:
            steps.append(("burn", cards[i]))
            i += 1

    for to in plan.first_four:
        give(to)
    player, banker = hands["player"], hands["banker"]
    natural = total(player) >= 8 or total(banker) >= 8
    player_draws = plan.player_draws if plan.player_draws is not None else not natural and total(player) <= 5
    if plan.banker_third_first:
        give("banker")
        give("player")
    else:
        if player_draws:
            give("player")
        player3 = player[2] if player_draws else None
        if plan.banker_draws is not None:
            draws = plan.banker_draws
        else:
            draws = not natural and banker_draws(total(banker), player3)
        if draws:
            give("banker")
    if plan.extra_player_card:
        give("player")
    if plan.stray_to:
        give(plan.stray_to)
    return Dealing(steps, player, banker, i - pos)
