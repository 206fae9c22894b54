"""End to end: ``auditor audit --no-pdf`` beside what merely reading the same files costs, and beside PokerKit.

    .venv/bin/python -m bench.e2e                       # every pair below, 3 runs each (~10 min once the data exists)
    .venv/bin/python -m bench.e2e --only bac-parquet,phh-10000 --repeat 5

Each measurement is a whole command in a fresh process, as a user runs it (interpreter start and imports included),
and the two sides of a pair run alternately (read, audit, read, audit, ...) so that both meet the same load:
- simulated days of about 1 M events (``auditor simulate``, cached under bench/out/e2e/): baccarat, 50 tables x
  14 shoes (1,106,720 events), and hold'em, 32 tables x 720 hands (1,006,573 events), each as JSON Lines and as
  Parquet (one file per table). The floor is DuckDB's plain read of the same files into an in-memory table
  (``CREATE TABLE AS SELECT *`` of ``read_parquet``, or of ``read_json`` with every column of the log format
  declared), 2 threads; the target (issue 15): the audit within 3 x the read.
- the first 3,000 and all 10,000 Pluribus hands in PHH: the floor is PokerKit's ``HandHistory.load`` of each file
  and the iteration of its states (load + replay, ``bench.holdem``'s child); the target: the audit at least 3 x
  PokerKit's hands per second, i.e. PokerKit's time over the audit's at least 3.
Reported per pair: the median of the per-pair ratios (audit time over floor time, or floor over audit for PokerKit)
with their spread (min-max), of wall times and of CPU times (every thread; on a loaded machine the wall times stretch
unevenly and the CPU ratio is the steadier figure), and the medians of each side. An audit must exit 0 or 1 (every
record audited); any other exit fails the pair.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    __package__ = "bench"

from bench.common import OUT, ROOT, code_state, machine, save, table, versions
from bench.holdem import PLURIBUS, phh_files, write_list

DATA = OUT / "e2e"
AUDITOR = str(Path(sys.executable).with_name("auditor"))
SIMULATED = {  # name: (game, format, simulate options)
    "bac-jsonl": ("baccarat", "jsonl", ["--tables", "50", "--shoes", "14"]),
    "bac-parquet": ("baccarat", "parquet", ["--tables", "50", "--shoes", "14"]),
    "the-jsonl": ("holdem", "jsonl", ["--tables", "32", "--hands", "720"]),
    "the-parquet": ("holdem", "parquet", ["--tables", "32", "--hands", "720"]),
}
PHH = {"phh-3000": 3000, "phh-10000": 10000}
TARGETS = {"bac": 3.0, "the": 3.0, "phh": 3.0}


def simulated_day(folder: Path, game: str, fmt: str, options: list[str], seed: int) -> Path:
    """``auditor simulate game`` into ``folder``, once (cached: an existing folder with files is reused)."""
    if not any(folder.glob("*.*")):
        subprocess.run([AUDITOR, "simulate", game, "--out", str(folder), "--seed", str(seed), "--format", fmt,
                        *options], check=True, stdout=subprocess.DEVNULL)
    return folder


def ensure_simulated(name: str, seed: int) -> Path:
    game, fmt, options = SIMULATED[name]
    return simulated_day(DATA / name, game, fmt, options, seed)


def ensure_phh(name: str) -> Path:
    """A folder of links to the first N Pluribus files (the audit takes a folder), in the original's sub-folders."""
    folder = DATA / name
    files = phh_files(PLURIBUS, PHH[name])
    if len(list(folder.glob("*.phh"))) != len(files):
        shutil.rmtree(folder, ignore_errors=True)
        folder.mkdir(parents=True)
        for path in files:
            link = folder / path.relative_to(PLURIBUS)
            link.parent.mkdir(parents=True, exist_ok=True)
            link.symlink_to(path)
    return folder


def _columns() -> str:
    """Every field of the log format with the DuckDB type its JSON holds (what the files' Parquet columns are)."""
    from auditor.ingest.schema import load_schema

    kinds = {"integer": "BIGINT", "boolean": "BOOLEAN", "json": "JSON"}
    return "{" + ", ".join(f"'{f.name}': '{kinds.get(f.kind, 'VARCHAR')}'" for f in load_schema().fields) + "}"


def read_command(folder: Path, fmt: str, threads: int) -> list[str]:
    files = f"'{folder}/*.{fmt}'"
    source = (f"read_parquet({files})" if fmt == "parquet"
              else f"read_json({files}, format = 'newline_delimited', columns = {_columns()})")
    script = (f"import duckdb; con = duckdb.connect(config={{'threads': {threads}}}); "
              f"n = con.execute(\"CREATE TABLE t AS SELECT * FROM {source}\").fetchall()[0][0]; print('rows', n)")
    return [sys.executable, "-c", script]


def audit_command(folder: Path, out: Path, threads: int) -> list[str]:
    return [AUDITOR, "audit", str(folder), "--no-pdf", "--out", str(out), "--overwrite", "--threads", str(threads)]


def timed(cmd: list[str]) -> dict:
    """Wall and CPU time, peak RSS, exit code and the end of the output of one command."""
    with tempfile.TemporaryFile("w+") as log:
        started = time.perf_counter()
        proc = subprocess.Popen(cmd, cwd=ROOT, stdout=log, stderr=subprocess.STDOUT, text=True)
        _, status, usage = os.wait4(proc.pid, 0)
        wall = time.perf_counter() - started
        log.seek(0)
        tail = log.read()[-600:]
    return {"wall": wall, "cpu": usage.ru_utime + usage.ru_stime, "rss_mb": usage.ru_maxrss / 1024,
            "rc": os.waitstatus_to_exitcode(status), "tail": tail}


def measure_pair(name: str, floor_cmd: list[str], audit_cmd: list[str], repeat: int) -> dict:
    floors: list[float] = []
    audits: list[float] = []
    runs: list[dict] = []
    for i in range(repeat):
        floor = timed(floor_cmd)
        audit = timed(audit_cmd)
        if floor["rc"] != 0 or audit["rc"] not in (0, 1):
            bad = floor if floor["rc"] != 0 else audit
            print(f"  {name} run {i + 1} FAILED (exit {bad['rc']}):\n{bad['tail']}", flush=True)
            return {"error": bad["tail"], "floors": floors, "audits": audits}
        floors.append(floor["wall"])
        audits.append(audit["wall"])
        runs.append({"floor": floor, "audit": audit})
        print(f"  {name} run {i + 1}: floor {floor['wall']:.2f} s (cpu {floor['cpu']:.2f}), "
              f"audit {audit['wall']:.2f} s (cpu {audit['cpu']:.2f}, {audit['rss_mb']:.0f} MB, exit {audit['rc']}); "
              f"load {os.getloadavg()[0]:.1f}", flush=True)
    return {"floors": floors, "audits": audits, "runs": runs}


def ratio(name: str, r: dict, key: str = "wall") -> list[float]:
    """The figure the target is about, pair by pair: audit / read, or PokerKit / audit (hands/s of the audit over
    PokerKit's); of wall times, or of CPU times (``key="cpu"``: what the machine's load distorts least)."""
    pairs = [(run["floor"][key], run["audit"][key]) for run in r["runs"]]
    return [f / a for f, a in pairs] if name.startswith("phh") else [a / f for f, a in pairs]


def spread(values: list[float], digits: int = 2) -> str:
    """``median (min-max)`` of ``values``."""
    return f"{statistics.median(values):.{digits}f} ({min(values):.{digits}f}-{max(values):.{digits}f})"


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--only", default=",".join([*SIMULATED, *PHH]), help="pairs to measure (default: all)")
    p.add_argument("--repeat", type=int, default=3)
    p.add_argument("--threads", type=int, default=2)
    p.add_argument("--seed", type=int, default=7)
    args = p.parse_args(argv)
    print(f"e2e - {machine()}; {versions()}; threads={args.threads}", flush=True)
    results: dict[str, dict] = {}
    with tempfile.TemporaryDirectory(prefix="bench-e2e-") as tmp:
        for name in args.only.split(","):
            out = Path(tmp) / name
            if name in SIMULATED:
                folder = ensure_simulated(name, args.seed)
                floor_cmd = read_command(folder, SIMULATED[name][1], args.threads)
            else:
                folder = ensure_phh(name)
                hands = write_list(phh_files(PLURIBUS, PHH[name]), name)
                floor_cmd = [sys.executable, "-m", "bench.holdem", "--child", "pokerkit", "--list", str(hands)]
            results[name] = measure_pair(name, floor_cmd, audit_command(folder, out, args.threads), args.repeat)
    rows = []
    for name, r in results.items():
        if "error" in r or not r["audits"]:
            rows.append([name, "FAILED", "", "", "", ""])
            continue
        target = TARGETS[name.split("-")[0]]
        kind = "PokerKit / audit" if name.startswith("phh") else "audit / read"
        rows.append([name, kind, spread(ratio(name, r)), spread(ratio(name, r, "cpu")),
                     f"{'>=' if name.startswith('phh') else '<='} {target:g}",
                     f"{statistics.median(r['floors']):.2f}", f"{statistics.median(r['audits']):.2f}",
                     f"{statistics.median(run['audit']['cpu'] for run in r['runs']):.2f}"])
    print()
    print(table(["pair", "ratio", "wall: median (min-max)", "CPU: median (min-max)", "target", "floor s", "audit s",
                 "audit CPU s"], rows))
    path = save("e2e", {"machine": machine(), "versions": versions(), "commit": code_state(), "results": results})
    print(f"\nraw figures: {path}")


if __name__ == "__main__":
    main()
