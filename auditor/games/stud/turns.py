"""Whose turn it is in a stud hand, and which rule an action out of turn breaks: one action out of turn, one finding,
under the one rule that says who should have acted (docs/stud-checks.md).

- The first betting action of a round, before any bet, belongs to the round's leader: 5CS-10.4 (round 1), 10.10,
  10.11, 10.12 (rounds 2-4).
- A later action before the first bet: the option passing by open-card strength, 5CS-10.5 (round 1), 10.15.
- After a bet (counterclockwise from the bettor's right), or when it was nobody's turn (between rounds, or the last
  player left): 5CS-11.3; but after the fourth round's betting was over, a fifth round: 5CS-10.17.
The replay's expected seat is then absent from the betting (``poker/betting.py``): his missing action is this
finding."""

from __future__ import annotations

from collections.abc import Iterator

from auditor.engine.replay_runner import Breach, breach
from auditor.engine.ruleset import Ruleset
from auditor.games.poker.conditions import all_of, dealt, seated
from auditor.games.poker.hand import Action, RoundClose
from auditor.games.stud.hand import ROUNDS, Hand, per_hand

BETTING = ("fold", "check", "call", "bet", "raise")
LEADS = {"1": "5CS-10.4", "2": "5CS-10.10", "3": "5CS-10.11", "4": "5CS-10.12"}
ARTICLES = {"5CS-10.4": "art. 10 b)", "5CS-10.10": "art. 10 c) i)", "5CS-10.11": "art. 10 c) v)",
            "5CS-10.12": "art. 10 d)", "5CS-10.5": "art. 10 b)", "5CS-10.15": "art. 10 c) ii)",
            "5CS-10.6": "art. 10 b), c) iii)", "5CS-10.17": "art. 10 d)", "5CS-11.3": "art. 11 c)",
            "5CS-10.8": "art. 10 b): a card only once all have called"}


def betting_actions(hand: Hand) -> list[tuple[Action, bool]]:
    """Each betting action (not a post) and whether it is the first of its round; listed once a hand (kept in
    ``hand.derived``), since every rule of the order of play reads it."""
    cached = hand.derived.get("betting actions")
    if isinstance(cached, list):
        return cached
    listed: list[tuple[Action, bool]] = []
    seen: set[str] = set()
    for a in hand.actions:
        if a.kind in BETTING:
            listed.append((a, a.street not in seen))
            seen.add(a.street)
    hand.derived["betting actions"] = listed
    return listed


def turn_rule(a: Action, first: bool) -> str:
    """The rule that an action made out of turn breaks."""
    if a.expected_seat is None:
        return "5CS-10.17" if a.street == ROUNDS[-1] and a.live_players >= 2 else "5CS-11.3"
    if a.current_bet == 0:
        if first:
            return LEADS[a.street]
        return "5CS-10.5" if a.street == ROUNDS[0] else "5CS-10.15"
    return "5CS-11.3"


def _turn(hand: Hand, a: Action, rule: str) -> str:
    if a.expected_seat is None:
        return "when the betting was over" if rule == "5CS-10.17" else "when it was nobody's turn"
    if rule in LEADS.values():
        cards = " ".join(c or "?" for c in hand.open_cards(a.expected_seat, a.street))
        return f"when seat {a.expected_seat} led it (open cards {cards})"
    turn = f"when it was seat {a.expected_seat}'s turn"
    return f"after his turn had passed, {turn}" if a.late else turn


def _out_of_turn(hand: Hand) -> dict[str, list[Action]]:
    """The hand's actions out of turn by the rule each breaks, in log order; sorted once a hand (kept in
    ``hand.derived``) for the eight rules that report them."""
    cached = hand.derived.get("out of turn")
    if isinstance(cached, dict):
        return cached
    by_rule: dict[str, list[Action]] = {}
    for a, first in betting_actions(hand):
        if a.seat != a.expected_seat:
            by_rule.setdefault(turn_rule(a, first), []).append(a)
    hand.derived["out of turn"] = by_rule
    return by_rule


def out_of_turn(rule: str):
    """The actions out of turn that ``rule`` reports."""
    def check(hand: Hand, ruleset: Ruleset) -> Iterator[Breach]:
        for a in _out_of_turn(hand).get(rule, ()):
            yield breach(a.src, f"seat {a.seat} acted ({a.kind}) in round {a.street} {_turn(hand, a, rule)} "
                                f"({ARTICLES[rule]})", a.expected_seat or "no action", a.seat)
    return check


def close_rule(hand: Hand, close: RoundClose) -> str:
    """The rule that a round ended with players still to act breaks: a card dealt before everyone had called
    (5CS-10.8); otherwise (the showdown or the hand's end came) the rule of the phase the round was in."""
    if any(d.src.seq == close.src.seq for d in hand.deals):
        return "5CS-10.8"
    if any(a.street == close.street and a.kind in ("bet", "raise") for a in hand.actions):
        return "5CS-10.6"
    return "5CS-10.5" if close.street == ROUNDS[0] else "5CS-10.15"


def closed_early(rule: str):
    """The rounds ended with players still to act that ``rule`` reports (a player already absent is not named)."""
    def check(hand: Hand, ruleset: Ruleset) -> Iterator[Breach]:
        for c in hand.closes:
            if close_rule(hand, c) == rule:
                who = ", ".join(f"seat {s}" for s in c.pending)
                what = "a card was dealt" if rule == "5CS-10.8" else "the betting ended"
                yield breach(c.src, f"{what} with {who} still to act in round {c.street} ({ARTICLES[rule]})",
                             "every player acted", f"{who} did not act")
    return check


def ranked(hand: Hand, ruleset: Ruleset) -> str | None:
    """The rules of the order of play need each round's order by the open cards: not evaluated when the open cards do
    not give it (a seat without its open cards, or a card not of the 40-card pack)."""
    if hand.unranked:
        return f"the open cards do not give the order of play in round {hand.unranked[0]}"
    return None


NO_DEAL_SEAT = "seat of a dealt card not logged"


def deals_seated(hand: Hand, ruleset: Ruleset) -> str | None:
    """Whose card each deal is tells the rounds apart (a seat's second card opens round 1, its third round 2 …): the
    rules of the deal, and of what a player may do within a round, need every card's seat."""
    return NO_DEAL_SEAT if any(d.seat is None for d in hand.deals) else None


def seats_known(hand: Hand, ruleset: Ruleset) -> str | None:
    """The order of play runs round the players of the hand: not evaluated when fewer than two are seated, or when
    the seats in play are not those dealt in (a seat change, an action from an empty seat, a dead hand under art.
    11 d)), or a dealing error was corrected (art. 11 e)): the rules of arts. 3 and 11 report those, once."""
    if len(hand.seats) < 2:
        return "fewer than two players seated (art. 3)"
    return hand.order_unknown


# The rules of the order of play judge a hand with players seated, dealt in, and each round's order known.
IN_TURN, _ = per_hand("in turn", all_of(seated, seats_known, dealt, ranked))
