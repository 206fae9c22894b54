"""Split the test files into groups of about equal CPU time, one per pytest process of scripts/test.sh.

    python scripts/test_groups.py GROUP COUNT        group GROUP's files (1 to COUNT), one a line, in name order
    python scripts/test_groups.py --times REPORT...  rewrite tests/times.txt from the JUnit reports of a whole default
                                                     run (pytest --junitxml=REPORT, one a process): a file's CPU s

Files are dealt longest first (ties in name order), each to the group with the least time so far; a file that
tests/times.txt does not list counts as its median file. The same files and times always give the same groups."""

from __future__ import annotations

import statistics
import sys
import xml.etree.ElementTree as ElementTree
from collections import defaultdict
from pathlib import Path

TESTS = Path(__file__).resolve().parents[1] / "tests"
TIMES = TESTS / "times.txt"


def test_files() -> list[str]:
    """Every test file, as pytest's argument from the checkout's top (tests/test_x.py)."""
    return sorted(f"tests/{p.name}" for p in TESTS.glob("test_*.py"))


def read_times() -> dict[str, float]:
    """tests/times.txt: a file's seconds, then its name, a line."""
    if not TIMES.exists():
        return {}
    rows = (line.split() for line in TIMES.read_text(encoding="utf-8").splitlines() if line.strip())
    return {name: float(seconds) for seconds, name in rows}


def groups(files: list[str], times: dict[str, float], count: int) -> list[list[str]]:
    """``files`` in ``count`` groups of about equal total time, each in name order."""
    default = statistics.median(times.values()) if times else 1.0
    weight = {f: times.get(f, default) for f in files}
    dealt: list[list[str]] = [[] for _ in range(count)]
    totals = [0.0] * count
    for name in sorted(files, key=lambda f: (-weight[f], f)):
        least = totals.index(min(totals))
        dealt[least].append(name)
        totals[least] += weight[name]
    return [sorted(group) for group in dealt]


def times_from_junit(reports: list[Path]) -> dict[str, float]:
    """Each test file's seconds in JUnit reports: its tests' CPU seconds (the property tests/conftest.py records) or,
    for a report without them, their wall seconds, set-up to tear-down."""
    seconds: dict[str, float] = defaultdict(float)
    for case in (case for report in reports for case in ElementTree.parse(report).iter("testcase")):
        module = next(p for p in case.get("classname", "").split(".") if p.startswith("test_"))  # tests.test_x.Class
        cpu = [p.get("value") for p in case.iter("property") if p.get("name") == "cpu_seconds"]
        seconds[f"tests/{module}.py"] += float(cpu[0] if cpu else case.get("time", "0"))
    return dict(seconds)


def main(argv: list[str]) -> int:
    if len(argv) >= 2 and argv[0] == "--times":
        measured = times_from_junit([Path(a) for a in argv[1:]])
        TIMES.write_text("".join(f"{measured[f]:8.1f} {f}\n" for f in test_files() if f in measured), encoding="utf-8")
        return 0
    if len(argv) == 2 and all(a.isdigit() for a in argv) and 1 <= int(argv[0]) <= int(argv[1]):
        print("\n".join(groups(test_files(), read_times(), int(argv[1]))[int(argv[0]) - 1]))
        return 0
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
