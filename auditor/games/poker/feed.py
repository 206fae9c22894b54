"""The events every poker game reads alike, for a game's replay of one hand (its ``feed`` dispatches the rest).

A game's replay subclasses ``HandFeed``: it says how the hand's betting is made (``new_betting``) and which events
open a round or end the betting; the seats, the actions, the shuffle and cuts, and what comes after the betting (the
showdown, the rake, refunds, awards, stacks, a void, the hand's end) are recorded here."""

from __future__ import annotations

from decimal import Decimal
from typing import Generic

from auditor.games.poker.betting import Betting
from auditor.games.poker.hand import Action, Card, H, Money, Source
from auditor.present import present

ZERO = Decimal(0)
AFTER_BETTING = frozenset({"show", "muck", "rake", "refund", "award", "stack", "hand_end", "void"})


class HandFeed(Generic[H]):
    """Records one hand of the game's hand type ``H``."""

    __slots__ = ("hand", "betting", "finished", "held")
    last_round = ""  # the game's last betting round

    def __init__(self, hand: H) -> None:
        self.hand = hand
        self.betting: Betting | None = None
        self.finished = False  # the betting is over
        # A live player's show in the last round while a player is still to act: where the betting ended if no
        # action comes after it (that player's missing action is reported there, not at the rake or the award).
        self.held: Source | None = None

    def new_betting(self) -> Betting:
        """The hand's betting state machine, under the game's policy."""
        raise NotImplementedError

    def _bet(self) -> Betting:
        """The hand's betting, made once its players are seated (at its first action or card)."""
        if self.betting is None:
            self.betting = self.new_betting()
        return self.betting

    def seat(self, src: Source, seat: int, player: str, amount: Decimal | None) -> None:
        hand = self.hand
        hand.seats[seat] = player
        hand.stacks[seat] = amount
        hand.seat_sources[seat] = src

    def act(self, src: Source, seat: int, kind: str, amount: Decimal | None, all_in: bool | None,
            reason: str | None) -> Action:
        """A forced bet or a betting action, judged and applied by the betting."""
        betting = self._bet()
        self.held = None
        action = Action(src, seat, kind, amount or ZERO, betting.street, all_in, reason)
        if kind.startswith("post_"):
            betting.post(action)
        else:
            betting.act(action)
        self.hand.actions.append(action)
        return action

    def shuffle_or_cut(self, event: str, src: Source, method: str | None) -> None:
        if event == "shuffle":
            self.hand.shuffles.append((src, method))
        else:
            self.hand.cuts.append(src)

    def ends_betting(self, event: str, seat: int | None) -> bool:
        """Whether ``event`` (of ``AFTER_BETTING``, of ``seat``) ends the betting. A ``show`` is no showdown, and the
        betting goes on, when a folded player makes it (he turns his cards up as he leaves the hand), while a player
        is still to act, or before the last round's betting (the showdown comes after the last betting round: a
        player turning a card up while the hand goes on shows it, no more) unless ``shows_before_last``."""
        betting = self.betting
        if event != "show" or betting is None:
            return True
        if seat in betting.folded or betting.to_act():
            return False
        return betting.street == self.last_round or self.shows_before_last(betting)

    def shows_before_last(self, betting: Betting) -> bool:
        """Whether the showdown may begin before the last round with nobody left to act (by default it may not)."""
        return False

    def after_betting(self, event: str, src: Source, card: str | None, seat: int | None, amount: Decimal | None,
                      pot: int | None, reason: str | None) -> None:
        """An event of ``AFTER_BETTING``: the first one ends the betting (a void stops it wherever it was: nobody
        is owed an action), unless ``ends_betting`` says it does not (the betting then ends at the ``held`` show if no
        action came after it); ``hand_end`` takes the betting's totals into the hand."""
        hand = self.hand
        betting = self.betting
        if not self.finished and self.ends_betting(event, seat):
            self.finished = True
            end = src if event == "void" else self.held or src
            hand.betting_end = end
            if event != "void":
                self._bet().close_round(end)
        elif (not self.finished and event == "show" and self.held is None and betting is not None
              and betting.street == self.last_round and seat not in betting.folded):
            self.held = src
        if event == "stack":
            # both required by the log format: a record without them is quarantined, not replayed
            hand.stacks_after[present(seat, "stack's seat")] = present(amount, "stack's amount")
        elif event == "show":
            hand.shows.append(Card(src, card, seat))
        elif event == "muck":
            hand.mucks.append(Card(src, None, seat))
        elif event == "award":
            hand.awards.append(Money(src, seat, amount or ZERO, pot=pot))
        elif event == "rake":
            hand.rakes.append(Money(src, None, amount or ZERO, reason=reason))
        elif event == "refund":
            hand.refunds.append(Money(src, seat, amount or ZERO))
        elif event == "void":
            hand.void = src
        elif event == "hand_end":
            hand.end = src
            betting = self._bet()
            hand.contributions = betting.total
            hand.antes = betting.antes
            hand.folded = betting.folded
            hand.absent = set(betting.absent)
            hand.short = betting.short
