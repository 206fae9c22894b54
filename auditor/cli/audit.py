"""``auditor audit``: the main job."""

from __future__ import annotations

import re
from pathlib import Path
from typing import cast

import duckdb
import typer

from auditor.cli.app import app
from auditor.cli.common import load_rulesets_or_exit, params_set
from auditor.cli.formats import Format, print_outcome, write_junit_or_exit
from auditor.cli.outputs import claim_out_or_exit, publish_or_exit
from auditor.cli.progress import QUIET_HELP, VERBOSE_HELP, progress_display
from auditor.cli.run_facts import now, run_facts, say_skipped
from auditor.engine.audit import audit as run_audit
from auditor.engine.audit import connect
from auditor.engine.table_coverage import table_coverage
from auditor.ingest.discover import InputError
from auditor.model.outcome import ExitCode

EXIT_CODES_HELP = (
    "Exit codes: 0 no violation found (warnings may exist); 1 violations found; 2 input error (a path that cannot be "
    "read, a bad ruleset, an --out that cannot be used or written, a key without its passphrase, or --strict with "
    "quarantined records) or out of memory; typer's 2 also for usage errors; 3 the auditor itself failed (its "
    "outputs must not be used); 4 incomplete: the audit did not look at everything it was given (no rule evaluated "
    "anything, a file with no accepted record, an empty one included, a game without ruleset or with enforced rules "
    "that have no checker, a game none of whose units was evaluated, a table of --expected-tables that sent no "
    "log, or more quarantined records than --max-quarantined allows); it takes precedence over 1, and the "
    "violations found are still reported in full."
)


def _memory_size(value: str | None) -> str | None:
    if value is not None and not re.fullmatch(r"\d+(\.\d+)?\s*([KMGT]i?B)", value, re.IGNORECASE):
        raise typer.BadParameter(f"{value!r} is not a memory size such as 512MB or 4GB")
    return value


@app.command(epilog=EXIT_CODES_HELP)
def audit(
    ctx: typer.Context,
    paths: list[Path] = typer.Argument(..., help="Log files or folders (searched recursively for .jsonl, .ndjson, "
                                                 ".csv, .parquet, .phh, .phhs, in UTF-8; a compressed, rotated or "
                                                 "backup copy such as .jsonl.gz, .jsonl.1, .csv.bak is refused; "
                                                 "other files found are not read, and named on standard error and "
                                                 "in manifest.json). The outputs name each file "
                                                 "below the folder that holds them all: a folder given, or a file's "
                                                 "own folder.", show_default=False),
    out: Path = typer.Option(Path("reports/latest"), "--out", "-o", help="Folder for report.pdf, findings.json, "
                             "findings.parquet, quarantine.json, summary.json and manifest.json, all moved into place "
                             "together once complete (and signed). Refused if it holds files (see --overwrite), if "
                             "another audit is writing to it, or if it lies in a folder of logs being audited."),
    overwrite: bool = typer.Option(False, "--overwrite", help="Replace the outputs of an earlier audit in --out, "
                                                              "all of them (none is left from the earlier run); a "
                                                              "folder holding any other file is never replaced."),
    db: Path | None = typer.Option(None, "--db", help="Keep the DuckDB database in this file (default: in memory)."),
    strict: bool = typer.Option(False, "--strict", help="Any quarantined record is an input error (exit 2) "
                                                        "instead of an incomplete audit (exit 4)."),
    max_quarantined: int = typer.Option(0, "--max-quarantined", min=0,
                                        help="Quarantined records tolerated: more make the audit incomplete (exit 4). "
                                             "Default 0, for a nightly job; an inspector may accept a few broken "
                                             "records. Not with --strict."),
    profile: str = typer.Option("macau", "--profile", help="Named set of readings: macau (the rulesets' defaults, "
                                                           "docs/readings.md) or common (common practice, for logs "
                                                           "from outside Macau)."),
    param: list[str] = typer.Option([], "--param", help="Override a reading: <game>.<name>=<value>, e.g. "
                                                        "baccarat.cut_card_tolerance=3. Repeatable."),
    sign: Path | None = typer.Option(None, "--sign", help="Sign the report with this PKCS#12 key (passphrase from "
                                                          "AUDITOR_KEY_PASSPHRASE, or a prompt at a terminal)."),
    expected_tables: Path | None = typer.Option(None, "--expected-tables", dir_okay=False, help="File of the table "
                                                "ids that should have sent a log, one a line (# starts a comment): "
                                                "the report lists those that sent none, and any makes the audit "
                                                "incomplete (exit 4)."),
    examples: int = typer.Option(20, "--examples", min=1, help="Findings shown per rule in the PDF; all of them "
                                                               "are in findings.json and findings.parquet."),
    no_pdf: bool = typer.Option(False, "--no-pdf", help="Write the findings files only."),
    threads: int | None = typer.Option(None, "--threads", min=1, help="DuckDB threads (default: all cores; a small "
                                                                      "batch of tables is checked at one)."),
    memory_limit: str | None = typer.Option(None, "--memory-limit", callback=_memory_size,
                                            help="Cap DuckDB's memory, e.g. 4GB (default: DuckDB's, 80% of the "
                                                 "RAM); past it DuckDB spills to disk."),
    quiet: bool = typer.Option(False, "--quiet", "-q", help=QUIET_HELP),
    verbose: bool = typer.Option(False, "--verbose", "-v", help=VERBOSE_HELP),
    output_format: Format = typer.Option(Format.text, "--format", help="text, or json: standard output holds only "
                                         "{summary (summary.json), findings (findings.json), out, written}, for "
                                         "scripts; the messages go to standard error."),
    junit: Path | None = typer.Option(None, "--junit", help="Also write this JUnit XML file (not in --out): one "
                                      "test case per enforced rule and table, failed by its violations, skipped "
                                      "when it evaluated nothing there; and one for the verdict.", dir_okay=False),
) -> None:
    """Audit casino table-game logs against the regulations and write a cited report.

    Every log record is validated (broken records are quarantined with file, line and reason), every enforced rule
    of rulesets/*.toml is checked, and each finding names its rule, article, table, coup or hand, event, source file
    and line, with the expected and found values. Rules that the logs cannot support are counted as not evaluated,
    never as compliant.

    --out holds all the outputs of one run or none: they are written beside it and moved into place together once
    complete (and signed). A run that fails, or is killed, leaves --out as it was (where the file system cannot
    swap two folders in one step, a kill at that very moment leaves the earlier outputs beside --out, and the next
    audit into it puts them back)."""
    if strict and max_quarantined:
        raise typer.BadParameter("--strict allows no quarantined record; leave --max-quarantined out",
                                 param_hint="'--max-quarantined'")
    rulesets = load_rulesets_or_exit(profile, param)
    expected = _expected_tables(expected_tables) if expected_tables else []
    passphrase, signer = _signing_passphrase(sign) if sign else (None, None)
    folder = claim_out_or_exit(ctx, out, paths, overwrite=overwrite, db=db)
    started = now()
    try:
        with progress_display(quiet, verbose) as progress:
            con = connect(db, threads, memory_limit)
            result, con = run_audit(paths, rulesets, con=con, strict=strict, max_quarantined=max_quarantined,
                                    params=params_set(rulesets, param), progress=progress, expected_tables=expected)
    except InputError as exc:
        typer.echo(f"error: {exc}", err=True)
        raise typer.Exit(ExitCode.INPUT_ERROR) from exc
    except duckdb.OutOfMemoryException as exc:
        limit = f"--memory-limit {memory_limit}" if memory_limit else "DuckDB's default memory limit (80% of the RAM)"
        typer.echo(f"error: out of memory: the audit needs more than {limit} allows; raise --memory-limit, or audit "
                   f"fewer files at a time. No report was written. (DuckDB: {str(exc).splitlines()[0]})", err=True)
        raise typer.Exit(ExitCode.INPUT_ERROR) from exc
    result.run.update(run_facts(started, paths, out, db=db, threads=threads, memory_limit=memory_limit))
    if signer:
        result.run["signer"] = signer
    coverage = table_coverage(con) if junit else None
    con.close()
    with progress_display(quiet, verbose) as progress:
        progress.start("writing", 1)
        key = (sign, passphrase) if sign and passphrase is not None else None
        written = publish_or_exit(folder, result, pdf=not no_pdf, key=key, examples=examples)
        progress.step("report.pdf" if not no_pdf else "findings files")
    if junit and coverage is not None:  # computed when --junit is given
        write_junit_or_exit(junit, result, coverage, out)
    print_outcome(result, out, written, output_format)
    say_skipped(cast(list[dict[str, str]], result.run["skipped"]), "all named in manifest.json (run.skipped)")
    verdict = result.verdict
    for reason in verdict.reasons:
        typer.echo(f"{verdict.status}: {reason.message}", err=True)
    raise typer.Exit(verdict.exit_code)


def _expected_tables(path: Path) -> list[str]:
    """The table ids of an --expected-tables file: one a line, blank lines and # comments left out."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        typer.echo(f"error: --expected-tables {path}: cannot be read: {exc}", err=True)
        raise typer.Exit(ExitCode.INPUT_ERROR) from exc
    return sorted({line.split("#", 1)[0].strip() for line in text.splitlines()} - {""})


def _signing_passphrase(key: Path) -> tuple[bytes, dict[str, str]]:
    """Ask for the key's passphrase before the audit runs, and prove it opens the key. Returns it with who the
    certificate names (the report's signature block shows it: report/signer.py)."""
    from auditor.report.keys import load_signer
    from auditor.report.sign import passphrase_from_env_or_prompt
    from auditor.report.signer import signer_facts

    try:
        passphrase = passphrase_from_env_or_prompt()
        signer = load_signer(key, passphrase)
    except (OSError, ValueError) as exc:
        typer.echo(f"error: --sign {key}: {exc}", err=True)
        raise typer.Exit(ExitCode.INPUT_ERROR) from exc
    return passphrase, signer_facts(signer.signing_cert)
