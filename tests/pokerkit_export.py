"""Random hold'em hands played by PokerKit (a test-only peer) and exported to the auditor's log format.

docs/log-format.md, "Texas Hold'em", is the contract. PokerKit plays every move: its automations post the blinds,
burn one card before each street and deal the board, push the chips of each pot and pull them; the hole cards are
dealt one at a time by PokerKit's own dealing order (``hole_dealee_index``); the random player only picks among the
moves PokerKit declares legal (``can_fold``, ``checking_or_calling_amount``,
``min/max_completion_betting_or_raising_to_amount``). The export then writes what PokerKit did, event by event.

Seating. A table has ``n`` players in seats 1..n and several hands; the button starts on seat 1 (art. 1(2): in front
of the first player to the croupier's left) and moves one seat clockwise per hand. PokerKit's player 0 is the first
player left of the button (the small blind with three or more players), its last player is the button, so PokerKit
player ``i`` sits in seat ``(button + i) % n + 1``. Heads-up, PokerKit makes the button post the small blind and act
first pre-flop (the common convention), and its player 0 (the big blind) receives the first card.

How PokerKit is configured, and why (each choice keeps PokerKit inside the Macau rules as the auditor reads them):
- tournament mode (PokerKit's default): no fold when a check is free, one run-out;
- no-limit: blinds 5/10, minimum bet 10; fixed limit: blinds 5/10, small bet 10, big bet 20 (declared in the table
  config, so art. 11(2)'s units do not depend on the ``limit_small_bet`` reading);
- fixed limit, raise cap: PokerKit counts every completion, bet or raise of a round and allows four of them. After
  the flop that is the opening bet plus three raises, as art. 12(2) is read (docs/readings.md); pre-flop the big
  blind is the opening bet, so four PokerKit raises would be four raises. The pre-flop street is therefore built
  with a cap of three (``LIMIT_CAPS``). PokerKit keeps its cap heads-up too, which art. 12(4) lifts: PokerKit is
  stricter there;
- every player still in the hand at showdown shows his cards (art. 8(5)); PokerKit's automatic showdown would let
  losers muck;
- no rake: PokerKit rakes each pot separately while art. 16 (as read) rakes the hand's total pot from the main pot
  first, so the tables declare no ``rake_rate`` and the rake articles are not evaluated;
- the deck order comes from the caller's ``random.Random`` (PokerKit's own shuffle uses the global ``random``), so
  a hand is reproducible from its ``Recipe`` and can be replayed in a fresh PokerKit state (``replay``).

The money at the end of a hand: the uncalled part of the largest contribution is a ``refund``; the awards are
PokerKit's chip pushes, one per pot with PokerKit's pot index (when everybody else folded, the whole pot less the
refund to the last player, pot 0). After the showdown PokerKit "kills" the losing hands and rebuilds its pots, which
merges side pots whose eligible players became the same; the awards of such a hand carry no pot index. The export
checks itself: every seat's stack before − contributions + refund + awards equals PokerKit's final stack.

Nothing in ``auditor/`` imports this module or PokerKit.
"""

from __future__ import annotations

import json
import random
from collections import deque
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from pokerkit import (
    Automation,
    BetCollection,
    BlindOrStraddlePosting,
    BoardDealing,
    Card,
    CardBurning,
    CheckingOrCalling,
    ChipsPushing,
    CompletionBettingOrRaisingTo,
    Deck,
    FixedLimitTexasHoldem,
    Folding,
    HoleCardsShowingOrMucking,
    HoleDealing,
    NoLimitTexasHoldem,
    StandardHighHand,
    State,
)
from pokerkit.lookups import Label

SMALL_BLIND, BIG_BLIND = 5, 10
SMALL_BET, BIG_BET = 10, 20  # fixed limit, rounds 1-2 and 3-4
LIMIT_CAPS = (3, 4, 4, 4)  # PokerKit completions per round in fixed limit: pre-flop raises over the big blind; bet + 3
STREETS = ("preflop", "flop", "turn", "river")
CATEGORIES = list(Label)  # high card .. straight flush, weakest first
AUTOMATIONS = (
    Automation.ANTE_POSTING, Automation.BET_COLLECTION, Automation.BLIND_OR_STRADDLE_POSTING,
    Automation.CARD_BURNING, Automation.BOARD_DEALING, Automation.RUNOUT_COUNT_SELECTION,
    Automation.HAND_KILLING, Automation.CHIPS_PUSHING, Automation.CHIPS_PULLING,
)  # not automated: hole dealing (the deck order is set first) and the showdown (everybody shows)

# The table configuration the exported hands are audited with (docs/log-format.md, table_open). No rake_rate: the
# rake articles are not evaluated. Nothing is declared not_logged: burns, dealing order, seat layout and showdown
# cards are all in the export.
CONFIG = {
    "no_limit": {"betting": "no_limit", "small_blind": str(SMALL_BLIND), "big_blind": str(BIG_BLIND),
                 "min_bet": str(BIG_BLIND), "chip_unit": "1", "seats": 10, "auto_shuffler": True,
                 "casino": "PokerKit differential"},
    "fixed_limit": {"betting": "fixed_limit", "small_blind": str(SMALL_BLIND), "big_blind": str(BIG_BLIND),
                    "small_bet": str(SMALL_BET), "big_bet": str(BIG_BET), "chip_unit": "1", "seats": 10,
                    "auto_shuffler": True, "casino": "PokerKit differential"},
}

# The auditor's parameters for PokerKit's conventions (docs/holdem-checks.md): the "common" profile, restated.
# heads_up_button_posts=small_blind: PokerKit's heads-up button posts the small blind.
# quads_kicker_counts=true: PokerKit's hand ranking counts the fifth card of four of a kind.
# odd_chip_from=button_left: PokerKit gives a split pot's remainder to its lowest player index, i.e. the first
#   tied winner clockwise from the button (player 0 is the first seat left of the button); with the button moving,
#   croupier_left (from seat 1) would differ.
# short_big_blind_call=posted_amount: PokerKit makes a big blind posted all-in for less the bet to call, as posted.
AUDIT_OVERRIDES = {
    "holdem.heads_up_button_posts": "small_blind",
    "holdem.quads_kicker_counts": "true",
    "holdem.odd_chip_from": "button_left",
    "holdem.short_big_blind_call": "posted_amount",
}
# The common profile's short_all_ins_add_up, which the audit applies: all-ins for less add up, for each player, since
# his last action (docs/holdem-checks.md); the random player takes the re-raises this reopens (``Reopening``).
SHORT_ALL_INS_ADD_UP = True


@dataclass(frozen=True)
class Recipe:
    """Everything needed to play the same hand again in a fresh PokerKit state."""

    betting: str  # no_limit | fixed_limit
    stacks: tuple[int, ...]  # starting stacks in PokerKit player order
    deck: tuple[str, ...]  # the deck, top card first
    decisions: tuple[tuple[str, int | None], ...]  # ("fold"|"check_or_call", None) or ("raise_to", total)


@dataclass
class ActionInfo:
    """One exported betting action and the PokerKit state it met."""

    event: int  # index in ExportedHand.events
    decision: int  # index in Recipe.decisions
    player: int  # PokerKit player index
    seat: int
    street: str
    kind: str  # fold | check | call | bet | raise
    amount: int  # chips added
    to: int  # his bet in the round after the action
    all_in: bool
    stack_before: int
    bet_before: int  # his bet in the round before the action
    max_bet: int  # the highest bet of the round before the action
    call_amount: int  # PokerKit's checking_or_calling_amount
    min_to: int | None  # PokerKit's bounds for a completion/bet/raise (None: not allowed)
    max_to: int | None
    full_to: int | None  # PokerKit's full minimum before capping it at the player's chips
    completions: int  # PokerKit's completions (bets and raises) already made in the round
    live: int  # players not folded
    others_with_chips: int  # other players not folded who still have chips


@dataclass
class ExportedHand:
    table_id: str
    hand_id: str
    betting: str
    n: int
    button: int  # seat
    seat_of: tuple[int, ...]  # PokerKit player index -> seat
    recipe: Recipe
    events: list[dict[str, Any]] = field(default_factory=list)  # hand events without the envelope
    actions: list[ActionInfo] = field(default_factory=list)
    hole: dict[int, list[str]] = field(default_factory=dict)  # seat -> cards
    board: list[str] = field(default_factory=list)
    folded: set[int] = field(default_factory=set)  # seats
    contributions: dict[int, int] = field(default_factory=dict)  # seat -> chips put in (before refunds)
    refund: dict[int, int] = field(default_factory=dict)
    awards: list[tuple[int, int, int | None]] = field(default_factory=list)  # (seat, amount, pot)
    pots: list[tuple[int, tuple[int, ...]]] = field(default_factory=list)  # PokerKit's pots: (amount, eligible seats)
    pushes: list[tuple[int, dict[int, int]]] = field(default_factory=list)  # PokerKit's pushes: pot index, seat->chips
    stacks_after: dict[int, int] = field(default_factory=dict)
    showdown: bool = False
    vetoed: int = 0  # raises PokerKit offered that art. 12(1) as read forbids (not taken)
    reopened: int = 0  # raises by a player who had acted, after all-ins for less that added up to a full raise

    @property
    def player_of(self) -> dict[int, int]:
        return {s: i for i, s in enumerate(self.seat_of)}

    def category(self, seat: int) -> int:
        """PokerKit's hand category of a seat at showdown (0 = high card .. 8 = straight flush)."""
        return CATEGORIES.index(best_hand(self.hole[seat], self.board).entry.label)


@dataclass
class ExportedTable:
    table_id: str
    betting: str
    n: int
    hands: list[ExportedHand] = field(default_factory=list)

    @property
    def config(self) -> dict[str, Any]:
        return CONFIG[self.betting]


def best_hand(hole: list[str], board: list[str]) -> StandardHighHand:
    return StandardHighHand.from_game("".join(hole), "".join(board))


class _MemoisedHands:
    """PokerKit re-evaluates the same seven cards many times per showdown (``can_win_now`` for every player and pot,
    at about 2.5 ms an evaluation); memoising ``StandardHighHand.from_game`` while a table is played makes the
    generator about three times faster. The function is pure, so the results are PokerKit's own."""

    def __init__(self) -> None:
        self.cache: dict[tuple, object] = {}
        self.original = None

    def __enter__(self):
        self.original = StandardHighHand.__dict__.get("from_game")  # None: inherited from CombinationHand
        original = StandardHighHand.from_game.__func__
        cache = self.cache

        def from_game(cls, hole_cards, board_cards=()):
            key = (cls, tuple(Card.clean(hole_cards)), tuple(Card.clean(board_cards)))
            found = cache.get(key)
            if found is None:
                try:
                    found = original(cls, key[1], key[2])
                except ValueError as exc:
                    found = exc
                if len(cache) > 200_000:
                    cache.clear()
                cache[key] = found
            if isinstance(found, ValueError):
                raise found
            return found

        StandardHighHand.from_game = classmethod(from_game)
        return self

    def __exit__(self, *exc) -> None:
        if self.original is None:
            del StandardHighHand.from_game
        else:
            StandardHighHand.from_game = self.original


def card_text(card) -> str:
    return f"{card.rank.value}{card.suit.value}"


def new_state(recipe: Recipe) -> State:
    """A fresh PokerKit state for the recipe, blinds posted, hole cards dealt from the recipe's deck."""
    n = len(recipe.stacks)
    if recipe.betting == "no_limit":
        game = NoLimitTexasHoldem(AUTOMATIONS, True, 0, (SMALL_BLIND, BIG_BLIND), BIG_BLIND)
    else:
        game = FixedLimitTexasHoldem(AUTOMATIONS, True, 0, (SMALL_BLIND, BIG_BLIND), SMALL_BET, BIG_BET)
        game.streets = tuple(replace(s, max_completion_betting_or_raising_count=cap)
                             for s, cap in zip(game.streets, LIMIT_CAPS))
    state = game(recipe.stacks, n)
    state.deck_cards = deque(CARDS[text] for text in recipe.deck)
    while state.can_deal_hole():
        state.deal_hole()  # one card to PokerKit's next dealee, from the top of the deck
    return state


CARDS = {f"{c.rank.value}{c.suit.value}": c for c in Deck.STANDARD}


def apply(state: State, decision: tuple[str, int | None]):
    kind, amount = decision
    if kind == "fold":
        return state.fold()
    if kind == "check_or_call":
        return state.check_or_call()
    return state.complete_bet_or_raise_to(amount)


def advance(state: State) -> None:
    """Do the non-player steps PokerKit leaves to us: every player at showdown shows his cards."""
    while state.status and state.actor_index is None:
        if state.showdown_index is not None:
            state.show_or_muck_hole_cards(True)
        else:
            raise AssertionError(f"PokerKit state stuck: {state.operations[-1]!r}")


def replay(recipe: Recipe, decisions: int) -> State:
    """A fresh PokerKit state after the recipe's first ``decisions`` player decisions (the next one not made)."""
    with _MemoisedHands():
        state = new_state(recipe)
        advance(state)
        for decision in recipe.decisions[:decisions]:
            apply(state, decision)
            advance(state)
    return state


# ---------------------------------------------------------------------------------------------------------------
# The random player


def random_stacks(rng: random.Random, n: int) -> tuple[int, ...]:
    """Uneven stacks: some below the blinds (all-in on the blind), some short (all-in early), some deep."""
    stacks = []
    for _ in range(n):
        roll = rng.random()
        if roll < 0.10:
            stacks.append(rng.randint(1, 14))
        elif roll < 0.35:
            stacks.append(rng.randint(15, 120))
        elif roll < 0.85:
            stacks.append(rng.randint(121, 1200))
        else:
            stacks.append(rng.randint(1201, 6000))
    return tuple(stacks)


class Reopening:
    """Who may still raise in the current round as art. 12(1) is read (docs/readings.md): a bet or raise is full when
    its increment is at least the big blind (in fixed limit, the round's unit) and the largest increment of the round;
    an all-in for less does not reopen the betting to players who already acted, unless (``SHORT_ALL_INS_ADD_UP``)
    the all-ins for less since a player's last action add up to a full raise, i.e. he owes at least one. PokerKit
    is more lenient in one case: its smallest full increment starts every round at 0, so the round's first bet or
    raise counts as full even when it is an all-in for less than the big blind (a flop bet of 8, a pre-flop raise
    from 10 to 12), and players who had acted may then re-raise. The random player does not take those raises;
    ``vetoed`` counts how often PokerKit offered one, and ``reopened`` the re-raises taken after all-ins for less
    that added up."""

    def __init__(self, units: tuple[int, ...] | None = None) -> None:
        """``units``: the smallest full bet of each street (fixed limit: art. 11(2)'s unit); else the big blind."""
        self.units = units
        self.street: int | None = None
        self.vetoed = 0
        self.reopened = 0

    def start(self, state: State) -> None:
        if state.street_index != self.street:
            self.street = state.street_index
            self.full = self.units[state.street_index] if self.units else BIG_BLIND
            self.top = max(state.bets)
            self.acted: set[int] = set()
            self.locked: set[int] = set()

    def may_raise(self, player: int, owed: int) -> bool:
        return player not in self.locked or (SHORT_ALL_INS_ADD_UP and owed >= self.full)

    def record(self, player: int, decision: tuple[str, int | None]) -> None:
        kind, to = decision
        if kind == "raise_to":
            self.reopened += player in self.locked
            increment = to - self.top
            if increment >= self.full:
                self.full, self.acted, self.locked = increment, {player}, set()
            else:
                self.locked |= self.acted - {player}
                self.acted.add(player)
            self.top = to
        else:
            self.acted.add(player)


RAISE_WEIGHTS = {"normal": (0.25, 0.38), "tied": (0.25, 0.38), "aggressive": (0.45, 0.55)}  # (facing a bet, none)


def choose(rng: random.Random, state: State, reopening: Reopening, style: str = "normal") -> tuple[str, int | None]:
    """A random decision among those PokerKit allows (and art. 12(1) as read allows) to the current actor."""
    owed = state.checking_or_calling_amount
    can_raise = state.can_complete_bet_or_raise_to()
    if can_raise and not reopening.may_raise(state.actor_index, owed):
        can_raise = False
        reopening.vetoed += 1
    facing, free = RAISE_WEIGHTS[style]
    if owed:
        weights = {"fold": 0.22 if state.can_fold() else 0.0, "check_or_call": 0.78 - facing, "raise": facing}
    else:
        weights = {"fold": 0.0, "check_or_call": 1.0 - free, "raise": free}
    if not can_raise:
        weights["raise"] = 0.0
    kind = rng.choices(list(weights), list(weights.values()))[0]
    if kind != "raise":
        return kind, None
    low = state.min_completion_betting_or_raising_to_amount
    high = state.max_completion_betting_or_raising_to_amount
    if low == high:
        return "raise_to", low
    roll = rng.random()
    if roll < 0.35:
        to = low  # a minimum raise
    elif roll < 0.50:
        to = high  # all-in
    elif roll < 0.60:
        to = max(low, high - rng.randint(1, 9))  # nearly all-in
    elif roll < 0.75:
        pot = state.pot_completion_betting_or_raising_to_amount
        to = min(max(pot, low), high)
    else:
        to = rng.randint(low, min(high, low * 3 + 50))
    return "raise_to", to


# ---------------------------------------------------------------------------------------------------------------
# Playing and exporting


def tied_deck(rng: random.Random, n: int) -> list[str]:
    """A deck whose board is A-K-Q-J-T with no three cards of a suit: every player who reaches the showdown plays
    the board's straight (nothing can beat it), so every showdown is a split, with side pots and odd chips."""
    while True:
        suits = [rng.choice("shdc") for _ in range(5)]
        if max(suits.count(x) for x in "shdc") <= 2:
            break
    board = [rank + suit for rank, suit in zip("AKQJT", suits)]
    rest = [c for c in CARDS if c not in board]
    rng.shuffle(rest)
    hole, burns, rest = rest[:2 * n], rest[2 * n:2 * n + 3], rest[2 * n + 3:]
    return [*hole, burns[0], *board[:3], burns[1], board[3], burns[2], board[4], *rest]


def play_hand(rng: random.Random, table_id: str, hand_id: str, betting: str, n: int, button: int,
              style: str = "normal") -> ExportedHand:
    """Play one random hand with PokerKit and export it (``style``: normal, aggressive, or tied: every showdown a
    split, see ``tied_deck``)."""
    if style == "tied":
        deck = tied_deck(rng, n)
    else:
        deck = list(CARDS)
        rng.shuffle(deck)
    stacks = random_stacks(rng, n)
    reopening = Reopening((SMALL_BET, SMALL_BET, BIG_BET, BIG_BET) if betting == "fixed_limit" else None)

    def decide(state: State) -> tuple[str, int | None]:
        reopening.start(state)
        decision = choose(rng, state, reopening, style)
        reopening.record(state.actor_index, decision)
        return decision

    hand = play_recipe(Recipe(betting, stacks, tuple(deck), ()), table_id, hand_id, button, decide)
    hand.vetoed, hand.reopened = reopening.vetoed, reopening.reopened
    return hand


def play_recipe(recipe: Recipe, table_id: str, hand_id: str, button: int, decide=None) -> ExportedHand:
    """Play a hand with PokerKit (the recipe's decisions, or ``decide(state)`` for each) and export it."""
    scripted = iter(recipe.decisions)
    decide = decide or (lambda state: next(scripted))
    decisions: list[tuple[str, int | None]] = []
    infos: list[dict[str, Any]] = []
    state = new_state(recipe)
    pots_before_showdown = None
    while state.status:
        if state.actor_index is not None:
            decision = decide(state)
            infos.append(_snapshot(state))
            decisions.append(decision)
            apply(state, decision)
        elif state.showdown_index is not None:
            if pots_before_showdown is None:
                pots_before_showdown = [(p.amount, p.player_indices) for p in state.pots]
            state.show_or_muck_hole_cards(True)
        else:
            raise AssertionError(f"PokerKit state stuck: {state.operations[-1]!r}")
    n = len(recipe.stacks)
    recipe = replace(recipe, decisions=tuple(decisions))
    hand = ExportedHand(table_id, hand_id, recipe.betting, n, button,
                        tuple((button + i) % n + 1 for i in range(n)), recipe)
    _export(hand, state, infos, pots_before_showdown)
    return hand


def _snapshot(state: State) -> dict[str, Any]:
    i = state.actor_index
    return {
        "player": i, "stack_before": state.stacks[i], "bet_before": state.bets[i], "max_bet": max(state.bets),
        "call_amount": state.checking_or_calling_amount,
        "min_to": state.min_completion_betting_or_raising_to_amount,
        "max_to": state.max_completion_betting_or_raising_to_amount,
        "full_to": (max(state.completion_betting_or_raising_amount,
                        state.street.min_completion_betting_or_raising_amount) + max(state.bets)
                    if state.can_complete_bet_or_raise_to() else None),
        "completions": state.completion_betting_or_raising_count, "live": sum(state.statuses),
        "others_with_chips": sum(1 for j in state.player_indices
                                 if j != i and state.statuses[j] and state.stacks[j] > 0),
    }


def _export(hand: ExportedHand, state: State, infos: list[dict[str, Any]], pots) -> None:
    n, seat = hand.n, hand.seat_of
    ev = hand.events
    ev.append({"event": "hand_start", "hand_id": hand.hand_id, "seat": hand.button})
    for i in sorted(range(n), key=lambda i: seat[i]):
        ev.append({"event": "seat", "hand_id": hand.hand_id, "seat": seat[i], "player": f"{hand.table_id}-S{seat[i]}",
                   "amount": str(hand.recipe.stacks[i])})
    ev.append({"event": "shuffle", "hand_id": hand.hand_id, "method": "machine"})
    stack = list(hand.recipe.stacks)
    put = [0] * n
    bets = [0] * n
    street = 0
    decision = 0
    for op in state.operations:
        if isinstance(op, BlindOrStraddlePosting):
            i = op.player_index
            j = i if n > 2 else 1 - i  # heads-up PokerKit applies the blinds reversed
            stack[i] -= op.amount
            put[i] += op.amount
            bets[i] += op.amount
            ev.append(_action(hand, i, "post_small_blind" if j == 0 else "post_big_blind", op.amount, stack[i] == 0))
        elif isinstance(op, HoleDealing):
            for card in op.cards:
                hand.hole.setdefault(seat[op.player_index], []).append(card_text(card))
                ev.append({"event": "deal", "hand_id": hand.hand_id, "card": card_text(card), "to": "seat",
                           "seat": seat[op.player_index], "face": "down"})
        elif isinstance(op, CardBurning):
            street += 1
            ev.append({"event": "burn", "hand_id": hand.hand_id, "card": card_text(op.card)})
        elif isinstance(op, BoardDealing):
            for card in op.cards:
                hand.board.append(card_text(card))
                ev.append({"event": "board", "hand_id": hand.hand_id, "card": card_text(card)})
        elif isinstance(op, BetCollection):
            bets = [0] * n
        elif isinstance(op, (Folding, CheckingOrCalling, CompletionBettingOrRaisingTo)):
            i = op.player_index
            info = infos[decision]
            assert info["player"] == i
            if isinstance(op, Folding):
                kind, added = "fold", 0
                hand.folded.add(seat[i])
            elif isinstance(op, CheckingOrCalling):
                kind, added = ("call" if op.amount else "check"), op.amount
            else:
                kind, added = ("raise" if max(bets) else "bet"), op.amount - bets[i]
            stack[i] -= added
            put[i] += added
            bets[i] += added
            hand.actions.append(ActionInfo(
                event=len(ev), decision=decision, seat=seat[i], street=STREETS[street], kind=kind, amount=added,
                to=bets[i], all_in=stack[i] == 0 and added > 0, **info))
            ev.append(_action(hand, i, kind, added, stack[i] == 0 and added > 0))
            decision += 1
        elif isinstance(op, HoleCardsShowingOrMucking):
            hand.showdown = True
            for card in op.hole_cards:
                ev.append({"event": "show", "hand_id": hand.hand_id, "seat": seat[op.player_index],
                           "card": card_text(card)})
        elif isinstance(op, ChipsPushing):
            hand.pushes.append((op.pot_index, {seat[i]: a for i, a in enumerate(op.amounts) if a}))
    assert decision == len(infos)
    final = state.stacks
    hand.contributions = {seat[i]: put[i] for i in range(n)}
    hand.stacks_after = {seat[i]: final[i] for i in range(n)}
    hand.pots = [(amount, tuple(seat[i] for i in players)) for amount, players in (pots or [])]
    top = sorted(range(n), key=lambda i: put[i], reverse=True)
    uncalled = put[top[0]] - put[top[1]]
    if uncalled:
        hand.refund = {seat[top[0]]: uncalled}
    if not hand.showdown:  # everybody else folded: the pot, less the uncalled bet, goes to the last player
        winner = next(i for i in range(n) if seat[i] not in hand.folded)
        hand.awards = [(seat[winner], sum(put) - uncalled, 0)]
    else:  # PokerKit's pushes; pot indices are PokerKit's when its pots were not merged after the showdown
        same_pots = len(hand.pushes) == len(hand.pots)
        for pot, amounts in hand.pushes:
            for s, a in sorted(amounts.items()):
                hand.awards.append((s, a, pot if same_pots else None))
    # The export must reproduce PokerKit's result: every seat's chips balance.
    for i in range(n):
        s = seat[i]
        won = sum(a for t, a, _ in hand.awards if t == s)
        assert stack[i] + hand.refund.get(s, 0) + won == final[i], (hand.hand_id, s, stack[i], won, final[i])
    for s, a in sorted(hand.refund.items()):
        ev.append({"event": "refund", "hand_id": hand.hand_id, "seat": s, "amount": str(a)})
    for s, a, pot in hand.awards:
        ev.append({"event": "award", "hand_id": hand.hand_id, "seat": s, "amount": str(a), "pot": pot})
    for i in sorted(range(n), key=lambda i: seat[i]):
        ev.append({"event": "stack", "hand_id": hand.hand_id, "seat": seat[i], "amount": str(final[i])})
    ev.append({"event": "hand_end", "hand_id": hand.hand_id})


def _action(hand: ExportedHand, i: int, kind: str, amount: int, all_in: bool) -> dict[str, Any]:
    return {"event": "action", "hand_id": hand.hand_id, "seat": hand.seat_of[i], "action": kind,
            "amount": str(amount), "all_in": all_in}


def play_table(rng: random.Random, table_id: str, hands: int, betting: str | None = None, n: int | None = None,
               style: str = "normal") -> ExportedTable:
    """Consecutive hands at one table of ``n`` players (2-10), the button moving one seat per hand from seat 1."""
    betting = betting or rng.choice(("no_limit", "fixed_limit"))
    n = n or rng.randint(2, 10)
    table = ExportedTable(table_id, betting, n)
    with _MemoisedHands():
        for k in range(hands):
            table.hands.append(play_hand(rng, table_id, f"{table_id}-H{k + 1}", betting, n, k % n + 1, style))
    return table


def play_tables(seed: int, tables: int, hands_per_table: int, *, players: tuple[int, ...] = (),
                bettings: tuple[str, ...] = ("no_limit", "fixed_limit"), style: str = "normal",
                prefix: str = "T") -> list[ExportedTable]:
    """``tables`` tables, alternating the betting structures; ``players`` gives the first tables' sizes (the others
    are drawn from 2-10)."""
    rng = random.Random(seed)
    result = []
    for t in range(tables):
        n = players[t] if t < len(players) else rng.randint(2, 10)
        result.append(play_table(rng, f"{prefix}{seed}-{t + 1}", hands_per_table, bettings[t % len(bettings)], n,
                                 style))
    return result


def table_events(table: ExportedTable, hands: list[list[dict[str, Any]]] | None = None) -> list[dict[str, Any]]:
    """The table's events with their envelope: table_open, then each hand (``hands`` replaces their events)."""
    rows: list[dict[str, Any]] = [{"event": "table_open", "config": table.config}]
    for events in hands if hands is not None else [h.events for h in table.hands]:
        rows.extend(events)
    return [{"table_id": table.table_id, "game": "holdem", "seq": seq,
             **{k: v for k, v in row.items() if v is not None}} for seq, row in enumerate(rows, start=1)]


def first_seqs(tables: list[ExportedTable],
               replaced: dict[tuple[str, str], list[dict[str, Any]]] | None = None) -> dict[tuple[str, str], int]:
    """The ``seq`` of each hand's first event in the file ``write_jsonl`` writes."""
    replaced = replaced or {}
    result = {}
    for table in tables:
        seq = 2  # seq 1: table_open
        for hand in table.hands:
            result[(table.table_id, hand.hand_id)] = seq
            seq += len(replaced.get((table.table_id, hand.hand_id), hand.events))
    return result


def write_jsonl(path: Path, tables: list[ExportedTable],
                replaced: dict[tuple[str, str], list[dict[str, Any]]] | None = None) -> Path:
    """Write the tables as JSON Lines; ``replaced`` maps (table, hand) to mutated hand events."""
    replaced = replaced or {}
    with path.open("w", encoding="utf-8") as out:
        for table in tables:
            hands = [replaced.get((table.table_id, h.hand_id), h.events) for h in table.hands]
            for row in table_events(table, hands):
                out.write(json.dumps(row) + "\n")
    return path



# ---------------------------------------------------------------------------------------------------------------
# What the audit must find in an exported hand that PokerKit played legally

TURN_RULE = {"preflop": "THE-6.2", "flop": "THE-7.2", "turn": "THE-8.3", "river": "THE-8.3"}
CLOSE_RULE = {"preflop": "THE-6.2", "flop": "THE-6.5", "turn": "THE-6.5", "river": "THE-6.5"}
OPTION_RULE = {"preflop": "THE-6.3", "flop": "THE-7.3", "turn": "THE-7.3", "river": "THE-7.3"}
SPLIT_RULES = frozenset({"THE-10.3", "THE-10.4"})


def fmt_awards(awards: dict[int, int]) -> str:
    """Awards per seat as the auditor's findings write them (showdown.py ``_fmt``)."""
    return ", ".join(f"seat {s}: {a}" for s, a in sorted(awards.items()) if a) or "nothing"


def award_totals(hand: ExportedHand) -> dict[int, int]:
    totals: dict[int, int] = {}
    for s, a, _ in hand.awards:
        totals[s] = totals.get(s, 0) + a
    return {s: a for s, a in totals.items() if a}


def documented_division(hand: ExportedHand) -> dict[int, int]:
    """The awards as docs/holdem-checks.md reads arts. 10(2), 10(4), 10(5), computed from PokerKit's facts alone:
    each of PokerKit's pots (as it built them before the showdown) goes to the best hands among its eligible players
    by PokerKit's ranking, in equal shares rounded down, the whole remainder to the first tied winner clockwise from
    the button (PokerKit's lowest player index; odd_chip_from=button_left)."""
    if not hand.showdown:
        return award_totals(hand)
    player_of = hand.player_of
    strength = {s: best_hand(hand.hole[s], hand.board) for _, eligible in hand.pots for s in eligible}
    result: dict[int, int] = {}
    for amount, eligible in hand.pots:
        best = max(strength[s] for s in eligible)
        winners = sorted((s for s in eligible if strength[s] == best), key=player_of.__getitem__)
        share, rest = divmod(amount, len(winners))
        for k, s in enumerate(winners):
            result[s] = result.get(s, 0) + share + (rest if k == 0 else 0)
    return {s: a for s, a in result.items() if a}


def bb_option_checks(hand: ExportedHand) -> list[ActionInfo]:
    """Pre-flop checks by the big blind when every other live player is all-in: PokerKit still gives him his option
    (art. 6(4)), and so does the auditor's replay."""
    return [a for a in hand.actions if a.street == "preflop" and a.kind == "check" and a.others_with_chips == 0]


@dataclass
class Expected:
    """The findings the audit must report on one hand: rule id -> count, and for a split divergence the exact
    expected/found awards of the finding."""

    rules: dict[str, int] = field(default_factory=dict)
    split: tuple[str, str] | None = None  # (expected, found) of the one THE-10.3/10.4 finding
    reasons: list[str] = field(default_factory=list)

    def add(self, rule: str, count: int = 1, reason: str = "") -> None:
        self.rules[rule] = self.rules.get(rule, 0) + count
        if reason:
            self.reasons.append(reason)


def expected_clean(hand: ExportedHand) -> Expected:
    """What the audit must say about a hand PokerKit played: nothing, except the known divergences (documented in
    tests/test_holdem_differential.py, KNOWN_ISSUES)."""
    expected = Expected()
    documented, pokerkit = documented_division(hand), award_totals(hand)
    if documented != pokerkit:
        expected.split = (fmt_awards(documented), fmt_awards(pokerkit))
        expected.reasons.append("split-odd-chips: PokerKit's division of a split pot differs from the documented one"
                                f" ({expected.split[0]} against PokerKit's {expected.split[1]})")
    return expected


# ---------------------------------------------------------------------------------------------------------------
# Mutations: one action of a legal hand made illegal in our log; PokerKit is shown to refuse it


@dataclass
class Mutation:
    kind: str
    hand: ExportedHand
    events: list[dict[str, Any]]  # the hand's mutated events
    expected: dict[str, int]  # rule id -> findings the audit must report on the hand
    pokerkit: str  # how PokerKit refuses the move
    note: str = ""
    key: str = ""  # the MUTATIONS entry that made it
    at: tuple[str, int] | None = None  # the illegal action's rule and its index in ``events``


class Unsuitable(Exception):
    """The hand offers no place for this mutation."""


def _events(hand: ExportedHand) -> list[dict[str, Any]]:
    return [dict(e) for e in hand.events]


def _index(events: list[dict[str, Any]], event: str, seat: int | None = None) -> int:
    return next(i for i, e in enumerate(events) if e["event"] == event and (seat is None or e.get("seat") == seat))


def _uncalled_to_the_end(hand: ExportedHand, a: ActionInfo) -> bool:
    """Every later action of the hand is a fold: ``a``'s bet or raise is uncalled and returned in part."""
    later = [b for b in hand.actions if b.decision > a.decision]
    return (not hand.showdown and bool(later) and all(b.kind == "fold" for b in later)
            and hand.refund.get(a.seat, 0) > 0)


def _refuse_raise(hand: ExportedHand, a: ActionInfo, to: int) -> str:
    """PokerKit, replayed to ``a``, refuses a completion, bet or raise to ``to``: the ValueError's message."""
    state = replay(hand.recipe, a.decision)
    assert state.actor_index == a.player, (hand.hand_id, state.actor_index, a.player)
    assert not state.can_complete_bet_or_raise_to(to)
    try:
        state.complete_bet_or_raise_to(to)
    except ValueError as exc:
        return str(exc)
    raise AssertionError(f"{hand.hand_id}: PokerKit accepted a raise to {to}")


def _has_known_issue(hand: ExportedHand) -> bool:
    expected = expected_clean(hand)
    return bool(expected.rules) or expected.split is not None


def below_minimum_raise(hand: ExportedHand, rng: random.Random) -> Mutation:
    """No limit: a full raise that everybody then folds to becomes a raise below the minimum increment (not all-in);
    the returned uncalled part shrinks by the same amount, so the player's chips still balance. THE-12.1."""
    if hand.betting != "no_limit" or _has_known_issue(hand):
        raise Unsuitable
    candidates = [a for a in hand.actions if a.kind == "raise" and a.min_to is not None and a.to >= a.min_to
                  and a.min_to < a.stack_before + a.bet_before and a.min_to - a.max_bet >= 2
                  and _uncalled_to_the_end(hand, a)]
    if not candidates:
        raise Unsuitable
    a = rng.choice(candidates)
    to = a.max_bet + rng.randint(1, a.min_to - a.max_bet - 1)
    delta = a.to - to
    events = _events(hand)
    events[a.event].update(amount=str(a.amount - delta), all_in=False)
    refund = _index(events, "refund", a.seat)
    assert hand.refund[a.seat] > delta
    events[refund]["amount"] = str(hand.refund[a.seat] - delta)
    said = _refuse_raise(hand, a, to)
    return Mutation("below_minimum_raise", hand, events, {"THE-12.1": 1}, said,
                    f"seat {a.seat} raises to {to} on the {a.street} (minimum {a.min_to})", at=("THE-12.1", a.event))


def out_of_turn(hand: ExportedHand, rng: random.Random, streets: tuple[str, ...]) -> Mutation:
    """Two consecutive actions of a round that leave the bet unchanged (fold, check, call; not all-in) are logged in
    the other order: the second player acts before the one whose turn it was. THE-6.2 / 7.2 / 8.3 by street; the
    chips are unchanged, so nothing else."""
    if _has_known_issue(hand):
        raise Unsuitable
    quiet = ("fold", "check", "call")
    pairs = [(y, x) for y, x in zip(hand.actions, hand.actions[1:])
             if y.street == x.street and y.street in streets and y.seat != x.seat and x.event == y.event + 1
             and y.kind in quiet and x.kind in quiet and not y.all_in and not x.all_in and x.max_bet == y.max_bet]
    if not pairs:
        raise Unsuitable
    y, x = rng.choice(pairs)
    events = _events(hand)
    events[y.event], events[x.event] = events[x.event], events[y.event]
    state = replay(hand.recipe, y.decision)
    assert state.actor_index == y.player != x.player
    said = (f"PokerKit's actor is player {y.player} (seat {y.seat}); it has no way to let player {x.player} "
            f"(seat {x.seat}) act now")
    return Mutation(f"out_of_turn_{y.street}", hand, events, {TURN_RULE[y.street]: 1}, said,
                    f"seat {x.seat} ({x.kind}) acts before seat {y.seat} ({y.kind}) on the {y.street}",
                    at=(TURN_RULE[y.street], y.event))


def check_facing_bet(hand: ExportedHand, rng: random.Random) -> Mutation:
    """The fold that ended a hand before the river becomes a check facing the bet. He answered the bet, wrongly: the
    round does not end with him still to act (one error, one finding). Knock-on findings: THE-6.4 when the unraised
    big blind had not acted yet (as when the small blind "checks" the big blind), else the hand ends with two players
    in it who showed nothing (THE-8.4, one per player). The big blind skipped is absent from the betting: whether he
    is still in the hand, and so whether there is a showdown, is his missing action's, reported once (THE-6.4). The
    chips are unchanged; with the board incomplete the awards are not judged."""
    if _has_known_issue(hand) or hand.showdown or not hand.actions:
        raise Unsuitable
    x = hand.actions[-1]
    if x.kind != "fold" or x.call_amount <= 0 or x.street == "river":
        raise Unsuitable
    events = _events(hand)
    events[x.event].update(action="check", amount="0", all_in=False)
    state = replay(hand.recipe, x.decision)
    assert state.actor_index == x.player and state.checking_or_calling_amount > 0 and state.can_fold()
    said = (f"PokerKit offers player {x.player} (seat {x.seat}) no check: check_or_call() would put in "
            f"{state.checking_or_calling_amount} chips")
    expected = {OPTION_RULE[x.street]: 1, "THE-8.4": 2}
    big_blind = next(e for e in hand.events if e.get("action") == "post_big_blind")
    before = [a for a in hand.actions if a.street == "preflop" and a.decision < x.decision]
    if (x.street == "preflop" and not big_blind["all_in"] and not any(a.kind == "raise" for a in before)
            and not any(a.seat == big_blind["seat"] for a in before) and big_blind["seat"] != x.seat):
        expected["THE-6.4"] = 1  # the unraised big blind is still to act: the round ended before his option
        del expected["THE-8.4"]  # and he is absent from the betting: no showdown is known to be owed
    return Mutation("check_facing_bet", hand, events, expected, said,
                    f"seat {x.seat} checks facing {x.call_amount} on the {x.street}",
                    at=(OPTION_RULE[x.street], x.event))


def _unit(street: str) -> int:
    return SMALL_BET if street in ("preflop", "flop") else BIG_BET


def fourth_raise(hand: ExportedHand, rng: random.Random) -> Mutation:
    """Fixed limit, more than two players live: the call that closed a round after three raises becomes a fourth
    raise of one unit. The player stays in to the end with the largest contribution, has more than a unit left when
    the betting ends (so the unit never makes him short later), and no bet of the hand was left uncalled: the extra
    unit comes back to him as the uncalled bet and every pot is unchanged.
    THE-12.2, and the round ends with the other players who could act owing the unit (THE-6.2 pre-flop, THE-6.5
    later)."""
    if hand.betting != "fixed_limit" or _has_known_issue(hand) or hand.refund:
        raise Unsuitable
    candidates = []
    for i, x in enumerate(hand.actions):
        following = hand.actions[i + 1] if i + 1 < len(hand.actions) else None
        earlier = [a for a in hand.actions[:i] if a.street == x.street]
        aggressive = [a for a in earlier if a.kind in ("bet", "raise")]
        if (x.kind == "call" and not x.all_in and x.live > 2
                and (following is None or following.street != x.street)
                and x.completions == LIMIT_CAPS[STREETS.index(x.street)]
                and sum(a.kind == "raise" for a in aggressive) == 3 and not any(a.all_in for a in aggressive)
                and hand.recipe.stacks[x.player] - hand.contributions[x.seat] > _unit(x.street)
                and x.seat not in hand.folded and hand.contributions[x.seat] == max(hand.contributions.values())):
            candidates.append(x)
    if not candidates:
        raise Unsuitable
    x = rng.choice(candidates)
    unit = _unit(x.street)
    events = _events(hand)
    events[x.event].update(action="raise", amount=str(x.call_amount + unit), all_in=False)
    events.insert(_index(events, "award"), {"event": "refund", "hand_id": hand.hand_id, "seat": x.seat,
                                            "amount": str(unit)})
    out = {a.seat for a in hand.actions if a.decision <= x.decision and (a.kind == "fold" or a.all_in)}
    out |= {e["seat"] for e in hand.events if e.get("action", "").startswith("post_") and e["all_in"]}
    owing = [s for s in hand.seat_of if s != x.seat and s not in out]
    expected = {"THE-12.2": 1}
    if owing:
        expected[CLOSE_RULE[x.street]] = 1
    said = _refuse_raise(hand, x, x.to + unit)
    return Mutation("fourth_raise", hand, events, expected, said,
                    f"seat {x.seat} makes raise number 4 on the {x.street} with {x.live} players live"
                    f" (owing after it: {owing})", at=("THE-12.2", x.event))


def wrong_unit(hand: ExportedHand, rng: random.Random) -> Mutation:
    """Fixed limit: a bet or raise that everybody folds to is made in the wrong unit (half a unit more, or, for an
    opening bet, half a unit less; not all-in); the returned uncalled part changes by the same amount. THE-11.2."""
    if hand.betting != "fixed_limit" or _has_known_issue(hand):
        raise Unsuitable
    candidates = [a for a in hand.actions if a.kind in ("bet", "raise") and not a.all_in
                  and a.to - a.max_bet == _unit(a.street) and _uncalled_to_the_end(hand, a)]
    if not candidates:
        raise Unsuitable
    a = rng.choice(candidates)
    half = _unit(a.street) // 2
    delta = -half if a.kind == "bet" and rng.random() < 0.5 else half
    if delta > 0 and a.stack_before <= a.amount + delta:
        raise Unsuitable
    events = _events(hand)
    events[a.event].update(amount=str(a.amount + delta), all_in=False)
    refund = _index(events, "refund", a.seat)
    assert hand.refund[a.seat] + delta > 0
    events[refund]["amount"] = str(hand.refund[a.seat] + delta)
    said = _refuse_raise(hand, a, a.to + delta)
    return Mutation("wrong_unit", hand, events, {"THE-11.2": 1}, said,
                    f"seat {a.seat}: {a.kind} of {a.to - a.max_bet + delta} on the {a.street} (unit {_unit(a.street)})",
                    at=("THE-11.2", a.event))


def _is_wheel(hand: ExportedHand, seat: int) -> bool:
    best = best_hand(hand.hole[seat], hand.board)
    return ({c.rank.value for c in best.cards} == set("A2345")
            and best.entry.label in (Label.STRAIGHT, Label.STRAIGHT_FLUSH))


def award_rule(hand: ExportedHand, winner: int, stranger: int, shared: bool = False) -> str:
    """The rule docs/holdem-checks.md files a pot given to ``stranger`` instead of ``winner`` (or, ``shared``,
    shared between them) under, from PokerKit's evaluation, in its order: a lower category is THE-15.1; else an
    Ace-low straight involved is THE-14.2; else THE-10.5 for a shared pot, THE-10.2 for a pot given away."""
    if hand.category(stranger) < hand.category(winner):
        return "THE-15.1"
    if _is_wheel(hand, winner) or _is_wheel(hand, stranger):
        return "THE-14.2"
    return "THE-10.5" if shared else "THE-10.2"


def _single_pot(hand: ExportedHand, winners: int | None) -> tuple[int, int, dict[int, int]]:
    """A showdown hand with one pot shared by ``winners`` players (None: two or more): (pot index, amount,
    PokerKit's shares)."""
    if not hand.showdown or len(hand.pots) != 1 or len(hand.pushes) != 1 or _has_known_issue(hand):
        raise Unsuitable
    (pot, amounts), = hand.pushes
    if (len(amounts) < 2) if winners is None else (len(amounts) != winners):
        raise Unsuitable
    return pot, sum(amounts.values()), amounts


def _pushed(hand: ExportedHand, pot: int, amounts: dict[int, int]) -> str:
    return f"PokerKit pushed pot {pot} as " + ", ".join(f"seat {s}: {a}" for s, a in sorted(amounts.items()))


def wrong_award(hand: ExportedHand, rng: random.Random, same_category: bool = False) -> Mutation:
    """A showdown with one pot and one winner: the pot is awarded to a player who lost it (and the stacks after the
    hand follow the award, so only the award is wrong). THE-15.1, THE-14.2 or THE-10.2 by award_rule;
    ``same_category``: only a loser whose hand is of the winner's category (THE-10.2 or THE-14.2)."""
    pot, amount, amounts = _single_pot(hand, 1)
    (winner, _), = amounts.items()
    losers = [s for s in hand.pots[0][1] if s != winner
              and (not same_category or hand.category(s) == hand.category(winner))]
    if not losers:
        raise Unsuitable
    loser = rng.choice(losers)
    assert best_hand(hand.hole[loser], hand.board) < best_hand(hand.hole[winner], hand.board)
    events = _move_award(hand, winner, loser, amount)
    said = (f"{_pushed(hand, pot, amounts)} ({best_hand(hand.hole[winner], hand.board)}), not to seat {loser} "
            f"({best_hand(hand.hole[loser], hand.board)})")
    return Mutation("wrong_award", hand, events, {award_rule(hand, winner, loser): 1}, said,
                    f"pot of {amount} to seat {loser}, not {winner}")


def shared_with_loser(hand: ExportedHand, rng: random.Random, same_category: bool = False) -> Mutation:
    """A showdown with one pot and one winner: the winner shares the pot with a player who lost it (an agreed split,
    art. 10(3)). THE-15.1, THE-14.2 or THE-10.5 by award_rule; ``same_category`` as for wrong_award."""
    pot, amount, amounts = _single_pot(hand, 1)
    (winner, _), = amounts.items()
    losers = [s for s in hand.pots[0][1] if s != winner
              and (not same_category or hand.category(s) == hand.category(winner))]
    if not losers or amount < 2:
        raise Unsuitable
    loser = rng.choice(losers)
    half = amount // 2
    events = _events(hand)
    i = _index(events, "award", winner)
    events[i]["amount"] = str(amount - half)
    events.insert(i + 1, {"event": "award", "hand_id": hand.hand_id, "seat": loser, "amount": str(half), "pot": pot})
    _shift_stacks(events, {winner: -half, loser: half})
    said = f"{_pushed(hand, pot, amounts)}: seat {loser}'s {best_hand(hand.hole[loser], hand.board)} loses"
    return Mutation("shared_with_loser", hand, events, {award_rule(hand, winner, loser, shared=True): 1}, said,
                    f"pot of {amount} shared {amount - half}/{half} by seats {winner} and {loser}")


def split_unequal(hand: ExportedHand, rng: random.Random) -> Mutation:
    """A pot split between equal hands is shared unequally: two chips or more of the first winner's share go to the
    last. THE-10.3."""
    pot, amount, amounts = _single_pot(hand, None)
    winners = sorted(amounts, key=hand.player_of.__getitem__)
    first, last = winners[0], winners[-1]
    if amounts[first] < 3:
        raise Unsuitable
    moved = rng.randint(2, min(amounts[first] - 1, 50))
    events = _set_awards(hand, {first: amounts[first] - moved, last: amounts[last] + moved})
    return Mutation("split_unequal", hand, events, {"THE-10.3": 1}, _pushed(hand, pot, amounts),
                    f"seat {last} gets {moved} chips of seat {first}'s share ({len(winners)} winners)")


def odd_chip_misplaced(hand: ExportedHand, rng: random.Random) -> Mutation:
    """A pot split between equal hands with one odd chip: it goes to the last tied winner clockwise from the button
    instead of the first. THE-10.4."""
    pot, amount, amounts = _single_pot(hand, None)
    winners = sorted(amounts, key=hand.player_of.__getitem__)
    if amount % len(winners) != 1:
        raise Unsuitable
    first, last = winners[0], winners[-1]
    assert amounts[first] == amounts[last] + 1
    events = _set_awards(hand, {first: amounts[first] - 1, last: amounts[last] + 1})
    return Mutation("odd_chip_misplaced", hand, events, {"THE-10.4": 1}, _pushed(hand, pot, amounts),
                    f"the odd chip of {amount} to seat {last}, not seat {first} ({len(winners)} winners)")


def side_pot_to_ineligible(hand: ExportedHand, rng: random.Random) -> Mutation:
    """A side pot is awarded to the main pot's winner, an all-in player who did not reach it (stacks following).
    Per docs/holdem-checks.md a pot awarded to a player who does not hold the best hand eligible for it: THE-10.2."""
    if not hand.showdown or len(hand.pots) < 2 or len(hand.pushes) != len(hand.pots) or _has_known_issue(hand):
        raise Unsuitable
    (_, main), (pot1, side) = hand.pushes[0], hand.pushes[1]
    if len(main) != 1 or len(side) != 1:
        raise Unsuitable
    (short, _), = main.items()
    (winner, amount), = side.items()
    if short == winner or short in hand.pots[1][1]:
        raise Unsuitable
    events = _events(hand)
    i = next(i for i, e in enumerate(events) if e["event"] == "award" and e.get("pot") == pot1)
    events[i]["seat"] = short
    _shift_stacks(events, {winner: -amount, short: amount})
    said = (f"PokerKit's pot {pot1} ({amount}) is contested by seats {list(hand.pots[1][1])} only; "
            f"{_pushed(hand, pot1, side)}")
    return Mutation("side_pot_to_ineligible", hand, events, {"THE-10.2": 1}, said,
                    f"side pot {pot1} of {amount} to seat {short}, all-in for the main pot only")


def award_to_folded(hand: ExportedHand, rng: random.Random) -> Mutation:
    """A single award goes to a player who folded (stacks following). THE-13.3."""
    if _has_known_issue(hand) or len(hand.awards) != 1 or not hand.folded:
        raise Unsuitable
    (winner, amount, _), = hand.awards
    folded = rng.choice(sorted(hand.folded))
    events = _move_award(hand, winner, folded, amount)
    state = replay(hand.recipe, len(hand.recipe.decisions))
    assert not state.status and not state.statuses[hand.player_of[folded]]
    said = f"seat {folded} folded (PokerKit status False: in no pot); PokerKit pushed the pot to seat {winner}"
    return Mutation("award_to_folded", hand, events, {"THE-13.3": 1}, said, f"pot of {amount} to folded seat {folded}")


def _move_award(hand: ExportedHand, winner: int, other: int, amount: int) -> list[dict[str, Any]]:
    events = _events(hand)
    events[_index(events, "award", winner)]["seat"] = other
    _shift_stacks(events, {winner: -amount, other: amount})
    return events


def _set_awards(hand: ExportedHand, awards: dict[int, int]) -> list[dict[str, Any]]:
    """The awards of a one-pot hand set to ``awards`` (seat -> chips), the stacks after the hand following."""
    events = _events(hand)
    change = {}
    for seat, amount in awards.items():
        i = _index(events, "award", seat)
        change[seat] = amount - int(events[i]["amount"])
        events[i]["amount"] = str(amount)
    _shift_stacks(events, change)
    return events


def _shift_stacks(events: list[dict[str, Any]], change: dict[int, int]) -> None:
    for seat, delta in change.items():
        i = _index(events, "stack", seat)
        events[i]["amount"] = str(int(events[i]["amount"]) + delta)


MUTATIONS = {  # the most demanding first: ``mutate`` gives each hand to the first kind that can use it
    "fourth_raise": fourth_raise,
    "odd_chip_misplaced": odd_chip_misplaced,
    "split_unequal": split_unequal,
    "side_pot_to_ineligible": side_pot_to_ineligible,
    "wrong_award_same_category": lambda h, r: wrong_award(h, r, same_category=True),
    "shared_with_loser_same_category": lambda h, r: shared_with_loser(h, r, same_category=True),
    "below_minimum_raise": below_minimum_raise,
    "wrong_unit": wrong_unit,
    "check_facing_bet": check_facing_bet,
    "out_of_turn_turn_river": lambda h, r: out_of_turn(h, r, ("turn", "river")),
    "out_of_turn_flop": lambda h, r: out_of_turn(h, r, ("flop",)),
    "out_of_turn_preflop": lambda h, r: out_of_turn(h, r, ("preflop",)),
    "wrong_award": wrong_award,
    "shared_with_loser": shared_with_loser,
    "award_to_folded": award_to_folded,
}


def mutate(tables: list[ExportedTable], rng: random.Random, per_kind: int,
           kinds: tuple[str, ...] = tuple(MUTATIONS)) -> list[Mutation]:
    """Up to ``per_kind`` mutations of each kind, each on a different hand."""
    hands = [h for t in tables for h in t.hands]
    order = list(range(len(hands)))
    rng.shuffle(order)
    used: set[int] = set()
    result: list[Mutation] = []
    for kind in kinds:
        made = 0
        for i in order:
            if made == per_kind:
                break
            if i in used:
                continue
            try:
                mutation = MUTATIONS[kind](hands[i], rng)
            except Unsuitable:
                continue
            mutation.key = kind
            result.append(mutation)
            used.add(i)
            made += 1
    return result


def pool_stats(tables: list[ExportedTable]) -> dict[str, int]:
    """How much of the rules' ground a pool of hands covers (the test asserts minimums)."""
    stats: dict[str, int] = {}

    def count(key: str, n: int = 1) -> None:
        stats[key] = stats.get(key, 0) + n

    for table in tables:
        for hand in table.hands:
            count("hands")
            count(table.betting)
            count(f"players_{hand.n}")
            count("showdown" if hand.showdown else "folded_out")
            count("side_pots", len(hand.pots) >= 2)
            count("split_pots", any(len(amounts) >= 2 for _, amounts in hand.pushes))
            count("uncalled_refund", bool(hand.refund))
            count("river_dealt", len(hand.board) == 5)
            count("blind_all_in", any(e.get("action", "").startswith("post_") and e["all_in"] for e in hand.events))
            count("raise_vetoed", hand.vetoed)
            count("reopened_by_all_ins", hand.reopened)
            count("bb_option_check", len(bb_option_checks(hand)))
            count("split_divergence", documented_division(hand) != award_totals(hand))
            for a in hand.actions:
                count(f"action_{a.kind}")
                count("all_in", a.all_in)
                count("min_raise", a.kind in ("bet", "raise") and a.to == a.min_to and not a.all_in)
                count("short_all_in", a.kind in ("bet", "raise") and a.all_in and a.full_to is not None
                      and a.to < a.full_to)
                count("capped_round", hand.betting == "fixed_limit"
                      and a.completions == LIMIT_CAPS[STREETS.index(a.street)])
    return stats
