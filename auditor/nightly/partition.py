"""The unit of work of the nightly audit: the partitions of one game, one gaming day and a range of its tables.

:func:`audit_partition` is the only function that computes findings in a nightly run, whether it runs in the
nightly process, in one of ``--workers`` processes or on a Dask worker (``executors.py``): it reads only its
partitions' files, opens its own DuckDB (one thread in a worker), runs every enforced checker as ``auditor audit``
does, and returns the findings and the coverage.

Why a range of tables may be audited alone: every rule judges one table at a time. The set-based (SQL) rules of
baccarat and hold'em are judged per coup, bet, shoe or table (``engine/batches.py`` relies on it already), and the
replay of hold'em follows each table's own chain of hands (the button moves from the table's previous hand) and
never looks at another table. So the findings and coverage of a day are the union of those of its tables, however
they are grouped into tasks."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import pyarrow as pa

from auditor.engine.audit import connect, run_checks
from auditor.engine.ruleset import Ruleset, load_rulesets
from auditor.ingest.validate import sql_string

QUARANTINE_COLUMNS = ("file VARCHAR, line BIGINT, reason VARCHAR, raw VARCHAR, table_id VARCHAR, hand_id VARCHAR, "
                      "shoe_id VARCHAR, seq BIGINT")


@dataclass(frozen=True)
class PartitionTask:
    """What one task audits: its partitions' event files (in table order) and the quarantined records of the log
    files those partitions came from (a quarantined record makes a hand, or a hold'em chain, not evaluated)."""

    day: str
    events: tuple[str, ...]  # absolute paths
    quarantine: tuple[str, ...]
    profile: str = "macau"
    threads: int | None = 1  # DuckDB threads: one per worker process; None (all cores) when tasks run one by one


@dataclass(frozen=True)
class PartitionResult:
    day: str
    findings: pa.Table  # FINDING_COLUMNS
    coverage: pa.Table  # rule, table_id, missing, units


@lru_cache(maxsize=4)
def _rulesets(profile: str) -> dict[str, Ruleset]:
    return load_rulesets(profile=profile)


def read_parquet(paths: tuple[str, ...]) -> str:
    """SQL reading the Parquet files ``paths``, as written: the catalog's ``key=value`` folders are not columns."""
    return "read_parquet([" + ", ".join(sql_string(p) for p in paths) + "], hive_partitioning = false)"


def audit_partition(task: PartitionTask) -> PartitionResult:
    """Audit the task's partitions. ``hand_key`` is unique within the group a partition was stored from; the
    partitions of a task may come from several groups, so each file's keys are moved to a range of their own."""
    con = connect(threads=task.threads)
    try:
        con.execute(f"CREATE TABLE events AS SELECT * REPLACE (hand_key + (file_index::BIGINT << 32) AS hand_key) "
                    f"FROM {read_parquet(task.events)}")
        con.execute("CREATE TABLE tables AS SELECT table_id, game, config, file, line FROM events "
                    "WHERE event = 'table_open'")
        con.execute(f"CREATE TABLE quarantine ({QUARANTINE_COLUMNS})")
        if task.quarantine:
            con.execute(f"INSERT INTO quarantine SELECT * FROM {read_parquet(task.quarantine)}")
        run_checks(con, _rulesets(task.profile))
        findings = con.sql("SELECT * FROM findings").to_arrow_table()
        coverage = con.sql("SELECT * FROM coverage").to_arrow_table()
    finally:
        con.close()
    return PartitionResult(task.day, findings, coverage)
