"""``auditor simulate stud``: a simulated five-card stud day, optionally with planted violations and their labels."""

from __future__ import annotations

import time
from typing import Annotated

import typer

from auditor.cli.simulate import Day, Formats, HandInject, Hands, Out, Overwrite, Seed, prepare, report, simulate_app


@simulate_app.command("stud")
def stud(
    out: Out,
    seed: Seed,
    tables: Annotated[int, typer.Option(
        "--tables", min=1, help="Tables; ante 20 and ante 100 in turn, from two or three players up to seven.")] = 4,
    hands: Hands = 250,
    inject: HandInject = 0.0,
    formats: Formats = "jsonl",
    day: Day = "2024-05-01",
    overwrite: Overwrite = False,
) -> None:
    """A day of five-card stud (Portaria n.º 104/85/M): one log file per table, with buy-ins, top-ups and players
    coming and going, packs of 40 cards changed every ten hands at most, antes and the first rake, the open-card
    order of play, all-ins and side pots, the 4% rake, time-outs and showdowns."""
    from auditor.sim.stud.run import simulate_stud  # here: the simulators build tables at import

    chosen, when = prepare(out, formats, day, overwrite)
    started = time.perf_counter()
    summary = simulate_stud(out, seed=seed, tables=tables, hands=hands, inject=inject, formats=chosen, day=when)
    labels = f", {summary.labels} labels" if inject else ""
    report(f"{summary.hands} hands, {summary.events} events{labels}", started, summary.files)
