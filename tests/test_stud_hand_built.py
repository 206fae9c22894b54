"""Five-card stud logs built by hand (``stud_logs.py``), not by the simulator: cases at the edges of the text, each
with the outcome the articles give (a finding and its rule, or none, or not evaluated), audited whole."""

from __future__ import annotations

import pytest
from stud_logs import Hand, Table, run

# ---------------------------------------------------------------------------------------------------------------
# Side pots (art. 11 a)) and the antes: a player all in on his ante still plays for the pot he bet in.


def _short_on_the_ante(s2_ante: str, awards: list[tuple[int, str, int]], bet: int = 50) -> list[dict]:
    """Seat 2 (stack = his ante) is all in on the ante and holds three Aces; seats 5 and 6 bet ``bet`` each in round
    1 and check to the end; seat 6's King high beats seat 5's Queen high."""
    t = Table()
    t.emit("shoe_start", shoe_id="K1")
    h = t.hand("H1", {2: s2_ante, 5: "5000", 6: "5000"})
    h.act(6, "post_ante", 20)
    h.act(5, "post_ante", 20)
    h.act(2, "post_ante", s2_ante)
    h.emit("rake", amount="20", reason="first_rake")
    h.emit("burn", card="5d")
    h.first_deal({6: "KhQd", 5: "QsJh", 2: "AsAh"})
    h.act(6, "bet", bet)  # seat 2's Ace is the highest open card, but he has nothing left to bet
    h.act(5, "call", bet)
    h.street((2, "Ac"), (6, "9c"), (5, "9h"))
    h.act(5, "check")
    h.act(6, "check")
    h.street((2, "8s"), (6, "7d"), (5, "8d"))
    h.act(5, "check")
    h.act(6, "check")
    h.street((2, "6h"), (6, "Tc"), (5, "6c"))
    h.act(6, "check")
    h.act(5, "check")
    h.show(5, 2, 6)
    h.rake(str(bet * 2 * 4 // 100 // 5 * 5))
    for seat, amount, pot in awards:
        h.award(seat, amount, pot)
    h.end()
    return t.rows


AWARD_RULES = {"5CS-4.1", "5CS-4.2", "5CS-4.3", "5CS-5.1", "5CS-5.2", "5CS-5.3", "5CS-5.4", "5CS-11.1", "5CS-11.5"}


@pytest.mark.parametrize(("s2_ante", "awards", "found"), [
    # the antes less the first rake (60 - 20) to seat 2's Aces; the bets (100, raked 0) to seat 6
    ("20", [(2, "40", 0), (6, "100", 1)], []),
    ("20", [(6, "40", 0), (6, "100", 1)], ["5CS-5.1"]),  # the Aces' pot to a King high
    # all in for 15, less than the ante: his pot is 3 x 15 less the first rake; the other 10 of the antes go on
    ("15", [(2, "25", 0), (6, "110", 1)], ["5CS-6.3"]),
    ("15", [(2, "35", 0), (6, "100", 1)], ["5CS-4.2", "5CS-4.2", "5CS-6.3"]),  # each pot paid 10 wrong
])
def test_a_player_all_in_on_his_ante_plays_for_the_antes(tmp_path, s2_ante, awards, found):
    findings, _ = run(tmp_path, _short_on_the_ante(s2_ante, awards))
    assert sorted(f[0] for f in findings if f[0] != "5CS-6.2") == found  # 6.2: he sat down with less than 2,000


# ---------------------------------------------------------------------------------------------------------------
# Art. 11 b): "Nenhum jogador pode demorar mais que dois minutos a decidir o seu jogo. O seu jogo é abatido."


def _standard(t: Table, hand_id: str = "H1", stacks: dict[int, str] | None = None, shoe_id: str = "K1") -> Hand:
    """Seats 2 and 5 ante, seat 2's Ace opens round 1 (seat 5: King)."""
    h = t.hand(hand_id, stacks or {2: "2000", 5: "2000"}, shoe_id)
    h.antes(burn="9d")
    h.first_deal({5: "KhQd", 2: "AsJc"})
    return h


def _check_down(h: Hand) -> None:
    """Rounds 2 to 4 checked through and the showdown: seat 2's Ace high wins."""
    h.street((2, "9c"), (5, "9h"))
    h.act(5, "check")
    h.act(2, "check")
    h.street((5, "8s"), (2, "7d"))
    h.act(5, "check")
    h.act(2, "check")
    h.street((5, "6h"), (2, "Tc"))
    h.act(2, "check")
    h.act(5, "check")
    h.show(5, 2)


@pytest.mark.parametrize(("seconds", "action", "reason", "found"), [
    (120.0, "call", None, []),  # two minutes, not more
    (120.001, "call", None, ["5CS-11.2"]),
    (120.0, "fold", "time_out", []),  # the two minutes have run: folding him then is lawful
    (120.001, "fold", "time_out", []),
    (119.999, "fold", "time_out", ["5CS-11.2"]),  # folded before his two minutes were up
    (119.999, "fold", None, []),
])
def test_the_two_minutes(tmp_path, seconds, action, reason, found):
    t = Table()
    t.emit("shoe_start", shoe_id="K1")
    h = _standard(t)
    h.act(2, "bet", 20)
    h.act(5, action, 20 if action == "call" else 0, after=seconds, **({"reason": reason} if reason else {}))
    if action == "call":
        _check_down(h)
        h.rake("0")
        h.award(2, "60", 0)
    else:
        h.rake("0")
        h.refund(2, "20")
        h.award(2, "20", 0)
    h.end()
    findings, _ = run(tmp_path, t.rows)
    assert [f[0] for f in findings] == found


# ---------------------------------------------------------------------------------------------------------------
# Art. 2: packs, cuts.


def _fold_to_the_opener(t: Table, hand_id: str, stacks: dict[int, str], shoe_id: str = "K1") -> dict[int, str]:
    """A hand won in round 1: seat 2's Ace bets 20, seat 5 folds; returns the stacks after it."""
    h = _standard(t, hand_id, stacks, shoe_id)
    h.act(2, "bet", 20)
    h.act(5, "fold")
    h.rake("0")
    h.refund(2, "20")
    h.award(2, "20", 0)
    return {seat: str(amount) for seat, amount in h.end().items()}


@pytest.mark.parametrize("within", [False, True])
def test_a_new_pack_within_a_hand_is_one_finding(tmp_path, within):
    """The pack changed once in hand H1 (the old one ended, the new one started): one breach, one finding."""
    t = Table()
    t.emit("shoe_start", shoe_id="K1")
    h = _standard(t)
    if within:
        t.emit("shoe_end", shoe_id="K1")
        t.emit("shoe_start", shoe_id="K2")
    h.act(2, "bet", 20)
    h.act(5, "fold")
    h.rake("0")
    h.refund(2, "20")
    h.award(2, "20", 0)
    stacks = {seat: str(amount) for seat, amount in h.end().items()}
    if not within:
        t.emit("shoe_end", shoe_id="K1")
        t.emit("shoe_start", shoe_id="K2")
    _fold_to_the_opener(t, "H2", stacks, shoe_id="K2")
    findings, _ = run(tmp_path, t.rows)
    assert [f[0] for f in findings] == (["5CS-2.5"] if within else [])


# ---------------------------------------------------------------------------------------------------------------
# Art. 10 b) 3): "the raise may not be less than the previous bettor's bet, unless the raiser is short of funds".


@pytest.mark.parametrize(("to", "reading", "found"), [
    (250, "previous_bet", ["5CS-10.7"]),  # the previous bettor (all in) bet 150: a raise of 100 is too small
    (300, "previous_bet", []),
    (250, "previous_increment", []),  # the last full increment was 100 (the all-in for less was no full raise)
])
def test_a_raise_after_an_all_in_raise_for_less(tmp_path, to, reading, found):
    """Seat 6 bets 100, seat 4 raises all in to 150 (less than a full raise: lawful), seat 2 raises to ``to``."""
    t = Table()
    t.emit("shoe_start", shoe_id="K1")
    h = t.hand("H1", {6: "5000", 4: "170", 2: "5000"})
    h.antes(burn="9d")
    h.first_deal({6: "AsTc", 4: "Ks9c", 2: "8s8c"})
    h.act(6, "bet", 100)
    h.act(4, "raise", 150)
    h.act(2, "raise", to)
    h.act(6, "fold")
    h.street((4, "Qh"), (2, "Jd"))
    h.street((4, "7h"), (2, "7d"))
    h.street((4, "6h"), (2, "6d"))
    h.show(2, 4)
    h.rake("15")  # 4% of the 400 called: seat 6's 100 and 150 from each of the others
    h.refund(2, str(to - 150))
    h.award(2, "425", 0)  # seat 2's pair of eights: the antes 60 less the first rake 20, the 400 less 15
    h.end()
    findings, _ = run(tmp_path, t.rows, min_raise=reading)
    assert [f[0] for f in findings if f[0] != "5CS-6.2"] == found  # 6.2: seat 4 sat down with 170
