"""Five-card stud beside Texas Hold'em: ``auditor audit --no-pdf`` on a simulated day of each, of the same size.

    .venv/bin/python -m bench.stud                            # 16 tables x 720 hands of each game, 5 pairs (~5 min)
    .venv/bin/python -m bench.stud --tables 4 --hands 250 --repeat 3

Issue 12's target: a stud day audits at no fewer hands per second than a hold'em day of the same size. Both days
are written by ``auditor simulate stud|holdem`` with the same seed, tables and hands per table (JSON Lines, one file
per table, cached under bench/out/stud/), so they hold the same number of hands (counted: ``hand_start`` events).
Each audit is the whole command in a fresh process, as a user runs it (``bench.e2e``'s), stud and hold'em alternately
(stud, hold'em, stud, ...) so that both meet the same load. Reported: each game's hands per second (median, min-max;
of wall time and of CPU time, every thread), and stud's hands/s over hold'em's, pair by pair (median, min-max); the
target is a ratio of at least 1. An audit must exit 0 or 1 (every stud rule has its checker).
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    __package__ = "bench"

from bench.common import OUT, code_state, machine, save, table, versions
from bench.e2e import audit_command, simulated_day, spread, timed

GAMES = ("stud", "holdem")
DATA = OUT / "stud"


def hands_in(folder: Path) -> int:
    """Hands of a simulated day: its ``hand_start`` events (the simulator writes compact JSON Lines)."""
    return sum(path.read_text(encoding="utf-8").count('"event":"hand_start"') for path in folder.glob("*.jsonl"))


def measure(folders: dict[str, Path], repeat: int, threads: int) -> dict[str, list[dict]]:
    """``repeat`` rounds of one audit of each game, in the order of ``GAMES``."""
    runs: dict[str, list[dict]] = {game: [] for game in GAMES}
    with tempfile.TemporaryDirectory(prefix="bench-stud-") as tmp:
        for i in range(repeat):
            for game in GAMES:
                run = timed(audit_command(folders[game], Path(tmp) / game, threads))
                if run["rc"] not in (0, 1):
                    print(f"  {game} run {i + 1} FAILED (exit {run['rc']}):\n{run['tail']}", flush=True)
                    return runs
                runs[game].append(run)
                print(f"  {game} run {i + 1}: {run['wall']:.2f} s (cpu {run['cpu']:.2f}, {run['rss_mb']:.0f} MB, "
                      f"exit {run['rc']}); load {os.getloadavg()[0]:.1f}", flush=True)
    return runs


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--tables", type=int, default=16, help="tables of each day (default 16)")
    p.add_argument("--hands", type=int, default=720, help="hands per table (default 720)")
    p.add_argument("--repeat", type=int, default=5, help="pairs of audits (default 5)")
    p.add_argument("--threads", type=int, default=2)
    p.add_argument("--seed", type=int, default=7)
    args = p.parse_args(argv)
    print(f"stud beside hold'em - {machine()}; {versions()}; threads={args.threads}", flush=True)
    options = ["--tables", str(args.tables), "--hands", str(args.hands)]
    folders = {game: simulated_day(DATA / f"{game}-s{args.seed}-t{args.tables}-h{args.hands}", game, "jsonl", options,
                                   args.seed) for game in GAMES}
    hands = {game: hands_in(folder) for game, folder in folders.items()}
    print(f"  days: {', '.join(f'{game} {hands[game]:,} hands in {folders[game]}' for game in GAMES)}", flush=True)
    runs = measure(folders, args.repeat, args.threads)
    pairs = min(len(runs[game]) for game in GAMES)
    if not pairs:
        raise SystemExit("no pair measured")
    rate = {(game, key): [hands[game] / run[key] for run in runs[game][:pairs]] for game in GAMES
            for key in ("wall", "cpu")}
    rows = [[game, f"{hands[game]:,}", spread([run["wall"] for run in runs[game][:pairs]]),
             spread(rate[game, "wall"], 0), spread([run["cpu"] for run in runs[game][:pairs]]),
             spread(rate[game, "cpu"], 0)] for game in GAMES]
    ratios = {key: [s / h for s, h in zip(rate["stud", key], rate["holdem", key])] for key in ("wall", "cpu")}
    print()
    print(table(["day", "hands", "wall s", "hands/s (wall)", "CPU s", "hands/s (CPU)"], rows))
    print(f"\nstud's hands/s over hold'em's, {pairs} interleaved pair(s), median (min-max): wall "
          f"{spread(ratios['wall'])}, CPU {spread(ratios['cpu'])}; target >= 1")
    path = save("stud", {"machine": machine(), "versions": versions(), "commit": code_state(), "args": vars(args),
                         "hands": hands, "runs": runs})
    print(f"\nraw figures: {path}")


if __name__ == "__main__":
    main()
