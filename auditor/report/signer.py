"""Who signs a report, as its signature block shows it before the signature is made: the certificate's subject,
issuer and SHA-256 fingerprint, in the words and form ``auditor verify`` prints them (report/verify_trust.py)."""

from __future__ import annotations

from asn1crypto import x509

from auditor.report.cert_policy import fingerprint


def signer_facts(cert: x509.Certificate) -> dict[str, str]:
    """The signer's certificate as the manifest's ``run.signer`` records it."""
    return {"subject": cert.subject.human_friendly, "issuer": cert.issuer.human_friendly,
            "fingerprint": fingerprint(cert)}
