"""``auditor simulate holdem``: a simulated Texas Hold'em day, optionally with planted violations and their labels."""

from __future__ import annotations

import time
from typing import Annotated

import typer

from auditor.cli.simulate import Day, Formats, HandInject, Hands, Out, Overwrite, Seed, prepare, report, simulate_app


@simulate_app.command("holdem")
def holdem(
    out: Out,
    seed: Seed,
    tables: Annotated[int, typer.Option(
        "--tables", min=1,
        help="Tables; of every four: two no-limit cash tables (one short-handed), a fixed-limit cash table and a "
             "no-limit tournament table.")] = 4,
    hands: Hands = 250,
    inject: HandInject = 0.0,
    formats: Formats = "jsonl",
    day: Day = "2024-05-01",
    overwrite: Overwrite = False,
) -> None:
    """A day of Texas Hold'em (despacho of 18 January 2008): one log file per table, with players joining and
    leaving, the button moving, blinds, all-ins and side pots, split pots and rake."""
    from auditor.sim.holdem.run import simulate_holdem  # here: the simulators build tables at import

    chosen, when = prepare(out, formats, day, overwrite)
    started = time.perf_counter()
    summary = simulate_holdem(out, seed=seed, tables=tables, hands=hands, inject=inject, formats=chosen, day=when)
    report(f"{summary.hands} hands, {summary.events} events, {summary.labels} labels", started, summary.files)
