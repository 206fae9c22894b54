"""Nightly benchmark: a large casino day through ``auditor nightly`` end to end (report included), one process
against ``--workers 2``, then a second night of the same catalog with one new file.

    .venv/bin/python -m bench.nightly                     # the full day: 500 baccarat tables x ~1,000 coups and
                                                          # 100 hold'em tables x 2,000 hands, Parquet and JSON Lines
    .venv/bin/python -m bench.nightly --scale 0.1 --formats parquet

The day is made once (cached under bench/out/nightly/): a base of ``--base-tables`` baccarat tables (13 shoes, about
1,000 coups each) and hold'em tables (2,000 hands each) is simulated with planted violations (``--inject``), then
copied with new table ids (``B001-c02``) up to 500 x scale and 100 x scale tables, as Parquet and as JSON Lines.
Each measurement is ``auditor nightly`` run as a fresh process on a fresh catalog; its peak memory is sampled every
0.1 s as the summed resident memory of the process and its workers (psutil), besides the ``ru_maxrss`` of wait4
(the largest single process). The incremental nights add, to a catalog that holds the day: one more table's file of
the same day (the day is re-audited for that table, its report rewritten), and one file of the next day.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import threading
import time
from datetime import date
from pathlib import Path

import pyarrow as pa
import pyarrow.compute as pc
import pyarrow.parquet as pq

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    __package__ = "bench"

from bench.common import OUT, machine, save  # noqa: E402

DAY, NEXT = "2024-05-01", "2024-05-02"
AUDITOR = Path(sys.executable).with_name("auditor")


def _simulate(folder: Path, args: argparse.Namespace) -> None:
    from auditor.sim.baccarat.run import simulate
    from auditor.sim.holdem.run import simulate_holdem

    if (folder / "done").exists():
        return
    shutil.rmtree(folder, ignore_errors=True)
    day = date.fromisoformat(DAY)
    simulate(folder / "baccarat", seed=7, tables=args.base_tables, shoes=13, inject=args.inject,
             formats=("parquet",), day=day)
    simulate_holdem(folder / "holdem", seed=7, tables=max(1, args.base_tables // 5), hands=2000,
                    inject=args.inject, formats=("parquet",), day=day)
    (folder / "done").touch()


def _copies(base: Path, target: Path, tables: int, fmt: str, start: int = 0) -> list[Path]:
    """Log files ``start`` to ``tables - 1`` made from the base's, round robin, each copy under new table ids."""
    files = sorted(base.glob("*.parquet"))
    written = []
    for i in range(start, tables):
        source = files[i % len(files)]
        copy = i // len(files) + 1
        table = pq.read_table(source)
        ids = pc.binary_join_element_wise(table.column("table_id"), pa.scalar(f"c{copy:02d}"), "-")
        table = table.set_column(table.schema.get_field_index("table_id"), "table_id", ids)
        path = target / f"{source.stem}-c{copy:02d}.{fmt}"
        if fmt == "parquet":
            pq.write_table(table, path)
        else:
            _jsonl(table, path)
        written.append(path)
    return written


def _jsonl(table: pa.Table, path: Path) -> None:
    columns = table.column_names
    with path.open("w", encoding="utf-8") as out:
        for batch in table.to_batches(100_000):
            for row in zip(*(batch.column(c).to_pylist() for c in columns)):
                record = {c: v for c, v in zip(columns, row) if v is not None}
                if isinstance(record.get("config"), str):
                    record["config"] = json.loads(record["config"])
                out.write(json.dumps(record, default=str, separators=(",", ":")) + "\n")


def make_day(args: argparse.Namespace, fmt: str) -> Path:
    """The inbox of the large day in ``fmt`` (made once), and the two files of the incremental nights beside it."""
    base = OUT / "nightly" / f"base-t{args.base_tables}-i{args.inject}"
    _simulate(base, args)
    inbox = OUT / "nightly" / f"day-s{args.scale}-t{args.base_tables}-{fmt}"
    if not (inbox / "done").exists():
        shutil.rmtree(inbox, ignore_errors=True)
        (inbox / "inbox" / DAY).mkdir(parents=True)
        _copies(base / "baccarat", inbox / "inbox" / DAY, round(500 * args.scale), fmt)
        _copies(base / "holdem", inbox / "inbox" / DAY, round(100 * args.scale), fmt)
        (inbox / "late").mkdir()
        _copies(base / "baccarat", inbox / "late", round(500 * args.scale) + 1, fmt, round(500 * args.scale))
        (inbox / "next").mkdir()
        _copies(base / "baccarat", inbox / "next", round(500 * args.scale) + 2, fmt, round(500 * args.scale) + 1)
        (inbox / "done").touch()
    return inbox


def measure(args: list[str]) -> dict:
    """Run ``auditor nightly ARGS`` in a fresh process: wall time, CPU, peak memory of its process tree."""
    import psutil

    started = time.perf_counter()
    process = subprocess.Popen([str(AUDITOR), "nightly", *args, "--verbose"], stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True)
    peak = [0]

    def sample() -> None:
        try:
            root = psutil.Process(process.pid)
            while root.status() != psutil.STATUS_ZOMBIE:  # not process.poll(): it would reap the child before wait4
                tree = [root, *root.children(recursive=True)]
                total = 0
                for p in tree:
                    try:
                        total += p.memory_info().rss
                    except psutil.Error:
                        pass
                peak[0] = max(peak[0], total)
                time.sleep(0.1)
        except psutil.Error:
            pass

    sampler = threading.Thread(target=sample, daemon=True)
    sampler.start()
    _, status, usage = os.wait4(process.pid, 0)
    wall = time.perf_counter() - started
    stdout, stderr = process.communicate()
    sampler.join()
    return {"args": args, "exit": os.waitstatus_to_exitcode(status), "wall_s": round(wall, 1),
            "cpu_s": round(usage.ru_utime + usage.ru_stime, 1), "largest_process_gb": round(usage.ru_maxrss / 2**20, 2),
            "tree_peak_gb": round(peak[0] / 2**30, 2), "stdout": stdout.strip(), "stages": stderr.strip().splitlines()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scale", type=float, default=1.0, help="fraction of the large day (1: 500 + 100 tables)")
    parser.add_argument("--base-tables", type=int, default=50, help="baccarat tables simulated (hold'em: a fifth)")
    parser.add_argument("--inject", type=float, default=0.001)
    parser.add_argument("--formats", default="parquet,jsonl")
    parser.add_argument("--workers", default="1,2")
    parser.add_argument("--no-pdf", action="store_true")
    args = parser.parse_args()
    results = {"machine": machine(), "scale": args.scale, "runs": []}
    extra = ["--no-pdf"] if args.no_pdf else []
    for fmt in args.formats.split(","):
        day = make_day(args, fmt)
        events = sum(pq.ParquetFile(p).metadata.num_rows for p in (day / "inbox" / DAY).glob("*.parquet"))
        for workers in args.workers.split(","):
            catalog = OUT / "nightly" / "catalog"
            shutil.rmtree(catalog, ignore_errors=True)
            common = ["--catalog", str(catalog), "--date", DAY, "--workers", workers, *extra]
            run = measure([*common, "--inbox", str(day / "inbox")])
            run.update(kind="day", format=fmt, workers=workers, events=events or None)
            results["runs"].append(run)
            print(json.dumps(run), flush=True)
        for kind, folder, target in (("late file, same day", "late", DAY), ("file of the next day", "next", NEXT)):
            inbox = OUT / "nightly" / f"inbox-{folder}"
            shutil.rmtree(inbox, ignore_errors=True)
            shutil.copytree(day / "inbox", inbox, copy_function=os.link)
            (inbox / target).mkdir(exist_ok=True)
            for f in (day / folder).iterdir():
                shutil.copy2(f, inbox / target / f.name)
            run = measure([*common, "--inbox", str(inbox)])
            run.update(kind=kind, format=fmt, workers=workers)
            results["runs"].append(run)
            print(json.dumps(run), flush=True)
    save("nightly", results)


if __name__ == "__main__":
    main()
