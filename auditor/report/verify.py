"""Verify a signed report: signature, integrity, coverage, trust, attachments and (optionally) the log files.

Every check yields a :class:`Check`; an exception while reading is a failed check with its reason, never a crash.
A report is verified only if no check failed and the signer is trusted (report/verify_outcome.py: the three outcomes and
their exit codes). The log files are *not checked* (``ok is None``) without ``--logs``; the verdict says so."""

from __future__ import annotations

import hashlib
import io
import json
import logging
from collections.abc import Callable
from pathlib import Path
from typing import Any

from asn1crypto import x509 as asn1_x509
from pyhanko.keys import load_certs_from_pemder
from pyhanko.pdf_utils import generic
from pyhanko.pdf_utils.reader import PdfFileReader
from pyhanko.sign.validation import validate_pdf_signature
from pyhanko.sign.validation.pdf_embedded import EmbeddedPdfSignature
from pyhanko.sign.validation.status import PdfSignatureStatus, SignatureCoverageLevel
from pyhanko_certvalidator import ValidationContext

from auditor.report.manifest import FINDINGS_NAME, MANIFEST_FORMAT, MANIFEST_NAME, QUARANTINE_NAME, SUMMARY_NAME
from auditor.report.verify_block import signature_block_check
from auditor.report.verify_container import unsigned_bytes_problem
from auditor.report.verify_logs import compare_logs
from auditor.report.verify_outcome import NOT_VERIFIED, UNTRUSTED, VERIFIED, Check, Verdict
from auditor.report.verify_trust import trust_check

__all__ = ["NOT_VERIFIED", "UNTRUSTED", "VERIFIED", "Check", "Verdict", "read_attachments", "verify_report"]

_MAX_TREE_DEPTH = 32
# The outputs the manifest hashes, by its key: each must be attached with the recorded hash.
_HASHED = {"findings": FINDINGS_NAME, "quarantine": QUARANTINE_NAME, "summary": SUMMARY_NAME}

# pyHanko logs a traceback for every untrusted certificate; the verdict reports it. Without this, Python's
# last-resort handler would print those tracebacks to stderr when the application configured no logging.
for _logger in ("pyhanko", "pyhanko_certvalidator"):
    logging.getLogger(_logger).addHandler(logging.NullHandler())


def _reason(exc: BaseException) -> str:
    message = str(exc).strip()
    return f"{type(exc).__name__}: {message}" if message else type(exc).__name__


def _guarded(name: str, step: Callable[[], Check]) -> Check:
    """Run one step; any exception becomes a failed check carrying its reason."""
    try:
        return step()
    except Exception as exc:  # noqa: BLE001 -- a damaged report must fail verification, not crash it
        return Check(name, False, f"could not be checked: {_reason(exc)}")


def _attachments(root: generic.DictionaryObject) -> dict[str, bytes]:
    """Embedded files of one revision's catalog, by file name (``/UF``, else ``/F``, else the name-tree key)."""
    files: dict[str, bytes] = {}
    names = root.get("/Names")
    if names is None or "/EmbeddedFiles" not in names:
        return files

    def walk(node: generic.DictionaryObject, depth: int) -> None:
        if depth > _MAX_TREE_DEPTH:
            raise ValueError("the embedded-files name tree is too deep")
        pairs = node.get("/Names", generic.ArrayObject())
        for i in range(0, len(pairs) - 1, 2):  # [key, filespec, key, filespec, ...]; slicing is not supported
            key, spec = pairs[i], pairs[i + 1]
            name = str(spec.get("/UF", spec.get("/F", key)))
            if name in files:
                raise ValueError(f"two attachments are named {name}")
            embedded = spec["/EF"]
            files[name] = embedded.get("/UF", embedded.get("/F")).get_object().data
        for kid in node.get("/Kids", generic.ArrayObject()):
            walk(kid.get_object(), depth + 1)

    walk(names["/EmbeddedFiles"].get_object(), 0)
    return files


def read_attachments(pdf_path: Path) -> dict[str, bytes]:
    """The files attached to a report (its latest revision), by name: e.g. to compare ``findings.json``."""
    with open(pdf_path, "rb") as f:
        return _attachments(PdfFileReader(f, strict=False).root)


def _signature_check(signatures: list[EmbeddedPdfSignature]) -> Check:
    if len(signatures) != 1:
        return Check("signature", False, f"found {len(signatures)} signatures; a report carries exactly one")
    sig = signatures[0]
    if sig.sig_object_type != "/Sig":
        return Check("signature", False, f"the only signature is a {sig.sig_object_type}, not a signer's signature")
    subfilter = sig.sig_object.get("/SubFilter", "?")
    claimed = sig.self_reported_timestamp
    when = f", claimed signing time {claimed.isoformat()}" if claimed else ""
    return Check("signature", True, f"one signature in field {sig.field_name} ({subfilter}){when}")


def _integrity_check(sig: EmbeddedPdfSignature, status: PdfSignatureStatus, data: bytes) -> Check:
    if not status.intact:
        return Check("integrity", False, "the signed bytes were changed after signing (their digest does not match)")
    if not status.valid:
        return Check("integrity", False, "the signature value does not verify with the signer's certificate")
    problem = unsigned_bytes_problem(data, [int(x) for x in sig.byte_range], sig.signed_data)
    if problem:
        return Check("integrity", False, problem)
    return Check(
        "integrity",
        True,
        f"the signed bytes are unchanged, the signature over them is valid ({status.md_algorithm}, "
        f"{status.pkcs7_signature_mechanism}), and the unsigned signature container is exactly the one written "
        f"for it",
    )


def _coverage_check(sig: EmbeddedPdfSignature, status: PdfSignatureStatus, size: int) -> Check:
    signed_end = int(sig.byte_range[2]) + int(sig.byte_range[3])
    if status.coverage == SignatureCoverageLevel.ENTIRE_FILE and signed_end == size:
        return Check("coverage", True, f"the signature covers the whole file ({size} bytes)")
    later = sig.reader.total_revisions - 1 - sig.signed_revision
    update = f"{later} incremental update(s) appended after signing" if later > 0 else "data appended after signing"
    return Check(
        "coverage",
        False,
        f"the signature covers bytes 0–{signed_end} of {size}: {update}; the file was changed after it was signed",
    )


def _hash_problems(manifest: dict[str, Any], current: dict[str, bytes]) -> list[str]:
    """Each output the manifest hashes must be attached with that hash: findings always, quarantine and summary
    whenever the manifest records them (every report since they were attached)."""
    problems = []
    for key, name in _HASHED.items():
        recorded = manifest.get(key, {}).get("sha256") if isinstance(manifest.get(key), dict) else None
        if recorded is None and key != "findings":
            continue
        if name not in current:
            if key != "findings":  # a missing findings.json is already reported
                problems.append(f"{name} is missing")
            continue
        actual = hashlib.sha256(current[name]).hexdigest()
        if recorded != actual:
            problems.append(f"{name} (sha256 {actual[:12]}…) is not the one {MANIFEST_NAME} records")
    return problems


def _attachments_check(reader: PdfFileReader, sig: EmbeddedPdfSignature | None) -> tuple[Check, dict[str, Any] | None]:
    """The attachments present, identical to the signed revision's, the manifest readable, and every output it
    hashes attached with that hash. Returns the check and the manifest (None if unreadable)."""
    current = _attachments(reader.root)
    problems = [f"{name} is missing" for name in (FINDINGS_NAME, MANIFEST_NAME) if name not in current]
    if sig is not None:
        signed = _attachments(reader.get_historical_root(sig.signed_revision))
        problems += [
            f"{name} was {'changed' if name in signed else 'added'} after signing"
            for name, data in sorted(current.items())
            if signed.get(name) != data
        ]
        problems += [f"{name} was removed after signing" for name in sorted(signed.keys() - current.keys())]
    manifest = None
    if MANIFEST_NAME in current:
        manifest = json.loads(current[MANIFEST_NAME])
        if not isinstance(manifest, dict) or manifest.get("format") != MANIFEST_FORMAT:
            problems.append(f"{MANIFEST_NAME} is not an {MANIFEST_FORMAT} manifest")
            manifest = None
    if manifest is not None:
        problems += _hash_problems(manifest, current)
    if problems:
        return Check("attachments", False, "; ".join(problems)), manifest
    others = sorted(current.keys() - {MANIFEST_NAME, *_HASHED.values()})
    extra = f"; also attached: {', '.join(others)}" if others else ""
    scope = "signed and " if sig is not None else ""
    hashed = ", ".join(name for name in _HASHED.values() if name in current)
    detail = f"{MANIFEST_NAME} and {hashed} are {scope}consistent: the manifest records their hashes"
    return Check("attachments", True, detail + extra), manifest


def _logs_check(manifest: dict[str, Any] | None, logs: list[Path] | None) -> Check:
    if logs is None:
        return Check("logs", None, "the log files were not compared (pass --logs PATH)")
    if manifest is None:
        return Check("logs", False, f"no readable {MANIFEST_NAME} to compare the log files with")
    ok, lines = compare_logs(manifest.get("inputs", []), logs)
    return Check("logs", ok, "\n".join(lines))


def _signature_checks(sig: EmbeddedPdfSignature, trust: Path | None, data: bytes) -> list[Check]:
    """Integrity, coverage and trust of the one signature, from a single pyHanko validation."""
    roots: list[asn1_x509.Certificate] = []
    trust_error = None
    if trust is not None:
        try:
            roots = list(load_certs_from_pemder([str(trust)]))
            if not roots:
                raise ValueError("the file holds no certificate")
        except Exception as exc:  # noqa: BLE001
            trust_error = Check("trust", False, f"cannot read the trusted certificate {trust}: {_reason(exc)}")
    try:
        context = ValidationContext(trust_roots=roots, allow_fetching=False)
        status = validate_pdf_signature(sig, context, skip_diff=True)
    except Exception as exc:  # noqa: BLE001
        return [Check("integrity", False, f"the signature could not be validated: {_reason(exc)}")]
    return [
        _guarded("integrity", lambda: _integrity_check(sig, status, data)),
        _guarded("coverage", lambda: _coverage_check(sig, status, len(data))),
        trust_error or _guarded("trust", lambda: trust_check(status, trust)),
    ]


def verify_report(pdf_path: Path, trust: Path | None = None, logs: list[Path] | None = None) -> Verdict:
    """Run every check on ``pdf_path`` and return the verdict; never raises for a bad report."""
    verdict = Verdict(str(pdf_path))
    checks = verdict.checks
    try:
        data = Path(pdf_path).read_bytes()
        reader = PdfFileReader(io.BytesIO(data), strict=False)
        signatures = list(reader.embedded_signatures)
    except Exception as exc:  # noqa: BLE001
        checks.append(Check("report", False, f"cannot read {pdf_path} as a PDF: {_reason(exc)}"))
        return verdict

    checks.append(_guarded("signature", lambda: _signature_check(signatures)))
    sig = signatures[0] if checks[-1].ok else None
    if sig is not None:
        checks += _signature_checks(sig, trust, data)

    manifest: dict[str, Any] | None = None

    def attachments_step() -> Check:
        nonlocal manifest
        check, manifest = _attachments_check(reader, sig)
        return check

    checks.append(_guarded("attachments", attachments_step))
    if sig is not None:
        checks.append(_guarded("signature block", lambda: signature_block_check(manifest, sig)))
    checks.append(_guarded("logs", lambda: _logs_check(manifest, logs)))
    return verdict
