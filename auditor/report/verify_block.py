"""The report's signature block against its signature: the block, rendered before the report was signed, names
the certificate that was to sign it (the manifest's ``run.signer``); the signature must be made with that very
certificate."""

from __future__ import annotations

from typing import Any

from pyhanko.sign.validation.pdf_embedded import EmbeddedPdfSignature

from auditor.report.cert_policy import fingerprint
from auditor.report.verify_outcome import Check

NAME = "signature block"


def signature_block_check(manifest: dict[str, Any] | None, sig: EmbeddedPdfSignature | None) -> Check:
    """Passes when the block names no signer (the report was signed afterwards, by ``auditor sign``) or names the
    certificate that signed it; fails when it names another."""
    if sig is None or manifest is None:
        return Check(NAME, None, "no signature and manifest to compare the signature block with")
    run = manifest.get("run")
    named = run.get("signer") if isinstance(run, dict) else None
    actual = fingerprint(sig.signer_cert)
    if named is None:
        return Check(NAME, True, "the report was rendered unsigned and signed afterwards: its signature block names "
                                 "no signer")
    if not isinstance(named, dict) or named.get("fingerprint") != actual:
        shown = named.get("fingerprint") if isinstance(named, dict) else named
        return Check(NAME, False, f"the signature block names the certificate {shown}, but the report was signed "
                                  f"with {actual}")
    return Check(NAME, True, f"the signature block names the certificate that signed the report ({actual})")
