"""scripts/test_groups.py: scripts/test.sh's two pytest processes run every test file once, in groups of about equal
time, the same groups on every run."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SCRIPT = ROOT / "scripts" / "test_groups.py"
spec = importlib.util.spec_from_file_location("test_groups", SCRIPT)
assert spec and spec.loader
test_groups = importlib.util.module_from_spec(spec)
spec.loader.exec_module(test_groups)


def printed(group: int, count: int) -> list[str]:
    done = subprocess.run([sys.executable, str(SCRIPT), str(group), str(count)], capture_output=True, text=True,
                          check=True)
    return done.stdout.splitlines()


def test_the_groups_hold_every_test_file_once() -> None:
    files = test_groups.test_files()
    assert f"tests/{Path(__file__).name}" in files and all((ROOT / f).is_file() for f in files)
    first, second = printed(1, 2), printed(2, 2)
    assert first and second and not set(first) & set(second)
    assert sorted(first + second) == files
    assert first == sorted(first) and second == sorted(second)


def test_longest_first_to_the_lighter_group() -> None:
    times = {"a": 10.0, "b": 6.0, "c": 5.0, "d": 4.0}
    assert test_groups.groups(["d", "c", "b", "a", "e"], times, 2) == [["a", "c"], ["b", "d", "e"]]  # e: 5.5
    assert test_groups.groups(["a", "b"], {}, 3) == [["a"], ["b"], []]


def test_every_listed_time_is_a_test_file() -> None:
    """tests/times.txt names no file that is gone (a renamed file would count as a median one)."""
    assert set(test_groups.read_times()) <= set(test_groups.test_files())
