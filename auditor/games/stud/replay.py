"""Strict replay of five-card stud: the poker replay loop (``auditor/games/poker/replay.py``) with stud's events.

Each hand is replayed by the poker betting state machine under stud's policy (``betting.py``). The antes and the
first rake (art. 8) come before the first card and end nothing; the first third card dealt opens round 2, the
first fourth card round 3, the first fifth card round 4 (a sixth card opens nothing); the first event after the
betting (a show once the fourth round's betting is over, the house rake, a refund but a dead hand's, an award …) ends
it. Every event's ``ts`` is read (art. 11 b))."""

from __future__ import annotations

from collections.abc import Iterator
from decimal import Decimal

import duckdb

from auditor.engine.ruleset import Ruleset
from auditor.games.poker.betting import Betting
from auditor.games.poker.feed import AFTER_BETTING, ZERO, HandFeed
from auditor.games.poker.hand import Card, Money, Source, TableInfo
from auditor.games.poker.replay import replay_hands
from auditor.games.stud.betting import StudPolicy
from auditor.games.stud.hand import EXTRA, ROUNDS, Hand
from auditor.games.stud.leaders import Strength, strength
from auditor.games.stud.turns import NO_DEAL_SEAT

# The columns the replay reads after the envelope, in the order ``_HandReplay.feed`` unpacks them.
COLUMNS = ("shoe_id", "card", "face", "seat", "player", "amount", "action", "all_in", "pot", "method", "reason")


# The betting round a seat's n-th card is dealt for (``_DEALT_FOR[n - 1]``, n from 1 to 5): its first two cards for
# round 1, its third, fourth and fifth for rounds 2, 3 and 4.
_DEALT_FOR = (ROUNDS[0], ROUNDS[0], ROUNDS[1], ROUNDS[2], ROUNDS[3])


def _no_minimum(street: str) -> Decimal:
    """Art. 10 sets no minimum bet: a round opens with any bet."""
    return ZERO


class _HandReplay(HandFeed[Hand]):
    """Feeds one hand's events, in order, to a stud ``Hand`` and its ``Betting``."""

    __slots__ = ("policy", "cards", "last_ts")
    last_round = ROUNDS[-1]

    def __init__(self, hand: Hand, policy: StudPolicy) -> None:
        super().__init__(hand)
        self.policy = policy
        self.cards: dict[int, int] = {}  # cards dealt to each seat so far
        self.last_ts = hand.start.ts

    def _order_unknown(self, why: str) -> None:
        """No order of play can be judged in this hand; the first reason is kept (other rules judge its cause)."""
        if self.hand.order_unknown is None:
            self.hand.order_unknown = why

    def _expose(self, src: Source, seat: int | None, card: str | None) -> None:
        """Art. 11 d): the hole card of ``seat`` came out face up; his hand is dead, out of the order of play from here
        on as if he had folded. An open card seen again kills nothing, nor does a hand already folded or shown. Where
        the log does not say whose hand died, or he had already acted in the betting (do his stakes stand?), no order
        of play is judged."""
        hand = self.hand
        cards = [d.card for d in hand.cards_of(seat)] if seat is not None else []
        if seat is None or card is None or card not in cards:
            self._order_unknown(f"a card exposed at seat {seat} that is not known to be his (art. 11 d)): whose hand "
                                "is dead is not known")
            return
        betting = self._bet()
        if (cards.index(card) != 1 or seat in betting.folded or seat in hand.dead
                or any(s.seat == seat for s in hand.shows)):
            return
        acted = next((a.kind for a in hand.actions if a.seat == seat and not a.kind.startswith("post_")), None)
        if acted is not None:
            self._order_unknown(f"the hand of seat {seat} died (art. 11 d)) after he had acted in it ({acted}): "
                                "whether his stakes stand for the others the text does not say")
            return
        hand.dead[seat] = src
        betting.folded.add(seat)

    def new_betting(self) -> Betting:
        return Betting(self.hand, self.policy, ROUNDS[0], _no_minimum)

    def ends_betting(self, event: str, seat: int | None) -> bool:
        """Nor does the refund of a dead hand's ante (art. 11 d): the hand goes on without him). A show before the
        fourth round's betting is over is no showdown either (art. 10 e): the showdown comes "after the last round")."""
        return super().ends_betting(event, seat) and not (event == "refund" and seat in self.hand.exposed)

    def feed(self, event: str, src: Source, fields: tuple) -> None:
        _, card, face, seat, player, amount, kind, all_in, pot, method, reason = fields
        turn, self.last_ts = self.last_ts, src.ts
        if event == "action":
            if seat not in self.hand.seats:
                self._order_unknown(f"an action at seat {seat}, which no player of the hand occupies (art. 3)")
            if seat in self.hand.dead:
                if kind == "fold":
                    return  # the dead hand given up: no action of the order of play, nor a decision of his
                self._order_unknown(f"seat {seat} acted ({kind}) after his hand died (art. 11 d)): the order of the "
                                    "others is not known")
            self.act(src, seat, kind, amount, all_in, reason)
            self.hand.turns.append(turn)
        elif event == "deal":
            if seat is None:
                self._order_unknown(NO_DEAL_SEAT)
            n = self.cards[seat] = self.cards.get(seat, 0) + 1
            street = _DEALT_FOR[n - 1] if n <= 5 else EXTRA
            if street != EXTRA and not self.finished:
                betting = self._bet()
                if street != betting.street:
                    betting.open_street(street, src)
            self.hand.deals.append(Card(src, card, seat, face, street))
        elif event == "seat":
            if self.hand.deals:
                self._order_unknown(f"seat {seat} taken after the first card (art. 3: no change of seat during a hand)")
            self.seat(src, seat, player, amount)
        elif event == "card_exposed":
            if seat is not None:
                self.hand.exposed.setdefault(seat, src)
            self._expose(src, seat, card)
        elif event == "correction":
            self._order_unknown("dealing error corrected (art. 11 e)): the cards as dealt are not the hands played")
        elif event == "burn":
            self.hand.burns.append(Card(src, card, None, face))
        elif event == "shuffle" or event == "cut":
            self.shuffle_or_cut(event, src, method)
        elif event == "rake" and reason == "first_rake":  # art. 8: before the first card, it ends nothing
            self.hand.rakes.append(Money(src, None, amount or ZERO, reason=reason))
        elif event in AFTER_BETTING:
            self.after_betting(event, src, card, seat, amount, pot, reason)


def replay(con: duckdb.DuckDBPyConnection, ruleset: Ruleset, batch_size: int = 1 << 16) -> Iterator[Hand]:
    """Every complete stud hand, in table and ``seq`` order, with ``previous`` set to the table's last hand."""
    rank: Strength = strength(ruleset)
    by_strength = ruleset.param("lead_before_bet") == "open_card_strength"
    by_bet = ruleset.param("min_raise") == "previous_bet"

    def start(table: TableInfo, hand_id: str, src: Source, fields: tuple) -> _HandReplay:
        hand = Hand(table, hand_id, src, fields[0], rank)
        return _HandReplay(hand, StudPolicy(hand, by_strength, by_bet))

    yield from replay_hands(con, "stud", COLUMNS, start, batch_size, timed=True)
