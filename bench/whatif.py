"""What-if measurements behind the proposals in bench/README.md. Nothing in auditor/ is changed: a proposal is tried
inside the measuring process only, by a setting or by running the query the auditor would run in another form.
(The first what-if, ``bac_events`` as a view instead of an in-memory TEMP TABLE copy of the day, was adopted in
commit 95eff5d.)

    .venv/bin/python -m bench.whatif bac-limit [--copies 10] [--limit 2GB]   # baccarat: checks under a memory_limit
    .venv/bin/python -m bench.whatif holdem-stream [--copies 10]  # hold'em: one global ORDER BY vs one query per table

Each variant runs in a fresh process (peak RSS from wait4); the databases are those the benches built
(bench/out/baccarat/base-*/db-c<copies>.duckdb, bench/out/holdem/sim-*/db-c<copies>.duckdb): run the benches first.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    __package__ = "bench"

from bench.common import OUT, Timer, fmt_rate, report, run_child

MODULE = "bench.whatif"
KEEP = ("events", "tables", "quarantine")


def _fresh(con) -> None:
    for (name, kind) in con.execute(
            "SELECT table_name, 'TABLE' FROM duckdb_tables() WHERE database_name = current_database() "
            "UNION ALL SELECT view_name, 'VIEW' FROM duckdb_views() WHERE NOT internal "
            "AND database_name = current_database()").fetchall():
        if name not in KEEP:
            con.execute(f'DROP {kind} IF EXISTS "{name}"')
    con.execute("CHECKPOINT")


def child_bac(a: argparse.Namespace) -> None:
    """run_checks on the baccarat database, optionally under a DuckDB ``memory_limit``."""
    import auditor.engine.audit as audit
    from auditor.engine.ruleset import load_rulesets

    con = audit.connect(Path(a.db), 2)
    _fresh(con)
    if a.limit:
        con.execute(f"SET memory_limit = '{a.limit}'")
    coups = con.execute("SELECT count(*) FROM events WHERE event = 'coup_start'").fetchone()[0]
    with Timer() as t:
        audit.run_checks(con, load_rulesets())
    findings = con.execute("SELECT count(*) FROM findings").fetchone()[0]
    coverage = con.execute("SELECT sum(units)::BIGINT, count(*) FROM coverage").fetchone()
    report(wall=t.wall, cpu=t.cpu, count=coups, findings=findings, coverage=list(coverage))


def child_stream(a: argparse.Namespace) -> None:
    """Read the hold'em events in replay order: one sorted query (as replay.py does) or one query per table."""
    from auditor.engine.audit import connect
    from auditor.games.holdem.replay import COLUMNS

    con = connect(Path(a.db), 2)
    columns = ", ".join(COLUMNS)
    rows = 0
    with Timer() as t:
        if a.variant == "global":
            for batch in con.sql(f"SELECT {columns} FROM events WHERE game = 'holdem' AND hand_id IS NOT NULL "
                                 "ORDER BY table_id, seq").to_arrow_reader(1 << 16):
                rows += batch.num_rows
        else:
            tables = [t for (t,) in con.execute(
                "SELECT table_id FROM tables WHERE game = 'holdem' ORDER BY table_id").fetchall()]
            for table_id in tables:
                for batch in con.sql(f"SELECT {columns} FROM events WHERE table_id = $t AND game = 'holdem' "
                                     "AND hand_id IS NOT NULL ORDER BY seq", params={"t": table_id}
                                     ).to_arrow_reader(1 << 16):
                    rows += batch.num_rows
    report(wall=t.wall, cpu=t.cpu, count=rows)


def _db(kind: str, copies: int) -> Path:
    folder = OUT / kind
    found = sorted(folder.glob(f"*/db-c{copies}.duckdb"))
    if not found:
        sys.exit(f"no {folder}/*/db-c{copies}.duckdb: run the {kind} bench at that size first")
    return found[0]


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("what", choices=("bac-limit", "holdem-stream"))
    p.add_argument("--copies", type=int, default=10)
    p.add_argument("--limit", default="2GB")
    p.add_argument("--repeat", type=int, default=1)
    a = p.parse_args()
    if a.what == "holdem-stream":
        db = _db("holdem", a.copies)
        variants = [("global", ["stream", "--variant", "global"]), ("per-table", ["stream", "--variant", "per-table"])]
    else:
        db = _db("baccarat", a.copies)
        variants = [("default memory_limit", ["bac", "--variant", "as-is"]),
                    (f"memory_limit {a.limit}", ["bac", "--variant", "as-is", "--limit", a.limit])]
    print(f"{a.what} on {db}")
    for i in range(a.repeat):
        for label, args in variants:
            run = run_child(MODULE, [*args, "--db", str(db)], quiet=True)
            f = run.figures
            if not run.ok:
                print(f"  {label}: FAILED {f['error']}")
                continue
            extra = {k: f[k] for k in ("findings", "coverage") if k in f}
            print(f"  {label:22s} {f['wall']:7.2f} s (cpu {f['cpu']:.1f}), {fmt_rate(f['count'] / f['wall'])}/s, "
                  f"peak RSS {run.maxrss_mb:.0f} MB {extra}", flush=True)


def child(argv: list[str]) -> None:
    p = argparse.ArgumentParser()
    p.add_argument("what", choices=("bac", "stream"))
    p.add_argument("--variant")
    p.add_argument("--db")
    p.add_argument("--limit")
    a = p.parse_args(argv)
    (child_bac if a.what == "bac" else child_stream)(a)


if __name__ == "__main__":
    if len(sys.argv) > 1 and sys.argv[1] == "--child":
        child(sys.argv[2:])
    else:
        started = time.perf_counter()
        main()
        print(f"({time.perf_counter() - started:.0f} s)")
