"""Whose turn it is: the order of action in every betting round (arts. 6(3)-(5), 7(2), 8(2)), as checks shared by
the checkers of those articles."""

from __future__ import annotations

from auditor.engine.replay_runner import breach

BETTING = ("fold", "check", "call", "bet", "raise")


def out_of_turn(streets: tuple[str, ...], article: str):
    """Actions by a player whose turn it was not (the replay's expected seat), on the given streets. The player
    expected is then absent from the betting (``betting.py``): his missing action is this one finding."""
    def check(hand, ruleset):
        for a in hand.actions:
            if a.street in streets and a.kind in BETTING and a.seat != a.expected_seat:
                turn = f"when it was seat {a.expected_seat}'s turn" if a.expected_seat else "when the round was over"
                if a.late:
                    turn = "after his turn had passed" + (f", {turn}" if a.expected_seat else "")
                yield breach(a.src, f"seat {a.seat} acted ({a.kind}) on the {a.street} {turn} ({article})",
                             a.expected_seat if a.expected_seat else "no action", a.seat)
    return check


def closed_early(streets: tuple[str, ...], bb_option: bool | None, article: str):
    """Betting rounds that ended with players still to act (``bb_option``: only / never the unraised big blind); a
    player absent from the betting since an earlier finding is not named again."""
    def check(hand, ruleset):
        for c in hand.closes:
            if c.street in streets and (bb_option is None or c.big_blind_option == bb_option):
                who = ", ".join(f"seat {s}" for s in c.pending)
                yield breach(c.src, f"the {c.street} betting ended with {who} still to act ({article})",
                             "every player acted", f"{who} did not act")
    return check
