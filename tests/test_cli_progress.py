"""What a run shows while it works: every stage's bar reaches its end, bars only at a terminal, --verbose lines."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from auditor.cli import app
from auditor.engine import replay_runner
from auditor.engine.audit import Progress, audit
from auditor.engine.ruleset import load_rulesets
from tests.conftest import baccarat_coup, write_jsonl

SAMPLE = Path(__file__).parents[1] / "sample_logs"
runner = CliRunner()


def stages(paths: list[Path]) -> list[list]:
    """[label, total, steps taken] of every stage the audit started."""
    seen: list[list] = []
    progress = Progress(start=lambda label, total: seen.append([label, total, 0]),
                        step=lambda item: seen[-1].__setitem__(2, seen[-1][2] + 1))
    _, con = audit(paths, load_rulesets(), progress=progress)
    con.close()
    return seen


@pytest.mark.parametrize("every", [1000, 50, 30])  # fewer hands than a step; an exact multiple; a remainder
def test_every_stage_takes_the_steps_it_announced(monkeypatch, every):
    """The sample's 100 hold'em hands: the bar used to stop at 0/1 (a step per thousand hands, none for the rest)."""
    monkeypatch.setattr(replay_runner, "PROGRESS_EVERY", every)
    seen = stages([SAMPLE / "B01.jsonl", SAMPLE / "H01.jsonl"])
    assert [s[0] for s in seen] == ["reading", "baccarat", "holdem"]
    assert all(total == steps for _, total, steps in seen), seen


@pytest.fixture
def log(tmp_path):
    (tmp_path / "logs").mkdir()
    return write_jsonl(tmp_path / "logs" / "day.jsonl", baccarat_coup())


def test_no_bar_off_a_terminal(tmp_path, log):
    result = runner.invoke(app, ["audit", str(log), "--out", str(tmp_path / "out"), "--no-pdf"])
    assert result.exit_code == 0, result.output
    assert result.stderr == "" and "━" not in result.output


def test_verbose_says_each_stage_on_stderr(tmp_path, log):
    result = runner.invoke(app, ["audit", str(log), "--out", str(tmp_path / "out"), "--no-pdf", "--verbose"])
    assert result.exit_code == 0, result.output
    lines = [line.split("s  ", 1)[1] for line in result.stderr.splitlines()]
    assert lines[:2] == ["reading (1 step)", "  day.jsonl"]
    assert "baccarat (" in result.stderr and lines[-2:] == ["writing (1 step)", "  findings files"]
    assert "verdict: no violation found" in result.stdout


def test_quiet_and_verbose_exclude_each_other(tmp_path, log):
    result = runner.invoke(app, ["validate", str(log), "--quiet", "--verbose"])
    assert result.exit_code == 2 and "--quiet" in result.output
