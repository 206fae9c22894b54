"""Art. 11 b) (時間限制, time limit): "A player must decide whether to bet within two minutes. If he has not decided
within two minutes, his right to decide lapses and he must abandon the hand." (PT: «Nenhum jogador pode demorar mais
que dois minutos a decidir o seu jogo. O seu jogo é abatido.»)

His turn begins with the event before his action at the table (``Hand.turns``); a fold the croupier forces carries
``reason: time_out``. A decision other than a fold after ``decision_time_seconds`` is a finding (his hand should have
been folded); a fold after them, forced or his own, is what the article wants, and no finding. A forced fold before
them is a finding (his right to decide had not lapsed). At exactly the limit all are lawful: he has not taken more
than two minutes, and his two minutes are over."""

from __future__ import annotations

from collections.abc import Iterator

from auditor.engine.registry import register
from auditor.engine.replay_runner import Breach, ReplayRule, breach
from auditor.engine.ruleset import Ruleset
from auditor.games.poker.conditions import all_of, seated
from auditor.games.poker.hand import Action
from auditor.games.stud.hand import Hand
from auditor.games.stud.turns import BETTING

NO_TS = "ts not logged (the time of a decision is unknown)"


def _decisions(hand: Hand) -> Iterator[tuple[Action, int | None]]:
    """Each betting action and the ``ts`` his turn began at (microseconds, as the action's ``ts``)."""
    return ((a, turn) for a, turn in zip(hand.actions, hand.turns) if a.kind in BETTING)


def _timed(hand: Hand, ruleset: Ruleset) -> str | None:
    return NO_TS if any(a.src.ts is None or turn is None for a, turn in _decisions(hand)) else None


def _decision_time(hand: Hand, ruleset: Ruleset) -> Iterator[Breach]:
    limit = ruleset.int_param("decision_time_seconds")
    for a, turn in _decisions(hand):
        if a.src.ts is None or turn is None:
            continue  # never: such a hand is not evaluated (_timed)
        seconds = (a.src.ts - turn) / 1_000_000  # exact as timedelta.total_seconds(): one rounding of the quotient
        forced = a.kind == "fold" and a.reason == "time_out"
        if a.kind != "fold" and seconds > limit:
            yield breach(a.src, f"seat {a.seat} decided ({a.kind}) {seconds:g} s after his turn began, past the "
                                f"{limit} s allowed: his hand should have been folded (art. 11 b))",
                         f"a forced fold after {limit} s", f"{a.kind} after {seconds:g} s")
        elif forced and seconds < limit:
            yield breach(a.src, f"seat {a.seat} was folded for time {seconds:g} s after his turn began, before the "
                                f"{limit} s allowed had passed (art. 11 b))", f"> {limit} s", f"{seconds:g} s")


register(ReplayRule[Hand](id="5CS-11.2", game="stud", check=_decision_time, applies=all_of(seated, _timed)))
