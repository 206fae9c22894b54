"""Which files an audit reads: the logs named on the command line, folders searched recursively. A log that
cannot be read stops the audit here with its name (``InputError``, exit 2), before anything is ingested: no file is
ever left out silently."""

from __future__ import annotations

import os
from collections.abc import Iterable, Iterator
from pathlib import Path

from auditor.ingest.audit_names import LogFile, NameClash, name_files
from auditor.ingest.readers import LOG_SUFFIXES

NOT_LOGS = frozenset({"labels.jsonl"})  # the simulator's answer key, written beside its logs
# A log compressed (``T01.jsonl.gz``) is not read: found in a folder, it would be left out without a word.
COMPRESSED = frozenset({".gz", ".bz2", ".xz", ".zst", ".zip", ".7z", ".lz4", ".br", ".z"})


class InputError(Exception):
    """A path or file that cannot be audited at all (missing, unreadable, not a log)."""


def discover(paths: Iterable[Path]) -> list[LogFile]:
    """Log files named by ``paths`` (files, or folders searched recursively, linked folders included), each with
    its audit name (``audit_names.py``), in name order. A log that cannot be read stops the audit here, naming it:
    it is never left out silently."""
    paths = list(paths)
    found: list[Path] = []
    for path in paths:
        if path.is_dir():
            found += _logs_in(path)
        elif path.is_file():
            _check_not_compressed(path)
            if path.suffix.lower() not in LOG_SUFFIXES:
                raise InputError(f"{path}: not a log file (accepted: {', '.join(sorted(LOG_SUFFIXES))})")
            found.append(path)
        elif path.exists():
            raise InputError(f"{path}: not a regular file or folder")
        elif path.is_symlink():
            raise InputError(f"{path}: a symbolic link that leads to no file (its target is missing, or a loop)")
        else:
            raise InputError(f"{path}: no such file or folder")
    try:
        files = name_files(paths, found)
    except NameClash as exc:
        raise InputError(str(exc)) from exc
    except OSError as exc:  # gone since it was listed
        raise InputError(f"{exc.filename}: cannot be read ({exc.strerror})") from exc
    if not files:
        raise InputError("no log files found in " + ", ".join(str(p) for p in paths))
    for file in files:
        _check_readable(file.path)
    return files


def _check_not_compressed(path: Path) -> None:
    """A compressed log (``T01.jsonl.gz``) is an input error: its records cannot be read, nor left out unsaid."""
    suffixes = [s.lower() for s in path.suffixes]
    if len(suffixes) >= 2 and suffixes[-1] in COMPRESSED and suffixes[-2] in LOG_SUFFIXES:
        raise InputError(f"{path}: a compressed log, which the auditor does not read; decompress it (the audit reads "
                         f"{', '.join(sorted(LOG_SUFFIXES))})")


def _walk(folder: Path) -> Iterator[tuple[str, list[str]]]:
    """Each folder under ``folder`` (itself included, each linked folder followed once) with its file names; a
    folder that cannot be listed is an input error."""
    def cannot_list(error: OSError) -> None:
        raise InputError(f"{error.filename}: cannot list the folder ({error.strerror})")

    seen: set[str] = set()
    for root, folders, names in os.walk(folder, followlinks=True, onerror=cannot_list):
        if os.path.realpath(root) in seen:  # a link back into a folder already searched
            folders.clear()
            continue
        seen.add(os.path.realpath(root))
        folders.sort()  # the same folders searched first (and a linked one named alike) on every copy of the logs
        yield root, names


def _logs_in(folder: Path) -> list[Path]:
    """The log files under ``folder``; a log name that is no regular file (a broken link, a pipe) is an input
    error."""
    found: list[Path] = []
    for root, names in _walk(folder):
        for name in names:
            path = Path(root) / name
            _check_not_compressed(path)
            if path.suffix.lower() in LOG_SUFFIXES and name not in NOT_LOGS:
                if not path.is_file():
                    raise InputError(f"{path}: not a regular file (a broken link or a pipe?)")
                found.append(path)
    return found


def folders_searched(paths: Iterable[Path]) -> set[str]:
    """The real paths of the folders an audit of ``paths`` reads logs from: the folders named and every folder
    below them, linked ones included. A path that is no folder is left to :func:`discover`."""
    return {os.path.realpath(root) for path in paths if path.is_dir() for root, _ in _walk(path)}


def _check_readable(path: Path) -> None:
    try:
        str(path).encode("utf-8")
    except UnicodeEncodeError:
        raise InputError(f"{str(path)!r}: the file name is not UTF-8; rename the file") from None
    if not os.access(path, os.R_OK):
        raise InputError(f"{path}: cannot be read (permission denied)")
    if LOG_SUFFIXES[path.suffix.lower()] == "parquet" and reads_as_pattern(path):
        raise InputError(f"{path}: DuckDB reads * ? [ {{ and a leading ~ in a Parquet path as a pattern of several "
                         "files; rename the file")


def reads_as_pattern(path: Path) -> bool:
    """DuckDB's read_parquet takes ``* ? [ {`` and a leading ``~`` in a path as a pattern of several files."""
    return any(c in str(path) for c in "*?[{") or str(path).startswith("~")
