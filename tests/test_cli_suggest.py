"""Mistyped names on the command line: "did you mean", and every bad --param value names its parameter."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from auditor.cli import app
from auditor.engine.ruleset import RulesetError, load_rulesets

runner = CliRunner()


def param_error(param: str) -> str:
    with pytest.raises(RulesetError) as raised:
        load_rulesets(overrides=dict([param.split("=", 1)]))
    return str(raised.value)


@pytest.mark.parametrize(("given", "meant"), [
    ("baccarat.cut_card_tolerence=3", "baccarat.cut_card_tolerance"),  # the name mistyped
    ("bacarat.cut_card_tolerance=3", "baccarat.cut_card_tolerance"),  # the game mistyped
    ("holdm.min_playrs=2", "holdem.min_players"),  # both
    ("cut_card_tolerance=3", "baccarat.cut_card_tolerance"),  # the game left out
    ("rake_rounding=up", "holdem.rake_rounding' or 'stud.rake_rounding"),  # a name two games share
])
def test_a_mistyped_param_names_the_closest(given, meant):
    assert f"(did you mean '{meant}'?)" in param_error(given)


def test_no_false_suggestion():
    """Nothing close: the game's parameters, or the games, rather than a wrong guess."""
    unknown_name = param_error("baccarat.xyz=1")
    assert "did you mean" not in unknown_name and "the parameters of baccarat: " in unknown_name
    assert "cut_card_tolerance" in unknown_name
    unknown_game = param_error("poker.xyz=1")
    assert "did you mean" not in unknown_game and "baccarat, holdem, stud" in unknown_game


@pytest.mark.parametrize("given", ["baccarat.cut_card_tolerance=abc", "holdem.short_all_in_reopens=maybe"])
def test_a_bad_value_names_the_parameter(given):
    assert param_error(given).startswith(f"--param {given.split('=')[0]}: expected ")


def test_audit_prints_the_suggestion(tmp_path):
    result = runner.invoke(app, ["audit", str(tmp_path), "--out", str(tmp_path / "o"), "--param",
                                 "baccarat.cut_card_tolerence=3"])
    assert result.exit_code == 2 and "did you mean 'baccarat.cut_card_tolerance'" in result.output


def test_rules_with_a_wrong_game_is_a_clean_usage_error():
    result = runner.invoke(app, ["rules", "--game", "bacarat"])
    assert result.exit_code == 2 and "Traceback" not in result.output
    assert "no game 'bacarat' (did you mean 'baccarat'?)" in " ".join(result.output.replace("│", " ").split())
    assert runner.invoke(app, ["rules", "--game", "stud"]).output.startswith("5CS-")


def test_a_mistyped_profile_names_the_closest():
    with pytest.raises(RulesetError, match="did you mean 'common'"):
        load_rulesets(profile="comon")
