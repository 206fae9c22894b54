"""``auditor simulate baccarat``: a simulated baccarat day, optionally with planted violations and their labels."""

from __future__ import annotations

import time
from typing import Annotated

import typer

from auditor.cli.simulate import Day, Formats, Out, Overwrite, Seed, prepare, report, simulate_app


@simulate_app.command("baccarat")
def baccarat(
    out: Out,
    seed: Seed,
    tables: Annotated[int, typer.Option("--tables", min=1, help="Tables.")] = 4,
    shoes: Annotated[int, typer.Option("--shoes", min=1, help="Shoes per table.")] = 6,
    inject: Annotated[float, typer.Option(
        "--inject", min=0.0, max=1.0,
        help="Per coup, the probability of scheduling the next violation of a cycle through every enforced rule; "
             "each is planted at the first coup, shoe or table it fits and listed in DIR/labels.jsonl.")] = 0.0,
    formats: Formats = "jsonl",
    day: Day = "2024-05-01",
    overwrite: Overwrite = False,
) -> None:
    """A day of baccarat (Despacho n.º 55/2004): one log file per table, with real shoes, cut card, burns,
    demonstration coups, several players and correct settlements."""
    from auditor.sim.baccarat.run import simulate  # here: the simulators build tables at import

    chosen, when = prepare(out, formats, day, overwrite)
    started = time.perf_counter()
    summary = simulate(out, seed=seed, tables=tables, shoes=shoes, inject=inject, formats=chosen, day=when)
    report(f"{summary.coups} coups, {summary.events} events, {summary.labels} labels", started, summary.files)
