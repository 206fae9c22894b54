"""Five-card stud events that belong between hands (art. 6), logged while a hand is in play: what the articles say
of each, and what the auditor reports."""

from __future__ import annotations

import json
from decimal import Decimal

import pytest
from stud_logs import Hand, Table, run, run_all, won_in_round_1

from auditor.engine.audit import audit
from auditor.engine.ruleset import load_rulesets

# ---------------------------------------------------------------------------------------------------------------
# Art. 6: the buy-in comes before a player's game, the top-up "after that hand ends", and chips leave the table only
# with the player who leaves it. No article makes adding chips during a hand, or leaving during one, a breach in
# itself; but a hand's stacks are read as the chips of its players from its start to its end (the all-in of art. 11
# a), the accounts of art. 7), so a buy_in, top_up or leave of a player of the hand logged while it is in play
# contradicts the log's own structure (they are logged between hands): the record is refused, and the hand and the
# player's next one are not judged on stacks the log does not give.


def _opening() -> tuple[Table, Hand]:
    """Seats 2 and 5 buy in with 2,000 and play H1: seat 2's Ace bets 20."""
    t = Table()
    for s in (2, 5):
        t.emit("buy_in", seat=s, player=f"P{s}", amount="2000")
    t.emit("shoe_start", shoe_id="K1")
    h = t.hand("H1", {2: "2000", 5: "2000"})
    h.antes(burn="9d")
    h.first_deal({5: "KhQd", 2: "AsJc"})
    h.act(2, "bet", 20)
    return t, h


def _two_hands(move: str | None, seat: int = 5, player: str = "P5", when: str = "after fold") -> list[dict]:
    """H1: seat 2 (Ace) bets 20, seat 5 calls; round 2 seat 2 (Ten) bets 100, seat 5 folds; ``move`` (an event of
    ``player`` at ``seat``: 500 added, or his 1,960 taken away) is logged ``when`` (before or after seat 5's fold)
    inside H1. H2: seat 2 plays on against P7, who bought in after H1."""
    t, h = _opening()
    h.act(5, "call", 20)
    h.street((2, "Tc"), (5, "9h"))
    h.act(2, "bet", 100)
    amount = {"top_up": "500", "buy_in": "500", "leave": "1960"}.get(move or "", "0")
    if move is not None and when == "before fold":
        t.emit(move, seat=seat, player=player, amount=amount)
    h.act(5, "fold")
    if move is not None and when == "after fold":
        t.emit(move, seat=seat, player=player, amount=amount)
    h.rake("0")
    h.refund(2, "100")
    h.award(2, "60", 0)
    if move == "top_up":
        h.stacks[5] += Decimal(amount)  # the chips he added are on the table at the end of the hand
    stacks = h.end()
    t.emit("buy_in", seat=7, player="P7", amount="2000")
    won_in_round_1(t, "H2", {2: str(stacks[2]), 7: "2000"})
    return t.rows


def _line_in_hand(rows: list[dict], event: str) -> int:
    """The line of the first ``event`` after the first hand started."""
    start = next(i for i, r in enumerate(rows) if r["event"] == "hand_start")
    return next(i for i, r in enumerate(rows, 1) if r["event"] == event and i > start)


@pytest.mark.parametrize(("move", "when"), [
    ("top_up", "before fold"), ("top_up", "after fold"),  # chips added to a stack in play
    ("leave", "before fold"),  # he leaves holding his cards
    ("leave", "after fold"),  # he folded first
    ("buy_in", "after fold"),  # a second buy-in at the seat he plays
])
def test_a_move_of_a_player_of_the_hand_while_it_is_in_play_is_refused(tmp_path, move, when):
    rows = _two_hands(move, when=when)
    findings, rules, quarantine = run_all(tmp_path, rows)
    assert quarantine == [(_line_in_hand(rows, move),
                           f"{move} of seat 5 (P5) while hand H1, into which he is dealt, is in play (a buy-in, "
                           "top-up or departure is logged between hands)")]
    assert findings == []  # never a finding on the stacks of H1, nor on H2's against them
    assert rules["5CS-7.1"][:2] == (1, 1)  # H1: input error in hand
    assert rules["5CS-6.6"][:2] == (0, 2)  # H1: input error; H2 is not compared with H1


def test_the_same_event_by_the_player_of_another_seat_named_by_either(tmp_path):
    """The seat or the player may name the player of the hand: either is refused."""
    for seat, player in ((5, "P9"), (7, "P5")):
        rows = _two_hands("top_up", seat=seat, player=player)
        _, _, quarantine = run_all(tmp_path, rows)
        assert len(quarantine) == 1, (seat, player)


@pytest.mark.parametrize(("amount", "found"), [("2000", []), ("1500", ["5CS-6.2"])])
def test_a_newcomer_buying_in_while_a_hand_is_in_play(tmp_path, amount, found):
    """A player not dealt into H1 sits down at an empty seat while it is played: between his hands, lawful, and his
    buy-in is judged (6.2) when he plays H2."""
    t, h = _opening()
    t.emit("buy_in", seat=7, player="P7", amount=amount)
    h.act(5, "fold")
    h.rake("0")
    h.refund(2, "20")
    h.award(2, "20", 0)
    stacks = h.end()
    h2 = t.hand("H2", {2: str(stacks[2]), 5: str(stacks[5]), 7: amount})
    h2.antes(burn="9d")
    h2.first_deal({7: "QhQd", 5: "KhJd", 2: "AsJc"})
    h2.act(2, "bet", 20)
    h2.act(7, "fold")
    h2.act(5, "fold")
    h2.rake("0")
    h2.refund(2, "20")
    h2.award(2, "40", 0)
    h2.end()
    findings, rules = run(tmp_path, t.rows)
    assert [f[0] for f in findings] == found
    assert rules["5CS-6.2"][:2] == (2, 0)


def test_a_move_in_play_logged_in_another_file_still_stops_the_hand(tmp_path):
    """The cage's records in a file of their own: the refused top-up lies in H1 by its ``seq``, not by its line."""
    rows = _two_hands("top_up")
    moves = [r for r in rows if r["event"] in ("buy_in", "top_up", "leave")]
    table = [r for r in rows if r not in moves]
    (tmp_path / "table.jsonl").write_text("".join(json.dumps(r) + "\n" for r in table), encoding="utf-8")
    (tmp_path / "cage.jsonl").write_text("".join(json.dumps(r) + "\n" for r in moves), encoding="utf-8")
    result, con = audit([tmp_path / "table.jsonl", tmp_path / "cage.jsonl"], load_rulesets())
    con.close()
    assert [(q.file, q.line) for q in result.quarantine] == [("cage.jsonl", 3)]
    assert result.findings == []
    rules = {r.id: (r.evaluated, r.not_evaluated) for r in result.rules}
    assert rules["5CS-7.1"] == (1, 1)
