"""The ``logs`` check of ``auditor verify``: the files an audit of the given paths would read are exactly the logs
the manifest records, byte for byte. The files are found by the audit's own ``discover``, so verification counts
the same files (the simulator's ``labels.jsonl`` left out, linked folders followed) and refuses the same paths."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from auditor.ingest.discover import InputError, discover
from auditor.report.manifest import hash_file


def _tail(want: tuple[str, ...], have: tuple[str, ...]) -> int:
    """How many trailing path components two paths share (0: not even the file name)."""
    n = 0
    while n < min(len(want), len(have)) and want[-1 - n] == have[-1 - n]:
        n += 1
    return n


def compare_logs(inputs: list[dict[str, Any]], paths: list[Path]) -> tuple[bool, list[str]]:
    """Match each manifest input to a file an audit of ``paths`` would read, by the longest common path tail (so
    the logs may sit in another folder), preferring a file with the recorded hash on a tie; then compare sizes and
    hashes. Returns whether all match, and the lines that say so (each file that differs, is missing or extra)."""
    try:
        files = [file.path for file in discover(paths)]
    except InputError as exc:
        return False, [f"an audit of these paths would stop: {exc}"]
    hashes = {f: hash_file(f) for f in files}
    unclaimed = list(files)
    lines: list[str] = []
    matched = 0
    for entry in sorted(inputs, key=lambda e: str(e["path"])):
        recorded = str(entry["path"])
        want = Path(recorded.replace("\\", "/")).parts
        best = max(unclaimed, key=lambda f: (_tail(want, f.parts), hashes[f] == entry["sha256"]), default=None)
        if best is None or _tail(want, best.parts) == 0:
            lines.append(f"missing: {recorded} (in the manifest, not found under the given paths)")
            continue
        unclaimed.remove(best)
        if hashes[best] != entry["sha256"] or best.stat().st_size != entry["size"]:
            lines.append(
                f"differs: {best} (sha256 {hashes[best][:12]}…, {best.stat().st_size} bytes; "
                f"the manifest records {recorded} as {str(entry['sha256'])[:12]}…, {entry['size']} bytes)"
            )
        else:
            matched += 1
    lines += [f"extra: {f} (not in the manifest)" for f in unclaimed]
    return not lines, [f"{matched} of {len(inputs)} log file(s) match the manifest", *lines]
