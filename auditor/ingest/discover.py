"""Which files an audit reads: the logs named on the command line, folders searched recursively. A log that
cannot be read stops the audit here with its name (``InputError``, exit 2), before anything is ingested: no file is
ever left out silently. A file in a folder that is no log (a README) is not read but named (``Found.skipped``), as
is the simulator's answer key beside the logs of a simulated day; a rotated, backup or compressed copy of a log
(``T01.jsonl.1``, ``T01.csv.bak``, ``T01.jsonl.gz``) is an input error: its records may belong to the day, and
the auditor cannot tell."""

from __future__ import annotations

import json
import os
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

from auditor.ingest.audit_names import LogFile, NameClash, audit_name, audited_folder, name_files, name_order
from auditor.ingest.readers import LOG_SUFFIXES

LABELS = "labels.jsonl"  # the simulator's answer key, written beside its logs
LABEL_KEYS = frozenset({"rule", "table", "shoe", "hand", "seq", "note", "consequence_of"})  # sim.inject.Label
# What follows a log's suffix in a copy of it: compressed (``.gz``), rotated (``.1``, ``.20240501``), kept aside
# (``.bak``, ``.old``, ``~``).
COMPRESSED = frozenset({".gz", ".bz2", ".xz", ".zst", ".zip", ".7z", ".lz4", ".br", ".z"})
_COPY = re.compile(r"\.([0-9]+|old|bak|backup|orig|prev|save|sav|tmp|part|swp)$", re.IGNORECASE)


@dataclass(frozen=True)
class Found:
    """The logs an audit reads, and the files found in its folders that it does not read: ``(name, why)``, each
    named as a log is (below the audited folder), in name order; ``refused``: the copies of a log, which only
    ``find_logs(..., refuse=True)`` returns instead of stopping."""

    files: list[LogFile]
    skipped: list[tuple[str, str]]
    refused: list[tuple[str, str]]


class InputError(Exception):
    """A path or file that cannot be audited at all (missing, unreadable, not a log)."""


def discover(paths: Iterable[Path]) -> list[LogFile]:
    """The log files of :func:`find_logs`."""
    return find_logs(paths).files


def find_logs(paths: Iterable[Path], *, refuse: bool = False) -> Found:
    """Log files named by ``paths`` (files, or folders searched recursively, linked folders included), each with
    its audit name (``audit_names.py``), in name order, and the other files found in those folders. A log that
    cannot be read stops the audit here, naming it: it is never left out silently. With ``refuse`` (the nightly
    inbox), a copy of a log found in a folder is returned in ``Found.refused`` instead, and finding no log at all
    is no error."""
    paths = list(paths)
    found: list[Path] = []
    others: list[tuple[Path, str]] = []
    copies: list[Path] = []
    for path in paths:
        if path.is_dir():
            found += _logs_in(path, others, copies)
        elif path.is_file():
            _check_not_a_copy(path)
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
    folder = audited_folder(paths)
    refused = _named([(path, COPY_REFUSED) for path in copies], folder)
    if refused and not refuse:
        raise InputError(f"{min(copies, key=lambda p: name_order(audit_name(p, folder)))}: {COPY_REFUSED}")
    if not files and not refuse:
        raise InputError("no log files found in " + ", ".join(str(p) for p in paths))
    for file in files:
        _check_readable(file.path)
    return Found(files, _named(others, folder), refused)


def _named(paths: list[tuple[Path, str]], folder: Path) -> list[tuple[str, str]]:
    """``(path, why)`` as ``(name, why)``, each path named as a log is, in name order."""
    return sorted({(audit_name(path, folder), why) for path, why in paths}, key=lambda s: name_order(s[0]))


COPY_REFUSED = (f"a rotated, backup or compressed copy of a log, which the auditor does not read: its records may "
                f"belong to the day. Decompress it, or rename it to a log's name ({', '.join(sorted(LOG_SUFFIXES))}),"
                f" or move it out of the folder audited")


def _is_a_copy(path: Path) -> bool:
    """A compressed, rotated or backup copy of a log (``T01.jsonl.gz``, ``T01.jsonl.1``, ``T01.csv.bak``,
    ``T01.jsonl~``): its records cannot be read, nor left out unsaid."""
    name = path.name.lower()
    stem, dot, last = name.rpartition(".")
    copied = (f".{last}" in COMPRESSED or _COPY.search(name)) and Path(stem).suffix in LOG_SUFFIXES if dot else False
    return bool(copied or (name.endswith("~") and Path(name[:-1]).suffix in LOG_SUFFIXES))


def _check_not_a_copy(path: Path) -> None:
    if _is_a_copy(path):
        raise InputError(f"{path}: {COPY_REFUSED}")


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


def _logs_in(folder: Path, others: list[tuple[Path, str]], copies: list[Path]) -> list[Path]:
    """The log files under ``folder``; the copies of a log go to ``copies``, the other files to ``others`` with why
    they are not read. A log name that is no regular file (a broken link, a pipe) is an input error."""
    found: list[Path] = []
    for root, names in _walk(folder):
        for name in names:
            path = Path(root) / name
            if _is_a_copy(path):
                copies.append(path)
            elif path.suffix.lower() not in LOG_SUFFIXES:
                others.append((path, "not a log (the audit reads " + ", ".join(sorted(LOG_SUFFIXES)) + ")"))
            elif name == LABELS and _answer_key(path, names):
                others.append((path, "the simulator's answer key beside its logs (labels of planted violations), "
                                     "not a log"))
            elif not path.is_file():
                raise InputError(f"{path}: not a regular file (a broken link or a pipe?)")
            else:
                found.append(path)
    return found


def _answer_key(path: Path, names: list[str]) -> bool:
    """``path`` (``labels.jsonl``) is the simulator's answer key: it lies beside a log, and each of its lines is a
    label (an object of the label's keys); a file of that name that holds anything else is read as a log."""
    if not path.is_file() or not any(n != LABELS and Path(n).suffix.lower() in LOG_SUFFIXES for n in names):
        return False
    try:
        with path.open(encoding="utf-8") as lines:
            for line in filter(str.strip, lines):
                label = json.loads(line)
                if not isinstance(label, dict) or label.keys() != LABEL_KEYS:
                    return False
    except (OSError, UnicodeDecodeError, ValueError):
        return False
    return True  # no line: a day without planted violations


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
