"""Put a complete folder in the place of another, so that a crash at any moment leaves one of the two whole.

Where the system can (Linux ``renameat2`` with ``RENAME_EXCHANGE``: ext4, xfs, btrfs, tmpfs and most local file
systems), the two folders trade names in one atomic step: the target path always names a complete folder, the old
one or the new one. Elsewhere the old folder is first renamed aside (``.NAME.audit-old-*``) and the new one renamed
into place: in between, for an instant, the target path names nothing, and a crash there leaves the old folder
whole under its aside name, for the next audit into that folder to put back (``out_folder.recover``)."""

from __future__ import annotations

import ctypes
import errno
import os
import secrets
from functools import cache
from pathlib import Path

OLD_MARK = ".audit-old-"
_AT_FDCWD = -100
_RENAME_EXCHANGE = 2


class ExchangeUnsupported(OSError):
    """The system or file system cannot exchange two folders in one step."""


def replace_folder(new: Path, target: Path) -> Path:
    """Put ``new`` at ``target`` (an existing folder) and return where the previous ``target`` now is."""
    try:
        exchange(new, target)
        return new
    except ExchangeUnsupported:
        pass
    aside = move_aside(target)
    try:
        os.rename(new, target)
    except BaseException:
        os.rename(aside, target)
        raise
    return aside


def aside_name(target: Path) -> Path:
    return target.with_name(f".{target.name}{OLD_MARK}{secrets.token_hex(8)}")


def move_aside(target: Path) -> Path:
    """Rename ``target`` to a recognisable name beside it and return that name."""
    aside = aside_name(target)
    os.rename(target, aside)
    sync(target.parent)
    return aside


def exchange(a: Path, b: Path) -> None:
    """Swap the names of ``a`` and ``b`` atomically, or raise :class:`ExchangeUnsupported`."""
    renameat2 = getattr(_libc(), "renameat2", None)
    if renameat2 is None:
        raise ExchangeUnsupported(errno.ENOSYS, "renameat2 is not available")
    renameat2.argtypes = [ctypes.c_int, ctypes.c_char_p, ctypes.c_int, ctypes.c_char_p, ctypes.c_uint]
    if renameat2(_AT_FDCWD, os.fsencode(a), _AT_FDCWD, os.fsencode(b), _RENAME_EXCHANGE) == 0:
        return
    code = ctypes.get_errno()
    if code in (errno.EINVAL, errno.ENOSYS, errno.EOPNOTSUPP):
        raise ExchangeUnsupported(code, os.strerror(code))
    raise OSError(code, os.strerror(code), str(b))


@cache
def _libc() -> ctypes.CDLL:
    return ctypes.CDLL(None, use_errno=True)


def sync(path: Path) -> None:
    """Flush a file's bytes, or a folder's entries (names created, renamed or removed in it), to the disk."""
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)
