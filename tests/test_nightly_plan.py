"""The partition tasks of a run: every partition once, whole tables, one game and day per task, sized by workers."""

from __future__ import annotations

from pathlib import Path

from auditor.nightly.plan import MAX_TASK_ROWS, MIN_TASK_ROWS, plan_tasks
from auditor.nightly.store import StoredFile, StoredGroup, StoredPartition


def group(day: str, tables: dict[str, tuple[str, int]]) -> StoredGroup:
    """One file per table (``f-<table>``, quarantined records in the file of T2), partitions of ``rows`` events."""
    files = tuple(StoredFile(f"f-{t}", "jsonl", 1, rows, 0, "q/T2.parquet" if t == "T2" else None, (t,))
                  for t, (_, rows) in tables.items())
    parts = tuple(StoredPartition(day, game, t, f"events/{t}.parquet", rows) for t, (game, rows) in tables.items())
    return StoredGroup(day, "g", files, parts)


def test_every_partition_once_by_game_and_day(tmp_path: Path) -> None:
    groups = [group("2024-05-01", {"T1": ("baccarat", 900_000), "T2": ("baccarat", 900_000),
                                   "T3": ("baccarat", 900_000), "H1": ("holdem", 50_000)}),
              group("2024-05-02", {"T1": ("baccarat", 10)})]
    tasks = plan_tasks(tmp_path, groups, 2, parallel=True)
    seen = [(t.day, Path(e).stem) for t in tasks for e in t.events]
    assert sorted(seen) == sorted({(g.day, p.table_id) for g in groups for p in g.partitions})
    assert all(len({Path(e).stem[0] for e in t.events}) == 1 for t in tasks)  # one game a task
    # 2.75 M events, 2 workers: about 690,000 events a task, a table never split
    first_day = [[Path(e).stem for e in t.events] for t in tasks if t.day == "2024-05-01"]
    assert first_day == [["T1"], ["T2"], ["T3"], ["H1"]]
    assert tasks[1].quarantine == (str(tmp_path / "q/T2.parquet"),) and tasks[0].quarantine == ()
    assert {t.threads for t in tasks} == {1}
    assert {t.threads for t in plan_tasks(tmp_path, groups, 1, parallel=False)} == {None}


def test_task_sizes_are_bounded() -> None:
    small = {f"T{i:03d}": ("baccarat", 10_000) for i in range(100)}  # 1 M events
    assert len(plan_tasks(Path("/c"), [group("2024-05-01", small)], 1, parallel=False)) == 2
    for_cluster = plan_tasks(Path("/c"), [group("2024-05-01", small)], None, parallel=True)
    assert len(for_cluster) == 1_000_000 // MIN_TASK_ROWS
    big = {f"T{i:03d}": ("baccarat", 100_000) for i in range(100)}  # 10 M events, one worker
    assert all(sum(100_000 for _ in t.events) <= MAX_TASK_ROWS for t in
               plan_tasks(Path("/c"), [group("2024-05-01", big)], 1, parallel=False))
