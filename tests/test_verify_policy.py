"""What ``verify`` says is exactly true: without a trusted signer it does not say VERIFIED; a signer's certificate and
its whole chain must be fit for signing (nonRepudiation, valid at the signing time and now), however the trust was
given; a file that differs by one byte from the signed one, even in a way that decodes to the same value, fails; and
``sign`` refuses a certificate that ``verify`` would refuse."""

from __future__ import annotations

import datetime as dt
import io
import re
import shutil
from pathlib import Path

import pytest
from asn1crypto import cms
from asn1crypto import x509 as asn1_x509
from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec, rsa
from cryptography.hazmat.primitives.serialization import pkcs12
from cryptography.x509.oid import NameOID
from pyhanko.pdf_utils.incremental_writer import IncrementalPdfFileWriter
from pyhanko.pdf_utils.reader import PdfFileReader
from pyhanko.sign.fields import SigSeedSubFilter
from pyhanko.sign.signers import PdfSignatureMetadata, PdfSigner, SimpleSigner
from test_signing import PASSPHRASE, audit, check, keys, report  # noqa: F401  (fixtures)
from typer.testing import CliRunner

from auditor.cli.app import app
from auditor.report.keys import KeyFileError
from auditor.report.sign import PASSPHRASE_ENV, SigningError, sign_pdf
from auditor.report.verify import NOT_VERIFIED, UNTRUSTED, VERIFIED, verify_report

NOW = dt.datetime.now(dt.UTC).replace(microsecond=0)
DAY = dt.timedelta(days=1)
SIGNING = ("digital_signature", "content_commitment")  # content_commitment is nonRepudiation
CA = ("key_cert_sign", "crl_sign")


def make_cert(name: str, issuer: tuple | None = None, *, usage: tuple[str, ...] | None = SIGNING, ca: bool = False,
              start: dt.datetime = NOW - DAY, end: dt.datetime = NOW + 365 * DAY) -> tuple:
    """An RSA key and a certificate for ``CN=name``, signed by ``issuer`` (key, certificate) or by itself; ``usage``
    None leaves the key usage extension out."""
    key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
    subject = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, name)])
    issuer_key, issuer_cert = issuer or (key, None)
    builder = (x509.CertificateBuilder().subject_name(subject)
               .issuer_name(issuer_cert.subject if issuer_cert else subject).public_key(key.public_key())
               .serial_number(x509.random_serial_number()).not_valid_before(start).not_valid_after(end)
               .add_extension(x509.BasicConstraints(ca=ca, path_length=None), critical=True)
               .add_extension(x509.SubjectKeyIdentifier.from_public_key(key.public_key()), critical=False))
    if issuer_cert is not None:
        builder = builder.add_extension(
            x509.AuthorityKeyIdentifier.from_issuer_public_key(issuer_cert.public_key()), critical=False)
    if usage is not None:
        flags = {flag: flag in usage for flag in (
            "digital_signature", "content_commitment", "key_encipherment", "data_encipherment", "key_agreement",
            "key_cert_sign", "crl_sign", "encipher_only", "decipher_only")}
        builder = builder.add_extension(x509.KeyUsage(**flags), critical=True)
    return key, builder.sign(issuer_key, hashes.SHA256())


def write_p12(path: Path, leaf: tuple, chain: tuple = ()) -> Path:
    path.write_bytes(pkcs12.serialize_key_and_certificates(
        b"key", leaf[0], leaf[1], [cert for _, cert in chain] or None,
        serialization.BestAvailableEncryption(PASSPHRASE)))
    return path


def write_pem(path: Path, *certs: tuple) -> Path:
    path.write_bytes(b"".join(cert.public_bytes(serialization.Encoding.PEM) for _, cert in certs))
    return path


def sign_unchecked(unsigned: Path, out: Path, p12: Path) -> Path:
    """Sign with pyHanko directly, as any tool could: no certificate policy applied."""
    signer = SimpleSigner.load_pkcs12_data(p12.read_bytes(), other_certs=[], passphrase=PASSPHRASE)
    meta = PdfSignatureMetadata(field_name="Sig", subfilter=SigSeedSubFilter.PADES, md_algorithm="sha256")
    with open(unsigned, "rb") as src, open(out, "wb") as dst:
        PdfSigner(meta, signer).sign_pdf(IncrementalPdfFileWriter(src), output=dst)
    return out


@pytest.fixture(scope="module")
def pki(tmp_path_factory) -> dict:
    """A root, an intermediate under it, and a root that expired yesterday (valid for a year before)."""
    root = make_cert("Test Root CA", usage=CA, ca=True, end=NOW + 3650 * DAY)
    expired_root = make_cert("Expired Root CA", usage=CA, ca=True, start=NOW - 400 * DAY, end=NOW - DAY)
    return {
        "root": root,
        "intermediate": make_cert("Test Intermediate CA", root, usage=CA, ca=True, end=NOW + 3000 * DAY),
        "expired_root": expired_root,
        "folder": tmp_path_factory.mktemp("pki"),
    }


# --- the verdict and the exit codes -----------------------------------------------------------------------------

def test_without_trust_the_report_is_not_called_verified(report, keys) -> None:  # noqa: F811
    verdict = verify_report(report)
    assert not verdict.ok and verdict.exit_code == UNTRUSTED
    assert not verdict.headline.startswith("VERIFIED") and "NOT VERIFIED" not in verdict.headline
    trust = check(verdict, "trust")
    assert trust.ok is None
    assert "Test Inspector" in trust.detail and "who signed it is not proven" in trust.detail
    pem = x509.load_pem_x509_certificate((keys / "inspector.pem").read_bytes())
    assert pem.fingerprint(hashes.SHA256()).hex(":").upper() in trust.detail  # as keygen printed it
    assert "unchanged since it was signed with the key" in verdict.headline


def test_exit_codes(report, keys) -> None:  # noqa: F811
    runner = CliRunner()
    trusted = runner.invoke(app, ["verify", str(report), "--trust", str(keys / "inspector.pem")])
    assert trusted.exit_code == VERIFIED == 0, trusted.output
    assert runner.invoke(app, ["verify", str(report)]).exit_code == UNTRUSTED
    assert runner.invoke(app, ["verify", str(report), "--trust", str(keys / "stranger.pem")]).exit_code == UNTRUSTED
    data = bytearray(report.read_bytes())
    data[len(data) // 3] ^= 0x01
    report.write_bytes(bytes(data))
    tampered = runner.invoke(app, ["verify", str(report), "--trust", str(keys / "inspector.pem")])
    assert tampered.exit_code == NOT_VERIFIED and "NOT VERIFIED" in tampered.output


# --- the signer's certificate and its chain -----------------------------------------------------------------------

def _signed_by(audit, pki, name: str, leaf: tuple, chain: tuple = ()) -> Path:  # noqa: F811
    folder = pki["folder"]
    return sign_unchecked(audit["unsigned"], folder / f"{name}.pdf", write_p12(folder / f"{name}.p12", leaf, chain))


@pytest.mark.parametrize("usage", [("digital_signature",), None], ids=["no-nonRepudiation", "no-key-usage"])
def test_directly_trusted_certificate_without_non_repudiation_is_refused(audit, pki, usage) -> None:  # noqa: F811
    leaf = make_cert("Self Made", usage=usage)
    signed = _signed_by(audit, pki, f"self-{usage is None}", leaf)
    trust = check(verify_report(signed, write_pem(pki["folder"] / f"self-{usage is None}.pem", leaf)), "trust")
    assert trust.ok is False and "nonRepudiation" in trust.detail


def test_leaf_without_non_repudiation_under_a_trusted_root_is_refused(audit, pki) -> None:  # noqa: F811
    leaf = make_cert("Plain Signer", pki["root"], usage=("digital_signature",))
    signed = _signed_by(audit, pki, "plain", leaf)
    trust = check(verify_report(signed, write_pem(pki["folder"] / "root.pem", pki["root"])), "trust")
    assert trust.ok is False and "nonRepudiation" in trust.detail


def test_expired_certificate_is_refused(audit, pki) -> None:  # noqa: F811
    old = make_cert("Old Inspector", start=NOW - 800 * DAY, end=NOW - 70 * DAY)
    verdict = verify_report(_signed_by(audit, pki, "old", old), write_pem(pki["folder"] / "old.pem", old))
    assert check(verdict, "integrity").ok and check(verdict, "trust").ok is False
    assert verdict.exit_code == UNTRUSTED


def test_leaf_of_an_expired_root_is_refused(audit, pki) -> None:  # noqa: F811
    root = pki["expired_root"]
    leaf = make_cert("Orphan Signer", root, start=NOW - 300 * DAY, end=NOW + 300 * DAY)
    signed = _signed_by(audit, pki, "orphan", leaf)
    verdict = verify_report(signed, write_pem(pki["folder"] / "expired-root.pem", root))
    trust = check(verdict, "trust")
    assert trust.ok is False and "Expired Root CA" in trust.detail and "not valid" in trust.detail
    assert verdict.exit_code == UNTRUSTED


def test_leaf_of_an_intermediate_verifies_against_the_root_only(audit, pki) -> None:  # noqa: F811
    leaf = make_cert("Inspector Chan", pki["intermediate"])
    p12 = write_p12(pki["folder"] / "chan.p12", leaf, (pki["intermediate"],))
    signed = pki["folder"] / "chan.pdf"
    sign_pdf(audit["unsigned"], signed, p12, PASSPHRASE)
    verdict = verify_report(signed, write_pem(pki["folder"] / "root-only.pem", pki["root"]))
    assert verdict.ok and verdict.exit_code == VERIFIED, verdict.checks
    assert "Test Root CA" in check(verdict, "trust").detail


# --- one changed byte anywhere, even one that decodes to the same value ------------------------------------------

def _contents_span(data: bytes) -> tuple[int, int]:
    """Where the signature's /Contents hex string lies in the file (the gap of its /ByteRange)."""
    (sig,) = PdfFileReader(io.BytesIO(data), strict=False).embedded_signatures
    _, end1, start2, _ = (int(x) for x in sig.byte_range)
    return end1, start2


def _rewrite_contents(report: Path, change) -> None:
    """Replace the text of the signature's /Contents hex string by ``change(text)`` (same length)."""
    data = report.read_bytes()
    start, end = _contents_span(data)
    text = data[start:end]
    new = change(text)
    assert len(new) == len(text) and new != text
    report.write_bytes(data[:start] + new + data[end:])


HEX_REWRITES = {
    "lower case": lambda t: t.lower(),
    "one digit in lower case": lambda t: t.replace(b"A", b"a", 1),
    "a space among the digits": lambda t: t[:20] + b" " + t[20:-2] + b">",  # an odd digit count: same bytes decoded
    "a line break in the padding": lambda t: t[:-5] + b"\n000>",
    "an odd number of digits": lambda t: t[:-3] + b" 0>",
}


@pytest.mark.parametrize("name", HEX_REWRITES)
def test_signature_hex_string_written_differently_fails(report, name) -> None:
    _rewrite_contents(report, HEX_REWRITES[name])
    integrity = check(verify_report(report), "integrity")
    assert integrity.ok is False, integrity.detail


def _reencode_container(report: Path, change) -> None:
    """Decode the signature container, change it, re-encode it in the same hex space (zero padding after it)."""
    def rewrite(text: bytes) -> bytes:
        der = bytes.fromhex(text[1:-1].decode())
        info = cms.ContentInfo.load(der)  # the zero padding after it is ignored
        change(info["content"])
        new = info.dump(force=True)
        padded = new + b"\x00" * (len(der) - len(new))
        assert len(padded) == len(der)
        return b"<" + padded.hex().upper().encode() + b">"
    _rewrite_contents(report, rewrite)


def _small_cert() -> cms.CertificateChoices:
    """A certificate small enough for the padding of the signature's /Contents."""
    key = ec.generate_private_key(ec.SECP256R1())
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "Extra")])
    cert = (x509.CertificateBuilder().subject_name(name).issuer_name(name).public_key(key.public_key())
            .serial_number(1).not_valid_before(NOW).not_valid_after(NOW + DAY).sign(key, hashes.SHA256()))
    der = cert.public_bytes(serialization.Encoding.DER)
    return cms.CertificateChoices(name="certificate", value=asn1_x509.Certificate.load(der))


def _without_null(algorithm) -> None:
    algorithm["parameters"] = None
    del algorithm["parameters"]


CONTAINER_CHANGES = {
    "an extra certificate": lambda sd, keys: sd["certificates"].append(_small_cert()),
    "a certificate revocation list set": lambda sd, keys: sd.__setitem__("crls", cms.RevocationInfoChoices([])),
    "unsigned attributes": lambda sd, keys: sd["signer_infos"][0].__setitem__(
        "unsigned_attrs", cms.CMSAttributes([sd["signer_infos"][0]["signed_attrs"][0]])),
    "digest algorithm without NULL parameters": lambda sd, keys: _without_null(
        sd["signer_infos"][0]["digest_algorithm"]),
    "signature algorithm named rsassa_pkcs1v15": lambda sd, keys: sd["signer_infos"][0].__setitem__(
        "signature_algorithm", {"algorithm": "rsassa_pkcs1v15", "parameters": None}),
    "signature algorithm without NULL parameters": lambda sd, keys: _without_null(
        sd["signer_infos"][0]["signature_algorithm"]),
}


@pytest.mark.parametrize("name", CONTAINER_CHANGES)
def test_signature_container_changed_outside_what_is_signed_fails(report, keys, name) -> None:  # noqa: F811
    _reencode_container(report, lambda sd: CONTAINER_CHANGES[name](sd, keys))
    verdict = verify_report(report, keys / "inspector.pem")
    assert check(verdict, "integrity").ok is False, check(verdict, "integrity").detail
    assert verdict.exit_code == NOT_VERIFIED


def test_byte_range_written_differently_fails(report) -> None:
    data = report.read_bytes()
    match = re.search(rb"/ByteRange \[(\d+) (\d+) (\d+) (\d+)\]( +)", data)
    assert match and len(match.group(5)) > 2
    respaced = b"/ByteRange [ " + b"  ".join(match.group(i) for i in range(1, 5)) + b"]"
    respaced += b" " * (len(match.group(0)) - len(respaced))
    report.write_bytes(data[: match.start()] + respaced + data[match.end():])
    assert verify_report(report).exit_code == NOT_VERIFIED


# --- sign refuses what verify would refuse ---------------------------------------------------------------------------

SIGN_REFUSALS = {
    "expired": (dict(start=NOW - 400 * DAY, end=NOW - DAY), "not valid"),
    "not yet valid": (dict(start=NOW + DAY, end=NOW + 400 * DAY), "not valid"),
    "without nonRepudiation": (dict(usage=("digital_signature",)), "nonRepudiation"),
    "without key usage": (dict(usage=None), "nonRepudiation"),
}


@pytest.mark.parametrize("name", SIGN_REFUSALS)
def test_sign_refuses_a_certificate_verify_would_refuse(audit, pki, tmp_path, monkeypatch, name) -> None:  # noqa: F811
    options, reason = SIGN_REFUSALS[name]
    p12 = write_p12(tmp_path / "bad.p12", make_cert("Unfit", **options))
    out = tmp_path / "signed.pdf"
    with pytest.raises((KeyFileError, SigningError), match=reason):
        sign_pdf(audit["unsigned"], out, p12, PASSPHRASE)
    assert not out.exists() and not list(tmp_path.glob(".*.tmp"))
    monkeypatch.setenv(PASSPHRASE_ENV, PASSPHRASE.decode())
    copy = Path(shutil.copy(audit["unsigned"], tmp_path / "report.pdf"))
    result = CliRunner().invoke(app, ["sign", str(copy), "--key", str(p12)])
    assert result.exit_code == 2 and reason in result.output
    assert copy.read_bytes() == audit["unsigned"].read_bytes()
