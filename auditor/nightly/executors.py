"""Where the partition tasks run: in the nightly process, in ``--workers N`` processes on this machine, or on a Dask
cluster (``--dask tcp://HOST:8786``). Every way runs the same :func:`partition.audit_partition` on the same tasks,
and the results come back in task order, so the findings do not depend on the way."""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from multiprocessing import get_context

from auditor.nightly.partition import PartitionResult, PartitionTask, audit_partition


class ClusterError(Exception):
    """The Dask scheduler cannot be reached, or the package is missing."""


def run_tasks(
    tasks: list[PartitionTask], *, workers: int = 1, dask: str | None = None,
    done: Callable[[], None] = lambda: None,
) -> list[PartitionResult]:
    """Every task's result, in the order of ``tasks``; ``done`` is called as each finishes (for a progress bar)."""
    if dask:
        return _on_dask(tasks, dask, done)
    if workers <= 1 or len(tasks) <= 1:
        results = []
        for task in tasks:
            results.append(audit_partition(task))
            done()
        return results
    # forkserver: the workers do not inherit the nightly process's DuckDB connections and threads
    with ProcessPoolExecutor(max_workers=workers, mp_context=get_context("forkserver")) as pool:
        futures = [pool.submit(audit_partition, task) for task in tasks]
        for future in futures:
            future.add_done_callback(lambda _: done())
        return [f.result() for f in futures]


def _on_dask(tasks: list[PartitionTask], address: str, done: Callable[[], None]) -> list[PartitionResult]:
    try:
        from distributed import Client
    except ImportError as exc:
        raise ClusterError("--dask needs the package distributed: pip install 'auditor[dask]'") from exc
    try:
        client = Client(address, timeout="10s")
    except (OSError, TimeoutError) as exc:
        raise ClusterError(f"--dask {address}: cannot reach the scheduler ({exc})") from exc
    try:
        futures = client.map(audit_partition, tasks, pure=False)
        for future in futures:
            future.add_done_callback(lambda _: done())
        return client.gather(futures)
    finally:
        client.close()
