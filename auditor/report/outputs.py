"""The files of one audit, written into a fresh folder that ``out_folder`` then moves into place as a whole."""

from __future__ import annotations

from pathlib import Path

from auditor.model.result import AuditResult
from auditor.model.serialize import write_findings_parquet
from auditor.report import manifest

PARQUET_NAME = "findings.parquet"
REPORT_NAME = "report.pdf"
OUTPUT_NAMES = frozenset({
    manifest.FINDINGS_NAME, manifest.QUARANTINE_NAME, manifest.SUMMARY_NAME, manifest.MANIFEST_NAME, PARQUET_NAME,
    REPORT_NAME,
})


def write_outputs(
    result: AuditResult, folder: Path, *, pdf: bool, key: tuple[Path, bytes] | None, examples: int
) -> list[str]:
    """findings.json, findings.parquet, quarantine.json, summary.json, manifest.json and report.pdf (PDF/A-3b
    carrying the four JSON files), signed with ``key`` (PKCS#12 file, passphrase) if given, into the
    existing ``folder``. Returns the names written, for the user."""
    files = {
        manifest.FINDINGS_NAME: manifest.findings_json(result),
        manifest.QUARANTINE_NAME: manifest.quarantine_json(result),
        manifest.SUMMARY_NAME: manifest.summary_json(result),
        manifest.MANIFEST_NAME: manifest.manifest_json(result),
    }
    for name, data in files.items():
        (folder / name).write_bytes(data)
    write_findings_parquet(result.findings, folder / PARQUET_NAME)
    written = [*files, PARQUET_NAME]
    if pdf:
        written.append(_write_report(result, folder / REPORT_NAME, key, examples))
    return written


def _write_report(result: AuditResult, report: Path, key: tuple[Path, bytes] | None, examples: int) -> str:
    # WeasyPrint loads slowly: only when a PDF is wanted; pyHanko (half a CPU second) only when it is signed.
    from auditor.report import render

    render.render_pdf(result, report, manifest.report_attachments(result), max_findings_per_rule=examples)
    if key is None:
        return REPORT_NAME
    from auditor.report import sign

    sign.sign_pdf(report, report, *key)
    return f"{REPORT_NAME} (signed)"

