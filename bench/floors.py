"""Floors: what the irreducible passes of each game cost on this machine, beside the issues' speed targets.

    .venv/bin/python -m bench.floors                 # both games, 3 repeats (~3 min once the baccarat data exists)
    .venv/bin/python -m bench.floors --game holdem

A floor is work that any audit of the whole rule set must do, and nothing else:
- baccarat (the 1,062,760-coup day of ``bench.baccarat``, a DuckDB file, 2 threads): reading the events once;
  one aggregate per coup; pairing each coup's bets with their settlements by bet key (what every payout and
  commission rule needs: docs/log-format.md allows several bets and settlements of one key); that pairing with one
  comparison per bet. The target budget is the coups at 1,000,000 coups/s.
- hold'em (the 10,000 Pluribus hands, ingested untimed): the events streamed from DuckDB into Python and touched by
  nothing; the strict replay into hand records with no rule asked. The budget is PokerKit's time (load + replay, in
  the same run) divided by 20.
Each floor is the median of ``--repeat`` runs in one fresh process; the whole rule set is measured in the same run
(``bench.baccarat``'s and ``bench.holdem``'s children) so that the ratios meet the same machine load.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    __package__ = "bench"

from bench.common import Measure, fmt_count, machine, repeat, report, run_child, save, table, versions

MODULE = "bench.floors"

BACCARAT_FLOORS = {
    "read the events once": "SELECT count(*), sum(amount), count(card), count(player) FROM events",
    "one aggregate per coup": """SELECT count(*) FROM (SELECT hand_key, count(*) AS n,
        count(*) FILTER (WHERE event = 'bet') AS bets, sum(payout) FILTER (WHERE event = 'settle') AS paid
        FROM events GROUP BY hand_key)""",
    "bets paired with their settlements": """SELECT count(*) FROM (SELECT hand_key, player, spot, bet_type,
        sum(amount) FILTER (WHERE event = 'bet') AS stake, sum(payout) FILTER (WHERE event = 'settle') AS paid
        FROM events WHERE event IN ('bet', 'settle') GROUP BY ALL)""",
    "... and one comparison per bet": """SELECT count(*) FILTER (WHERE paid <> stake) FROM (SELECT hand_key, player,
        spot, bet_type, sum(amount) FILTER (WHERE event = 'bet') AS stake,
        sum(payout) FILTER (WHERE event = 'settle') AS paid
        FROM events WHERE event IN ('bet', 'settle') GROUP BY ALL)""",
}


def _median_time(work, times: int) -> float:
    spent = []
    for _ in range(times):
        started = time.perf_counter()
        work()
        spent.append(time.perf_counter() - started)
    return statistics.median(spent)


def child_baccarat(a: argparse.Namespace) -> None:
    import duckdb

    con = duckdb.connect(a.db, read_only=True)
    con.execute(f"SET threads = {a.threads}")
    coups = con.execute("SELECT count(*) FROM events WHERE event = 'coup_start'").fetchall()[0][0]
    con.execute(BACCARAT_FLOORS["read the events once"]).fetchall()  # warm the file cache, as the checks' own runs are
    floors = {name: _median_time(lambda q=q: con.execute(q).fetchall(), a.repeat)
              for name, q in BACCARAT_FLOORS.items()}
    report(count=coups, floors=floors)


def child_holdem(a: argparse.Namespace) -> None:
    from auditor.engine.audit import connect, run_checks
    from auditor.engine.ruleset import load_rulesets
    from auditor.games.holdem.replay import events, replay
    from auditor.ingest.discover import discover
    from auditor.ingest.load import ingest

    files = [Path(x) for x in Path(a.list).read_text(encoding="utf-8").split()]
    con = connect(None, a.threads)
    ingest(con, discover(files))
    rulesets = load_rulesets(profile="common")
    holdem = rulesets["holdem"]
    hands = con.execute("SELECT count(*) FROM events WHERE event = 'hand_start'").fetchall()[0][0]
    floors = {
        "events streamed into Python": _median_time(lambda: sum(1 for _ in events(con, 1 << 16)), a.repeat),
        "strict replay, no rule": _median_time(lambda: sum(1 for _ in replay(con, holdem)), a.repeat),
    }
    started = time.perf_counter()
    run_checks(con, rulesets)
    report(count=hands, floors=floors, checks=time.perf_counter() - started)


def _baccarat(args: argparse.Namespace) -> list[list[str]]:
    from bench import baccarat

    data = argparse.Namespace(seed=2024, base_tables=100, base_shoes=14, threads=args.threads)
    base = baccarat.ensure_base(data)
    db = baccarat.ensure_db(data, baccarat.copies_for(1_000_000, base["coups"]))
    floors = run_child(MODULE, ["baccarat", "--db", str(db), "--threads", str(args.threads),
                                "--repeat", str(args.repeat)])
    if not floors.ok:
        sys.exit(f"baccarat floors failed: {floors.figures['error']}")
    checks = repeat(Measure("baccarat checks", "coups"), baccarat.MODULE,
                    ["checks", "--threads", str(args.threads), "--source", "file", "--db", str(db)],
                    args.repeat, budget=600)
    coups = floors.figures["count"]
    budget = coups / baccarat.TARGET_CHECKS
    rows = [[name, f"{s:.2f}", f"{s / budget:.2f}"] for name, s in floors.figures["floors"].items()]
    rows.append(["the whole rule set (run_checks)", f"{checks.median('wall'):.2f}",
                 f"{checks.median('wall') / budget:.2f}"])
    print(f"\nbaccarat: {fmt_count(coups)} coups; budget at 1,000,000 coups/s: {budget:.2f} s")
    return rows


def _holdem(args: argparse.Namespace) -> list[list[str]]:
    from bench import holdem

    hand_list = holdem.write_list(holdem.phh_files(holdem.PLURIBUS, None), "floors")
    pokerkit = Measure("PokerKit load + replay", "hands")
    runs = []
    for i in range(args.repeat):  # interleaved: PokerKit, auditor, PokerKit, ...
        pokerkit.runs.append(run_child(holdem.MODULE, ["pokerkit", "--list", str(hand_list)], quiet=i > 0))
        runs.append(run_child(MODULE, ["holdem", "--list", str(hand_list), "--threads", str(args.threads),
                                       "--repeat", "1"], quiet=i > 0))
    if not all(r.ok for r in runs) or not any(r.ok for r in pokerkit.runs):
        sys.exit("hold'em floors failed: " + "; ".join(r.figures.get("error", "") for r in runs + pokerkit.runs))
    budget = pokerkit.median("wall") / holdem.TARGET_RATIO
    names = list(runs[0].figures["floors"])
    rows = [[name, f"{statistics.median(r.figures['floors'][name] for r in runs):.2f}"] for name in names]
    rows.append(["the whole rule set (run_checks)", f"{statistics.median(r.figures['checks'] for r in runs):.2f}"])
    for row in rows:
        row.append(f"{float(row[1]) / budget:.2f}")
    print(f"\nhold'em: {fmt_count(runs[0].figures['count'])} hands; PokerKit {pokerkit.median('wall'):.2f} s; "
          f"budget at 20x PokerKit: {budget:.2f} s")
    return rows


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--game", choices=("both", "baccarat", "holdem"), default="both")
    p.add_argument("--repeat", type=int, default=3, help="runs per floor (default 3)")
    p.add_argument("--threads", type=int, default=2, help="DuckDB threads (default 2)")
    args = p.parse_args(argv)
    print(f"floors - {machine()}; {versions()}; threads={args.threads}", flush=True)
    results = {}
    for game, measure in (("baccarat", _baccarat), ("holdem", _holdem)):
        if args.game in ("both", game):
            rows = measure(args)
            print(table(["pass", "wall s (median)", "x the target's budget"], rows))
            results[game] = rows
    print(f"\nraw results: {save('floors', results)}")


def child(argv: list[str]) -> None:
    p = argparse.ArgumentParser()
    p.add_argument("what", choices=("baccarat", "holdem"))
    p.add_argument("--db")
    p.add_argument("--list")
    p.add_argument("--threads", type=int, default=2)
    p.add_argument("--repeat", type=int, default=3)
    a = p.parse_args(argv)
    {"baccarat": child_baccarat, "holdem": child_holdem}[a.what](a)


if __name__ == "__main__":
    if sys.argv[1:2] == ["--child"]:
        child(sys.argv[2:])
    else:
        main()
