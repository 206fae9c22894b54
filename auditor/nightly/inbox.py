"""The inbox: the log files a casino drops for the nightly run, and the gaming day each belongs to.

A file's gaming day is the top-level folder it lies in when that folder is named as a date (``2024-05-01/T01.jsonl``);
a file outside such a folder belongs to the run's ``--date``. Its name in the outputs is its path below that day
folder, as ``auditor audit INBOX/2024-05-01/`` names it, so that a day's report can be reproduced from its folder.
The files the run does not read are placed and named the same way: a file that is no log (``Inbox.skipped``), and
a rotated, backup or compressed copy of a log (``Inbox.refused``)."""

from __future__ import annotations

import hashlib
import os
import shutil
from dataclasses import dataclass
from datetime import date
from pathlib import Path

from auditor.ingest.discover import InputError, find_logs

_BLOCK = 1 << 20


@dataclass(frozen=True)
class InboxFile:
    inbox_name: str  # its path below the inbox
    path: Path
    day: str  # the gaming day, YYYY-MM-DD
    name: str  # its name in the day's outputs (below the day folder)
    size: int
    mtime_ns: int

    @property
    def suffix(self) -> str:
        return self.path.suffix.lower()


@dataclass(frozen=True)
class NotRead:
    """An inbox file the run does not read, and why."""

    inbox_name: str
    day: str
    name: str
    why: str


@dataclass(frozen=True)
class Inbox:
    files: list[InboxFile]  # the logs
    skipped: list[NotRead]  # files that are no log: named once (the catalog remembers them)
    refused: list[NotRead]  # copies of a log: refused every night they lie there


def gaming_day(folder: str) -> str | None:
    """``folder`` when it names a date written YYYY-MM-DD, else None."""
    try:
        return date.fromisoformat(folder).isoformat() if len(folder) == 10 else None
    except ValueError:
        return None


def scan(inbox: Path, default_day: str) -> Inbox:
    """The files in ``inbox`` (searched as ``auditor audit`` searches a folder), in name order. Raises
    ``InputError`` for an inbox or a log that cannot be read."""
    if not inbox.is_dir():
        raise InputError(f"--inbox {inbox}: no such folder")
    found = find_logs([inbox], refuse=True)
    files = []
    for file in found.files:
        day, name = _place(file.name, default_day)
        stat = file.path.stat()
        files.append(InboxFile(file.name, file.path, day, name, stat.st_size, stat.st_mtime_ns))
    return Inbox(files, [NotRead(n, *_place(n, default_day), why) for n, why in found.skipped],
                 [NotRead(n, *_place(n, default_day), why) for n, why in found.refused])


def _place(inbox_name: str, default_day: str) -> tuple[str, str]:
    """The gaming day of an inbox file and its name in that day's outputs."""
    first, _, rest = inbox_name.partition("/")
    day = gaming_day(first) if rest else None
    return (day, rest) if day else (default_day, inbox_name)


def sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        for block in iter(lambda: handle.read(_BLOCK), b""):
            digest.update(block)
    return digest.hexdigest()


def keep_copy(source: Path, target: Path, expected: str) -> None:
    """Copy ``source`` to ``target`` (through a temporary name, flushed), checking that the copy has the content
    ``expected`` (its SHA-256): a file changed since it was hashed is an input error. A ``target`` already there
    (left by a stopped run) is kept when its content is the expected one."""
    if target.exists() and sha256(target) == expected:
        return
    temporary = target.with_name(target.name + ".tmp")
    digest = hashlib.sha256()
    with source.open("rb") as src, temporary.open("wb") as dst:
        for block in iter(lambda: src.read(_BLOCK), b""):
            digest.update(block)
            dst.write(block)
        dst.flush()
        os.fsync(dst.fileno())
    if digest.hexdigest() != expected:
        temporary.unlink()
        raise InputError(f"{source}: the file changed while the nightly run read it; it is taken in next time")
    shutil.copystat(source, temporary)
    os.replace(temporary, target)
