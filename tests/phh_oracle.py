"""PokerKit (0.7.7, a test-only dependency) as an independent replayer of a real PHH hand, strictly: every action of
the record is applied as written, and nothing is inserted (PokerKit's own ``HandHistory`` loop folds or checks for a
player whose action is refused; this one stops there). Only what is not a player's decision is done for the record:
burns, showing or mucking at the showdown, killing hands and pushing and pulling chips.

What it gives, per betting action: whose turn PokerKit says it is, what he owes, and the smallest bet or raise *to*
that PokerKit allows him (capped, as PokerKit caps it, at all his chips); per hand: the first action PokerKit refuses,
or whether the hand is over when the record ends, the pots as the betting left them, and each player's payoff."""

from __future__ import annotations

import warnings
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from pokerkit import Automation, HandHistory, State
from pokerkit.notation import parse_action

from auditor.ingest.phh_parse import HandSource

BETTING_VERBS = ("cbr", "cc", "f")
# PokerKit's automations for a strict replay: all but the burns (done here, as PokerKit's own loop does them) and the
# end of the showdown (here, once the pots are read: killing the losing hands merges PokerKit's side pots).
AUTOMATIONS = tuple(a for a in HandHistory.automations
                    if a not in (Automation.HAND_KILLING, Automation.CHIPS_PUSHING, Automation.CARD_BURNING))


@dataclass(frozen=True)
class Step:
    """PokerKit's state when a betting action of the record came: the action's line and its player's seat, then
    the seat whose turn it was (None: nobody's), what that player owed and the smallest bet or raise to."""

    line: int
    seat: int
    turn: int | None
    owed: Decimal | None
    min_to: Decimal | None
    chips: Decimal | None  # the chips he had behind (inf: a stack the record does not give)


@dataclass
class Replay:
    steps: list[Step] = field(default_factory=list)
    refused: tuple[int, str] | None = None  # the line of the first action PokerKit refuses, and its message
    over: bool = False  # the hand ended (nobody left to act, chips pushed) when the record ended
    pots: list[tuple[Decimal, tuple[int, ...]]] = field(default_factory=list)  # (amount, eligible seats)
    payoffs: dict[int, Decimal] = field(default_factory=dict)  # per seat, once the hand is over


def seats_of(src: HandSource) -> list[int]:
    """Each PHH player's seat, as the record numbers them (``seats``, else 1 to n)."""
    seats = src.fields.get("seats")
    return list(seats) if isinstance(seats, list) else list(range(1, len(src.fields["starting_stacks"]) + 1))


def _history(src: HandSource) -> HandHistory:
    fields: dict[str, Any] = dict(src.fields, automations=AUTOMATIONS)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # fields PokerKit does not know (``time_zone_abbreviation``, ...)
        return HandHistory(**HandHistory._filter_non_fields(**fields))


def _between(state: State, replay: Replay, seats: list[int]) -> None:
    """What the dealer does between the players' actions; the pots are read once the betting is over, before a
    hand is mucked at the showdown (PokerKit then takes it out of the pots)."""
    while state.can_burn_card():
        state.burn_card("??")
    if not replay.pots and (state.can_show_or_muck_hole_cards() or state.can_kill_hand() or state.can_push_chips()):
        replay.pots = [(Decimal(p.amount), tuple(sorted(seats[i] for i in p.player_indices))) for p in state.pots]


def _finish(state: State, replay: Replay, seats: list[int]) -> bool:
    """Play out what needs no player's decision; False when a player is still to act."""
    while state.status:
        _between(state, replay, seats)
        if state.can_show_or_muck_hole_cards(()):
            state.show_or_muck_hole_cards(())
        elif state.can_kill_hand():
            state.kill_hand()
        elif state.can_push_chips():
            state.push_chips()
        elif state.can_pull_chips():
            state.pull_chips()
        elif state.can_collect_bets():
            state.collect_bets()
        else:
            return False
    return True


def replay(src: HandSource) -> Replay:
    """PokerKit's strict replay of one hold'em hand of the record."""
    history, seats = _history(src), seats_of(src)
    state, result = history.create_state(), Replay()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # "There is no reason for this player to fold."
        for action in src.actions:
            _between(state, result, seats)
            if action.actor != "d" and action.verb in BETTING_VERBS:
                turn = state.actor_index
                seat = seats[int(action.actor[1:]) - 1]
                if turn is None:
                    result.steps.append(Step(action.line, seat, None, None, None, None))
                else:
                    owed = Decimal(state.checking_or_calling_amount)
                    most = state.bets[turn] + state.stacks[turn]
                    low = state.min_completion_betting_or_raising_to_amount
                    result.steps.append(Step(action.line, seat, seats[turn], owed,
                                             None if low is None else Decimal(min(low, most)),
                                             Decimal(state.stacks[turn])))
            try:
                parse_action(state, action.text, history.parse_value)
            except ValueError as exc:
                result.refused = (action.line, str(exc))
                return result
        result.over = _finish(state, result, seats)
    if result.over:
        result.payoffs = {seat: Decimal(p) for seat, p in zip(seats, state.payoffs)}
    return result
