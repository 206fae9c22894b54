"""``auditor validate``: read and check the logs as the audit does, without running any rule; for a casino wiring
its export to the log format."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import typer

from auditor.cli.app import app
from auditor.cli.formats import Format
from auditor.cli.progress import QUIET_HELP, VERBOSE_HELP, progress_display
from auditor.cli.run_facts import say_skipped
from auditor.engine.audit import connect, ingest_logs, quarantined_records
from auditor.ingest.discover import InputError
from auditor.ingest.readers import LOG_SUFFIXES
from auditor.model.outcome import ExitCode
from auditor.model.result import InputFile, QuarantinedRecord
from auditor.model.verdict import plural

EXIT_HELP = (
    "Exit codes: 0 every record of every file accepted; 2 a record quarantined, a file without any record, or a "
    "path that cannot be read (typer's 2 also for usage errors)."
)


def _report(inputs: list[InputFile], quarantine: list[QuarantinedRecord]) -> dict:
    """What ``validate`` found: per file, per reason, and every quarantined record (without its text)."""
    files = [{"file": i.path, "format": i.format, "records": i.records, "accepted": i.records - i.quarantined,
              "quarantined": i.quarantined} for i in sorted(inputs, key=lambda i: i.path)]
    reasons = Counter(q.reason for q in quarantine)
    return {
        "valid": not quarantine and all(f["records"] for f in files),
        "records": sum(f["records"] for f in files),
        "accepted": sum(f["accepted"] for f in files),
        "quarantined": len(quarantine),
        "files": files,
        "reasons": [{"reason": r, "records": n} for r, n in sorted(reasons.items(), key=lambda kv: (-kv[1], kv[0]))],
        "quarantine": [{"file": q.file, "line": q.line, "reason": q.reason} for q in quarantine],
    }


def _print_text(report: dict, show: int) -> None:
    for f in report["files"]:
        empty = "  (no record in the file)" if not f["records"] else ""
        typer.echo(f"{f['file']}: {plural(f['records'], 'record')}, {f['accepted']:,} accepted, "
                   f"{f['quarantined']:,} quarantined{empty}")
    typer.echo(f"{plural(len(report['files']), 'file')}, {plural(report['records'], 'record')}: "
               f"{report['accepted']:,} accepted, {report['quarantined']:,} quarantined.")
    if not report["quarantine"]:
        return
    typer.echo("\nquarantined records by reason:")
    for item in report["reasons"][:show]:
        typer.echo(f"{item['records']:>8,}  {item['reason']}")
    if len(report["reasons"]) > show:
        typer.echo(f"{'':>8}  ... and {plural(len(report['reasons']) - show, 'other reason')}")
    typer.echo(f"\nquarantined records ({min(show, report['quarantined']):,} of {report['quarantined']:,}):")
    for q in report["quarantine"][:show]:
        where = f"{q['file']}:{q['line']}" if q["line"] is not None else q["file"]
        typer.echo(f"{where}: {q['reason']}")


PATHS_HELP = f"Log files or folders, as for audit (searched recursively for {', '.join(LOG_SUFFIXES)})."


@app.command(epilog=EXIT_HELP)
def validate(
    paths: list[Path] = typer.Argument(..., help=PATHS_HELP, show_default=False),
    output_format: Format = typer.Option(Format.text, "--format", help="text for people; json for scripts (every "
                                                                       "quarantined record, on standard output)."),
    show: int = typer.Option(20, "--show", min=1, help="Text: the reasons and quarantined records listed at most."),
    quiet: bool = typer.Option(False, "--quiet", "-q", help=QUIET_HELP),
    verbose: bool = typer.Option(False, "--verbose", "-v", help=VERBOSE_HELP),
) -> None:
    """Check that logs can be audited: read every record and validate it exactly as audit does (format, fields,
    order of events, table configuration), without running any rule.

    Prints, per file, the records accepted and quarantined; then the quarantined records by reason and the first of
    them with file and line. Nothing is written to disk. A log that passes can still hold violations: that is what
    audit looks for."""
    con = connect()
    try:
        with progress_display(quiet, verbose) as progress:
            inputs, skipped = ingest_logs(paths, con, progress)
    except InputError as exc:
        typer.echo(f"error: {exc}", err=True)
        raise typer.Exit(ExitCode.INPUT_ERROR) from exc
    report = {**_report(inputs, quarantined_records(con)), "skipped": skipped}
    con.close()
    if output_format is Format.json:
        typer.echo(json.dumps(report, ensure_ascii=False, indent=2))
    else:
        _print_text(report, show)
    say_skipped(skipped, "all named by --format json (skipped)")
    raise typer.Exit(ExitCode.OK if report["valid"] else ExitCode.INPUT_ERROR)
