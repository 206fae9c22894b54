"""The partition tasks of a run: the partitions it stored, grouped by game and gaming day, cut into ranges of
consecutive tables (a table is never split) of about the same number of events, enough of them to keep every
worker busy, few enough that the fixed cost of a task stays small."""

from __future__ import annotations

from itertools import groupby
from pathlib import Path

from auditor.nightly.partition import PartitionTask
from auditor.nightly.store import StoredGroup

MIN_TASK_ROWS = 200_000  # below this, a task's fixed cost (a DuckDB, the rules' queries) outweighs its work
# bounds a task's memory (the baccarat checks hold about 0.8 GB per million events); above MIN_TASK_ROWS a task's
# CPU time is proportional to its events, so smaller tasks cost no more
MAX_TASK_ROWS = 500_000
TASKS_PER_WORKER = 2


def plan_tasks(root: Path, groups: list[StoredGroup], workers: int | None, *, parallel: bool,
               profile: str = "macau") -> list[PartitionTask]:
    """Tasks covering every partition of ``groups`` once, each with the quarantined records of the files its
    partitions came from; ``workers`` None (a Dask cluster, whose size is not known here): tasks of the smallest
    size, which the scheduler spreads. ``parallel``: they run side by side (one DuckDB thread each), else one by
    one (all cores each)."""
    items = []
    for group in groups:
        for p in group.partitions:
            quarantine = {str(root / f.quarantine) for f in group.files if f.quarantine and p.table_id in f.tables}
            items.append((p.day, p.game, p.table_id, p.rows, str(root / p.events), quarantine))
    total = sum(i[3] for i in items)
    per_worker = -(-total // (workers * TASKS_PER_WORKER)) if workers else 0
    limit = min(MAX_TASK_ROWS, max(MIN_TASK_ROWS, per_worker))
    tasks = []
    items.sort(key=lambda i: (i[0], i[1], i[2]))
    for (day, _), partitions in groupby(items, key=lambda i: (i[0], i[1])):
        chunk: list[tuple] = []
        for item in partitions:
            if chunk and sum(c[3] for c in chunk) + item[3] > limit:
                tasks.append(_task(day, chunk, profile, parallel))
                chunk = []
            chunk.append(item)
        if chunk:
            tasks.append(_task(day, chunk, profile, parallel))
    return tasks


def _task(day: str, chunk: list[tuple], profile: str, parallel: bool) -> PartitionTask:
    quarantine = tuple(sorted(set().union(*(c[5] for c in chunk))))
    return PartitionTask(day, tuple(c[4] for c in chunk), quarantine, profile, 1 if parallel else None)
