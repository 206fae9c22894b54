"""``auditor nightly`` killed (``kill -9``) at each stage, then run again: the same catalog, the same report and the
same exit code as a run never stopped, and nothing left over. The runs are held at a stage by tests/stop_audit.py."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from auditor.cli import app
from tests.stop_audit import STAGES
from tests.test_nightly import COMPARED, DAY1, data_files, dump, nightly
from tests.test_outputs_stopped import wait_for

ROOT = Path(__file__).resolve().parent.parent
HELPER = ROOT / "tests" / "stop_audit.py"
runner = CliRunner()


@pytest.fixture(scope="module")
def clean(tmp_path_factory) -> dict[str, object]:
    """An inbox of two baccarat tables, one hold'em table and a broken record, and a run never stopped."""
    root = tmp_path_factory.mktemp("nightly-stopped")
    inbox = root / "inbox"
    for game, size in (("baccarat", ["--tables", "2", "--shoes", "1"]), ("holdem", ["--tables", "1", "--hands",
                                                                                   "40"])):
        result = runner.invoke(app, ["simulate", game, "--out", str(root / game), "--seed", "9", "--inject", "0.05",
                                     "--date", DAY1, *size])
        assert result.exit_code == 0, result.output
        for log in (root / game).glob("*.jsonl"):
            if log.name != "labels.jsonl":
                (inbox / DAY1).mkdir(parents=True, exist_ok=True)
                shutil.copy2(log, inbox / DAY1 / log.name)
    with (inbox / DAY1 / "B01.jsonl").open("a") as handle:
        handle.write("{not json\n")
    code, output = nightly(root / "catalog", inbox)
    assert code == 4, output
    return {"inbox": inbox, "catalog": root / "catalog", "code": code}


DEFAULT = ("nightly-commit", "nightly-report")  # the others run in the slow tier


@pytest.mark.parametrize("stage", [s if s in DEFAULT else pytest.param(s, marks=pytest.mark.slow)
                                   for s in STAGES if s.startswith("nightly-")])
def test_killed_at_a_stage_then_run_again(stage: str, clean: dict, tmp_path: Path) -> None:
    catalog, marker = tmp_path / "catalog", tmp_path / "marker"
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    process = subprocess.Popen(
        [sys.executable, str(HELPER), stage, str(marker), "nightly", "--catalog", str(catalog), "--inbox",
         str(clean["inbox"]), "--date", DAY1, "--no-pdf", "--quiet"],
        cwd=ROOT, env=env, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    wait_for(marker, process)
    process.kill()
    process.communicate()
    code, output = nightly(catalog, clean["inbox"])
    assert code == clean["code"], output
    assert dump(catalog) == dump(clean["catalog"])
    assert data_files(catalog) == data_files(clean["catalog"])
    for name in COMPARED:
        ours = (catalog / "reports" / DAY1 / name).read_bytes()
        assert ours == (clean["catalog"] / "reports" / DAY1 / name).read_bytes(), name
    assert sorted(p.name for p in (catalog / "reports").iterdir()) == [DAY1]
    # and once more: nothing new, nothing changed
    before = dump(catalog)
    assert nightly(catalog, clean["inbox"])[0] == 0
    assert dump(catalog) == before
