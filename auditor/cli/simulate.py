"""``auditor simulate <game>``: write realistic logs, optionally with planted violations and their labels.

The group and the options every game shares; each game's command is in the module its catalog entry names
(``games/catalog.py``)."""

from __future__ import annotations

import time
from datetime import date
from pathlib import Path
from typing import Annotated

import typer

from auditor.cli.app import app

simulate_app = typer.Typer(help="Generate realistic table-game logs (for demos, tests and benchmarks).",
                           no_args_is_help=True)
app.add_typer(simulate_app, name="simulate")

# The options every game's command shares.
Formats = Annotated[str, typer.Option(
    "--format", help="jsonl, csv or parquet; a comma-separated list is used table by table in turn.")]
Day = Annotated[str, typer.Option("--date", help="The day simulated (YYYY-MM-DD).")]
Out = Annotated[Path, typer.Option("--out", help="Directory to write DIR/<table_id>.<format> (and labels.jsonl).")]
Seed = Annotated[int, typer.Option("--seed", help="Same seed and options: byte-identical files.")]
Hands = Annotated[int, typer.Option("--hands", min=1, help="Hands per table.")]
HandInject = Annotated[float, typer.Option(
    "--inject", min=0.0, max=1.0,
    help="Per hand, the probability of scheduling the next violation of a cycle through every enforced rule; "
         "each is planted in the first hand (or table) it fits and listed in DIR/labels.jsonl.")]
Overwrite = Annotated[bool, typer.Option(
    "--overwrite", help="First delete the *.jsonl, *.csv and *.parquet files already in DIR.")]


def prepare(out: Path, formats: str, day: str, overwrite: bool) -> tuple[tuple[str, ...], date]:
    """Check --format and --date, and clear (with --overwrite) or refuse a DIR that already holds logs."""
    from auditor.sim.writers import FORMATS

    chosen = tuple(name.strip() for name in formats.split(","))
    if not set(chosen) <= set(FORMATS):
        raise typer.BadParameter(f"choose among {', '.join(FORMATS)}", param_hint="--format")
    try:
        when = date.fromisoformat(day)
    except ValueError as error:
        raise typer.BadParameter(str(error), param_hint="--date") from error
    existing = sorted(p for p in out.glob("*") if p.suffix in (".jsonl", ".csv", ".parquet")) if out.is_dir() else []
    if existing and not overwrite:
        raise typer.BadParameter(f"{out} already holds log files ({existing[0].name}, ...); use --overwrite",
                                 param_hint="--out")
    for path in existing:
        path.unlink()
    return chosen, when


def report(what: str, started: float, files: list[Path]) -> None:
    typer.echo(f"{what} in {time.perf_counter() - started:.1f} s")
    for path in files:
        typer.echo(f"  {path}")
