"""The stud tables of sample_logs/ are exactly what the README's stud command writes (the logs, and its lines appended
to labels.jsonl), and the audit of those tables finds exactly the labels of the stud rules that have a checker.

While some enforced stud rules have no checker, an audit of the sample is incomplete (exit 4) and their labels are not
found: ``sample_exit_code`` and ``found_labels`` say what the tests of the whole sample expect in this version."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pyarrow.parquet as pq
from test_sim_holdem import finding_keys, label_keys
from typer.testing import CliRunner

import auditor.cli.simulate_stud  # noqa: F401  (registers ``auditor simulate stud``)
from auditor.cli.app import app
from auditor.engine.registry import checkers
from auditor.engine.ruleset import load_rulesets

SAMPLE = Path(__file__).resolve().parents[1] / "sample_logs"
GAMES = ("baccarat", "holdem", "stud")  # the games of the sample's tables


def _without_checker() -> set[str]:
    rulesets = load_rulesets()
    return {rule.id for game in GAMES for rule in rulesets[game].rules.values() if rule.enforced} - {
        checker.id for game in GAMES for checker in checkers(game)}


def sample_exit_code() -> int:
    """The sample audit's exit: 1 (violations found), or 4 (incomplete) while an enforced rule has no checker."""
    return 4 if _without_checker() else 1


def found_labels(labels: list[dict]) -> list[dict]:
    """The labels an audit finds in this version: those of the rules that have a checker."""
    missing = _without_checker()
    return [label for label in labels if label["rule"] not in missing]


def test_the_stud_sample_is_the_readmes_command_and_its_labels_are_found(tmp_path: Path) -> None:
    command = re.search(r"^auditor (simulate stud .*)$", (SAMPLE / "README.md").read_text(encoding="utf-8"),
                        re.MULTILINE).group(1)
    result = CliRunner().invoke(app, re.sub(r"--out \S+", f"--out {tmp_path}", command).split())
    assert result.exit_code == 0, result.output
    logs = sorted(p.name for p in tmp_path.iterdir() if p.name != "labels.jsonl")
    assert logs == ["S01.jsonl", "S02.parquet"]
    for name in logs:
        if name.endswith(".parquet"):
            assert pq.read_table(SAMPLE / name).equals(pq.read_table(tmp_path / name)), name
        else:
            assert (SAMPLE / name).read_bytes() == (tmp_path / name).read_bytes(), name
    ours = [line for line in (SAMPLE / "labels.jsonl").read_text(encoding="utf-8").splitlines()
            if json.loads(line)["table"] in ("S01", "S02")]
    assert ours and ours == (tmp_path / "labels.jsonl").read_text(encoding="utf-8").splitlines()
    labels = [json.loads(line) for line in ours]
    assert finding_keys(*(SAMPLE / name for name in logs)) == label_keys(found_labels(labels))
