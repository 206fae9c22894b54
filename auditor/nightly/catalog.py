"""The nightly catalog: one folder that remembers every log file taken in, its accepted events by partition, and
every finding ever made, with the run that found it and the run that stopped finding it.

Layout of ``--catalog DIR``::

    catalog.duckdb                  what the catalog holds (below); changed only in one transaction per run
    logs/<sha256><suffix>           a copy of every log file taken in, by content
    events/game=G/day=D/table=T/<group>.parquet     the accepted events of one partition (game, gaming day, table)
    quarantine/day=D/<sha256>-<group>.parquet       the quarantined records of one log file
    reports/<D>/                    the report folder of each gaming day (as ``auditor audit --out`` writes it)

Every Parquet file is written under a new name before the transaction that names it, so a run stopped at any
moment leaves the catalog as it was; what it wrote and no table names is removed by the next run
(:meth:`Catalog.remove_unreferenced`). The catalog holds no time of day: two runs that take in the same files give
the same catalog."""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import duckdb

from auditor.db import open_duckdb
from auditor.model.finding import FINDING_COLUMNS

DB_NAME = "catalog.duckdb"
LOCK_NAME = ".nightly-lock"
DATA_FOLDERS = ("logs", "events", "quarantine")
_FINDING_COLUMNS = ", ".join(f'"{n}" {t}' for n, t in FINDING_COLUMNS.items())

SCHEMA = f"""
CREATE TABLE IF NOT EXISTS runs (run VARCHAR, date DATE, files INTEGER, days VARCHAR[]);
CREATE TABLE IF NOT EXISTS files (
  sha256 VARCHAR, inbox_name VARCHAR, day DATE, name VARCHAR, format VARCHAR, size BIGINT, mtime_ns BIGINT,
  records BIGINT, quarantined BIGINT, stored VARCHAR, quarantine VARCHAR, grp VARCHAR, run VARCHAR);
CREATE TABLE IF NOT EXISTS file_tables (sha256 VARCHAR, day DATE, table_id VARCHAR);
CREATE TABLE IF NOT EXISTS partitions (
  day DATE, game VARCHAR, table_id VARCHAR, events VARCHAR, rows BIGINT, grp VARCHAR, run VARCHAR);
CREATE TABLE IF NOT EXISTS coverage (day DATE, rule VARCHAR, table_id VARCHAR, missing VARCHAR, units BIGINT);
CREATE TABLE IF NOT EXISTS findings (
  day DATE, {_FINDING_COLUMNS}, key VARCHAR, occurrence BIGINT, found_run VARCHAR, stopped_run VARCHAR);
CREATE TABLE IF NOT EXISTS pending_reports (day DATE, run VARCHAR);
CREATE TABLE IF NOT EXISTS not_read (inbox_name VARCHAR, day DATE, name VARCHAR, why VARCHAR);
"""


class CatalogError(Exception):
    """The catalog folder cannot be used (not a catalog, unreadable, busy)."""


class Catalog:
    """A catalog folder; :meth:`read` and :meth:`write` open its database for a short while."""

    def __init__(self, root: Path) -> None:
        self.root = Path(root)
        self.db = self.root / DB_NAME

    def create(self) -> None:
        """Make the folder and the database if missing (an existing catalog is kept as it is)."""
        if self.root.exists() and not self.root.is_dir():
            raise CatalogError(f"--catalog {self.root} exists and is not a folder")
        if self.root.is_dir() and any(self.root.iterdir()) and not self.db.exists():
            raise CatalogError(f"--catalog {self.root} holds files but no {DB_NAME}: not a catalog; choose an empty "
                               "or new folder")
        self.root.mkdir(parents=True, exist_ok=True)
        with self.write() as con:  # the database first: a folder holding anything else is no catalog
            con.execute(SCHEMA)
        for folder in DATA_FOLDERS:
            (self.root / folder).mkdir(exist_ok=True)

    @contextmanager
    def read(self) -> Iterator[duckdb.DuckDBPyConnection]:
        if not self.db.exists():
            raise CatalogError(f"{self.root} is not a catalog (no {DB_NAME}); `auditor nightly` makes one")
        con = self._open(read_only=True)
        try:
            yield con
        finally:
            con.close()

    @contextmanager
    def write(self) -> Iterator[duckdb.DuckDBPyConnection]:
        """One transaction: all of it is in the catalog after the block, or none of it (a stopped process too)."""
        con = self._open(read_only=False)
        try:
            con.execute("BEGIN TRANSACTION")
            yield con
            con.execute("COMMIT")
            con.execute("CHECKPOINT")
        except BaseException:
            con.close()
            raise
        con.close()

    def _open(self, read_only: bool) -> duckdb.DuckDBPyConnection:
        try:
            con = open_duckdb(str(self.db), read_only=read_only)
        except duckdb.IOException as exc:
            raise CatalogError(f"cannot open {self.db}: {str(exc).splitlines()[0]} (is `auditor nightly` running "
                               "on it?)") from exc
        con.execute("SET TimeZone = 'UTC'")
        return con

    def path(self, relative: str) -> Path:
        return self.root / relative

    def referenced(self) -> set[str]:
        """Every data file the catalog names (relative paths)."""
        with self.read() as con:
            rows = con.execute(
                "SELECT stored FROM files UNION SELECT quarantine FROM files WHERE quarantine IS NOT NULL "
                "UNION SELECT events FROM partitions").fetchall()
        return {r[0] for r in rows}

    def remove_unreferenced(self) -> list[str]:
        """Remove the data files that no table names: written by a run stopped before its transaction, or replaced
        by a later run. Returns their relative paths."""
        keep = self.referenced()
        removed = []
        for folder in DATA_FOLDERS:
            for root, _, names in os.walk(self.root / folder):
                for name in names:
                    relative = Path(root, name).relative_to(self.root).as_posix()
                    if relative not in keep:
                        os.unlink(Path(root, name))
                        removed.append(relative)
        for folder in DATA_FOLDERS:  # empty partition folders, deepest first
            for root, _, _ in os.walk(self.root / folder, topdown=False):
                if Path(root) != self.root / folder and not os.listdir(root):
                    os.rmdir(root)
        return sorted(removed)
