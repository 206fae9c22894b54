"""The names the outputs give the log files: relative to the audited folder, so that the same logs give the same
findings wherever they lie and however they were named on the command line.

The **audited folder** is the deepest folder that holds every path given: a folder given stands for itself, a file
given for the folder it is in (one folder: that folder; one file: its folder; ``logs/a`` and ``logs/b``: ``logs``).
Paths are made absolute without resolving links, so ``./logs``, ``logs/`` and ``/home/x/logs`` are one folder, and
the name of a linked folder is kept. A file's **audit name** is its path below the audited folder, with ``/``
separators (``day1/T01.jsonl``). A file reached twice (named twice, or through two names: a linked file or folder)
is read once, under the first of its names in name order, folder by folder (folders are searched in that order,
and a folder reached again through a link is not searched again). docs/signing.md says the same for users ("How
the log files are named")."""

from __future__ import annotations

import os
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path, PurePath


class NameClash(Exception):
    """Two different files would carry the same audit name."""


@dataclass(frozen=True)
class LogFile:
    """A log file of the audit: ``name`` is what every output calls it, ``path`` where it is read."""

    name: str
    path: Path


def audited_folder(given: Iterable[Path]) -> Path:
    """The deepest folder holding every path of ``given`` (absolute, links not resolved)."""
    roots = [os.path.abspath(p) if p.is_dir() else os.path.dirname(os.path.abspath(p)) for p in given]
    if not roots:
        raise ValueError("no path given")
    return Path(os.path.commonpath(roots))


def audit_name(path: Path, folder: Path) -> str:
    """``path`` below ``folder``, with ``/`` separators."""
    return PurePath(os.path.relpath(os.path.abspath(path), folder)).as_posix()


def name_order(name: str) -> list[str]:
    """Names in the order folders are searched: folder by folder (``a/b`` before ``a-b``)."""
    return name.split("/")


def name_files(given: list[Path], found: Iterable[Path]) -> list[LogFile]:
    """The files ``found`` under the paths ``given``, each named once (``audit_name``), in name order. Raises
    :class:`NameClash` when two different files would get one name (``x/../y`` spellings through linked folders),
    and ``OSError`` for a file that can no longer be found."""
    folder = audited_folder(given)
    by_name: dict[str, Path] = {}
    for path in found:
        name = audit_name(path, folder)
        if name in by_name and not os.path.samefile(by_name[name], path):
            raise NameClash(f"{by_name[name]} and {path} would both be named {name} in the findings")
        by_name.setdefault(name, path)
    files: list[LogFile] = []
    seen: set[tuple[int, int]] = set()
    for name in sorted(by_name, key=name_order):
        stat = os.stat(by_name[name])
        if (stat.st_dev, stat.st_ino) not in seen:
            seen.add((stat.st_dev, stat.st_ino))
            files.append(LogFile(name, by_name[name]))
    return files
