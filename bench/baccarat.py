"""Baccarat benchmark: ingest (JSON Lines, Parquet) and the whole rule set, on simulated days of growing size.

    .venv/bin/python -m bench.baccarat                      # default: checks at 100k, 1M, 10M; ingest at 100k, 1M
    .venv/bin/python -m bench.baccarat --sizes 100k,1M --ingest-sizes 100k --repeat 3 --threads 2

How the data is made (cached under bench/out/baccarat/, reused by later runs):
1. a base day is simulated once by ``auditor.sim.baccarat.run.simulate`` (default 100 tables x 14 shoes, about 107k
   coups, 2.2 M events), as JSON Lines and, with the same seed (same events), as Parquet;
2. the base JSON Lines are ingested once by the auditor's own ``ingest`` into ``base.duckdb`` (0 records quarantined);
3. a size of N coups is ``ceil(N / base)`` copies of the base: in SQL for the DuckDB database (``events``, ``tables``,
   an empty ``quarantine``; stored and numbered as an ingest of the whole day would), by a byte replacement of the
   ``table_id`` for JSON Lines and a column replacement for Parquet. Each copy has new table ids (``B01-c003``); shoe
   and coup ids and ``seq`` are unchanged within a table.

What is measured, each in a fresh subprocess (peak RSS = that process's ``ru_maxrss``):
- ingest: ``discover`` + ``ingest`` of the log files into an in-memory DuckDB (what ``auditor audit`` does first);
- checks: ``run_checks(con, load_rulesets())`` on data already in DuckDB: by default (``--checks-source file``) a
  DuckDB file that holds ``events``/``tables``/``quarantine`` (``auditor audit --db`` layout; the model and findings
  tables are written into that file and dropped, untimed, before the next run); ``memory``: the same tables first
  copied (untimed) into an in-memory database and checkpointed (compressed), the state ``auditor audit`` is in after
  its own ingest; ``parquet``:
  an in-memory connection whose ``events`` is a view over a typed Parquet export.
Coups are counted as ``coup_start`` events (demonstration coups included, about 0.4%).

Bounded: a measurement whose time or peak RSS, extrapolated linearly from the previous size, exceeds ``--max-run``
seconds or ``--max-rss`` MB (60% of the RAM by default: the machine is shared) is skipped and reported as such;
repeats stop once a measurement has used ``--budget`` seconds.
"""

from __future__ import annotations

import argparse
import json
import math
import shutil
import sys
import time
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    __package__ = "bench"

from bench.common import (
    OUT,
    Measure,
    Timer,
    fmt_count,
    fmt_rate,
    machine,
    parse_size,
    repeat,
    report,
    rss_now_mb,
    save,
    table,
    total_memory_mb,
    versions,
)

MODULE = "bench.baccarat"
TARGET_CHECKS = 1_000_000  # coups/s, the target for the whole rule set
KEEP = ("events", "tables", "quarantine")


# ============================================================================================ data preparation ====

def base_dir(args: argparse.Namespace) -> Path:
    return OUT / "baccarat" / f"base-s{args.seed}-t{args.base_tables}-h{args.base_shoes}"


def base_info(args: argparse.Namespace) -> dict:
    return json.loads((base_dir(args) / "base.json").read_text(encoding="utf-8"))


def ensure_base(args: argparse.Namespace) -> dict:
    """Simulate the base day (JSONL + Parquet) and ingest it into base.duckdb, once."""
    folder = base_dir(args)
    if (folder / "base.json").exists():
        return base_info(args)
    print(f"  preparing the base day in {folder} (once; cached) ...", flush=True)
    from bench.common import run_child
    run = run_child(MODULE, ["setup-base", "--dir", str(folder), "--seed", str(args.seed),
                             "--tables", str(args.base_tables), "--shoes", str(args.base_shoes),
                             "--threads", str(args.threads)])
    if not run.ok:
        sys.exit(f"base setup failed: {run.figures['error']}")
    print(f"    {run.figures}", flush=True)
    return base_info(args)


def child_setup_base(a: argparse.Namespace) -> None:
    from datetime import date

    from auditor.engine.audit import connect
    from auditor.ingest.discover import discover
    from auditor.ingest.load import ingest
    from auditor.sim.baccarat.run import simulate

    folder = Path(a.dir)
    figures: dict = {}
    for fmt in ("jsonl", "parquet"):
        target = folder / fmt
        if target.exists():
            shutil.rmtree(target)
        with Timer() as t:
            summary = simulate(target, seed=a.seed, tables=a.tables, shoes=a.shoes, formats=(fmt,),
                               day=date(2024, 5, 1))
        figures[f"simulate_{fmt}_s"] = round(t.wall, 1)
        figures["coups_simulated"] = summary.coups
        figures["events"] = summary.events
    db = folder / "base.duckdb"
    db.unlink(missing_ok=True)
    con = connect(db, a.threads)
    with Timer() as t:
        result = ingest(con, discover([folder / "jsonl"]))
    if result.quarantined:
        raise SystemExit(f"the simulated base has {result.quarantined} quarantined records")
    con.execute("CHECKPOINT")
    coups = con.execute("SELECT count(*) FROM events WHERE event = 'coup_start'").fetchall()[0][0]
    tables = con.execute("SELECT count(*) FROM tables").fetchall()[0][0]
    con.close()
    figures.update(ingest_s=round(t.wall, 1), coups=coups, tables=tables, events_ingested=result.events)
    info = dict(figures, seed=a.seed, base_tables=a.tables, base_shoes=a.shoes,
                jsonl_bytes=sum(p.stat().st_size for p in (folder / "jsonl").glob("*.jsonl")),
                parquet_bytes=sum(p.stat().st_size for p in (folder / "parquet").glob("*.parquet")))
    (folder / "base.json").write_text(json.dumps(info, indent=2), encoding="utf-8")
    report(**figures)


def copies_for(size: int, base_coups: int) -> int:
    return max(1, math.ceil(size / base_coups))


def suffix(copy: int) -> str:
    return f"-c{copy:03d}"


def ensure_db(args: argparse.Namespace, copies: int) -> Path:
    """bench/out/baccarat/db-c<copies>.duckdb: events, tables and an empty quarantine, ``copies`` times the base."""
    path = base_dir(args) / f"db-c{copies}.duckdb"
    if path.exists():
        return path
    print(f"  building {path.name} ({copies} copies of the base, in SQL) ...", flush=True)
    import duckdb
    tmp = path.with_suffix(".tmp")
    tmp.unlink(missing_ok=True)
    con = duckdb.connect(str(tmp))
    con.execute(f"SET threads = {args.threads}")
    con.execute("SET TimeZone = 'UTC'")
    con.execute(f"ATTACH '{base_dir(args) / 'base.duckdb'}' AS b (READ_ONLY)")
    with Timer() as t:
        con.execute("CREATE TABLE events AS SELECT * FROM b.events LIMIT 0")
        con.execute("CREATE TABLE tables AS SELECT * FROM b.tables LIMIT 0")
        con.execute("CREATE TABLE quarantine AS SELECT * FROM b.quarantine LIMIT 0")
        # As an ingest of the whole day would store them: events in (table_id, seq) order (the copies of a base table
        # sort right after it: B01-c000, B01-c001, ...), and the coups numbered in that order, so copy c of a table
        # whose base coups have the keys k..k+n-1 takes (k-1)*copies + c*n + 1 .. + n.
        con.execute("CREATE TEMP TABLE base_keys AS SELECT table_id, min(hand_key) AS first_key, "
                    "count(DISTINCT hand_key) AS n FROM b.events WHERE hand_key IS NOT NULL GROUP BY table_id")
        copy_suffix = "printf('-c%03d', c.copy)"
        for (table_id,) in con.execute("SELECT table_id FROM b.tables ORDER BY table_id").fetchall():
            con.execute(f"INSERT INTO events SELECT e.* REPLACE (e.table_id || {copy_suffix} AS table_id, "
                        f"replace(e.file, '.jsonl', {copy_suffix} || '.jsonl') AS file, "
                        f"(k.first_key - 1) * {copies} + c.copy * k.n + e.hand_key - k.first_key + 1 AS hand_key) "
                        f"FROM b.events e CROSS JOIN range({copies}) c(copy) LEFT JOIN base_keys k USING (table_id) "
                        "WHERE e.table_id = ? ORDER BY c.copy, e.seq", [table_id])
        for copy in range(copies):
            s = suffix(copy)
            con.execute(f"INSERT INTO tables SELECT * REPLACE (table_id || '{s}' AS table_id, "
                        f"replace(file, '.jsonl', '{s}.jsonl') AS file) FROM b.tables")
        con.execute("CHECKPOINT")
    rows = con.execute("SELECT count(*) FROM events").fetchall()[0][0]
    con.close()
    tmp.rename(path)
    print(f"    {rows:,} events in {t.wall:.1f} s, {path.stat().st_size / 2**20:.0f} MB", flush=True)
    return path


def ensure_events_parquet(args: argparse.Namespace, copies: int) -> Path:
    """The typed ``events`` of db-c<copies> exported to Parquet (for ``--checks-source parquet``)."""
    path = base_dir(args) / f"events-c{copies}.parquet"
    if not path.exists():
        import duckdb
        db = ensure_db(args, copies)
        con = duckdb.connect(str(db), read_only=True)
        con.execute(f"SET threads = {args.threads}")
        con.execute(f"COPY events TO '{path}.tmp' (FORMAT parquet, COMPRESSION zstd)")
        con.execute(f"COPY tables TO '{path.with_suffix('.tables.parquet')}' (FORMAT parquet)")
        con.close()
        Path(f"{path}.tmp").rename(path)
    return path


def ensure_logs(args: argparse.Namespace, fmt: str, copies: int) -> Path:
    """Log files of ``copies`` copies of the base, in ``fmt``: the base's own files renamed table by table."""
    base = base_dir(args) / fmt
    folder = base_dir(args) / f"{fmt}-c{copies}"
    if (folder / "done").exists():
        return folder
    need = copies * sum(p.stat().st_size for p in base.glob(f"*.{fmt}"))
    free = shutil.disk_usage(base_dir(args)).free
    if need > free - 10 * 2**30:
        raise RuntimeError(f"{fmt} x{copies} needs {need / 2**30:.1f} GiB, {free / 2**30:.1f} GiB free")
    print(f"  writing {folder.name} ({copies} copies, {need / 2**30:.1f} GiB) ...", flush=True)
    if folder.exists():
        shutil.rmtree(folder)
    started = time.perf_counter()
    for copy in range(copies):
        sub = folder / f"c{copy:03d}"
        sub.mkdir(parents=True)
        for src in sorted(base.glob(f"*.{fmt}")):
            table_id = src.stem
            new_id = table_id + suffix(copy)
            dst = sub / f"{new_id}.{fmt}"
            if fmt == "jsonl":
                data = src.read_bytes()
                old = b'{"table_id":' + json.dumps(table_id).encode() + b","
                new = b'{"table_id":' + json.dumps(new_id).encode() + b","
                renamed = data.replace(old, new)
                if renamed.count(new) != data.count(b"\n"):
                    raise RuntimeError(f"{src}: not every line starts with its table_id")
                dst.write_bytes(renamed)
            else:
                import pyarrow as pa
                import pyarrow.parquet as pq
                t = pq.read_table(src)
                i = t.schema.get_field_index("table_id")
                t = t.set_column(i, t.schema.field(i), pa.array([new_id] * t.num_rows, pa.string()))
                pq.write_table(t, dst)
    (folder / "done").write_text("ok")
    print(f"    written in {time.perf_counter() - started:.1f} s", flush=True)
    return folder


# =============================================================================================== measurements ====

def child_ingest(a: argparse.Namespace) -> None:
    from auditor.engine.audit import connect
    from auditor.ingest.discover import discover
    from auditor.ingest.load import ingest

    con = connect(None, a.threads)
    if a.memory_limit:
        con.execute(f"SET memory_limit = '{a.memory_limit}'")
    files = discover([Path(a.dir)])
    size = sum(f.path.stat().st_size for f in files)
    before = rss_now_mb()
    with Timer() as t:
        result = ingest(con, files)
    coups = con.execute("SELECT count(*) FROM events WHERE event = 'coup_start'").fetchall()[0][0]
    report(wall=t.wall, cpu=t.cpu, count=coups, events=result.events, quarantined=result.quarantined,
           files=len(files), bytes=size, rss_before_mb=before)


class _Timed:
    """A connection proxy that times every statement (for ``--breakdown``)."""

    def __init__(self, con, log: list) -> None:
        self._con, self._log = con, log

    def execute(self, sql, *args):
        started = time.perf_counter()
        result = self._con.execute(sql, *args)
        self._log.append((time.perf_counter() - started, " ".join(str(sql).split())[:90], rss_now_mb()))
        return result

    def executemany(self, sql, *args):
        started = time.perf_counter()
        result = self._con.executemany(sql, *args)
        self._log.append((time.perf_counter() - started, "executemany " + " ".join(str(sql).split())[:80],
                          rss_now_mb()))
        return result

    def __getattr__(self, name):
        return getattr(self._con, name)


def child_checks(a: argparse.Namespace) -> None:
    from auditor.engine.audit import Progress, connect, run_checks
    from auditor.engine.ruleset import load_rulesets

    if a.source == "file":
        con = connect(Path(a.db), a.threads)
        for (name, kind) in con.execute(
                "SELECT table_name, 'TABLE' FROM duckdb_tables() WHERE database_name = current_database() "
                "UNION ALL SELECT view_name, 'VIEW' FROM duckdb_views() WHERE NOT internal "
                "AND database_name = current_database()").fetchall():
            if name not in KEEP:
                con.execute(f'DROP {kind} IF EXISTS "{name}"')
        con.execute("CHECKPOINT")
    elif a.source == "memory":
        from auditor.ingest.ranges import table_ranges

        con = connect(None, a.threads)
        con.execute(f"ATTACH '{a.db}' AS src (READ_ONLY)")
        for name in KEEP:
            con.execute(f"CREATE TABLE {name} AS SELECT * FROM src.{name} LIMIT 0")
        con.execute("INSERT INTO tables SELECT * FROM src.tables")
        # Compressed range by range, as auditor audit's own ingest leaves them.
        sizes = con.execute("SELECT table_id, count(*) FROM src.events GROUP BY 1 ORDER BY 1").fetchall()
        for tables in table_ranges(sizes, 2_000_000):
            con.execute(f"INSERT INTO events SELECT * FROM src.events WHERE {tables.where()} ORDER BY table_id, seq")
            con.execute("CHECKPOINT")
        con.execute("DETACH src")
    else:
        con = connect(None, a.threads)
        con.execute(f"CREATE VIEW events AS SELECT * FROM read_parquet('{a.db}')")
        tables_path = Path(a.db).with_suffix(".tables.parquet")
        con.execute(f"CREATE TABLE tables AS SELECT * FROM read_parquet('{tables_path}')")
        con.execute("CREATE TABLE quarantine (file VARCHAR, line BIGINT, reason VARCHAR, raw VARCHAR, "
                    "table_id VARCHAR, hand_id VARCHAR, shoe_id VARCHAR)")
    if a.memory_limit:
        con.execute(f"SET memory_limit = '{a.memory_limit}'")
    rulesets = load_rulesets()
    coups = con.execute("SELECT count(*) FROM events WHERE event = 'coup_start'").fetchall()[0][0]
    log: list = []
    marks: list = []
    progress = Progress(step=lambda label: marks.append((time.perf_counter(), label, rss_now_mb())))
    target = _Timed(con, log) if a.breakdown else con
    before = rss_now_mb()
    with Timer() as t:
        started = time.perf_counter()
        run_checks(target, rulesets, progress)  # type: ignore[arg-type]  # _Timed: a proxy that times each query
    findings = con.execute("SELECT count(*) FROM findings").fetchall()[0][0]
    rules = con.execute("SELECT count(DISTINCT rule) FROM coverage").fetchall()[0][0]
    figures = dict(wall=t.wall, cpu=t.cpu, count=coups, findings=findings, rules=rules, rss_before_mb=before)
    if a.breakdown:
        per_rule, last = [], None
        for when, label, rss in marks:
            per_rule.append((when - (last if last is not None else marks[0][0]), label, rss))
            last = when
        model_end = marks[0][0] if marks else time.perf_counter()
        model = [entry for entry in log if entry[0] > 0.01]
        figures["breakdown"] = {
            "model_and_first_rule_s": model_end - started,
            "statements": sorted(model, reverse=True)[:25],
            "rss_after_statements": [(round(s, 2), text, round(r)) for s, text, r in log if s > 0.05],
            "rules": sorted(per_rule, reverse=True)[:25],
        }
    con.close()
    report(**figures)


# ====================================================================================================== main ====

def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--sizes", default="100k,1M,10M", help="coups for the checks (default 100k,1M,10M)")
    p.add_argument("--ingest-sizes", default="100k,1M", help="coups for the ingest measurements (default 100k,1M)")
    p.add_argument("--formats", default="jsonl,parquet", help="ingest formats (default jsonl,parquet)")
    p.add_argument("--repeat", type=int, default=3, help="runs per measurement (default 3)")
    p.add_argument("--threads", type=int, default=2, help="DuckDB threads (default 2)")
    p.add_argument("--budget", type=float, default=240, help="stop repeating a measurement after this many seconds")
    p.add_argument("--max-run", type=float, default=300,
                   help="skip a measurement whose extrapolated single run exceeds this many seconds (default 300)")
    p.add_argument("--max-rss", type=float, default=round(total_memory_mb() * 0.6),
                   help="skip a measurement whose extrapolated peak RSS (MB) exceeds this (default: 60%% of the RAM; "
                        "the machine is shared); not applied with --memory-limit")
    p.add_argument("--checks-source", choices=("file", "memory", "parquet"), default="file",
                   help="checks on a DuckDB file (default), on an in-memory copy of it (the state after "
                        "`auditor audit`'s own ingest) or on a typed Parquet export of events")
    p.add_argument("--memory-limit", default=None, help="DuckDB memory_limit in the measured process (e.g. 4GB)")
    p.add_argument("--breakdown", action="store_true",
                   help="time every model statement and rule, with the RSS after each (checks, first run of each size)")
    p.add_argument("--skip-ingest", action="store_true")
    p.add_argument("--skip-checks", action="store_true")
    p.add_argument("--seed", type=int, default=2024)
    p.add_argument("--base-tables", type=int, default=100)
    p.add_argument("--base-shoes", type=int, default=14)
    p.add_argument("--clean", action="store_true", help="delete the replicated data (keeps the base) and exit")
    args = p.parse_args(argv)

    if args.clean:
        for path in base_dir(args).glob("*-c*"):
            shutil.rmtree(path) if path.is_dir() else path.unlink()
        print("removed the replicated data")
        return

    print(f"baccarat bench - {machine()}; {versions()}; threads={args.threads}", flush=True)
    info = ensure_base(args)
    base_coups = info["coups"]
    print(f"  base: {fmt_count(base_coups)} coups, {fmt_count(info['events_ingested'])} events, "
          f"{info['tables']} tables", flush=True)
    measures: list[tuple[str, str, int, Measure]] = []

    def guarded(kind: str, fmt: str, copies: int, args_list: list[str], prepare) -> Measure:
        size = copies * base_coups
        m = Measure(f"{kind} {fmt} x{copies}", "coups")
        previous = [x for (k, f, c, x) in measures if k == kind and f == fmt and x.runs and x.count]
        if previous:
            last = previous[-1]
            predicted = last.median("wall") * size / last.count
            predicted_rss = last.rss() * size / last.count
            if predicted > args.max_run:
                m.note = f"skipped: extrapolated {predicted:.0f} s per run > --max-run {args.max_run:.0f}"
            elif predicted_rss > args.max_rss and not args.memory_limit:
                m.note = (f"skipped: extrapolated peak RSS {predicted_rss / 1024:.0f} GB > --max-rss "
                          f"{args.max_rss / 1024:.0f} GB (use --memory-limit)")
            if m.note:
                print(f"  {kind} {fmt} {fmt_count(size)} coups: {m.note}", flush=True)
                measures.append((kind, fmt, copies, m))
                return m
        target = prepare()
        print(f"  {kind} {fmt}, {copies} cop{'y' if copies == 1 else 'ies'} ({fmt_count(size)} coups):", flush=True)
        repeat(m, MODULE, [*args_list, str(target)], args.repeat, args.budget)
        measures.append((kind, fmt, copies, m))
        print(m.line(), flush=True)
        return m

    common = ["--threads", str(args.threads)] + (["--memory-limit", args.memory_limit] if args.memory_limit else [])
    if not args.skip_ingest:
        for fmt in args.formats.split(","):
            for copies in sorted({copies_for(parse_size(s), base_coups) for s in args.ingest_sizes.split(",")}):
                guarded("ingest", fmt, copies, ["ingest", *common, "--dir"],
                        lambda fmt=fmt, copies=copies: base_dir(args) / fmt if copies == 1
                        else ensure_logs(args, fmt, copies))
    if not args.skip_checks:
        all_copies = sorted({copies_for(parse_size(s), base_coups) for s in args.sizes.split(",")})
        for copies in all_copies:
            extra = ["--breakdown"] if args.breakdown else []
            prepare = ((lambda copies=copies: ensure_db(args, copies)) if args.checks_source != "parquet"
                       else (lambda copies=copies: ensure_events_parquet(args, copies)))
            guarded("checks", args.checks_source, copies,
                    ["checks", *common, "--source", args.checks_source, *extra, "--db"], prepare)

    rows = []
    for kind, fmt, copies, m in measures:
        ok = any(r.ok for r in m.runs)
        lo, hi = m.spread("wall")
        rate = m.rate() if ok else float("nan")
        target = ""
        if kind == "checks" and ok:
            target = f"{rate / TARGET_CHECKS:.3f}x target"
        rows.append([
            kind, fmt, fmt_count(copies * base_coups) if not ok else fmt_count(m.count),
            f"{m.median('wall'):.2f} ({lo:.2f}-{hi:.2f})" if ok else (m.note or "FAILED"),
            fmt_rate(rate) if ok else "", f"{m.median('cpu'):.1f}" if ok else "",
            f"{m.rss():.0f}" if ok else "", str(len(m.values("wall"))) if ok else "0", target,
        ])
    print("\nResults (median of n runs; coups/s at the median wall time; peak RSS of the measuring process):")
    print(table(["measure", "format/source", "coups", "wall s (min-max)", "coups/s", "cpu s", "peak RSS MB", "n",
                 "vs 1 M coups/s"], rows))
    checks = [(c, m) for k, f, c, m in measures if k == "checks" and any(r.ok for r in m.runs)]
    if checks:
        best = max(m.rate() for _, m in checks)
        print(f"\nChecks target (>= 1,000,000 coups/s): {'MET' if best >= TARGET_CHECKS else 'NOT MET'} "
              f"(best {fmt_rate(best)} coups/s = {best / TARGET_CHECKS:.3f}x)")
        if len(checks) >= 2:
            (_, m0), (_, m1) = checks[-2], checks[-1]
            print(f"Memory from {fmt_count(m0.count)} to {fmt_count(m1.count)} coups: "
                  f"{m0.rss():.0f} -> {m1.rss():.0f} MB "
                  f"({m1.rss() / m0.rss():.2f}x for {m1.count / m0.count:.1f}x the coups)")
        for _, m in checks:
            for r in m.runs:
                if r.ok and "breakdown" in r.figures:
                    b = r.figures["breakdown"]
                    print(f"\nBreakdown at {fmt_count(m.count)} coups (one run): model + first rule "
                          f"{b['model_and_first_rule_s']:.2f} s")
                    print("  slowest statements:")
                    for s, text, rss in b["statements"][:15]:
                        print(f"    {s:7.2f} s  RSS after {rss:6.0f} MB  {text}")
                    print("  slowest rules (time since the previous rule ended):")
                    for s, label, rss in b["rules"][:15]:
                        print(f"    {s:7.2f} s  RSS after {rss:6.0f} MB  {label}")
                    break
    path = save("baccarat", {"machine": machine(), "versions": versions(), "args": vars(args), "base": info,
                             "measures": [{"kind": k, "format": f, "copies": c, "name": m.name, "note": m.note,
                                           "runs": [vars(r) | {"log": r.log[-2000:]} for r in m.runs]}
                                          for k, f, c, m in measures]})
    print(f"\nraw results: {path}")


def child(argv: list[str]) -> None:
    p = argparse.ArgumentParser()
    p.add_argument("what", choices=("setup-base", "ingest", "checks"))
    p.add_argument("--dir")
    p.add_argument("--db")
    p.add_argument("--source", default="file")
    p.add_argument("--threads", type=int, default=2)
    p.add_argument("--memory-limit")
    p.add_argument("--breakdown", action="store_true")
    p.add_argument("--seed", type=int)
    p.add_argument("--tables", type=int)
    p.add_argument("--shoes", type=int)
    a = p.parse_args(argv)
    {"setup-base": child_setup_base, "ingest": child_ingest, "checks": child_checks}[a.what](a)


if __name__ == "__main__":
    if len(sys.argv) > 1 and sys.argv[1] == "--child":
        child(sys.argv[2:])
    else:
        main()
