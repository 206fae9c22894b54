"""Reading and editing the events of a played stud hand (its ``head``, from ``hand_start`` to the last show) for
the planted violations: a round's actions run from the deal that opens it to the next deal; an added event has a
delay of its own, a moved or swapped one keeps its delay (an action's delay is its player's time to decide, art. 11
b), which changing the order of play does not change: a fold forced for time stays after the two minutes)."""

from __future__ import annotations

from auditor.sim.stud.hand import PlayedHand
from auditor.sim.stud.pack import PACK

EVENT_DELAY = 700  # milliseconds before an added event


def events(hand: PlayedHand, kind: str) -> list[dict]:
    return [e for _, e in hand.head if e["event"] == kind]


def index_of(hand: PlayedHand, event: dict) -> int:
    return next(i for i, (_, e) in enumerate(hand.head) if e is event)


def insert(hand: PlayedHand, at: int, event: dict) -> dict:
    hand.head.insert(at, (EVENT_DELAY, event))
    return event


def move(hand: PlayedHand, event: dict, after: dict) -> None:
    """Take ``event`` out of the head and put it back just after ``after`` (with its own delay)."""
    timed = hand.head.pop(index_of(hand, event))
    hand.head.insert(index_of(hand, after) + 1, timed)


def swap(hand: PlayedHand, i: int, j: int) -> None:
    """Exchange the events at ``i`` and ``j``, each with its delay."""
    hand.head[i], hand.head[j] = hand.head[j], hand.head[i]


def betting(hand: PlayedHand) -> list[tuple[int, int, dict]]:
    """(index in the head, round 1..4, event) of every action but the antes."""
    found, round_no, previous = [], 0, ""
    for index, (_, event) in enumerate(hand.head):
        if event["event"] == "deal" and previous != "deal":
            round_no += 1
        elif event["event"] == "action" and event["action"] != "post_ante":
            found.append((index, round_no, event))
        previous = event["event"]
    return found


def before_bet(hand: PlayedHand, round_no: int) -> list[tuple[int, dict]]:
    """The actions of a round before its first bet."""
    found = []
    for index, number, event in betting(hand):
        if number == round_no:
            if event["action"] == "bet":
                break
            found.append((index, event))
    return found


def unused(hand: PlayedHand) -> list[str]:
    """The cards of the pack this hand did not show (deals and burn), in pack order."""
    seen = {e.get("card") for _, e in hand.head}
    return [card for card in PACK if card not in seen]


def deal_blocks(hand: PlayedHand) -> list[list[int]]:
    """Indexes of the deal events, one list per deal (the first holds both the open and the hole cards)."""
    blocks: list[list[int]] = []
    previous = ""
    for index, (_, event) in enumerate(hand.head):
        if event["event"] == "deal":
            if previous != "deal":
                blocks.append([])
            blocks[-1].append(index)
        previous = event["event"]
    return blocks


def rotate(hand: PlayedHand, indexes: list[int]) -> None:
    """Deal the cards of ``indexes`` starting with the second player, the first last."""
    delays = [hand.head[i][0] for i in indexes]
    moved = [hand.head[i][1] for i in indexes[1:] + indexes[:1]]
    for i, delay, event in zip(indexes, delays, moved):
        hand.head[i] = (delay, event)
