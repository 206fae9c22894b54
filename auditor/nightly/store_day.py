"""Which log files of a gaming day are stored together (``store.py``), in groups of bounded size.

The structure checks look at a whole table, so every file holding a record of a table is ingested with every other
file of that table, those taken in by earlier runs included. Within that rule the new files are ingested a few at a
time, about ``STORE_RECORDS`` records a group, so that the memory of the store stage does not grow with the day. A
table's records are known only once its file is read: groups found to share a table are stored again as one."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pyarrow.parquet as pq

from auditor.nightly.catalog import Catalog
from auditor.nightly.store import GroupFile, StoredGroup, store_group

STORE_RECORDS = 2_000_000  # records ingested at a time (about 0.5 GB of memory)
TEXT_RECORD_BYTES = 100  # a record of a text log (JSON Lines, CSV, PHH) takes about this many bytes


def store_day(catalog: Catalog, day: str, files: list[GroupFile]) -> list[StoredGroup]:
    """Store the day's new ``files`` in groups; a group sharing a table with another, or with files taken in
    earlier (and, transitively, any file sharing a table with those), is stored again with them all, so that each
    partition comes from all its files."""
    chunks = [store_group(catalog.root, day, chunk) for chunk in _chunks(catalog.root, files)]
    with catalog.read() as con:
        earlier = [GroupFile(sha, name, path) for sha, name, path in con.execute(
            "SELECT sha256, name, stored FROM files WHERE day = ? ORDER BY sha256",
            [date.fromisoformat(day)]).fetchall()]
        tables: dict[str, set[str]] = {f.sha256: set() for f in earlier}
        for sha, table in con.execute("SELECT sha256, table_id FROM file_tables WHERE day = ?",
                                      [date.fromisoformat(day)]).fetchall():
            tables[sha].add(table)
    nodes = [{t for f in c.files for t in f.tables} for c in chunks] + [tables[f.sha256] for f in earlier]
    groups = []
    for members in linked(nodes):
        stored = [chunks[i] for i in members if i < len(chunks)]
        if len(members) == 1 and stored:
            groups.append(stored[0])
        elif stored:
            together = [f for i in members if i < len(chunks) for f in _files(files, chunks[i])]
            together += [earlier[i - len(chunks)] for i in members if i >= len(chunks)]
            groups.append(store_group(catalog.root, day, together))
    return groups


def linked(nodes: list[set[str]]) -> list[list[int]]:
    """The indices of ``nodes`` linked by a shared element, directly or through other nodes: each list in increasing
    order, the lists in order of their first index."""
    parent = list(range(len(nodes)))

    def root(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    owner: dict[str, int] = {}
    for i, elements in enumerate(nodes):
        for element in sorted(elements):
            if element in owner:
                a, b = sorted((root(i), root(owner[element])))
                parent[b] = a
            else:
                owner[element] = i
    together: dict[int, list[int]] = {}
    for i in range(len(nodes)):
        together.setdefault(root(i), []).append(i)
    return sorted(together.values())


def _files(files: list[GroupFile], group: StoredGroup) -> list[GroupFile]:
    shas = {f.sha256 for f in group.files}
    return [f for f in files if f.sha256 in shas]


def _chunks(root: Path, files: list[GroupFile]) -> list[list[GroupFile]]:
    """``files`` in their order, cut into runs of about ``STORE_RECORDS`` records."""
    chunks: list[list[GroupFile]] = []
    size = 0
    for file in files:
        records = _records(root / file.stored)
        if not chunks or size + records > STORE_RECORDS:
            chunks.append([])
            size = 0
        chunks[-1].append(file)
        size += records
    return chunks


def _records(path: Path) -> int:
    """About how many records the log ``path`` holds: a Parquet file says it; a text log, by its size."""
    if path.suffix.lower() == ".parquet":
        try:
            return pq.ParquetFile(path).metadata.num_rows
        except (OSError, ValueError):  # not readable as Parquet: the ingest quarantines it
            pass
    return path.stat().st_size // TEXT_RECORD_BYTES
