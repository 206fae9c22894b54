"""Art. 12 (加注之适用规则): "(1) A raise is at least equal to the last bet or raise in the hand; (2) In games with a
limit, there are at most three raises in each betting round; … (4) If only two players are in the hand, the raise
is not limited." An all-in for less does not reopen the betting (docs/readings.md); several of them add up to a full
raise only under ``short_all_ins_add_up`` (the common profile; docs/holdem-checks.md)."""

from __future__ import annotations

from collections.abc import Iterator

from auditor.engine.registry import register
from auditor.engine.replay_runner import Breach, ReplayRule, breach
from auditor.engine.ruleset import Ruleset
from auditor.games.holdem.conditions import all_in_logged, all_of, betting, raise_made, seated, short_bet
from auditor.games.holdem.hand import Hand
from auditor.games.poker.hand import Action

ABSENT_PLAYERS = ("a player absent from the betting (his action is missing): whether more than two were in the hand "
                  "is unknown")


def _minimum_raise(hand: Hand, ruleset: Ruleset) -> Iterator[Breach]:
    """In fixed limit the size of every bet and raise is art. 11(2)'s (THE-11.2): only the reopening is judged here."""
    sized_here = hand.table.config.get("betting") != "fixed_limit"
    add_up = ruleset.param("short_all_ins_add_up")
    for a in hand.actions:
        if a.kind != "raise" and not (a.kind == "bet" and a.current_bet > 0):
            continue
        if a.increment > 0 and not a.may_raise:
            why = (f": the all-ins for less since he acted add up to {a.to_call.normalize():f}, less than a full raise "
                   f"of {a.min_increment.normalize():f} (art. 12(1), short_all_ins_add_up)" if add_up
                   else " (art. 12(1), short_all_ins_add_up false)")
            yield breach(a.src, f"seat {a.seat} raised after an all-in for less that did not reopen the betting to "
                                f"him{why}", "call or fold", a.kind)
        elif sized_here and 0 < a.increment < a.min_increment and not a.all_in:
            yield breach(a.src, f"raise of {a.increment.normalize():f} below the last bet or raise of "
                                f"{a.min_increment.normalize():f} (art. 12(1))", f">= {a.min_increment.normalize():f}",
                         f"{a.increment.normalize():f}")


def _beyond_cap(a: Action, cap: int) -> bool:
    """A full raise when ``cap`` raises were already made in the round."""
    return (a.kind in ("bet", "raise") and a.current_bet > 0 and a.increment >= a.min_increment
            and a.raises_before >= cap)


def _raise_cap(hand: Hand, ruleset: Ruleset) -> Iterator[Breach]:
    cap = ruleset.int_param("limit_raise_cap")
    for a in hand.actions:
        if _beyond_cap(a, cap) and a.live_players > 2:
            yield breach(a.src, f"raise number {a.raises_before + 1} in the {a.street} round with "
                                f"{a.live_players} players live (art. 12(2): at most {cap})", f"<= {cap}",
                         a.raises_before + 1)


# Not applicable to a hand without a raise.
register(ReplayRule[Hand](id="THE-12.1", game="holdem", check=_minimum_raise,
                          applies=all_of(seated, raise_made, all_in_logged(short_bet))))
def _players_known(hand: Hand, ruleset: Ruleset) -> str | None:
    """A raise beyond the cap is lawful with two players in the hand (art. 12(4)): not judged when that hangs on a
    player absent from the betting (a fold of his may be missing)."""
    cap = ruleset.int_param("limit_raise_cap")
    if any(_beyond_cap(a, cap) and a.live_players > 2 >= a.live_players - a.absent_players for a in hand.actions):
        return ABSENT_PLAYERS
    return None


register(ReplayRule[Hand](id="THE-12.2", game="holdem", check=_raise_cap,
                          applies=all_of(betting("fixed_limit"), seated, raise_made, _players_known)))
