"""Five-card stud logs built by hand at the edges the simulator never reaches (a second file beside
``test_stud_hand_built.py``): each case says what the article requires and checks what the auditor says, findings and
coverage (evaluated / not evaluated / not applicable)."""

from __future__ import annotations

import pytest
from stud_logs import Table, run

# ---------------------------------------------------------------------------------------------------------------
# Art. 11 a): everyone but one all in during round 1; the cards still go round, with no betting after.


def _all_in_in_round_1(awards: list[tuple[int, str, int]]) -> list[dict]:
    """Seat 6 (As) bets 200; seat 4 calls all in for 100, seat 2 all in for 200. Cards 3 to 5 go round from seat 6
    (his Aces lead every round), nobody acts, the showdown from seat 6's right: 4, 2, then 6. Seat 6's three Aces
    win both pots: main 3 x 100 + 60 less 20 + 20 (4% of 500), side 2 x 100."""
    t = Table()
    t.emit("shoe_start", shoe_id="K1")
    h = t.hand("H1", {6: "5000", 4: "120", 2: "220"})
    h.antes(burn="Jc")
    h.first_deal({6: "As9d", 4: "KsKd", 2: "QsQd"})
    h.act(6, "bet", 200)
    h.act(4, "call", 100)
    h.act(2, "call", 200)
    h.street((6, "Ah"), (4, "9h"), (2, "Th"))
    h.street((6, "Ac"), (4, "8h"), (2, "6h"))
    h.street((6, "5d"), (4, "7s"), (2, "5s"))
    h.show(4, 2, 6)
    h.rake("20")
    for seat, amount, pot in awards:
        h.award(seat, amount, pot)
    h.end()
    return t.rows


@pytest.mark.parametrize(("awards", "found"), [
    ([(6, "320", 0), (6, "200", 1)], []),
    ([(4, "320", 0), (6, "200", 1)], ["5CS-5.1"]),  # the main pot to a pair of Kings
    ([(6, "320", 0), (2, "200", 1)], ["5CS-5.1"]),
])
def test_everyone_but_one_all_in_in_round_1(tmp_path, awards, found):
    """Nobody can bet in rounds 2-4: their leaders and options have nothing to judge (not applicable), while the deal
    of cards 3-5 and the showdown order are judged."""
    findings, rules = run(tmp_path, _all_in_in_round_1(awards))
    assert sorted(f[0] for f in findings) == found
    for rule in ("5CS-10.10", "5CS-10.11", "5CS-10.12", "5CS-10.13", "5CS-10.15"):
        assert rules[rule][:2] == (0, 0), rule
    # an action after the cards went round would be 10.17's (a fifth round); 10.14 judges round 1's bet
    for rule in ("5CS-10.9", "5CS-10.18", "5CS-11.1", "5CS-9.1", "5CS-7.1", "5CS-10.17", "5CS-10.14"):
        assert rules[rule][:2] == (1, 0), rule
