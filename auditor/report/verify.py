"""Verify a signed report: signature, coverage, trust, attachments and (optionally) the log files themselves.

Every check yields a :class:`Check`; an exception while reading is a failed check with its reason, never a crash.
A report is verified only if no check failed. Two checks may be *not checked* (``ok is None``) without failing the
verdict: trust without ``--trust``, and the log files without ``--logs``; the verdict says so."""

from __future__ import annotations

import datetime as dt
import hashlib
import io
import json
import logging
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from asn1crypto import cms
from asn1crypto import parser as asn1_parser
from asn1crypto import x509 as asn1_x509
from pyhanko.keys import load_certs_from_pemder
from pyhanko.pdf_utils import generic
from pyhanko.pdf_utils.reader import PdfFileReader
from pyhanko.sign.validation import validate_pdf_signature
from pyhanko.sign.validation.pdf_embedded import EmbeddedPdfSignature
from pyhanko.sign.validation.status import PdfSignatureStatus, SignatureCoverageLevel
from pyhanko_certvalidator import ValidationContext

from auditor.report.manifest import FINDINGS_NAME, MANIFEST_FORMAT, MANIFEST_NAME
from auditor.report.verify_logs import compare_logs

__all__ = ["Check", "Verdict", "read_attachments", "verify_report"]

_MAX_TREE_DEPTH = 32

# pyHanko logs a traceback for every untrusted certificate; the verdict reports it. Without this, Python's
# last-resort handler would print those tracebacks to stderr when the application configured no logging.
for _logger in ("pyhanko", "pyhanko_certvalidator"):
    logging.getLogger(_logger).addHandler(logging.NullHandler())


@dataclass(frozen=True)
class Check:
    """One verification step: ``ok`` is True (passed), False (failed) or None (not checked)."""

    name: str
    ok: bool | None
    detail: str


@dataclass
class Verdict:
    """All checks run on one report; verified only if none failed."""

    path: str
    checks: list[Check] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return bool(self.checks) and all(check.ok is not False for check in self.checks)

    @property
    def headline(self) -> str:
        """One line for people: the verdict and what was not checked."""
        if not self.ok:
            failed = ", ".join(check.name for check in self.checks if check.ok is False)
            return f"NOT VERIFIED: {self.path} (failed: {failed})"
        skipped = [check.name for check in self.checks if check.ok is None]
        return f"VERIFIED: {self.path}" + (f" ({', '.join(skipped)} not checked)" if skipped else "")


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


def _cms_versions(signed_data: cms.SignedData) -> tuple[str, list[str]]:
    """The version numbers RFC 5652 (5.1, 5.3) prescribes for a SignedData and its SignerInfos."""
    signer_versions = [
        "v3" if info["sid"].name == "subject_key_identifier" else "v1" for info in signed_data["signer_infos"]
    ]
    kinds = {choice.name for choice in signed_data["certificates"] or []}
    kinds |= {choice.name for choice in signed_data["crls"] or []}
    if "other" in kinds:
        version = "v5"
    elif "v2_attr_cert" in kinds:
        version = "v4"
    elif "v1_attr_cert" in kinds or "v3" in signer_versions:
        version = "v3"
    else:
        version = "v1" if signed_data["encap_content_info"]["content_type"].native == "data" else "v3"
    return version, signer_versions


def _unsigned_bytes_problem(sig: EmbeddedPdfSignature) -> str | None:
    """The one unsigned region of the file is the signature's /Contents. Check the parts of it that nothing else
    protects, so that one changed byte anywhere in the file is noticed: the zero padding after the CMS object, its
    exact DER encoding, its version numbers and its list of digest algorithms. (pyHanko binds the signer's
    certificate through a signed attribute; a changed algorithm or signature value fails validation.)"""
    content = sig.pkcs7_content
    _, _, _, header, body, _ = asn1_parser.parse(content)
    der = content[: len(header) + len(body)]
    changed = "/Contents was changed"
    if content[len(der) :].strip(b"\x00"):
        return f"the signature's zero padding (the unsigned part of /Contents) is not all zeros: {changed}"
    if cms.ContentInfo.load(der).dump(force=True) != der:  # e.g. a length widened over padding bytes
        return f"the signature container is not the DER encoding it should be: {changed}"
    signed_data = sig.signed_data
    version, signer_versions = _cms_versions(signed_data)
    found = [info["version"].native for info in signed_data["signer_infos"]]
    if signed_data["version"].native != version or found != signer_versions:
        return f"the signature container's version numbers are not the ones RFC 5652 prescribes: {changed}"
    if sig.signer_info["digest_algorithm"].native not in signed_data["digest_algorithms"].native:
        return f"the signature's list of digest algorithms does not name the one used: {changed}"
    return None


def _integrity_check(sig: EmbeddedPdfSignature, status: PdfSignatureStatus) -> Check:
    problem = _unsigned_bytes_problem(sig)
    if problem:
        return Check("integrity", False, problem)
    if status.intact and status.valid:
        return Check(
            "integrity",
            True,
            f"the signed bytes are unchanged and the signature over them is valid "
            f"({status.md_algorithm}, {status.pkcs7_signature_mechanism})",
        )
    if not status.intact:
        return Check("integrity", False, "the signed bytes were changed after signing (their digest does not match)")
    return Check("integrity", False, "the signature value does not verify with the signer's certificate")


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


def _validity_problem(status: PdfSignatureStatus) -> str | None:
    """The signer's certificate must be valid both at the claimed signing time and now. pyHanko checks a chain
    at the current time but never checks a trust anchor's own dates, and a self-signed certificate is its own
    anchor; without a trusted timestamp the signing time is only the signer's claim."""
    cert, claimed = status.signing_cert, status.signer_reported_dt
    if claimed is None:
        return "the signature claims no signing time"
    start, end = cert.not_valid_before, cert.not_valid_after
    for label, moment in (("at the claimed signing time", claimed), ("now", dt.datetime.now(dt.timezone.utc))):
        if not start <= moment <= end:
            return f"the certificate (valid {start:%Y-%m-%d} to {end:%Y-%m-%d}) is not valid {label}"
    return None


def _trust_check(status: PdfSignatureStatus, trust: Path | None) -> Check:
    cert = status.signing_cert
    who = f"signed by {cert.subject.human_friendly} (issuer {cert.issuer.human_friendly})"
    if trust is None:
        return Check("trust", None, f"{who}; trust was not checked (pass --trust CERT.pem)")
    if not status.trusted:
        problem = status.trust_problem_indic.name if status.trust_problem_indic else "no path to it"
        usages = cert.key_usage_value.native if cert.key_usage_value else set()
        if "non_repudiation" not in usages:
            problem += " (the certificate lacks the nonRepudiation key usage that a report signature needs)"
        return Check("trust", False, f"{who}; not trusted by {trust}: {problem}")
    expired = _validity_problem(status)
    if expired:
        return Check("trust", False, f"{who}; {expired}")
    anchor = status.validation_path.trust_anchor.authority.name.human_friendly
    return Check("trust", True, f"{who}; the certificate chains to the trusted {anchor} ({trust})")


def _attachments_check(reader: PdfFileReader, sig: EmbeddedPdfSignature | None) -> tuple[Check, dict[str, Any] | None]:
    """Both attachments present, identical to the signed revision's, the manifest readable, the findings hash
    equal to the one the manifest records. Returns the check and the manifest (None if unreadable)."""
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
    if manifest is not None and FINDINGS_NAME in current:
        recorded = manifest.get("findings", {}).get("sha256")
        actual = hashlib.sha256(current[FINDINGS_NAME]).hexdigest()
        if recorded != actual:
            problems.append(f"{FINDINGS_NAME} (sha256 {actual[:12]}…) is not the one {MANIFEST_NAME} records")
    if problems:
        return Check("attachments", False, "; ".join(problems)), manifest
    others = sorted(current.keys() - {FINDINGS_NAME, MANIFEST_NAME})
    extra = f"; also attached: {', '.join(others)}" if others else ""
    scope = "signed and " if sig is not None else ""
    detail = f"{FINDINGS_NAME} and {MANIFEST_NAME} are {scope}consistent: the manifest records the findings' hash"
    return Check("attachments", True, detail + extra), manifest


def _logs_check(manifest: dict[str, Any] | None, logs: list[Path] | None) -> Check:
    if logs is None:
        return Check("logs", None, "the log files were not compared (pass --logs PATH)")
    if manifest is None:
        return Check("logs", False, f"no readable {MANIFEST_NAME} to compare the log files with")
    ok, lines = compare_logs(manifest.get("inputs", []), logs)
    return Check("logs", ok, "\n".join(lines))


def _signature_checks(sig: EmbeddedPdfSignature, trust: Path | None, size: int) -> list[Check]:
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
        _guarded("integrity", lambda: _integrity_check(sig, status)),
        _guarded("coverage", lambda: _coverage_check(sig, status, size)),
        trust_error or _guarded("trust", lambda: _trust_check(status, trust)),
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
        checks += _signature_checks(sig, trust, len(data))

    manifest: dict[str, Any] | None = None

    def attachments_step() -> Check:
        nonlocal manifest
        check, manifest = _attachments_check(reader, sig)
        return check

    checks.append(_guarded("attachments", attachments_step))
    checks.append(_guarded("logs", lambda: _logs_check(manifest, logs)))
    return verdict
