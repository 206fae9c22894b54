"""A progress display for long runs (on standard error, so that standard output stays clean)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress as RichProgress, TextColumn, TimeElapsedColumn

from auditor.engine.audit import Progress


@contextmanager
def progress_display(quiet: bool) -> Iterator[Progress]:
    if quiet:
        yield Progress()
        return
    bar = RichProgress(
        TextColumn("{task.description:<9}"), BarColumn(), MofNCompleteColumn(), TextColumn("{task.fields[item]}"),
        TimeElapsedColumn(), console=Console(stderr=True), transient=False,
    )
    tasks: dict[str, int] = {}
    current: list[str] = []

    def start(label: str, total: int) -> None:
        tasks[label] = bar.add_task(label, total=total, item="")
        current[:] = [label]

    def step(item: str) -> None:
        bar.update(tasks[current[0]], advance=1, item=item[-40:])

    with bar:
        yield Progress(start=start, step=step)
