"""What is about one run of ``auditor audit`` and not about the logs: the manifest's ``run`` object and the report's
run box. Nothing else in the outputs may depend on when, where or from which folder the audit ran."""

from __future__ import annotations

import os
import platform
import socket
from datetime import UTC, datetime
from pathlib import Path

import duckdb
import typer

from auditor.ingest.audit_names import audited_folder


def now() -> str:
    """The current time, UTC, to the second (ISO 8601)."""
    return datetime.now(UTC).isoformat(timespec="seconds")


def run_facts(
    started: str, paths: list[Path], out: Path, *, db: Path | None, threads: int | None, memory_limit: str | None,
) -> dict[str, object]:
    """The run's own facts: its start (``started``) and finish (now), the host, the working folder, the paths as
    given and the folder they make (the one file names are relative to), where the outputs went, the options that
    change how the audit runs but not what it finds, and the software it ran on."""
    return {
        "started": started,
        "finished": now(),
        "host": socket.gethostname(),
        "working_directory": os.getcwd(),
        "paths": [str(p) for p in paths],
        "audited_folder": str(audited_folder(paths)),
        "out": str(out),
        "db": None if db is None else str(db),
        "threads": threads,
        "memory_limit": memory_limit,
        "software": {"python": platform.python_version(), "duckdb": duckdb.__version__, "system": platform.platform()},
    }


SKIPPED_SHOWN = 20  # files not read named on standard error; the manifest's run.skipped names them all


def say_skipped(skipped: list[dict[str, str]], where: str) -> None:
    """Name on standard error each file found that the audit did not read (``{"file", "why"}``), so that none is
    left out without a word; past ``SKIPPED_SHOWN``, how many more and ``where`` they are all named."""
    for item in skipped[:SKIPPED_SHOWN]:
        typer.echo(f"not read: {item['file']} ({item['why']})", err=True)
    if len(skipped) > SKIPPED_SHOWN:
        typer.echo(f"not read: {len(skipped) - SKIPPED_SHOWN:,} more files, {where}", err=True)
