"""Art. 10 c) iii) (第二輪, second round; rounds 3 and 4 follow it): "Play continues in this way until one player
remains, who wins the pot, or, if two or more players remain and all have bet, play continues."

When a fold leaves one player in the hand, he wins the pot at once: no further card is dealt, to him or to anyone.
The first card dealt after that fold is the finding (a card of rounds 2-4 dealt to fewer than two players is also
5CS-10.8's). Who is paid the pot is 5CS-4.1's."""

from __future__ import annotations

from collections.abc import Iterator

from auditor.engine.registry import register
from auditor.engine.replay_runner import NOT_APPLICABLE, Breach, ReplayRule, breach
from auditor.engine.ruleset import Ruleset
from auditor.games.poker.conditions import all_of, seated
from auditor.games.poker.hand import Action
from auditor.games.stud.hand import Hand
from auditor.games.stud.turns import seats_known


def _last_fold(hand: Hand) -> Action | None:
    """The fold that left one player in the hand."""
    return next((a for a in hand.actions if a.kind == "fold" and a.live_players == 2), None)


def _one_left(hand: Hand, ruleset: Ruleset) -> str | None:
    """A hand in which no fold left one player (a showdown) has nothing for this rule: not applicable."""
    return None if _last_fold(hand) is not None else NOT_APPLICABLE


def _card_after_last_fold(hand: Hand, ruleset: Ruleset) -> Iterator[Breach]:
    last = _last_fold(hand)
    if last is None:
        return  # never: such a hand is not applicable (_one_left)
    card = next((d for d in hand.deals if d.src.seq > last.src.seq), None)
    if card is not None:
        winner = next(iter(set(hand.seats) - hand.out_before(card.src.seq)), None)
        yield breach(card.src, f"a card was dealt to seat {card.seat} after seat {last.seat} folded (seq "
                               f"{last.src.seq}) and left seat {winner} alone in the hand (art. 10 c) iii): the "
                               "last player wins the pot at once)", "no card", card.card)


register(ReplayRule(id="5CS-10.16", game="stud", check=_card_after_last_fold,
                    applies=all_of(seated, seats_known, _one_left)))
