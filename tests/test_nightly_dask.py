"""``auditor nightly --dask``: the partition audits on a Dask cluster (a scheduler and two workers on 127.0.0.1,
started here with the ``dask`` command) give the same catalog and reports as one process. Slow tier: a cluster
takes seconds to start, and a scheduler out of reach seconds to give up on."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.test_nightly import COMPARED, DAY1, drop, dump, nightly

pytest.importorskip("distributed")
DASK = Path(sys.executable).with_name("dask")


@pytest.fixture()
def cluster(tmp_path: Path):
    """The address of a scheduler with two one-thread workers, all on 127.0.0.1; stopped after the test."""
    scheduler_file = tmp_path / "scheduler.json"
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parent.parent)}
    processes = [subprocess.Popen([str(DASK), "scheduler", "--host", "127.0.0.1", "--port", "0", "--no-dashboard",
                                   "--scheduler-file", str(scheduler_file)], env=env, stdout=subprocess.DEVNULL,
                                  stderr=subprocess.DEVNULL)]
    try:
        deadline = time.monotonic() + 60
        while not scheduler_file.exists():
            assert time.monotonic() < deadline, "the scheduler did not start"
            time.sleep(0.05)
        processes.append(subprocess.Popen(
            [str(DASK), "worker", "--scheduler-file", str(scheduler_file), "--nworkers", "2", "--nthreads", "1",
             "--host", "127.0.0.1", "--no-dashboard"], env=env, stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL))
        from distributed import Client

        address = json.loads(scheduler_file.read_text())["address"]
        with Client(address, timeout="30s") as client:
            client.wait_for_workers(2, timeout=60)
        yield address
    finally:
        for process in reversed(processes):
            process.terminate()
            process.wait(timeout=30)


@pytest.mark.slow
def test_dask_gives_the_same_catalog_as_one_process(cluster: str, tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from auditor.cli import app

    inbox = tmp_path / "inbox"
    for game, size in (("baccarat", ["--tables", "3", "--shoes", "1"]), ("holdem", ["--hands", "40"])):
        out = tmp_path / game
        assert CliRunner().invoke(app, ["simulate", game, "--out", str(out), "--seed", "4", "--inject", "0.05",
                                        "--date", DAY1, *size]).exit_code == 0
        for log in sorted(out.glob("[!l]*.jsonl")):
            drop(inbox, log, DAY1)
    assert nightly(tmp_path / "one", inbox)[0] == 1
    code, output = nightly(tmp_path / "dask", inbox, "--dask", cluster)
    assert code == 1, output
    assert dump(tmp_path / "one") == dump(tmp_path / "dask")
    for name in COMPARED:
        assert (tmp_path / "one" / "reports" / DAY1 / name).read_bytes() == (
            tmp_path / "dask" / "reports" / DAY1 / name).read_bytes()


@pytest.mark.slow
def test_a_scheduler_out_of_reach_is_an_input_error(tmp_path: Path) -> None:
    inbox = tmp_path / "inbox"
    (inbox / DAY1).mkdir(parents=True)
    (inbox / DAY1 / "T1.jsonl").write_text(json.dumps({"table_id": "T1", "game": "baccarat", "seq": 1,
                                                       "event": "table_close"}) + "\n")
    code, output = nightly(tmp_path / "catalog", inbox, "--dask", "tcp://127.0.0.1:9")
    assert code == 2 and "cannot reach the scheduler" in output
    assert dump(tmp_path / "catalog")["runs"] == []
