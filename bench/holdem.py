"""Hold'em benchmark: the auditor beside PokerKit on the Pluribus hands, and the rule set on simulated days.

    .venv/bin/python -m bench.holdem                        # default: Pluribus side by side + simulated 10k..1M hands
    .venv/bin/python -m bench.holdem --repeat 3 --max-run 3600     # allow the full 10,000 hands however slow

Part 1, side by side, on the same PHH files (/work/shared/data/phh/pluribus, 10,000 hands), each in fresh subprocesses
run alternately (PokerKit, auditor, PokerKit, auditor, ...) so that both meet the same machine load:
- PokerKit 0.7.7: ``HandHistory.load`` of each file, then iterating its states (load + replay, one core);
- the auditor: ``discover`` + ``ingest`` (the PHH importer, into an in-memory DuckDB), then ``run_checks`` with
  ``load_rulesets(profile="common")`` (every enforced hold'em rule), timed separately.
Reported: hands/s of each, and auditor/PokerKit for the checks alone and end to end (ingest + checks); each ratio is
the median of the per-pair ratios. The auditor is first probed on ``--probe`` hands; if the full set, extrapolated,
would take more than ``--max-run`` seconds per run, both sides are measured on the largest subset that fits (said so).

Part 2, simulated hands: a base day from ``auditor.sim.holdem.run.simulate_holdem`` (cached under bench/out/holdem/),
ingested once by the auditor, replicated in SQL to each size (new table ids per copy, hand ids and seq unchanged),
then ``run_checks`` on the DuckDB file, in a fresh process each: hands/s and peak RSS. The simulator writes Macau
tables, so part 2 uses the ``macau`` profile (0 findings expected on its clean logs). Without the simulator the
Pluribus hands are replicated instead.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
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
    run_child,
    save,
    table,
    total_memory_mb,
    versions,
)

MODULE = "bench.holdem"
PLURIBUS = Path("/work/shared/data/phh/pluribus")
TARGET_RATIO = 20  # the issue: at least 20 times PokerKit's hands per second
KEEP = ("events", "tables", "quarantine")


def phh_files(folder: Path, limit: int | None) -> list[Path]:
    files = sorted(p for p in folder.rglob("*.phh") if p.is_file())
    return files[:limit] if limit else files


def write_list(files: list[Path], name: str) -> Path:
    path = OUT / "holdem" / f"{name}.txt"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("\n".join(map(str, files)) + "\n", encoding="utf-8")
    return path


# ================================================================================================== children ====

def child_pokerkit(a: argparse.Namespace) -> None:
    from pokerkit import HandHistory

    files = [Path(x) for x in Path(a.list).read_text(encoding="utf-8").split()]
    failed: list[str] = []
    states = 0
    with Timer() as t:
        for path in files:
            try:
                with path.open("rb") as handle:
                    history = HandHistory.load(handle)
                for _ in history:
                    states += 1
            except Exception as exc:  # noqa: BLE001 - counted and reported
                failed.append(f"{path}: {type(exc).__name__}: {exc}")
    report(wall=t.wall, cpu=t.cpu, count=len(files) - len(failed), failed=len(failed), failures=failed[:5],
           states=states)


class _Watch:
    """Connection proxy that adds up the time of ``executemany`` calls (diagnostic only)."""

    def __init__(self, con) -> None:
        self._con, self.many, self.many_rows = con, 0.0, 0

    def executemany(self, sql, rows, *args):
        rows = list(rows)
        started = time.perf_counter()
        result = self._con.executemany(sql, rows, *args)
        self.many += time.perf_counter() - started
        self.many_rows += len(rows)
        return result

    def __getattr__(self, name):
        return getattr(self._con, name)


def _checks(con, threads: int, profile: str = "common") -> dict:
    from auditor.engine.audit import run_checks
    from auditor.engine.ruleset import load_rulesets

    rulesets = load_rulesets(profile=profile)
    hands = con.execute("SELECT count(*) FROM events WHERE event = 'hand_start'").fetchall()[0][0]
    watch = _Watch(con)
    before = rss_now_mb()
    with Timer() as t:
        run_checks(watch, rulesets)  # type: ignore[arg-type]  # a proxy of the connection that times executemany
    findings = dict(con.execute("SELECT severity, count(*) FROM findings GROUP BY ALL").fetchall())
    coverage_rows = con.execute("SELECT count(*) FROM coverage").fetchall()[0][0]
    return dict(wall=t.wall, cpu=t.cpu, count=hands, findings=findings, coverage_rows=coverage_rows,
                executemany_s=watch.many, executemany_rows=watch.many_rows, rss_before_checks_mb=before)


def child_auditor(a: argparse.Namespace) -> None:
    """Ingest the PHH files (timed), then the checks (timed), in one process."""
    import auditor.ingest.load as load
    import auditor.ingest.stage as stage
    from auditor.engine.audit import connect
    from auditor.ingest.discover import discover

    files = [Path(x) for x in Path(a.list).read_text(encoding="utf-8").split()]
    read_time = [0.0]
    original = load.read_file

    def timed_read(path, name):  # the time in the PHH reader itself (parse + map), for the breakdown
        started = time.perf_counter()
        try:
            return original(path, name)
        finally:
            read_time[0] += time.perf_counter() - started

    load.read_file = stage.read_file = timed_read  # the reading, and the reading again of quarantined records
    con = connect(None, a.threads)
    with Timer() as ti:
        result = load.ingest(con, discover(files))
    load.read_file = stage.read_file = original
    ingest_peak = _peak()
    checks = _checks(con, a.threads)
    report(ingest_wall=ti.wall, ingest_cpu=ti.cpu, ingest_read_s=read_time[0], events=result.events,
           quarantined=result.quarantined, ingest_peak_mb=ingest_peak, **checks)


def child_checks(a: argparse.Namespace) -> None:
    from auditor.engine.audit import connect

    con = connect(Path(a.db), a.threads)
    if a.memory_limit:
        con.execute(f"SET memory_limit = '{a.memory_limit}'")
    for (name, kind) in con.execute(
            "SELECT table_name, 'TABLE' FROM duckdb_tables() WHERE database_name = current_database() "
            "UNION ALL SELECT view_name, 'VIEW' FROM duckdb_views() WHERE NOT internal "
            "AND database_name = current_database()").fetchall():
        if name not in KEEP:
            con.execute(f'DROP {kind} IF EXISTS "{name}"')
    con.execute("CHECKPOINT")
    report(**_checks(con, a.threads, a.profile))


def child_setup_sim(a: argparse.Namespace) -> None:
    from auditor.engine.audit import connect
    from auditor.ingest.discover import discover
    from auditor.ingest.load import ingest

    folder = Path(a.dir)
    source = "simulator"
    try:
        from auditor.sim.holdem.run import simulate_holdem
    except ImportError:
        simulate_holdem = None  # type: ignore[assignment]  # an auditor without the hold'em simulator
    if simulate_holdem is not None and not a.pluribus:
        with Timer() as ts:
            summary = simulate_holdem(folder / "jsonl", seed=a.seed, tables=a.tables, hands=a.hands)
        logs = [folder / "jsonl"]
        simulated = summary.hands
    else:
        source, ts, simulated = "pluribus", None, None
        logs = [PLURIBUS]
    db = folder / "base.duckdb"
    db.unlink(missing_ok=True)
    con = connect(db, a.threads)
    with Timer() as ti:
        result = ingest(con, discover(logs))
    con.execute("CHECKPOINT")
    hands = con.execute("SELECT count(*) FROM events WHERE event = 'hand_start'").fetchall()[0][0]
    tables = con.execute("SELECT count(*) FROM tables").fetchall()[0][0]
    con.close()
    info = dict(source=source, seed=a.seed, tables=tables, hands=hands, simulated=simulated, events=result.events,
                quarantined=result.quarantined, simulate_s=ts.wall if ts else None, ingest_s=ti.wall)
    (folder / "base.json").write_text(json.dumps(info, indent=2), encoding="utf-8")
    report(**info)


def _peak() -> float:
    import resource
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


# ================================================================================================ part 1 ========

def pair_ratios(pk: Measure, au: Measure, key: str) -> list[float]:
    """auditor hands/s over PokerKit hands/s, run by run (runs were interleaved)."""
    out = []
    for p, a in zip(pk.runs, au.runs):
        if p.ok and a.ok:
            au_time = sum(a.figures[k] for k in key.split("+"))
            out.append((a.figures["count"] / au_time) / (p.figures["count"] / p.figures["wall"]))
    return out


def side_by_side(args: argparse.Namespace) -> dict:
    everything = phh_files(Path(args.phh), args.hands)
    print(f"\nPart 1: PokerKit and the auditor on {len(everything):,} PHH hands of {args.phh}", flush=True)
    from auditor.ingest.readers import LOG_SUFFIXES
    if ".phh" not in LOG_SUFFIXES:
        print("  the auditor does not read .phh yet (auditor/ingest/readers.LOG_SUFFIXES): part 1 skipped")
        return {"skipped": ".phh not in LOG_SUFFIXES"}
    chosen = everything
    note = ""
    common = ["--threads", str(args.threads)]
    if args.probe and args.probe < len(everything):
        probe_list = write_list(everything[: args.probe], "probe")
        print(f"  probe: the auditor on the first {args.probe:,} hands (1 run)", flush=True)
        probe = run_child(MODULE, ["auditor", *common, "--list", str(probe_list)])
        if not probe.ok:
            print(f"  probe FAILED: {probe.figures['error']}")
            return {"error": probe.figures["error"]}
        per_hand = (probe.figures["ingest_wall"] + probe.figures["wall"]) / args.probe
        predicted = per_hand * len(everything)
        print(f"    {probe.figures['ingest_wall']:.1f} s ingest + {probe.figures['wall']:.1f} s checks; "
              f"extrapolated to {len(everything):,} hands: {predicted:.0f} s per run", flush=True)
        if predicted > args.max_run:
            fit = max(args.probe, int(args.max_run / per_hand) // 1000 * 1000)
            chosen = everything[:fit]
            note = (f"auditor extrapolated to {predicted:.0f} s per run on all {len(everything):,} hands "
                    f"(> --max-run {args.max_run:.0f} s): both sides measured on the first {fit:,} hands")
            print(f"  {note}", flush=True)
    hands_list = write_list(chosen, "hands")
    pk = Measure(f"PokerKit load+replay, {len(chosen):,} files", "hands")
    au = Measure(f"auditor ingest+checks, {len(chosen):,} files", "hands")
    spent = 0.0
    for i in range(args.repeat):
        for m, kind in ((pk, "pokerkit"), (au, "auditor")):
            run = run_child(MODULE, [kind, *common, "--list", str(hands_list)], quiet=i > 0)
            m.runs.append(run)
            spent += run.wall_total
            f = run.figures
            if not run.ok:
                print(f"      {kind} run {i + 1} FAILED: {f['error']}", flush=True)
            elif kind == "pokerkit":
                print(f"      PokerKit run {i + 1}: {f['count']:,} hands in {f['wall']:.2f} s (cpu {f['cpu']:.2f}), "
                      f"{f['failed']} failed; peak RSS {run.maxrss_mb:.0f} MB", flush=True)
            else:
                many = (f"; of which executemany {f['executemany_s']:.2f} s for {f['executemany_rows']:,} rows"
                        if f["executemany_rows"] else "")
                print(f"      auditor run {i + 1}: ingest {f['ingest_wall']:.2f} s "
                      f"(PHH reader {f['ingest_read_s']:.2f} s), "
                      f"checks {f['wall']:.2f} s{many}; {f['count']:,} hands, {f['quarantined']} quarantined, "
                      f"findings {f['findings']}; peak RSS {run.maxrss_mb:.0f} MB", flush=True)
        if not (pk.runs[-1].ok and au.runs[-1].ok):
            break
        if spent > args.budget and i + 1 < args.repeat:
            note += ("; " if note else "") + f"{i + 1} run(s) only: over the {args.budget:.0f} s budget"
            print(f"      ({i + 1} run(s) only: over the {args.budget:.0f} s budget)", flush=True)
            break
    # Extra PokerKit runs on all hands when the side-by-side set is a subset: cheap, and the reference figure.
    pk_all = None
    if len(chosen) < len(everything):
        pk_all = Measure(f"PokerKit load+replay, {len(everything):,} files", "hands")
        repeat(pk_all, MODULE, ["pokerkit", *common, "--list", str(write_list(everything, "all"))],
               args.repeat, args.budget)
    return {"pk": pk, "au": au, "pk_all": pk_all, "note": note, "hands": len(chosen), "total": len(everything)}


def summarise_part1(r: dict) -> list[str]:
    if "pk" not in r:
        return [f"Part 1 not measured: {r}"]
    pk, au = r["pk"], r["au"]
    lines = []
    if not any(x.ok for x in au.runs) or not any(x.ok for x in pk.runs):
        return [f"Part 1 failed: {au.errors()[:1] or pk.errors()[:1]}"]
    n = au.count
    checks_ratio = pair_ratios(pk, au, "wall")
    e2e_ratio = pair_ratios(pk, au, "ingest_wall+wall")
    med = lambda xs: statistics.median(xs) if xs else float("nan")  # noqa: E731
    ing = au.median("ingest_wall")
    chk = au.median("wall")
    pkt = pk.median("wall")
    many = au.median("executemany_s")
    rows = [
        ["PokerKit: load + replay", fmt_count(pk.count),
         f"{pkt:.2f} ({pk.spread('wall')[0]:.2f}-{pk.spread('wall')[1]:.2f})",
         fmt_rate(pk.count / pkt), f"{pk.median('cpu'):.2f}", f"{pk.rss():.0f}", "1"],
        ["auditor: ingest (PHH -> DuckDB)", fmt_count(n),
         f"{ing:.2f} ({au.spread('ingest_wall')[0]:.2f}-{au.spread('ingest_wall')[1]:.2f})",
         fmt_rate(n / ing), f"{au.median('ingest_cpu'):.2f}", f"{au.median('ingest_peak_mb'):.0f}",
         f"{n / ing / (pk.count / pkt):.2f}"],
        ["auditor: checks (common profile)", fmt_count(n),
         f"{chk:.2f} ({au.spread('wall')[0]:.2f}-{au.spread('wall')[1]:.2f})",
         fmt_rate(n / chk), f"{au.median('cpu'):.2f}", f"{au.rss():.0f}", f"{med(checks_ratio):.2f}"],
        ["auditor: end to end", fmt_count(n), f"{ing + chk:.2f}", fmt_rate(n / (ing + chk)), "", f"{au.rss():.0f}",
         f"{med(e2e_ratio):.2f}"],
    ]
    lines.append(table(["Pluribus hands", "hands", "wall s (min-max)", "hands/s", "cpu s", "peak RSS MB",
                        "x PokerKit"], rows))
    lines.append(f"n = {len(au.values('wall'))} interleaved pair(s); 'x PokerKit' = median of per-pair ratios "
                 f"(checks: {', '.join(f'{x:.2f}' for x in checks_ratio)}; end to end: "
                 f"{', '.join(f'{x:.2f}' for x in e2e_ratio)})")
    if r["note"]:
        lines.append(f"Note: {r['note']}")
    if many > 0.05:
        lines.append(f"Diagnostic, not the measure: of the checks' {chk:.2f} s, {many:.2f} s were spent in "
                     f"`executemany` ({int(au.median('executemany_rows')):,} rows); without it the checks would run "
                     f"at {fmt_rate(n / max(chk - many, 1e-9))} hands/s = "
                     f"{n / max(chk - many, 1e-9) / (pk.count / pkt):.1f}x PokerKit.")
    lines.append(f"The PHH reader (parse + map, Python) took {au.median('ingest_read_s'):.2f} s of the ingest's "
                 f"{ing:.2f} s.")
    target = med(checks_ratio)
    lines.append(f"Target (checks >= {TARGET_RATIO}x PokerKit's hands/s): "
                 f"{'MET' if target >= TARGET_RATIO else 'NOT MET'} "
                 f"({target:.2f}x checks only, {med(e2e_ratio):.2f}x end to end)")
    if r.get("pk_all"):
        lines.append(r["pk_all"].line())
    return lines


# ================================================================================================ part 2 ========

def sim_profile(args: argparse.Namespace) -> str:
    return args.sim_profile or ("common" if args.sim_pluribus else "macau")


def sim_dir(args: argparse.Namespace) -> Path:
    kind = "pluribus" if args.sim_pluribus else f"sim-s{args.seed}-t{args.sim_tables}-h{args.sim_hands}"
    return OUT / "holdem" / kind


def ensure_sim_base(args: argparse.Namespace) -> dict:
    folder = sim_dir(args)
    info_path = folder / "base.json"
    if not info_path.exists():
        print(f"  preparing the base in {folder} (once; cached) ...", flush=True)
        folder.mkdir(parents=True, exist_ok=True)
        run = run_child(MODULE, ["setup-sim", "--dir", str(folder), "--seed", str(args.seed), "--tables",
                                 str(args.sim_tables), "--hands", str(args.sim_hands), "--threads", str(args.threads)]
                        + (["--pluribus"] if args.sim_pluribus else []))
        if not run.ok:
            raise SystemExit(f"hold'em base setup failed: {run.figures['error']}")
    return json.loads(info_path.read_text(encoding="utf-8"))


def ensure_sim_db(args: argparse.Namespace, copies: int) -> Path:
    folder = sim_dir(args)
    path = folder / f"db-c{copies}.duckdb"
    if path.exists():
        return path
    import duckdb
    print(f"  building {path.name} ({copies} copies of the base, in SQL) ...", flush=True)
    tmp = path.with_suffix(".tmp")
    tmp.unlink(missing_ok=True)
    con = duckdb.connect(str(tmp))
    con.execute(f"SET threads = {args.threads}")
    con.execute("SET TimeZone = 'UTC'")
    con.execute(f"ATTACH '{folder / 'base.duckdb'}' AS b (READ_ONLY)")
    with Timer() as t:
        for name in KEEP:
            con.execute(f"CREATE TABLE {name} AS SELECT * FROM b.{name} LIMIT 0")
        for copy in range(copies):
            s = f"-c{copy:03d}"
            con.execute(f"INSERT INTO events SELECT * REPLACE (table_id || '{s}' AS table_id, file || '{s}' AS file) "
                        f"FROM b.events")
            con.execute(f"INSERT INTO tables SELECT * REPLACE (table_id || '{s}' AS table_id, file || '{s}' AS file) "
                        f"FROM b.tables")
        con.execute("CHECKPOINT")
    rows = con.execute("SELECT count(*) FROM events").fetchall()[0][0]
    con.close()
    tmp.rename(path)
    print(f"    {rows:,} events in {t.wall:.1f} s, {path.stat().st_size / 2**20:.0f} MB", flush=True)
    return path


def simulated(args: argparse.Namespace) -> list[tuple[int, Measure]]:
    info = ensure_sim_base(args)
    print(f"\nPart 2: the rule set on {info['source']} hands replicated in SQL "
          f"(base: {info['hands']:,} hands at {info['tables']:,} tables, {info['events']:,} events, "
          f"{info['quarantined']} quarantined)", flush=True)
    out: list[tuple[int, Measure]] = []
    for copies in sorted({max(1, math.ceil(parse_size(s) / info["hands"])) for s in args.sim_sizes.split(",")}):
        size = copies * info["hands"]
        m = Measure(f"checks x{copies}", "hands")
        done = [x for _, x in out if any(r.ok for r in x.runs)]
        if done:
            predicted = done[-1].median("wall") * size / done[-1].count
            predicted_rss = done[-1].rss() * size / done[-1].count
            if predicted > args.max_run:
                m.note = f"skipped: extrapolated {predicted:.0f} s per run > --max-run {args.max_run:.0f}"
            elif predicted_rss > args.max_rss and not args.memory_limit:
                m.note = (f"skipped: extrapolated peak RSS {predicted_rss / 1024:.0f} GB > --max-rss "
                          f"{args.max_rss / 1024:.0f} GB (use --memory-limit)")
            if m.note:
                print(f"  {fmt_count(size)} hands: {m.note}", flush=True)
                out.append((copies, m))
                continue
        db = ensure_sim_db(args, copies)
        print(f"  checks on {fmt_count(size)} hands ({copies} cop{'y' if copies == 1 else 'ies'}):", flush=True)
        limit = ["--memory-limit", args.memory_limit] if args.memory_limit else []
        repeat(m, MODULE, ["checks", "--threads", str(args.threads), "--profile", sim_profile(args), *limit,
                           "--db", str(db)], args.repeat, args.budget)
        print(m.line(), flush=True)
        for r in m.runs[:1]:
            if r.ok:
                f = r.figures
                print(f"      findings {f['findings']}" + (f"; executemany {f['executemany_s']:.2f} s for "
                      f"{f['executemany_rows']:,} rows" if f["executemany_rows"] else ""), flush=True)
        out.append((copies, m))
    return out


# ====================================================================================================== main ====

def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--phh", default=str(PLURIBUS), help="folder of .phh files (default: the Pluribus hands)")
    p.add_argument("--hands", type=int, default=None, help="only the first N files (default: all)")
    p.add_argument("--repeat", type=int, default=3)
    p.add_argument("--threads", type=int, default=2)
    p.add_argument("--budget", type=float, default=300, help="stop repeating a measurement after this many seconds")
    p.add_argument("--max-run", type=float, default=300,
                   help="largest extrapolated single run (s) before a measurement is reduced or skipped")
    p.add_argument("--probe", type=int, default=1000, help="hands of the auditor's probe run (0: no probe)")
    p.add_argument("--sim-sizes", default="10k,100k,1M", help="simulated hands for part 2 (default 10k,100k,1M)")
    p.add_argument("--sim-tables", type=int, default=14)
    p.add_argument("--sim-hands", type=int, default=720, help="hands per table per day in the simulated base")
    p.add_argument("--sim-pluribus", action="store_true", help="part 2 on replicated Pluribus hands instead")
    p.add_argument("--sim-profile", default=None,
                   help="ruleset profile for part 2 (default: macau for the simulator's Macau tables, common for "
                        "Pluribus)")
    p.add_argument("--seed", type=int, default=2024)
    p.add_argument("--skip-pokerkit-side", action="store_true", help="skip part 1")
    p.add_argument("--skip-sim", action="store_true", help="skip part 2")
    p.add_argument("--memory-limit", default=None, help="DuckDB memory_limit for the part 2 checks (e.g. 8GB)")
    p.add_argument("--max-rss", type=float, default=round(total_memory_mb() * 0.6),
                   help="skip a part 2 size whose extrapolated peak RSS (MB) exceeds this (default: 60%% of the RAM); "
                        "not applied with --memory-limit")
    args = p.parse_args(argv)

    print(f"hold'em bench - {machine()}; {versions()}; threads={args.threads}", flush=True)
    part1 = {} if args.skip_pokerkit_side else side_by_side(args)
    part2 = [] if args.skip_sim else simulated(args)

    print("\n==== Results ====")
    if part1:
        print("\n".join(summarise_part1(part1)))
    if part2:
        rows = []
        for copies, m in part2:
            ok = any(r.ok for r in m.runs)
            lo, hi = m.spread("wall")
            rows.append([fmt_count(m.count) if ok else f"x{copies}",
                         f"{m.median('wall'):.2f} ({lo:.2f}-{hi:.2f})" if ok else (m.note or "FAILED"),
                         fmt_rate(m.rate()) if ok else "", f"{m.median('cpu'):.1f}" if ok else "",
                         f"{m.rss():.0f}" if ok else "", str(len(m.values("wall")))])
        print(f"\nSimulated hands, checks only ({sim_profile(args)} profile), data already in a DuckDB file:")
        print(table(["hands", "wall s (min-max)", "hands/s", "cpu s", "peak RSS MB", "n"], rows))
    payload: dict[str, object] = {"machine": machine(), "versions": versions(), "args": vars(args)}
    if part1 and "pk" in part1:
        payload["part1"] = {k: ([vars(r) | {"log": r.log[-2000:]} for r in v.runs] if isinstance(v, Measure) else v)
                            for k, v in part1.items()}
    payload["part2"] = [{"copies": c, "note": m.note, "runs": [vars(r) | {"log": r.log[-2000:]} for r in m.runs]}
                        for c, m in part2]
    print(f"\nraw results: {save('holdem', payload)}")


def child(argv: list[str]) -> None:
    p = argparse.ArgumentParser()
    p.add_argument("what", choices=("pokerkit", "auditor", "checks", "setup-sim"))
    p.add_argument("--list")
    p.add_argument("--db")
    p.add_argument("--dir")
    p.add_argument("--threads", type=int, default=2)
    p.add_argument("--seed", type=int, default=2024)
    p.add_argument("--tables", type=int)
    p.add_argument("--hands", type=int)
    p.add_argument("--pluribus", action="store_true")
    p.add_argument("--profile", default="common")
    p.add_argument("--memory-limit")
    a = p.parse_args(argv)
    {"pokerkit": child_pokerkit, "auditor": child_auditor, "checks": child_checks,
     "setup-sim": child_setup_sim}[a.what](a)


if __name__ == "__main__":
    if len(sys.argv) > 1 and sys.argv[1] == "--child":
        child(sys.argv[2:])
    else:
        main()
