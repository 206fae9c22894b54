"""A lock that lets one audit at a time write into an ``--out`` folder.

The lock is an ``flock`` on a small file beside the folder (``.NAME.audit-lock``). The kernel releases an ``flock``
when its process ends, however it ends (``kill -9`` included), so the lock of a dead audit never blocks: there is no
age to guess and no process id to test. The file holds who locked it, for the message of an audit refused; it is
removed on release and whatever a dead audit left is simply locked anew. A process that opened the file just
before it was removed would lock a file no longer there: it sees that the name now names another file, or none,
and starts over."""

from __future__ import annotations

import fcntl
import os
import socket
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path


class FolderBusy(Exception):
    """Another process holds the lock; the message says which, when it says."""


@contextmanager
def folder_lock(path: Path) -> Iterator[None]:
    """Hold the lock file ``path`` (created if missing) until the block ends, or raise :class:`FolderBusy`."""
    fd = _acquire(path)
    try:
        yield
    finally:
        path.unlink(missing_ok=True)  # still locked here: no other process holds this file
        os.close(fd)


def _acquire(path: Path) -> int:
    while True:
        fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            holder = os.read(fd, 200).decode("utf-8", "replace").strip()
            os.close(fd)
            raise FolderBusy(holder or "another process") from None
        if not _still_named(fd, path):
            os.close(fd)
            continue
        try:
            os.ftruncate(fd, 0)
            when = datetime.now(UTC).isoformat(timespec="seconds")
            os.write(fd, f"pid {os.getpid()} on {socket.gethostname()}, since {when}\n".encode())
        except OSError:
            os.close(fd)
            raise
        return fd


def _still_named(fd: int, path: Path) -> bool:
    """Whether ``path`` still names the file open as ``fd`` (its holder may have removed it meanwhile)."""
    try:
        named = os.stat(path)
    except FileNotFoundError:
        return False
    opened = os.fstat(fd)
    return (named.st_dev, named.st_ino) == (opened.st_dev, opened.st_ino)
