"""The audit's JSON outputs as canonical bytes: ``findings.json`` (a list of findings), ``quarantine.json``,
``summary.json``, and ``manifest.json``; the report's PDF carries all four.

All four are pure functions of the :class:`AuditResult`: the same logs, rulesets and options give the same bytes,
wherever the logs lie (files are named relative to the audited folder). The one exception is the manifest's
top-level ``run`` object (when, where and from which paths this run ran), which is about the run and not about the
logs; reproducibility comparisons leave it out (``auditor reproduce``, docs/signing.md).

The manifest records the SHA-256 of the other three files, so a findings file swapped for another is detected by
the manifest alone, and the signature over the whole PDF protects both."""

from __future__ import annotations

import hashlib
import json
from dataclasses import asdict
from pathlib import Path
from typing import Any

from auditor.model.result import AuditResult, InputFile, RulesetInfo

FINDINGS_NAME = "findings.json"
MANIFEST_NAME = "manifest.json"
QUARANTINE_NAME = "quarantine.json"
SUMMARY_NAME = "summary.json"
SUMMARY_FORMAT = "auditor-summary/2"
MANIFEST_FORMAT = "auditor-manifest/1"
_CHUNK = 1 << 20


def canonical_json(obj: Any) -> bytes:
    """Byte-stable JSON: sorted keys, UTF-8 (not ``\\u`` escapes), indent 2, a trailing newline, no NaN."""
    return (json.dumps(obj, ensure_ascii=False, sort_keys=True, indent=2, allow_nan=False) + "\n").encode("utf-8")


def hash_file(path: Path | str) -> str:
    """SHA-256 of a file's bytes as lowercase hex, read in 1 MiB chunks."""
    digest = hashlib.sha256()
    with open(path, "rb") as f:
        while chunk := f.read(_CHUNK):
            digest.update(chunk)
    return digest.hexdigest()


def findings_json(result: AuditResult) -> bytes:
    """The bytes of ``findings.json``: the list of findings, in the audit's deterministic order."""
    return canonical_json(result.findings)


def quarantine_json(result: AuditResult) -> bytes:
    """The bytes of ``quarantine.json``: every record the ingester refused, with file, line and reason."""
    return canonical_json([asdict(record) for record in result.quarantine])


def summary_json(result: AuditResult) -> bytes:
    """The bytes of ``summary.json``: the verdict with its reasons, and per rule what was evaluated, not evaluated
    and why, and what was found."""
    return canonical_json({
        "format": SUMMARY_FORMAT,
        "verdict": result.verdict.as_dict(),
        "period": {"start": result.period_start, "end": result.period_end},
        "violations": result.violations,
        "warnings": result.warnings,
        "findings": len(result.findings),
        "quarantined": len(result.quarantine),
        "rules": [asdict(rule) for rule in result.rules],
    })


def _digest(data: bytes, name: str, count: int) -> dict[str, Any]:
    return {"file": name, "sha256": hashlib.sha256(data).hexdigest(), "size": len(data), "count": count}


def _input_entry(item: InputFile) -> dict[str, Any]:
    return {
        "path": item.path,
        "format": item.format,
        "size": item.size,
        "sha256": item.sha256,
        "records": item.records,
        "quarantined": item.quarantined,
    }


def _ruleset_entry(ruleset: RulesetInfo) -> dict[str, Any]:
    return {
        "id": ruleset.id,
        "game": ruleset.game,
        "file": ruleset.file,
        "sha256": ruleset.sha256,
        "version": ruleset.version,
        "instrument": ruleset.instrument,
        "profile": ruleset.profile,
        "readings": {reading.name: reading.value for reading in ruleset.readings},
    }


def build_manifest(result: AuditResult) -> dict[str, Any]:
    """What ``manifest.json`` holds: every input file (its name in the audited folder, size, SHA-256, record
    counts), every ruleset (file, hash, version, readings applied), the options that change the findings
    (``parameters``: enough to run the audit again), the auditor's version, the audit's time window, the hashes of
    ``findings.json``, ``quarantine.json`` and ``summary.json``, and apart from all that the ``run`` object."""
    return {
        "format": MANIFEST_FORMAT,
        "auditor_version": result.auditor_version,
        "casino": result.casino,
        "period": {"start": result.period_start, "end": result.period_end},
        "parameters": {"profile": result.profile, "param": dict(result.params), "strict": result.strict,
                       "max_quarantined": result.max_quarantined, "expected_tables": list(result.expected_tables)},
        "inputs": sorted((_input_entry(item) for item in result.inputs), key=lambda e: e["path"]),
        "rulesets": sorted((_ruleset_entry(r) for r in result.rulesets), key=lambda e: (e["id"], e["file"])),
        "findings": _digest(findings_json(result), FINDINGS_NAME, len(result.findings)),
        "quarantine": _digest(quarantine_json(result), QUARANTINE_NAME, len(result.quarantine)),
        "summary": _digest(summary_json(result), SUMMARY_NAME, len(result.rules)),
        "run": dict(result.run),
    }


def report_reference(result: AuditResult) -> str:
    """The report's reference: ``AUD-<first gaming day>-<12 hex digits>``, the digits from the SHA-256 of
    ``manifest.json`` less its ``run`` object. The same audit (logs, rulesets, options) always gets the same
    reference, and another audit a different one."""
    content = build_manifest(result)
    del content["run"]
    day = (result.gaming_days[0] if result.gaming_days else "nodate").replace("-", "")
    return f"AUD-{day}-{hashlib.sha256(canonical_json(content)).hexdigest()[:12].upper()}"


def manifest_json(result: AuditResult) -> bytes:
    """The bytes of ``manifest.json``."""
    return canonical_json(build_manifest(result))


def report_attachments(result: AuditResult) -> dict[str, bytes]:
    """The report's attachments by file name, ready to embed in the PDF/A-3 report: the manifest and the three
    outputs it hashes, so that the report alone holds everything ``auditor reproduce`` compares."""
    return {FINDINGS_NAME: findings_json(result), MANIFEST_NAME: manifest_json(result),
            QUARANTINE_NAME: quarantine_json(result), SUMMARY_NAME: summary_json(result)}
