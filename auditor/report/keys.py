"""Inspector keys: a self-signed trial certificate, and loading a PKCS#12 key for signing.

A trial certificate proves only that the report was not changed since it was signed with that key; whoever
verifies must obtain the inspector's ``.pem`` by a trusted channel. A certificate issued by a real authority is
used the same way (docs/signing.md): export it with its key as PKCS#12 and trust the authority's root."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import rsa
from cryptography.hazmat.primitives.serialization import pkcs12
from cryptography.x509.oid import NameOID
from pyhanko.sign.signers import SimpleSigner

from auditor.report.cert_policy import signer_problems

RSA_BITS = 3072
VALID_DAYS = 730


class KeyFileError(ValueError):
    """A key file that cannot be used for signing; the message says why."""


def make_self_signed(
    name: str, passphrase: bytes, *, now: dt.datetime | None = None, valid_days: int = VALID_DAYS
) -> tuple[bytes, bytes]:
    """Make an RSA key and a self-signed certificate for ``CN=name``.

    The certificate carries the key usages digitalSignature and nonRepudiation (the validator requires the
    latter). Returns ``(pkcs12_bytes, certificate_pem_bytes)``; the PKCS#12 archive is encrypted with
    ``passphrase``, which must not be empty."""
    if not name.strip():
        raise ValueError("the certificate needs a name")
    if not passphrase:
        raise ValueError("the key needs a non-empty passphrase")
    now = (now or dt.datetime.now(dt.UTC)).replace(microsecond=0)
    key = rsa.generate_private_key(public_exponent=65537, key_size=RSA_BITS)
    subject = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, name)])
    usage = x509.KeyUsage(
        digital_signature=True,
        content_commitment=True,  # a.k.a. nonRepudiation
        key_encipherment=False,
        data_encipherment=False,
        key_agreement=False,
        key_cert_sign=False,
        crl_sign=False,
        encipher_only=False,
        decipher_only=False,
    )
    cert = (
        x509.CertificateBuilder()
        .subject_name(subject)
        .issuer_name(subject)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - dt.timedelta(minutes=5))  # tolerate small clock differences
        .not_valid_after(now + dt.timedelta(days=valid_days))
        .add_extension(x509.BasicConstraints(ca=False, path_length=None), critical=True)
        .add_extension(usage, critical=True)
        .add_extension(x509.SubjectKeyIdentifier.from_public_key(key.public_key()), critical=False)
        .sign(key, hashes.SHA256())
    )
    p12 = pkcs12.serialize_key_and_certificates(
        name.encode("utf-8"), key, cert, None, serialization.BestAvailableEncryption(passphrase)
    )
    return p12, cert.public_bytes(serialization.Encoding.PEM)


def load_signer(p12_path: Path, passphrase: bytes) -> SimpleSigner:
    """Load a PKCS#12 key for signing; raise :class:`KeyFileError` with a readable reason if it cannot be used.

    Only RSA keys are accepted: with an ECDSA key pyHanko writes PDF 2.0, which breaks PDF/A-3. A certificate that
    ``auditor verify`` would refuse (report/cert_policy.py: no nonRepudiation, or it or a certificate of its chain
    not valid now) is refused before anything is signed."""
    try:
        data = Path(p12_path).read_bytes()
    except OSError as exc:
        raise KeyFileError(f"cannot read the key file {p12_path}: {exc.strerror}") from exc
    try:
        signer = SimpleSigner.load_pkcs12_data(data, other_certs=[], passphrase=passphrase or None)
    except Exception as exc:  # noqa: BLE001 -- pyHanko raises ValueError, or worse for a file without a key
        raise KeyFileError(f"cannot open {p12_path}: wrong passphrase, or not a PKCS#12 key file") from exc
    algorithm = signer.signing_key.algorithm
    if algorithm != "rsa":
        raise KeyFileError(f"{p12_path} holds a {algorithm} key; reports are signed with an RSA key (PKCS#1 v1.5), "
                           "which PDF/A-3 and `auditor verify` accept")
    cert = signer.signing_cert
    chain = [c for c in signer.cert_registry if c.dump() != cert.dump()]
    problems = signer_problems(cert, chain, {"now": dt.datetime.now(dt.UTC)})
    if problems:
        raise KeyFileError(f"{p12_path} cannot sign a report that `auditor verify` accepts: {'; '.join(problems)}")
    return signer
