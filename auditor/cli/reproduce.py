"""``auditor reproduce``: run a recorded audit again on the logs given, with the options it recorded, and say whether
it gives the same outputs. Nothing is written: the re-run's outputs are compared in memory."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from auditor import __version__
from auditor.cli.app import app
from auditor.cli.common import load_rulesets_or_exit, params_set
from auditor.cli.progress import progress_display
from auditor.engine.audit import audit, connect
from auditor.ingest.discover import InputError
from auditor.model.outcome import ExitCode
from auditor.model.result import AuditResult
from auditor.report.recorded import Recorded, RecordError, read_recorded
from auditor.report.reproduce import Part, compare, refusals

DIFFERS = 1  # the re-run does not give the recorded outputs
EXIT_CODES_HELP = (
    "Exit codes: 0 identical; 1 differs (each part that differs is named, with its first differing entries); 2 input "
    "error: the report, folder or logs cannot be read, or this auditor or a ruleset is not the one the audit used "
    "(said which); typer's 2 also for usage errors."
)


def _fail(message: str) -> typer.Exit:
    typer.echo(f"error: {message}", err=True)
    return typer.Exit(ExitCode.INPUT_ERROR)


def _rerun(recorded: Recorded, logs: list[Path], quiet: bool) -> AuditResult:
    """The recorded audit run again on ``logs``, or exit 2 saying why it cannot be."""
    options = recorded.options
    params = [f"{key}={value}" for key, value in sorted(options.params.items())]
    rulesets = load_rulesets_or_exit(options.profile, params)
    problems = refusals(recorded.manifest, __version__, rulesets)
    if problems:
        for problem in problems:
            typer.echo(f"refused: {problem}", err=True)
        raise typer.Exit(ExitCode.INPUT_ERROR)
    con = connect()
    try:
        with progress_display(quiet) as progress:
            result, con = audit(logs, rulesets, con=con, strict=options.strict, max_quarantined=options.max_quarantined,
                                params=params_set(rulesets, params), progress=progress,
                                expected_tables=options.expected_tables)
    except InputError as exc:
        raise _fail(str(exc)) from exc
    finally:
        con.close()
    return result


def _print(parts: list[Part]) -> None:
    width = max(len(part.name) for part in parts)
    for part in parts:
        first, *rest = part.lines
        typer.echo(f"{part.name:<{width}}  {'identical' if part.identical else 'DIFFERS':<9}  {first}")
        for line in rest:
            typer.echo(f"{'':<{width}}  {'':<9}    {line}")


@app.command(context_settings={"allow_extra_args": True}, epilog=EXIT_CODES_HELP)
def reproduce(
    ctx: typer.Context,
    record: Annotated[Path, typer.Argument(metavar="REPORT.pdf", help="The audit's report, or for an audit written "
                                           "with --no-pdf its findings folder (or that folder's manifest.json).")],
    logs: Annotated[list[Path], typer.Option("--logs", metavar="PATH", help="The logs, given as they were given to "
                                             "the audit (files are named below the folder they make). Takes several "
                                             "paths: --logs a b c.")],
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="No progress display.")] = False,
) -> None:
    """Run a recorded audit again on the logs, with the options its manifest records, and compare.

    Refuses (exit 2) when this auditor's version or a ruleset file differs from the one the audit used. Compares,
    byte for byte: the inputs (each log's name, size, hash and counts), findings.json, quarantine.json,
    summary.json, and the rest of the manifest less its run object (when, where and from which paths the audit
    ran). Prints 'identical', or each part that differs with its first differing entries. Writes nothing."""
    try:
        recorded = read_recorded(record)
        result = _rerun(recorded, [*logs, *map(Path, ctx.args)], quiet)
    except RecordError as exc:
        raise _fail(str(exc)) from exc
    parts = compare(recorded, result)
    _print(parts)
    differing = [part.name for part in parts if not part.identical]
    typer.echo(f"differs: {', '.join(differing)}" if differing else "identical")
    raise typer.Exit(DIFFERS if differing else ExitCode.OK)
