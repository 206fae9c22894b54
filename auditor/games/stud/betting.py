"""Five-card stud's betting policy (art. 10 b)-d) of the Regulamento, Portaria n.º 104/85/M) for the poker betting
state machine (``auditor/games/poker/betting.py``).

- Before the first bet of a round the option passes by the strength of the open cards (``leaders.py``): in round 1
  the highest open card opens or gives up the hand, and the right passes to the next highest (art. 10 b)); in
  rounds 2-4 the same under ``lead_before_bet`` = ``open_card_strength`` (art. 10 c) ii)), or, under
  ``seat_order``, the leader first and then counterclockwise from his right.
- After a bet the turn goes counterclockwise from the bettor's right (art. 10 b), c) iii)), also when the bet was
  made out of turn.
- A raise is at least "the previous bettor's bet" (art. 10 b) 3)): ``min_raise`` = ``previous_bet`` (the literal
  text: the whole of the round's highest bet, an all-in for less included) or ``previous_increment`` (the last full
  bet or raise increment).
  There is no minimum bet, so a round opens with any bet.
- A player who checked may not raise in the round (art. 10 c) i) 2)): recorded as ``Action.checked``.
- A player who answers a bet wrongly (a check, 5CS-10.14's finding, or a short call) may then answer it rightly: that
  is his turn, not an action out of turn.

The antes are dead money (posted before the first card, art. 10 a)), so they play no part in the order."""

from __future__ import annotations

from decimal import Decimal

from auditor.games.poker.betting import Betting
from auditor.games.poker.hand import Action
from auditor.games.poker.order import counterclockwise
from auditor.games.poker.policy import Policy
from auditor.games.stud.hand import ROUNDS, Hand


class StudPolicy(Policy):
    bet_takes_turn = True
    answer_corrected = True

    def __init__(self, hand: Hand, lead_by_strength: bool, raise_by_bet: bool) -> None:
        self.hand = hand
        self.lead_by_strength = lead_by_strength
        self.raise_by_bet = raise_by_bet
        self._ranked_at: tuple[str, int] | None = None  # the (round, deals seen) ``_ranked`` was made for
        self._ranked: list[int] = []  # the seats strongest first
        self._after: tuple[list[int], int | None, list[int]] | None = None  # (seats, bettor, the turn from his right)

    def order(self, betting: Betting) -> list[int]:
        if betting.current_bet == 0 and betting.street in ROUNDS:
            ranking = self.ranking(betting)
            if betting.street == ROUNDS[0] or self.lead_by_strength:
                return ranking
            if betting.pointer is None:  # seat order: the leader first, then counterclockwise from his right
                able = set(betting.can_act())
                leader = next((s for s in ranking if s in able), None)
                return [leader, *counterclockwise(betting.order, leader)[:-1]] if leader else ranking
        return self._from_right(betting.order, betting.pointer)

    def _from_right(self, seats: list[int], pointer: int | None) -> list[int]:
        """``seats`` counterclockwise from ``pointer``'s right, made again only when the seats or the pointer
        change (a bet, a raise, a seat not dealt in), not at every action."""
        after = self._after
        if after is None or after[0] is not seats or after[1] != pointer:
            after = self._after = (seats, pointer, counterclockwise(seats, pointer))
        return after[2]

    def ranking(self, betting: Betting) -> list[int]:
        """The seats still in, the strongest open cards for the round first; when the open cards do not give it, the
        round is recorded in ``Hand.unranked`` and the seats are taken counterclockwise from the croupier's right."""
        at = street, dealt = betting.street, len(self.hand.deals)
        if self._ranked_at == at:
            return self._ranked
        n = ROUNDS.index(street) + 1
        keys: dict[int, tuple[int, ...]] = {}
        ranked = True
        for seat in betting.order:
            if seat in betting.folded:
                continue
            if seat in betting.absent and len(self.hand.open_cards(seat, street)) < n:
                continue  # not dealt in after his turn passed: nobody waits for him
            try:
                keys[seat] = self.hand.strength(seat, n)
            except ValueError:
                ranked = False
                break
        if not ranked:
            if street not in self.hand.unranked:
                self.hand.unranked.append(street)
            ranking = counterclockwise(betting.order, None)
        else:
            ranking = sorted(keys, key=keys.__getitem__, reverse=True)
        self._ranked_at, self._ranked = at, ranking
        return ranking

    def before_act(self, betting: Betting) -> None:
        """``previous_bet``: the previous bettor's bet is the round's highest bet, also when an all-in for less made
        it (bet 100, all in to 150: a raise is then of 150 at least)."""
        if self.raise_by_bet:
            betting.min_increment = max(betting.min_increment, betting.current_bet)

    def raised(self, betting: Betting, action: Action) -> Decimal:
        return action.total if self.raise_by_bet else action.increment
