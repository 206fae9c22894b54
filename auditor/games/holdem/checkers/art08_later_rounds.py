"""Art. 8 (随后投注): "1. … the croupier burns one card and places one additional card face up … 3. … burns one card and
places another additional card … 4. After that card, the last betting round takes place. 5. After the last betting
round, all participants in the hand reveal their cards to determine the winner." """

from __future__ import annotations

from collections.abc import Iterator

from auditor.engine.registry import register
from auditor.engine.replay_runner import NOT_APPLICABLE, Breach, ReplayRule, breach
from auditor.engine.ruleset import Ruleset
from auditor.games.holdem.board import street_cards
from auditor.games.holdem.conditions import (
    all_of,
    as_dealt,
    betting_in,
    board_dealt,
    button_logged,
    seated,
    unless_not_logged,
)
from auditor.games.holdem.hand import Hand
from auditor.games.holdem.turns import out_of_turn

UNDECIDED = "showdown mucks not logged by the source: a player at this showdown neither shows his cards nor mucks"


def _turn_and_river(hand: Hand, ruleset: Ruleset) -> Iterator[Breach]:
    yield from street_cards(hand, "turn", 1, "art. 8(1)")
    yield from street_cards(hand, "river", 1, "art. 8(3)")


def _full_board(hand: Hand, ruleset: Ruleset) -> Iterator[Breach]:
    """Every board card counts, a card after the river included; the burns when the source logs them (a hand that
    reached the river: ``board_dealt``)."""
    board, where = len(hand.board), hand.board[-1].src if hand.board else hand.start
    if "burns" in hand.table.not_logged:
        if board != 5:
            yield breach(where, f"the hand reached the river with {board} board cards (art. 8(3): 5)", 5, board)
    elif board != 5 or len(hand.burns) != 3:
        yield breach(where, f"the hand reached the river with {board} board cards and {len(hand.burns)} burns "
                            "(arts. 7(1), 8(1)-(3): 5 and 3)", "5 board cards, 3 burns", f"{board}, {len(hand.burns)}")


def _live(hand: Hand) -> list[int]:
    """The players in the showdown. A player absent from the betting who shows nothing is not judged: his missing
    action (a fold?) was the finding."""
    shown = hand.shown_cards()
    return [s for s in hand.seats if s not in hand.folded and (s not in hand.absent or s in shown)]


def _showdown(hand: Hand, ruleset: Ruleset) -> str | None:
    """A hand won before the showdown, or voided, has none: not applicable."""
    return None if hand.void is None and len(_live(hand)) > 1 else NOT_APPLICABLE


def _undecided(hand: Hand) -> list[int]:
    """The players in the showdown who neither show their two cards nor muck (a ``muck`` event)."""
    shown, mucked = hand.shown_cards(), {m.seat for m in hand.mucks}
    return [s for s in sorted(_live(hand)) if len(shown.get(s, [])) != 2 and s not in mucked]


def _recorded(hand: Hand, ruleset: Ruleset) -> str | None:
    """Where the source does not log showdown mucks, a hand is still judged when it records every player's
    decision at the showdown: a show of his two cards or a muck. A player with neither may have shown unrecorded."""
    if "showdown_mucks" in hand.table.not_logged and _undecided(hand):
        return UNDECIDED
    return None


def _reveal(hand: Hand, ruleset: Ruleset) -> Iterator[Breach]:
    shown, mucked = hand.shown_cards(), {m.seat: m.src for m in hand.mucks}
    for seat in sorted(_live(hand)):
        count = len(shown.get(seat, []))
        if count == 2:
            continue
        if seat in mucked:
            yield breach(mucked[seat], f"seat {seat} mucked at the showdown: he showed {count} card(s) (art. 8(5))",
                         2, count)
        else:
            yield breach(hand.end or hand.start, f"seat {seat} was in the showdown but showed {count} card(s) "
                                                 "(art. 8(5))", 2, count)


# A hand that ended before the turn, the river or the showdown is not applicable to the rules about them; 8.3 neither
# is to one with no betting on the turn or river (fewer than two players able to bet: the board is run out).
register(ReplayRule[Hand](id="THE-8.1", game="holdem", check=_turn_and_river,
                          applies=all_of(board_dealt("turn", "river"), unless_not_logged("burns"), as_dealt)))
register(ReplayRule[Hand](id="THE-8.2", game="holdem", check=_full_board,
                          applies=all_of(board_dealt("river", "extra"), as_dealt)))
register(ReplayRule[Hand](id="THE-8.3", game="holdem", check=out_of_turn(("turn", "river"), "art. 8(2)"),
                          applies=all_of(betting_in("turn", "river"), seated, button_logged)))
register(ReplayRule[Hand](id="THE-8.4", game="holdem", check=_reveal,
                          applies=all_of(_showdown, _recorded, seated)))
