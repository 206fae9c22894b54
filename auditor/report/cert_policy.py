"""What a certificate must be to sign a report, applied alike by ``auditor sign`` (before it signs) and by
``auditor verify`` (to the signer's certificate and every certificate of its chain, its trusted root included).

The signer's certificate must carry the key usage nonRepudiation (also called contentCommitment): the key is meant
to commit its holder to what it signs. Every certificate must be within its validity period at each moment given
(the signing time, and now)."""

from __future__ import annotations

import datetime as dt
import hashlib
from collections.abc import Iterable

from asn1crypto import x509

NON_REPUDIATION = "non_repudiation"


def validity_problems(certs: Iterable[x509.Certificate], moments: dict[str, dt.datetime]) -> list[str]:
    """One line per certificate that is not valid at one of ``moments`` (label → time), e.g. ``{"now": ...}``."""
    problems = []
    for cert in certs:
        start, end = cert.not_valid_before, cert.not_valid_after
        for label, moment in moments.items():
            if not start <= moment <= end:
                problems.append(f"the certificate of {cert.subject.human_friendly} (valid {start:%Y-%m-%d %H:%M} to "
                                f"{end:%Y-%m-%d %H:%M} UTC) is not valid {label}")
    return problems


def usage_problem(signer: x509.Certificate) -> str | None:
    """Why the signer's certificate may not sign a report (no nonRepudiation key usage), or None."""
    usages = signer.key_usage_value
    if usages is None:
        return (f"the certificate of {signer.subject.human_friendly} has no key usage extension, so not the "
                "nonRepudiation key usage a report signature needs")
    if NON_REPUDIATION not in usages.native:
        return (f"the certificate of {signer.subject.human_friendly} lacks the nonRepudiation key usage a report "
                f"signature needs (it has: {', '.join(sorted(usages.native)) or 'none'})")
    return None


def signer_problems(signer: x509.Certificate, chain: Iterable[x509.Certificate],
                    moments: dict[str, dt.datetime]) -> list[str]:
    """Everything that makes ``signer`` (with the other certificates of its ``chain``) unfit to sign a report."""
    usage = usage_problem(signer)
    return ([usage] if usage else []) + validity_problems([signer, *chain], moments)


def fingerprint(cert: x509.Certificate) -> str:
    """The certificate's SHA-256 fingerprint as people compare it (``AB:CD:…``), printed by keygen and verify."""
    return hashlib.sha256(cert.dump()).digest().hex(":").upper()
