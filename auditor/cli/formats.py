"""What ``audit`` prints and writes beside ``--out``: its outcome as text or as JSON (``--format``), and the JUnit
XML file (``--junit``)."""

from __future__ import annotations

import json
from enum import Enum
from pathlib import Path

import typer

from auditor.engine.table_coverage import TableCoverage
from auditor.model.outcome import ExitCode
from auditor.model.result import AuditResult
from auditor.report.manifest import findings_json, summary_json


class Format(str, Enum):
    """``--format``: text for people, JSON on standard output for scripts (messages then go to standard error)."""

    text = "text"
    json = "json"


def print_outcome(result: AuditResult, out: Path, written: list[str], output_format: Format) -> None:
    """The counts, the files written and the verdict; with ``--format json``, on standard error, and standard
    output holds only ``{"summary": <summary.json>, "findings": <findings.json>, "out", "written"}``."""
    quarantined = len(result.quarantine)
    lines = [
        f"{len(result.inputs)} file(s), {sum(i.records for i in result.inputs)} records ({quarantined} quarantined); "
        f"{result.violations} violation(s), {result.warnings} warning(s) in {len(result.findings)} finding(s).",
        f"written to {out}: {', '.join(written)}",
        f"verdict: {result.verdict.status}",
    ]
    as_json = output_format is Format.json
    for line in lines:
        typer.echo(line, err=as_json)
    if as_json:
        typer.echo(json.dumps({"summary": json.loads(summary_json(result)), "findings": json.loads(
            findings_json(result)), "out": str(out), "written": written}, ensure_ascii=False, indent=2))


def write_junit_or_exit(path: Path, result: AuditResult, coverage: TableCoverage, out: Path) -> None:
    """Write ``path`` (``report/junit.py``), or exit 2 saying that ``--out`` holds the audit all the same."""
    from auditor.report.junit import junit_xml

    try:
        path.write_bytes(junit_xml(result, coverage))
    except OSError as exc:
        typer.echo(f"error: cannot write --junit {path}: {exc.strerror or exc}; the audit's outputs are in {out}",
                   err=True)
        raise typer.Exit(ExitCode.INPUT_ERROR) from exc
