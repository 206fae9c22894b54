"""The ``trust`` check of ``auditor verify``: who signed the report, and whether that is proven.

The signature alone proves only that the report is unchanged since it was signed with the key of the certificate it
carries; anyone can make a key and a certificate in any name. Who signed it is proven only when that certificate
chains (offline: nothing is fetched) to a certificate the verifier trusts (``--trust``), and every certificate of
the chain, the trusted one included, is fit for it (report/cert_policy.py). pyHanko checks the chain at the current
time but neither a trust anchor's own dates nor the key usage of a signer's certificate that is itself trusted
directly, so those are checked here for all paths alike."""

from __future__ import annotations

import datetime as dt
from enum import Enum
from pathlib import Path

from pyhanko.sign.validation.status import PdfSignatureStatus

from auditor.present import present
from auditor.report.cert_policy import fingerprint, signer_problems, usage_problem
from auditor.report.verify_outcome import Check

NOT_PROVEN = "who signed it is not proven"


def signer_description(status: PdfSignatureStatus) -> str:
    """The signer's certificate as a person can compare it: subject, issuer and SHA-256 fingerprint."""
    cert = status.signing_cert
    return (f"signed with the key of the certificate of {cert.subject.human_friendly} (issuer "
            f"{cert.issuer.human_friendly}; SHA-256 fingerprint {fingerprint(cert)})")


def _moments(status: PdfSignatureStatus) -> dict[str, dt.datetime] | str:
    claimed = status.signer_reported_dt
    if claimed is None:
        return "the signature claims no signing time"
    return {"at the signing time the signature claims": claimed, "now": dt.datetime.now(dt.UTC)}


def trust_check(status: PdfSignatureStatus, trust: Path | None) -> Check:
    """Trusted (True), refused (False) or not checked without ``--trust`` (None); the detail says what is proven."""
    who = signer_description(status)
    if trust is None:
        return Check("trust", None, f"{who}; this proves the report is unchanged since someone holding that key "
                                    f"signed it, but {NOT_PROVEN}: trust was not checked (pass --trust CERT.pem)")
    if not status.trusted:
        indic = status.trust_problem_indic  # one of pyhanko's AdES enums
        problem = indic.name if isinstance(indic, Enum) else "no path to it"
        usage = usage_problem(status.signing_cert)
        return Check("trust", False, f"{who}; not trusted by {trust}: {problem}{f' ({usage})' if usage else ''}; "
                                     f"{NOT_PROVEN}")
    moments = _moments(status)
    path = present(status.validation_path, "the validation path of a trusted signature")
    chain = [c for c in path.iter_certs(include_root=True) if c.dump() != status.signing_cert.dump()]
    problems = [moments] if isinstance(moments, str) else signer_problems(status.signing_cert, chain, moments)
    if problems:
        return Check("trust", False, f"{who}; {'; '.join(problems)}; {NOT_PROVEN}")
    anchor = path.trust_anchor.authority.name.human_friendly
    return Check("trust", True, f"{who}; the certificate chains to the trusted {anchor} ({trust})")
