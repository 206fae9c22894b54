"""The ``--out`` folder of an audit: the complete outputs of one run, or of the run before, never a mix.

:func:`claim` comes before the audit: it refuses an ``--out`` inside a folder of logs the audit reads (or holding
one of its logs), takes the folder's lock (``folder_lock``: a second audit into it is refused while the first runs),
deals with what a stopped audit left beside it (:func:`recover`), and refuses a folder that holds files unless told
to overwrite, and even then one that holds anything but an audit's outputs.

:func:`publish` comes after: the outputs are written into a fresh ``.NAME.audit-new-*`` folder beside ``--out``
(same file system), flushed to the disk, and only then put in the place of ``--out`` (``swap.replace_folder``); the
previous outputs, if any, are removed last. Until that step ``--out`` is untouched; a run that fails removes its
fresh folder; a run killed leaves it, and the next run into that ``--out`` removes it and says so."""

from __future__ import annotations

import os
import re
import secrets
import shutil
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field
from pathlib import Path
from typing import TypeVar

from auditor.ingest.discover import folders_searched
from auditor.report.folder_lock import folder_lock
from auditor.report.outputs import OUTPUT_NAMES
from auditor.report.swap import OLD_MARK, replace_folder, sync

NEW_MARK = ".audit-new-"
LOCK_MARK = ".audit-lock"
T = TypeVar("T")


class OutFolderRefused(Exception):
    """``--out`` cannot be used as it is; the message says why and what to do."""


@dataclass
class OutFolder:
    """A claimed ``--out``: ``given`` as the user wrote it (for messages), ``path`` its real path."""

    given: Path
    path: Path
    overwrite: bool
    notes: list[str] = field(default_factory=list)  # what was cleaned up, for the user


@contextmanager
def claim(
    out: Path, inputs: Iterable[Path], *, overwrite: bool, keep: dict[str, Path] | None = None
) -> Iterator[OutFolder]:
    """Hold ``out`` for one audit of ``inputs`` until the block ends; ``keep`` names other files the audit writes
    (``{"--db": path}``), which must not be inside ``out``. Raises :class:`OutFolderRefused`,
    ``folder_lock.FolderBusy``, or ``discover.InputError`` for a log folder that cannot be listed."""
    path = Path(os.path.realpath(out))
    if path.parent == path:
        raise OutFolderRefused(f"--out {out}: choose a folder below {path}")
    _refuse_among_inputs(out, path, inputs)
    for option, other in (keep or {}).items():
        if _within(os.path.realpath(other), path):
            raise OutFolderRefused(f"{option} {other} is inside --out {out}, which is replaced as a whole: put it "
                                   "elsewhere")
    path.parent.mkdir(parents=True, exist_ok=True)
    with folder_lock(path.parent / f".{path.name}{LOCK_MARK}"):
        folder = OutFolder(out, path, overwrite, recover(path))
        check_replaceable(folder)
        yield folder


def publish(folder: OutFolder, write: Callable[[Path], T]) -> T:
    """Run ``write`` on a fresh folder beside ``--out``, flush it to the disk and put it in the place of ``--out``.
    If anything fails before that step, the fresh folder is removed and ``--out`` is as it was."""
    staging = folder.path.with_name(f".{folder.path.name}{NEW_MARK}{secrets.token_hex(8)}")
    staging.mkdir()
    try:
        value = write(staging)
        for name in os.listdir(staging):
            sync(staging / name)
        sync(staging)
        check_replaceable(folder)  # files may have been put there while the audit ran
        previous = None
        if folder.path.is_dir():
            previous = replace_folder(staging, folder.path)
        else:
            os.rename(staging, folder.path)
        sync(folder.path.parent)
    except BaseException:
        with suppress(OSError):
            _remove(staging)
        raise
    if previous is not None:
        remove_previous(previous)
    return value


def remove_previous(previous: Path) -> None:
    """Remove the outputs that were replaced (a separate step, for the tests to stop an audit before it). The new
    outputs are in place already: what cannot be removed now is removed by the next run (:func:`recover`)."""
    with suppress(OSError):
        _remove(previous)


def recover(path: Path) -> list[str]:
    """Deal with what stopped audits left beside ``path``: put the previous outputs back if one was stopped between
    moving them aside and moving the new ones in (``swap``); remove everything else. Returns what was done."""
    pattern = re.compile(rf"\.{re.escape(path.name)}({re.escape(NEW_MARK)}|{re.escape(OLD_MARK)})[0-9a-f]{{16}}")
    left = sorted(p for p in path.parent.iterdir() if pattern.fullmatch(p.name))
    notes = []
    aside = [p for p in left if p.name.startswith(f".{path.name}{OLD_MARK}")]
    if aside and not os.path.lexists(path):
        if len(aside) > 1:
            raise OutFolderRefused(f"--out {path} is missing and earlier outputs were left beside it by stopped "
                                   f"audits ({', '.join(p.name for p in aside)}): rename the one to keep to {path}")
        os.rename(aside[0], path)
        sync(path.parent)
        notes.append(f"put back {path} from {aside[0].name}, where an audit stopped while replacing it had moved it")
        left.remove(aside[0])
    for leftover in left:
        _remove(leftover)
        notes.append(f"removed {leftover.name}, left beside {path.name} by an audit that was stopped")
    return notes


def check_replaceable(folder: OutFolder) -> None:
    """Refuse an ``--out`` that is not a folder, holds files without ``overwrite``, or holds anything that is not
    an audit's output (an ``--overwrite`` never removes a file the auditor did not write)."""
    path, out = folder.path, folder.given
    if os.path.lexists(path) and not path.is_dir():
        raise OutFolderRefused(f"--out {out} exists and is not a folder")
    entries = sorted(os.listdir(path)) if path.is_dir() else []
    if entries and not folder.overwrite:
        raise OutFolderRefused(f"--out {out} already holds files ({entries[0]}, ...); use --overwrite to replace "
                               "them with this audit's outputs")
    foreign = [name for name in entries if name not in OUTPUT_NAMES or not _plain_file(path / name)]
    if foreign:
        raise OutFolderRefused(f"--out {out} holds {foreign[0]}, which is not an audit's output; --overwrite only "
                               "replaces a folder of audit outputs: move it away or choose another --out")


def _refuse_among_inputs(out: Path, path: Path, inputs: Iterable[Path]) -> None:
    inputs = list(inputs)
    for searched in sorted(folders_searched(inputs)):
        if _within(path, searched):
            raise OutFolderRefused(f"--out {out} is inside the log folder {searched}, which this audit reads: "
                                   "choose an --out outside it")
        if _within(searched, path):
            raise OutFolderRefused(f"--out {out} holds the log folder {searched}, which this audit reads: choose "
                                   "another --out")
    for given in inputs:
        if _within(os.path.realpath(given), path):
            raise OutFolderRefused(f"--out {out} holds {given}, a log this audit reads: choose another --out")


def _within(child: str | Path, parent: str | Path) -> bool:
    return os.path.commonpath([child, parent]) == str(parent)


def _plain_file(path: Path) -> bool:
    return path.is_file() and not path.is_symlink()


def _remove(path: Path) -> None:
    if path.is_dir() and not path.is_symlink():
        shutil.rmtree(path)
    else:
        path.unlink(missing_ok=True)
