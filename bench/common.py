"""Shared machinery of the benchmarks: one measurement per fresh subprocess, repeats, medians, tables.

Every measurement runs in its own ``python -m bench.<script> --child ...`` process so that its peak memory is its
own: the parent collects the child's resource usage with ``os.wait4`` (``ru_maxrss``, the child's maximum resident
set size, and its user + system CPU time). The child times only the part being measured and prints one JSON line
(prefixed ``BENCH-RESULT``) with its figures.

The machine is shared and noisy (load averages of 5-8 on 2 cores were seen while these benches were written):
report medians, the spread (min-max) and ratios, and keep the CPU time beside the wall time. CPU time counts every
thread, so ``cpu / wall`` near the thread count means the run had the cores to itself; well below it means it waited.
"""

from __future__ import annotations

import json
import os
import resource
import shlex
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "bench" / "out"
MARK = "BENCH-RESULT "


# ----------------------------------------------------------------------------------------------- in the child ----

class Timer:
    """Wall and CPU time (all threads of this process) of a block: ``with Timer() as t: ...; t.wall, t.cpu``."""

    def __enter__(self) -> Timer:
        self._cpu0 = _cpu_self()
        self._t0 = time.perf_counter()
        return self

    def __exit__(self, *exc: object) -> None:
        self.wall = time.perf_counter() - self._t0
        self.cpu = _cpu_self() - self._cpu0


def _cpu_self() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def rss_now_mb() -> float:
    """Current resident set size of this process (MB)."""
    with open("/proc/self/status", encoding="ascii") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return float("nan")


def peak_self_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def report(**figures: object) -> None:
    """The child's answer to the parent: one JSON line on stdout."""
    figures.setdefault("peak_self_mb", peak_self_mb())
    print(MARK + json.dumps(figures), flush=True)


# ---------------------------------------------------------------------------------------------- in the parent ----

@dataclass
class Run:
    """One measurement: figures reported by the child plus its resource usage."""

    figures: dict
    wall_total: float  # the child process, start to end
    cpu_total: float
    maxrss_mb: float
    log: str = ""

    @property
    def ok(self) -> bool:
        return "error" not in self.figures


def run_child(module: str, args: list[str], *, timeout: float | None = None, quiet: bool = False) -> Run:
    """Run ``python -m module --child args...`` in a fresh process; its own peak RSS comes from ``wait4``."""
    cmd = [sys.executable, "-m", module, "--child", *args]
    if not quiet:
        print(f"    $ {' '.join(shlex.quote(c) for c in cmd[1:])}", flush=True)
    t0 = time.perf_counter()
    proc = subprocess.Popen(cmd, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    lines: list[str] = []
    figures: dict | None = None
    deadline = None if timeout is None else t0 + timeout
    assert proc.stdout is not None
    for line in proc.stdout:
        if line.startswith(MARK):
            figures = json.loads(line[len(MARK):])
        else:
            lines.append(line)
        if deadline is not None and time.perf_counter() > deadline:
            proc.kill()
            break
    _, status, usage = os.wait4(proc.pid, 0)
    proc.returncode = os.waitstatus_to_exitcode(status)
    wall = time.perf_counter() - t0
    log = "".join(lines)
    if figures is None or proc.returncode != 0:
        tail = "".join(lines[-15:])
        figures = {"error": f"exit {proc.returncode}" + (f"\n{tail}" if tail else "")}
    return Run(figures, wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024, log)


@dataclass
class Measure:
    """Repeats of one measurement, summarised on a figure of the child (e.g. ``wall``)."""

    name: str
    units: str  # "coups", "hands", "events"
    runs: list[Run] = field(default_factory=list)
    note: str = ""

    def values(self, key: str) -> list[float]:
        return [r.figures[key] for r in self.runs if r.ok and key in r.figures]

    def median(self, key: str) -> float:
        values = self.values(key)
        return statistics.median(values) if values else float("nan")

    def spread(self, key: str) -> tuple[float, float]:
        values = self.values(key)
        return (min(values), max(values)) if values else (float("nan"), float("nan"))

    @property
    def count(self) -> int:
        counts = self.values("count")
        return int(counts[0]) if counts else 0

    def rate(self, key: str = "wall") -> float:
        """Units per second at the median time."""
        t = self.median(key)
        return self.count / t if t and t == t else float("nan")

    def rss(self) -> float:
        values = [r.maxrss_mb for r in self.runs if r.ok]
        return statistics.median(values) if values else float("nan")

    def rss_max(self) -> float:
        values = [r.maxrss_mb for r in self.runs if r.ok]
        return max(values) if values else float("nan")

    def errors(self) -> list[str]:
        return [r.figures["error"] for r in self.runs if not r.ok]

    def line(self) -> str:
        if not any(r.ok for r in self.runs):
            return f"  {self.name}: FAILED {self.errors()[:1]}"
        lo, hi = self.spread("wall")
        return (f"  {self.name}: {fmt_count(self.count)} {self.units} in median {self.median('wall'):.2f} s "
                f"(min {lo:.2f}, max {hi:.2f}; n={len(self.values('wall'))}) = {fmt_rate(self.rate())} {self.units}/s; "
                f"cpu {self.median('cpu'):.2f} s; peak RSS {self.rss():.0f} MB")


def repeat(measure: Measure, module: str, args: list[str], times: int, budget: float) -> Measure:
    """Up to ``times`` runs; stops early (after at least one) once the runs so far took more than ``budget`` s."""
    spent = 0.0
    for i in range(times):
        run = run_child(module, args, quiet=i > 0)
        measure.runs.append(run)
        spent += run.wall_total
        if run.ok:
            print(f"      run {i + 1}: {run.figures.get('wall', float('nan')):.2f} s measured "
                  f"(cpu {run.figures.get('cpu', float('nan')):.2f} s), process {run.wall_total:.1f} s, "
                  f"peak RSS {run.maxrss_mb:.0f} MB", flush=True)
        else:
            print(f"      run {i + 1} FAILED: {run.figures['error']}", flush=True)
            break
        if spent > budget and i + 1 < times:
            measure.note = f"{i + 1} run(s) only: over the {budget:.0f} s budget per measurement"
            print(f"      ({measure.note})", flush=True)
            break
    return measure


def fmt_count(n: float) -> str:
    return f"{n:,.0f}"


def fmt_rate(r: float) -> str:
    if r != r:
        return "n/a"
    if r >= 1e6:
        return f"{r / 1e6:.2f} M"
    if r >= 1e3:
        return f"{r / 1e3:.1f} k"
    return f"{r:.0f}"


def parse_size(text: str) -> int:
    """``100k``, ``1M``, ``10M`` or a plain integer."""
    text = text.strip().lower().replace("_", "")
    factor = {"k": 1_000, "m": 1_000_000}.get(text[-1:], 1)
    return int(float(text.rstrip("km")) * factor)


def size_label(n: int) -> str:
    if n >= 1_000_000 and n % 1_000_000 == 0:
        return f"{n // 1_000_000}M"
    if n >= 1_000 and n % 1_000 == 0:
        return f"{n // 1_000}k"
    return str(n)


def table(headers: list[str], rows: list[list[str]]) -> str:
    """A Markdown table (also readable on a terminal)."""
    widths = [max(len(h), *(len(r[i]) for r in rows)) if rows else len(h) for i, h in enumerate(headers)]
    def fmt(cells: list[str]) -> str:
        return "| " + " | ".join(c.ljust(w) for c, w in zip(cells, widths)) + " |"
    return "\n".join([fmt(headers), "|" + "|".join("-" * (w + 2) for w in widths) + "|", *(fmt(r) for r in rows)])


def machine() -> str:
    """A line on the machine and its load when the run started."""
    load = os.getloadavg()
    return (f"{time.strftime('%Y-%m-%d %H:%M %Z')}; {os.cpu_count()} cores; load average "
            f"{load[0]:.1f} {load[1]:.1f} {load[2]:.1f}; Python {sys.version.split()[0]}")


def versions() -> str:
    import duckdb
    import pyarrow
    return f"duckdb {duckdb.__version__}, pyarrow {pyarrow.__version__}; auditor at {code_state()}"


def code_state() -> str:
    """The commit measured, and whether auditor/ had uncommitted changes (the code moves while benches run)."""
    try:
        head = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True,
                              check=True).stdout.strip()
        dirty = subprocess.run(["git", "status", "--porcelain", "--", "auditor"], cwd=ROOT, capture_output=True,
                               text=True, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown commit"
    return head + (" + uncommitted changes in auditor/" if dirty else "")


def total_memory_mb() -> float:
    with open("/proc/meminfo", encoding="ascii") as info:
        for line in info:
            if line.startswith("MemTotal:"):
                return int(line.split()[1]) / 1024
    return float("nan")


def save(name: str, payload: dict) -> Path:
    """Keep a run's results as JSON under bench/out/results/ (git-ignored)."""
    folder = OUT / "results"
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{name}-{time.strftime('%Y%m%d-%H%M%S')}.json"
    path.write_text(json.dumps(payload, indent=2, default=str), encoding="utf-8")
    return path
