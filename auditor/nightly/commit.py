"""Stage 5 of a nightly run (``run.py``): what the run learnt, recorded in the catalog in one transaction."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

import pyarrow as pa

from auditor.model.finding import FINDING_ARROW_SCHEMA
from auditor.nightly.catalog import Catalog
from auditor.nightly.history import record
from auditor.nightly.inbox import InboxFile
from auditor.nightly.partition import PartitionResult
from auditor.nightly.store import StoredGroup


@dataclass(frozen=True)
class NewFile:
    """An inbox file this run takes in, with its content's SHA-256."""

    file: InboxFile
    sha256: str

    @property
    def stored(self) -> str:
        """Its copy in the catalog (relative path)."""
        return f"logs/{self.sha256}{self.file.suffix}"


def as_date(value: str) -> date:
    """A gaming day (YYYY-MM-DD) as the catalog's DATE."""
    return date.fromisoformat(value)


def commit_run(catalog: Catalog, run: str, run_date: str, new: list[NewFile], groups: list[StoredGroup],
               results: list[PartitionResult]) -> None:
    """Everything the run learnt, in one transaction: the run, its new files, what the files of each group now give
    (counts, quarantine, tables), the partitions stored, the findings history and coverage of every table the
    groups hold, and the days whose report is due."""
    by_sha = {n.sha256: n for n in new}
    audited: list[tuple[date, str]] = []
    with catalog.write() as con:
        con.execute("INSERT INTO runs VALUES (?, ?, ?, ?)",
                    [run, as_date(run_date), len(new), sorted({g.day for g in groups})])
        for group in groups:
            day = as_date(group.day)
            shas = [f.sha256 for f in group.files]
            before = {t for (t,) in con.execute(
                "SELECT DISTINCT table_id FROM file_tables WHERE day = ? AND list_contains(?, sha256)",
                [day, shas]).fetchall()}
            tables = sorted(before | {t for f in group.files for t in f.tables})
            audited += [(day, t) for t in tables]
            for f in group.files:
                if f.sha256 in by_sha:
                    n = by_sha[f.sha256]
                    con.execute("INSERT INTO files VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                                [f.sha256, n.file.inbox_name, day, n.file.name, f.format, f.size, n.file.mtime_ns,
                                 f.records, f.quarantined, n.stored, f.quarantine, group.group, run])
                else:
                    con.execute("UPDATE files SET records = ?, quarantined = ?, quarantine = ?, grp = ? "
                                "WHERE sha256 = ?", [f.records, f.quarantined, f.quarantine, group.group, f.sha256])
            con.execute("DELETE FROM file_tables WHERE day = ? AND list_contains(?, sha256)", [day, shas])
            con.executemany("INSERT INTO file_tables VALUES (?, ?, ?)",
                            [(f.sha256, day, t) for f in group.files for t in f.tables])
            con.execute("DELETE FROM partitions WHERE day = ? AND list_contains(?, table_id)", [day, tables])
            con.executemany("INSERT INTO partitions VALUES (?, ?, ?, ?, ?, ?, ?)",
                            [(day, p.game, p.table_id, p.events, p.rows, group.group, run) for p in group.partitions])
        con.executemany("INSERT INTO pending_reports VALUES (?, ?)",
                        [(as_date(day), run) for day in sorted({g.day for g in groups})])
        record(con, run, pa.table({"day": pa.array([d for d, _ in audited], pa.date32()),
                                   "table_id": pa.array([t for _, t in audited], pa.string())}),
               _with_day(results, "findings"), _with_day(results, "coverage"))


_SCHEMAS = {
    "findings": pa.schema([("day", pa.date32()), *FINDING_ARROW_SCHEMA]),
    "coverage": pa.schema([("day", pa.date32()), ("rule", pa.string()), ("table_id", pa.string()),
                           ("missing", pa.string()), ("units", pa.int64())]),
}


def _with_day(results: list[PartitionResult], name: str) -> pa.Table:
    """The ``findings`` or ``coverage`` of every task, with its day."""
    tables = [_SCHEMAS[name].empty_table()]
    for result in results:
        table = getattr(result, name)
        day = pa.array([as_date(result.day)] * table.num_rows, pa.date32())
        tables.append(table.add_column(0, "day", day).cast(_SCHEMAS[name]))
    return pa.concat_tables(tables)
