"""What a long run shows while it works, on standard error so that standard output stays clean: progress bars at a
terminal, a line per stage and per step with ``--verbose`` (for a log), nothing with ``--quiet`` or when standard
error is not a terminal."""

from __future__ import annotations

import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, TaskID, TextColumn, TimeElapsedColumn
from rich.progress import Progress as RichProgress

from auditor.engine.audit import Progress
from auditor.model.verdict import plural

VERBOSE_HELP = ("A line per stage and per step (a file read, a rule run, a thousand hands replayed), with the time "
                "since the start, on standard error: for a log.")
QUIET_HELP = "No progress display (by default, progress bars when standard error is a terminal)."
STARTED = time.monotonic()  # when the command started (this module is imported with the commands)


@contextmanager
def progress_display(quiet: bool, verbose: bool = False) -> Iterator[Progress]:
    """Bars at a terminal, lines with ``verbose``, nothing with ``quiet`` (or both) or off a terminal."""
    if quiet and verbose:
        raise typer.BadParameter("choose one of --quiet and --verbose", param_hint="'--verbose'")
    if verbose:
        yield _lines()
        return
    console = Console(stderr=True)
    if quiet or not console.is_terminal:
        yield Progress()
        return
    bar = RichProgress(
        TextColumn("{task.description:<9}"), BarColumn(), MofNCompleteColumn(), TextColumn("{task.fields[item]}"),
        TimeElapsedColumn(), console=console, transient=False,
    )
    tasks: dict[str, TaskID] = {}
    current: list[str] = []

    def start(label: str, total: int) -> None:
        tasks[label] = bar.add_task(label, total=total, item="")
        current[:] = [label]

    def step(item: str) -> None:
        bar.update(tasks[current[0]], advance=1, item=item[-40:])

    with bar:
        yield Progress(start=start, step=step)


def _lines() -> Progress:
    def say(text: str) -> None:
        print(f"{time.monotonic() - STARTED:8.1f}s  {text}", file=sys.stderr, flush=True)

    return Progress(start=lambda label, total: say(f"{label} ({plural(total, 'step')})"),
                    step=lambda item: say(f"  {item}"))
