"""``auditor nightly``: the nightly batch check of an inbox into a catalog (auditor/nightly/, docs/nightly.md)."""

from __future__ import annotations

import resource
import time
from datetime import date, timedelta
from pathlib import Path
from typing import TYPE_CHECKING

import duckdb
import typer

from auditor.cli.app import app
from auditor.cli.audit import _signing_passphrase
from auditor.cli.common import load_rulesets_or_exit
from auditor.cli.progress import QUIET_HELP, STARTED, progress_display
from auditor.cli.run_facts import now, run_facts, say_skipped
from auditor.ingest.discover import InputError
from auditor.model.outcome import ExitCode

if TYPE_CHECKING:
    from auditor.nightly.run import NightOutcome

NIGHTLY_EXIT_CODES = (
    "Exit codes (the most serious of the gaming days reported by this run): 0 no violation found; 1 violations "
    "found; 4 incomplete (a file without accepted record, quarantined records, a game without checkers...); 2 input "
    "error: an inbox file holding another content under a name already taken in, or a rotated, backup or "
    "compressed copy of a log (either is refused, every night, the other files taken in), an inbox, "
    "catalog or file that cannot be read, a --dask scheduler out of reach, another nightly run on the catalog, or "
    "out of memory; 3 the auditor itself failed (a bug): run it again after the fix, the catalog is as the last "
    "complete run left it. A run that finds nothing new changes nothing (but the files named as no log) and exits 0."
)


def _gaming_day(value: str | None) -> str:
    if value is None:
        return (date.today() - timedelta(days=1)).isoformat()
    try:
        if len(value) == 10:
            return date.fromisoformat(value).isoformat()
    except ValueError:
        pass
    raise typer.BadParameter(f"{value!r} is not a date written YYYY-MM-DD")


@app.command(epilog=NIGHTLY_EXIT_CODES)
def nightly(
    catalog: Path = typer.Option(..., "--catalog", help="The catalog folder (made on the first run): the log files "
                                 "taken in, their events by partition, every finding with the run that found it, "
                                 "and reports/<DAY>/, the report folder of each gaming day."),
    inbox: Path = typer.Option(..., "--inbox", help="Folder of log files to take in (searched recursively). A "
                               "file in a top-level folder named YYYY-MM-DD belongs to that gaming day; any other "
                               "to --date. Files already taken in (by content) are skipped; a file that is no log "
                               "is named (standard error) the first night it is found, and in its day's report."),
    day: str = typer.Option(None, "--date", callback=_gaming_day, show_default="yesterday",  # None: yesterday
                            help="The gaming day of this run (YYYY-MM-DD): of inbox files outside a dated "
                                 "folder, and the run's name (DAY.N)."),
    workers: int = typer.Option(1, "--workers", min=1, help="Processes auditing partitions (game, day, range of "
                                                            "tables) side by side on this machine."),
    dask: str | None = typer.Option(None, "--dask", help="Send the partition audits to this Dask scheduler "
                                    "(tcp://HOST:8786) instead; its workers must see the catalog at the same path."),
    sign: Path | None = typer.Option(None, "--sign", help="Sign each report with this PKCS#12 key (passphrase from "
                                                          "AUDITOR_KEY_PASSPHRASE, or a prompt at a terminal)."),
    examples: int = typer.Option(20, "--examples", min=1, help="Findings shown per rule in each PDF."),
    no_pdf: bool = typer.Option(False, "--no-pdf", help="Write the findings files of each day only."),
    quiet: bool = typer.Option(False, "--quiet", "-q", help=QUIET_HELP),
    verbose: bool = typer.Option(False, "--verbose", "-v", help="A line per stage, with the time since the start "
                                                                "and the CPU time used (this process and its ended "
                                                                "workers), on standard error: for a log."),
) -> None:
    """Take the new log files of an inbox into a catalog, audit the gaming days they change, keep every finding's
    history, and write each changed day's report folder (CATALOG/reports/DAY, replaced as a whole).

    Safe to run again after a crash, or twice: files are taken in once, the catalog changes in one step per run.
    See docs/nightly.md."""
    # The nightly machinery is loaded when this command runs, not by every command of the auditor.
    from auditor.nightly.catalog import CatalogError
    from auditor.nightly.executors import ClusterError
    from auditor.nightly.run import NightOptions, run_night
    from auditor.report.folder_lock import FolderBusy

    rulesets = load_rulesets_or_exit()
    passphrase, signer = _signing_passphrase(sign) if sign else (None, None)
    started = now()
    options = NightOptions(catalog, inbox, day, workers, dask, not no_pdf,
                           (sign, passphrase) if sign and passphrase is not None else None, examples)

    def facts(gaming_day: str, out: Path) -> dict:
        return {**run_facts(started, [inbox], out, db=None, threads=None, memory_limit=None),
                "catalog": str(catalog), "gaming_day": gaming_day, **({"signer": signer} if signer else {})}

    try:
        with progress_display(quiet) as progress:
            def tasks_done(total: int):
                progress.start("auditing", total)
                return lambda: progress.step("partitions")

            outcome = run_night(options, rulesets, facts, tasks_done, log=_stage_lines if verbose else lambda _: None)
    except (InputError, CatalogError, ClusterError) as exc:
        typer.echo(f"error: {exc}", err=True)
        raise typer.Exit(ExitCode.INPUT_ERROR) from exc
    except FolderBusy as exc:
        typer.echo(f"error: another nightly run holds {catalog} ({exc}); wait for it to end", err=True)
        raise typer.Exit(ExitCode.INPUT_ERROR) from exc
    except duckdb.OutOfMemoryException as exc:
        typer.echo(f"error: out of memory ({str(exc).splitlines()[0]}); the catalog is as it was", err=True)
        raise typer.Exit(ExitCode.INPUT_ERROR) from exc
    _tell(outcome, catalog)
    raise typer.Exit(outcome.exit_code)


def _stage_lines(text: str) -> None:
    used = [resource.getrusage(who) for who in (resource.RUSAGE_SELF, resource.RUSAGE_CHILDREN)]
    cpu = sum(u.ru_utime + u.ru_stime for u in used)
    typer.echo(f"{time.monotonic() - STARTED:8.1f}s  (CPU {cpu:6.1f}s)  {text}", err=True)


def _tell(outcome: NightOutcome, catalog: Path) -> None:
    for note in outcome.notes:
        typer.echo(f"note: {note}", err=True)
    for conflict in outcome.conflicts:
        typer.echo(f"refused: {conflict}", err=True)
    say_skipped([{"file": s.inbox_name, "why": s.why} for s in outcome.skipped],
                "all in the catalog (table not_read)")
    if outcome.run:
        typer.echo(f"run {outcome.run}: {len(outcome.taken)} new file(s) taken in, {outcome.seen} already in the "
                   "catalog")
    else:
        typer.echo(f"nothing new: {outcome.seen} file(s) already in the catalog")
    for day, result in outcome.reports.items():
        typer.echo(f"{day}: {result.verdict.status}; {result.violations} violation(s), {result.warnings} "
                   f"warning(s); {len(result.quarantine)} quarantined -> {catalog / 'reports' / day}")
        for reason in result.verdict.reasons:
            typer.echo(f"  {result.verdict.status}: {reason.message}", err=True)
