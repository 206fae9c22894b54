"""A rake that was taken but not logged (PHH never logs it; a raked table's hand without a ``rake`` event): the rake
rules are not evaluated, and the award rules judge the awards with the rake they imply (pot − awards), which is
never negative nor above the largest rake art. 16 allows (docs/holdem-checks.md)."""

from __future__ import annotations

from test_holdem_robustness import act, bet_out, checked_down, folded_to, money, run, seated

from auditor.engine.audit import audit
from auditor.engine.ruleset import load_rulesets

NOT_LOGGED = "rake not logged by the source"
NO_RAKE_EVENT = "no rake logged for the hand (a hand raked nothing logs a rake of 0)"


def without_rake(rows: list[dict]) -> list[dict]:
    return [r for r in rows if r["event"] != "rake"]


def paid(rows: list[dict], awards: dict[int, str]) -> list[dict]:
    """``rows`` with its award events replaced by ``awards`` (seat: amount), where the first award was."""
    at = next(i for i, r in enumerate(rows) if r["event"] == "award")
    hand = rows[at]["hand_id"]
    kept = [r for r in rows if r["event"] != "award"]
    return kept[:at] + [money("award", hand, s, a) for s, a in awards.items()] + kept[at:]


def without_stacks(rows: list[dict]) -> list[dict]:
    return [r for r in rows if r["event"] != "stack"]


def test_a_raked_table_hand_without_its_rake_is_not_judged_by_the_rake_rules(tmp_path):
    """The button's aces win 30 less a rake of 1 that the log does not hold: no finding (THE-10.2 reported the award
    short by the rake), and the rake rules are not evaluated for it."""
    findings, rules = run(tmp_path, without_rake(checked_down("h1", 1, 10, 1)), rake_rate="0.05")
    assert findings == []
    for rule in ("THE-16.1", "THE-16.2", "THE-16.3", "THE-16.4"):
        assert rules[rule].not_evaluated_reasons == {NO_RAKE_EVENT: 1}, rule
    assert rules["THE-10.2"].evaluated == 1 and rules["THE-10.2"].not_evaluated == 0


def test_a_source_that_logs_no_rake(tmp_path):
    findings, rules = run(tmp_path, without_rake(checked_down("h1", 1, 10, 1)), not_logged="rake")
    assert findings == []
    assert rules["THE-16.1"].not_evaluated_reasons == {NOT_LOGGED: 1}
    assert rules["THE-10.2"].evaluated == rules["THE-15.1"].evaluated == 1


def test_a_rake_of_zero_logged_is_judged(tmp_path):
    """A hand where no rake was taken logs a rake of 0: then it is judged (under-collected here, a warning)."""
    findings, rules = run(tmp_path, checked_down("h1", 1, 100, 0), small_blind="50", big_blind="100",
                          rake_rate="0.05")
    assert [(rule, severity) for rule, _, severity, _ in findings] == [("THE-16.3", "warning")]
    assert rules["THE-16.3"].evaluated == 1


def test_awards_above_the_pot_are_one_finding(tmp_path):
    """The rake is unknown but never negative: 31 awarded from a pot of 30 is THE-10.2's, once."""
    rows = without_stacks(paid(without_rake(checked_down("h1", 1, 10, 1)), {1: "31"}))
    findings, _ = run(tmp_path, rows, not_logged="rake")
    assert [(rule, message) for rule, _, _, message in findings] == [
        ("THE-10.2", "awards of 31 from a pot of 30: more than the pot (the rake is not logged; art. 10(2): the "
                     "winner takes the bets)")]


def test_the_wrong_winner_is_still_found(tmp_path):
    """Seat 2's 8-3 is paid instead of the button's aces: the rake's amount does not matter to who wins."""
    rows = without_stacks(paid(without_rake(checked_down("h1", 1, 10, 1)), {3: "29"}))
    findings, _ = run(tmp_path, rows, not_logged="rake")
    assert [rule for rule, _, _, _ in findings] == ["THE-15.1"]


def test_a_pot_paid_short_by_more_than_any_lawful_rake_is_found(tmp_path):
    """The rake is not logged, but art. 16 bounds it: 5% of the pot of 30 is 1.5. Paid 29, the 1 left may be the
    rake; paid 28, 10 or nothing, the pot was paid short or raked above art. 16, a breach either way: THE-10.2 (it
    was no finding, the award rules evaluated and passed: a false all-clear)."""
    for config in ({"not_logged": "rake"}, {"rake_rate": "0.05"}):
        rows = without_stacks(paid(without_rake(checked_down("h1", 1, 10, 1)), {1: "29"}))
        assert run(tmp_path, rows, **config)[0] == []
        for award in ("28", "10", "0"):
            rows = without_stacks(paid(without_rake(checked_down("h1", 1, 10, 1)), {1: award}))
            findings, _ = run(tmp_path, rows, **config)
            assert [(rule, message) for rule, _, _, message in findings] == [
                ("THE-10.2", f"awards of {award} from a pot of 30 leave {30 - int(award)} of it, more than the "
                             "largest rake art. 16 allows (1.5); the rake is not logged (art. 10(2): the winner "
                             "takes the bets)")], (config, award)


def test_the_five_big_blind_cap_bounds_an_unlogged_rake(tmp_path):
    """The button raises to 500, both blinds call, checked down: a pot of 1,500, whose 5% (75) is above the cap of
    five big blinds (50). Paid 1,450: lawful; paid 1,449: THE-10.2."""
    preflop = [(1, "raise", "500"), (2, "call", "495"), (3, "call", "490")]
    for award, rules in (("1450", []), ("1449", ["THE-10.2"])):
        rows = without_stacks(paid(bet_out("h1", preflop), {1: award}))
        findings, _ = run(tmp_path, rows, not_logged="rake")
        assert [rule for rule, _, _, _ in findings] == rules, award


def tied(hand: str, awards: dict[int, str]) -> list[dict]:
    """Button 1 folds pre-flop; the blinds (seats 2 and 3) check it down with the same straight, Q-J-T-9-8, and
    share the pot of 20 less a rake that is not logged."""
    hole = {2: ["Ts", "2d"], 3: ["Tc", "3d"], 1: ["As", "Ah"]}
    rows = [{"event": "hand_start", "hand_id": hand, "seat": 1}, *seated(hand),
            act(hand, 2, "post_small_blind", "5"), act(hand, 3, "post_big_blind", "10"),
            *({"event": "deal", "hand_id": hand, "card": hole[s][r], "to": "seat", "seat": s, "face": "down"}
              for r in (0, 1) for s in (2, 3, 1)),
            act(hand, 1, "fold"), act(hand, 2, "call", "5"), act(hand, 3, "check")]
    for cards in (["Jd", "Qs", "9h"], ["4c"], ["8h"]):
        rows += [{"event": "burn", "hand_id": hand}, *({"event": "board", "hand_id": hand, "card": c} for c in cards)]
        rows += [act(hand, 2, "check"), act(hand, 3, "check")]
    rows += [{"event": "show", "hand_id": hand, "seat": s, "card": c} for s in (2, 3) for c in hole[s]]
    rows += [money("award", hand, s, a) for s, a in awards.items()]
    return [*rows, {"event": "hand_end", "hand_id": hand}]


def test_a_split_pot_with_the_rake_unknown(tmp_path):
    """Pot 20, awards 9 and 10: the implied rake is 1, and of the 19 left the odd chip goes to the first tied winner
    clockwise from the button (common profile): seat 2. Paid the other way round it is THE-10.4; paid 8 and 11,
    THE-10.3 (equal hands, unequal shares); paid 7 and 10, the 3 left is more than the 1 art. 16 allows: THE-10.2
    only (the chips, once)."""
    findings, rules = run(tmp_path, tied("h1", {2: "10", 3: "9"}), profile="common", not_logged="rake")
    assert findings == [] and rules["THE-10.4"].evaluated == 1
    findings, _ = run(tmp_path, tied("h1", {2: "9", 3: "10"}), profile="common", not_logged="rake")
    assert [rule for rule, _, _, _ in findings] == ["THE-10.4"]
    findings, _ = run(tmp_path, tied("h1", {2: "8", 3: "11"}), profile="common", not_logged="rake")
    assert [rule for rule, _, _, _ in findings] == ["THE-10.3"]
    findings, _ = run(tmp_path, tied("h1", {2: "7", 3: "10"}), profile="common", not_logged="rake")
    assert [rule for rule, _, _, _ in findings] == ["THE-10.2"]


def test_an_uncalled_bet_returned_and_the_pot_less_an_unlogged_rake(tmp_path):
    """The button raises to 100 and both blinds fold: 90 back, the 25 of the pot less a rake of 1 not logged."""
    rows = folded_to("h1", 1, "100", [money("refund", "h1", 1, "90"), money("award", "h1", 1, "24")],
                     {1: "1014", 2: "995", 3: "990"})
    findings, rules = run(tmp_path, rows, rake_rate="0.05")
    assert findings == [] and rules["THE-10.2"].evaluated == 1


def test_with_a_logged_rake_an_award_short_of_the_pot_is_one_finding(tmp_path):
    """Rake 1 logged, 28 awarded of the 29 due: the chips do not add up, one finding (it was two: the pot paid out
    short, and the same pot 'not awarded to the best hand')."""
    rows = without_stacks(paid(checked_down("h1", 1, 10, 1), {1: "28"}))
    findings, _ = run(tmp_path, rows, rake_rate="0.05")
    assert [(rule, message.split(" (")[0]) for rule, _, _, message in findings] == [
        ("THE-10.2", "the pot of 30 was paid out as 28 in awards and 1 rake")]


# --- side pots -------------------------------------------------------------------------------------------------------

def side_pot(hand: str, awards: dict[int, str]) -> list[dict]:
    """Seat 3 (stack 50) is all-in pre-flop; seats 1 and 2 put in 100 each and check it down. Seat 3's aces win the
    main pot of 150, seat 1's jacks the side pot of 100; the rake (not logged) comes out of the main pot."""
    hole = {2: ["7c", "2d"], 3: ["As", "Ah"], 1: ["Js", "Jh"]}
    rows = [{"event": "hand_start", "hand_id": hand, "seat": 1}, *seated(hand, {1: "1000", 2: "1000", 3: "50"}),
            act(hand, 2, "post_small_blind", "5"), act(hand, 3, "post_big_blind", "10"),
            *({"event": "deal", "hand_id": hand, "card": hole[s][r], "to": "seat", "seat": s, "face": "down"}
              for r in (0, 1) for s in (2, 3, 1)),
            act(hand, 1, "raise", "100"), act(hand, 2, "call", "95"), act(hand, 3, "call", "40")]
    for cards in (["Kd", "Qs", "9h"], ["5c"], ["4h"]):
        rows += [{"event": "burn", "hand_id": hand}, *({"event": "board", "hand_id": hand, "card": c} for c in cards)]
        rows += [act(hand, 2, "check"), act(hand, 1, "check")]
    rows += [{"event": "show", "hand_id": hand, "seat": s, "card": c} for s in (2, 3, 1) for c in hole[s]]
    rows += [money("award", hand, s, a) for s, a in awards.items()]
    return [*rows, {"event": "hand_end", "hand_id": hand}]


def test_side_pots_with_the_rake_unknown(tmp_path):
    """Main pot 150 less a rake of 3 to seat 3, side pot 100 to seat 1: no finding. The side pot paid to seat 3 is
    a pot not awarded to the best hand eligible for it (seat 3 is not eligible for it)."""
    findings, rules = run(tmp_path, side_pot("h1", {3: "147", 1: "100"}), not_logged="rake")
    assert findings == [] and rules["THE-10.2"].evaluated == 1
    findings, _ = run(tmp_path, side_pot("h1", {3: "247"}), not_logged="rake")
    assert [rule for rule, _, _, _ in findings] == ["THE-10.2"]


PHH_RAKED = """\
variant = "NT"
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
min_bet = 2
starting_stacks = [200, 200, 200]
actions = [
  "d dh p1 AsKs", "d dh p2 7h7d", "d dh p3 QcJc",
  "p3 cbr 6", "p1 f", "p2 cc",
  "d db 2c3d9h", "p2 cc", "p3 cbr 10", "p2 cc",
  "d db Th", "p2 cc", "p3 cc",
  "d db 4s", "p2 cc", "p3 cc",
  "p2 sm 7h7d", "p3 sm QcJc",
]
hand = 7
finishing_stacks = [199, 216, 184]
"""


def test_a_phh_hand_paid_less_the_sites_rake(tmp_path):
    """PHH logs no rake: seat 2's sevens win the pot of 33 and finish with 216, the rake of 1 not logged."""
    path = tmp_path / "raked.phh"
    path.write_text(PHH_RAKED, encoding="utf-8")
    result, con = audit([path], load_rulesets(profile="common"))
    con.close()
    assert result.quarantine == [] and result.findings == []
    rules = {r.id: r for r in result.rules}
    assert rules["THE-10.2"].evaluated == 1 and rules["THE-16.1"].not_evaluated_reasons == {NOT_LOGGED: 1}


def test_an_unlogged_rake_is_bounded_on_the_pot_art_16_rakes(tmp_path):
    """The button raises to 100, both blinds fold; the uncalled 90 is paid in the award instead of refunded. Art. 16
    rakes the pot without the uncalled bet, 25: at most 1.25 of it. An award of 114 leaves 1 (the uncalled bet not
    returned, one finding); an award of 110 leaves 5, four times the largest rake: a second finding (the bound was
    5% of 115, 5.75, and passed it)."""
    for award, left in (("114", None), ("110", "5")):
        rows = without_stacks(folded_to("h1", 1, "100", [money("award", "h1", 1, award)], {}))
        findings, _ = run(tmp_path, rows, not_logged="rake")
        messages = sorted(message for rule, _, _, message in findings if rule == "THE-10.2")
        assert messages == sorted(["uncalled bet returned: nothing; due: seat 1 90"] + ([] if left is None else [
            f"awards of {award} from a pot of 115 leave {left} of it, more than the largest rake art. 16 allows "
            "(1.25); the rake is not logged (art. 10(2): the winner takes the bets)"])), findings
