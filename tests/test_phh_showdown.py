"""THE-8.4 (art. 8(5): all participants reveal their cards at the showdown) on PHH hands: ``pN sm`` without cards is a
recorded muck (a ``muck`` event on the line of that ``sm``), and a showdown is judged only where the record gives
every participant's decision, a show of his two cards or a muck."""

from __future__ import annotations

from pathlib import Path

from auditor.engine.audit import audit
from auditor.engine.ruleset import load_rulesets

NOT_RECORDED = "showdown mucks not logged by the source: a player at this showdown neither shows his cards nor mucks"


def _hand(showdown: list[str]) -> str:
    """Three players, p1 folds, p2 and p3 check down to the showdown; one action a line (``showdown`` from line 12)."""
    lines = ['variant = "NT"', "antes = [0, 0, 0]", "blinds_or_straddles = [1, 2, 0]", "min_bet = 2",
             "starting_stacks = [200, 200, 200]", "actions = [",
             '  "d dh p1 AsKs", "d dh p2 7h7d", "d dh p3 QcJc",', '  "p3 cc", "p1 f", "p2 cc",',
             '  "d db 2c3d9h", "p2 cc", "p3 cc",', '  "d db Th", "p2 cc", "p3 cc",', '  "d db 4s", "p2 cc", "p3 cc",',
             *(f'  "{action}",' for action in showdown), "]", "finishing_stacks = [199, 203, 198]"]
    return "\n".join(lines) + "\n"


def _audit(tmp_path: Path, showdown: list[str]) -> tuple[list[tuple], object]:
    path = tmp_path / "sd.phh"
    path.write_text(_hand(showdown), encoding="utf-8")
    result, con = audit([path], load_rulesets(profile="common"))
    con.close()
    assert not result.quarantine, result.quarantine
    found = [(f["rule"], Path(f["file"]).name, f["line"], f["message"]) for f in result.findings]
    return found, next(r for r in result.rules if r.id == "THE-8.4")


def test_a_muck_at_the_showdown_is_one_finding_on_the_line_of_its_sm(tmp_path):
    found, rule = _audit(tmp_path, ["p2 sm 7h7d", "p3 sm"])
    assert found == [("THE-8.4", "sd.phh", 13, "seat 3 mucked at the showdown: he showed 0 card(s) (art. 8(5))")]
    assert rule.evaluated == 1


def test_a_showdown_where_everyone_shows_is_evaluated_and_clean(tmp_path):
    found, rule = _audit(tmp_path, ["p2 sm 7h7d", "p3 sm QcJc"])
    assert found == [] and rule.evaluated == 1 and rule.not_evaluated == 0


def test_a_showdown_missing_a_decision_is_not_evaluated(tmp_path):
    for showdown in (["p2 sm 7h7d"], ["p2 sm 7h7d", "p3 sm ????"], ["p2 sm 7h7d", "p3 sm ??Jc"], []):
        found, rule = _audit(tmp_path, showdown)
        assert found == [] and rule.evaluated == 0, showdown
        assert rule.not_evaluated_reasons == {NOT_RECORDED: 1}, showdown


def test_a_muck_of_unknown_cards_is_still_a_recorded_muck(tmp_path):
    text = _hand(["p2 sm 7h7d", "p3 sm"]).replace("d dh p3 QcJc", "d dh p3 ????")
    (tmp_path / "sd.phh").write_text(text, encoding="utf-8")
    result, con = audit([tmp_path / "sd.phh"], load_rulesets(profile="common"))
    con.close()
    assert [(f["rule"], f["line"]) for f in result.findings] == [("THE-8.4", 13)]


def _award_findings(tmp_path: Path, text: str) -> tuple[list[tuple], dict]:
    (tmp_path / "sd.phh").write_text(text, encoding="utf-8")
    result, con = audit([tmp_path / "sd.phh"], load_rulesets(profile="common"))
    con.close()
    assert not result.quarantine, result.quarantine
    return [(f["rule"], f["line"]) for f in result.findings], {r.id: r for r in result.rules}


def test_a_player_who_mucks_the_best_hand_gives_up_the_pot(tmp_path):
    """p2 mucks his sevens (the best hand) after p3 shows queen high: the pot goes to p3, the best hand still
    claiming it. The muck is THE-8.4's one finding; the award is right (it was also THE-15.1's)."""
    text = _hand(["p3 sm QcJc", "p2 sm"]).replace("[199, 203, 198]", "[199, 198, 203]")
    found, rules = _award_findings(tmp_path, text)
    assert found == [("THE-8.4", 13)]
    assert rules["THE-10.2"].evaluated == 1


def test_a_muck_of_unknown_cards_leaves_the_award_judged(tmp_path):
    """The mucked cards are not needed to judge the award to the only hand shown (THE-10.2); with one hand left to
    compare, the rules comparing hands (THE-15.1 …) are not applicable."""
    text = _hand(["p3 sm QcJc", "p2 sm"]).replace("[199, 203, 198]", "[199, 198, 203]").replace(
        "d dh p2 7h7d", "d dh p2 ????")
    found, rules = _award_findings(tmp_path, text)
    assert found == [("THE-8.4", 13)]
    assert rules["THE-10.2"].evaluated == 1
    assert rules["THE-15.1"].not_evaluated == 0  # it was: "the showdown cards are not all logged"


def test_a_player_paid_after_he_mucked_is_a_finding(tmp_path):
    """p2 mucks, p3 shows, and the pot is paid to p2 all the same: the award is THE-10.2's finding."""
    found, _ = _award_findings(tmp_path, _hand(["p3 sm QcJc", "p2 sm"]))
    assert sorted(rule for rule, _ in found) == ["THE-10.2", "THE-8.4"]
