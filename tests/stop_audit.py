"""Run ``auditor`` and hold it at one stage until the test lets it go or kills it (a test helper, not a test).

    python tests/stop_audit.py STAGE MARKER AUDITOR-ARGS...

When the audit reaches STAGE, this creates the file MARKER and waits until ``MARKER.go`` exists, then carries on.
A test waits for MARKER and then kills the process (``kill -9``) or creates ``MARKER.go``. It works by replacing one
function of the auditor in this process only: production code has no hook for it."""

from __future__ import annotations

import importlib
import sys
import time
from collections.abc import Callable
from pathlib import Path

# stage -> (module, function, hold before or after the function runs)
STAGES: dict[str, tuple[str, str, str]] = {
    "ingest": ("auditor.engine.audit", "ingest", "before"),
    "checks": ("auditor.engine.audit", "run_checks", "before"),
    "render": ("auditor.report.render", "render_pdf", "before"),  # the JSON and Parquet files are written
    "sign": ("auditor.report.sign", "sign_pdf", "before"),  # report.pdf is written, not yet signed
    # the new outputs are in place, the previous ones not yet removed
    "swap": ("auditor.report.out_folder", "remove_previous", "before"),
    # where folders cannot be exchanged in one step: the previous outputs are moved aside, the new not yet in place
    "aside": ("auditor.report.swap", "move_aside", "after"),
    # auditor nightly: the new files copied into the catalog, nothing stored yet
    "nightly-copied": ("auditor.nightly.store_day", "store_group", "before"),
    # the partitions and quarantines written, not yet audited
    "nightly-stored": ("auditor.nightly.run", "run_tasks", "before"),
    # in the catalog's transaction, everything recorded but not committed
    "nightly-commit": ("auditor.nightly.commit", "record", "after"),
    # committed; the day's report due, not yet written
    "nightly-report": ("auditor.nightly.run", "write_day_report", "before"),
    # the report written, not yet marked written in the catalog
    "nightly-written": ("auditor.nightly.run", "write_day_report", "after"),
}


def hold(marker: Path) -> None:
    marker.touch()
    go = marker.with_name(marker.name + ".go")
    while not go.exists():
        time.sleep(0.02)


def held(function: Callable, marker: Path, when: str) -> Callable:
    def wrapper(*args, **kwargs):
        if when == "before":
            hold(marker)
        value = function(*args, **kwargs)
        if when == "after":
            hold(marker)
        return value

    return wrapper


def main() -> None:
    stage, marker, *args = sys.argv[1:]
    module_name, name, when = STAGES[stage]
    module = importlib.import_module(module_name)
    setattr(module, name, held(getattr(module, name), Path(marker), when))
    if stage == "aside":
        swap = importlib.import_module("auditor.report.swap")

        def unsupported(*_: object) -> None:
            raise swap.ExchangeUnsupported("forced by the test")

        swap.exchange = unsupported
    from auditor.cli import main as auditor

    sys.argv = ["auditor", *args]
    auditor()


if __name__ == "__main__":
    main()
