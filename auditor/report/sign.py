"""Sign a PDF/A-3b report with an inspector's key: one invisible PAdES signature over the whole file.

The signature is appended as an incremental update, so the rendered PDF/A content is kept byte for byte. It has
no visible widget: pyHanko's default appearance uses a font that is not embedded, which PDF/A forbids."""

from __future__ import annotations

import os
import secrets
import sys
from collections.abc import Iterator
from pathlib import Path

import typer
from asn1crypto import tsp, x509
from pyhanko.pdf_utils import generic
from pyhanko.pdf_utils.incremental_writer import IncrementalPdfFileWriter
from pyhanko.pdf_utils.metadata.model import VENDOR
from pyhanko.sign.attributes import CMSAttributeProvider, SignedAttributeProviderSpec, SigningCertificateV2Provider
from pyhanko.sign.fields import SigSeedSubFilter
from pyhanko.sign.general import as_signing_certificate_v2
from pyhanko.sign.signers import PdfSignatureMetadata, PdfSigner, SimpleSigner

from auditor.present import present
from auditor.report.keys import load_signer

PASSPHRASE_ENV = "AUDITOR_KEY_PASSPHRASE"
FIELD_NAME = "AuditorSignature"
DEFAULT_REASON = "auditor compliance report"


class SigningError(ValueError):
    """The report cannot be signed; the message says why."""


class NoPassphrase(SigningError):
    """No passphrase for the key: none in the environment, and no terminal to ask on (or the prompt was left)."""


def passphrase_from_env_or_prompt(*, confirm: bool = False) -> bytes:
    """The key passphrase from ``AUDITOR_KEY_PASSPHRASE``, else asked for without echo when standard input is a
    terminal (never an option); raises :class:`NoPassphrase` otherwise."""
    value = os.environ.get(PASSPHRASE_ENV)
    if value is None:
        if sys.stdin is None or not sys.stdin.isatty():
            raise NoPassphrase(f"no passphrase for the key: set {PASSPHRASE_ENV} (there is no terminal to ask on)")
        try:
            value = typer.prompt("Key passphrase", hide_input=True, confirmation_prompt=confirm)
        except typer.Abort:
            raise NoPassphrase(f"no passphrase given for the key (it can also come from {PASSPHRASE_ENV})") from None
    return value.encode("utf-8")


class _AllCertificatesSigned(SignedAttributeProviderSpec):
    """The one signed attribute of a report signature besides content type and digest: signing-certificate-v2
    (RFC 5035) naming the signer's certificate first, then every other certificate the signature embeds. The
    embedded certificates are thereby signed, so that ``auditor verify`` can refuse a container with one added or
    taken away (report/verify_container.py)."""

    def __init__(self, signer: SimpleSigner) -> None:
        cert = present(signer.signing_cert, "the signing certificate of a loaded key")
        others = {c.dump(): c for c in signer.cert_registry if c.dump() != cert.dump()}
        self.certs = [cert, *(others[der] for der in sorted(others))]

    def signed_attr_providers(self, data_digest: bytes, digest_algorithm: str) -> Iterator[CMSAttributeProvider]:
        yield _CertificatesProvider(self.certs)


class _CertificatesProvider(SigningCertificateV2Provider):
    def __init__(self, certs: list[x509.Certificate]) -> None:
        super().__init__(certs[0])
        self.certs = certs

    async def build_attr_value(self, dry_run: bool = False) -> tsp.SigningCertificateV2:
        return tsp.SigningCertificateV2({"certs": [as_signing_certificate_v2(c)["certs"][0] for c in self.certs]})


def _sync_producer(writer: IncrementalPdfFileWriter) -> None:
    """Keep the Info dictionary's /Producer equal to the XMP ``pdf:Producer`` pyHanko writes.

    pyHanko sets XMP ``pdf:Producer`` to its own name but appends that name to an existing Info /Producer;
    PDF/A wants the two to agree."""
    info_ref = writer.trailer.raw_get("/Info") if "/Info" in writer.trailer else None
    if isinstance(info_ref, generic.IndirectObject):
        info_ref.get_object()["/Producer"] = generic.TextStringObject(VENDOR)
        writer.mark_update(info_ref)


def sign_pdf(
    in_path: Path, out_path: Path, p12_path: Path, passphrase: bytes, *, reason: str = DEFAULT_REASON
) -> None:
    """Sign ``in_path`` with the PKCS#12 key and write ``out_path`` (which may be ``in_path``: the signed file
    is written beside it and then moved into place, so a failure never leaves a half-written report).

    Refuses a PDF that is already signed: a report carries exactly one signature."""
    in_path, out_path = Path(in_path), Path(out_path)
    signer = load_signer(p12_path, passphrase)
    signer.signed_attr_prov_spec = _AllCertificatesSigned(signer)
    meta = PdfSignatureMetadata(
        field_name=FIELD_NAME, subfilter=SigSeedSubFilter.PADES, reason=reason, md_algorithm="sha256"
    )
    tmp_path = out_path.with_name(f".{out_path.name}.{os.getpid()}.{secrets.token_hex(4)}.tmp")
    try:
        with open(in_path, "rb") as src:
            writer = IncrementalPdfFileWriter(src)
            if writer.prev.embedded_signatures:
                raise SigningError(f"{in_path} is already signed; a report carries exactly one signature")
            _sync_producer(writer)
            with open(tmp_path, "xb") as tmp:
                PdfSigner(meta, signer).sign_pdf(writer, output=tmp)
        os.replace(tmp_path, out_path)
    except BaseException:
        tmp_path.unlink(missing_ok=True)
        raise
