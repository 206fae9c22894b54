"""Take a group of log files of one gaming day into the catalog: the audit's own ingest (every record validated,
every structure check made across the group's files), then the accepted events written as one Parquet file per
partition (game, day, table) and the quarantined records as one Parquet file per log file.

The structure checks look at a whole table (its opening, duplicate ``seq``, the bounds of each coup or hand), so a
group holds every file of the day that has a record of any of its tables (``run.py`` finds them): a partition is
always written from all of its files at once."""

from __future__ import annotations

import hashlib
import os
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import quote

from auditor.engine.audit import connect
from auditor.ingest.audit_names import LogFile
from auditor.ingest.load import ingest
from auditor.ingest.validate import sql_string


@dataclass(frozen=True)
class GroupFile:
    sha256: str
    name: str  # its name in the day's outputs
    stored: str  # its copy in the catalog (relative path)


@dataclass(frozen=True)
class StoredFile:
    sha256: str
    format: str
    size: int
    records: int
    quarantined: int
    quarantine: str | None  # relative path of its quarantined records, None when it has none
    tables: tuple[str, ...]  # tables it holds a record of (accepted, or quarantined and tied to a table)


@dataclass(frozen=True)
class StoredPartition:
    day: str
    game: str
    table_id: str
    events: str  # relative path
    rows: int


@dataclass(frozen=True)
class StoredGroup:
    day: str
    group: str
    files: tuple[StoredFile, ...]
    partitions: tuple[StoredPartition, ...]


def group_id(shas: list[str]) -> str:
    """A group's name: a digest of its files' contents, the same on every run."""
    return hashlib.sha256("\n".join(sorted(shas)).encode()).hexdigest()[:16]


def partition_folder(game: str, day: str, table_id: str) -> str:
    """``events/game=G/day=D/table=T``; the table id is quoted so that any id is one folder name."""
    table = quote(table_id, safe="") if len(table_id) <= 120 else hashlib.sha256(table_id.encode()).hexdigest()
    return f"events/game={quote(game, safe='')}/day={day}/table={table}"


def _copy(con, query: str, target: Path) -> None:
    """COPY a query to ``target`` through a temporary name, flushed: a stopped run leaves no half file named."""
    target.parent.mkdir(parents=True, exist_ok=True)
    temporary = target.with_name(target.name + ".tmp")
    con.execute(f"COPY ({query}) TO {sql_string(str(temporary))} (FORMAT parquet)")
    with temporary.open("rb") as handle:
        os.fsync(handle.fileno())
    os.replace(temporary, target)


def store_group(root: Path, day: str, files: list[GroupFile], threads: int | None = None) -> StoredGroup:
    """Ingest ``files`` together and write their partitions and quarantines under ``root`` (the catalog)."""
    group = group_id([f.sha256 for f in files])
    con = connect(threads=threads)
    try:
        inputs = ingest(con, [LogFile(f.name, root / f.stored) for f in files]).inputs
        partitions = []
        for game, table_id, rows in con.execute(
                "SELECT game, table_id, count(*) FROM events GROUP BY ALL ORDER BY table_id").fetchall():
            relative = f"{partition_folder(game, day, table_id)}/{group}.parquet"
            _copy(con, f"SELECT * FROM events WHERE table_id = {sql_string(table_id)}", root / relative)
            partitions.append(StoredPartition(day, game, table_id, relative, rows))
        tables: dict[str, list[str]] = {}
        for name, table_id in con.execute(
                "SELECT file, table_id FROM (SELECT file, table_id FROM events UNION SELECT file, table_id "
                "FROM quarantine WHERE table_id IS NOT NULL) ORDER BY ALL").fetchall():
            tables.setdefault(name, []).append(table_id)
        stored = []
        for file, item in zip(files, inputs):
            quarantine = None
            if item.quarantined:
                quarantine = f"quarantine/day={day}/{file.sha256}-{group}.parquet"
                _copy(con, f"SELECT * FROM quarantine WHERE file = {sql_string(file.name)} ORDER BY file, line",
                      root / quarantine)
            stored.append(StoredFile(file.sha256, item.format, item.size, item.records, item.quarantined, quarantine,
                                     tuple(tables.get(file.name, ()))))
    finally:
        con.close()
    return StoredGroup(day, group, tuple(stored), tuple(partitions))
