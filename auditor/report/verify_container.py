"""The bytes of a signed report that its signature does not cover, held to the one form ``auditor sign`` writes.

A PDF signature covers every byte of the file but its own ``/Contents`` hex string (the gap of its ``/ByteRange``),
and inside that string the signature covers only the signed attributes. Everything else there could be written
differently without changing what a reader decodes (hex digits in lower case, spaces, an odd digit count, a longer
DER length, NULL algorithm parameters left out, certificates added) or could be changed outright (certificates,
revocation lists, unsigned attributes). So the gap is compared byte for byte with the one that follows from the
signed parts: ``<``, the upper-case hex of the canonical container and its zero padding, ``>``. The canonical
container is rebuilt from the signed attributes, the signature value and the certificates that the signed
signing-certificate-v2 attribute names (``auditor sign`` names every certificate it embeds), with the version
numbers, algorithm identifiers and signer identifier that ``auditor sign`` writes (RSA PKCS#1 v1.5, SHA-256)."""

from __future__ import annotations

import hashlib

from asn1crypto import algos, cms, tsp, x509

DIGEST = "sha256"
MECHANISM = "sha256_rsa"


def _named_certificates(signed_data: cms.SignedData, signer_info: cms.SignerInfo) -> list[x509.Certificate] | str:
    """The embedded certificates named by the signed signing-certificate-v2 attribute, in its order; or why not."""
    values = [a["values"] for a in signer_info["signed_attrs"] if a["type"].native == "signing_certificate_v2"]
    if len(values) != 1 or len(values[0]) != 1:
        return "the signature has no single signing-certificate-v2 attribute"
    embedded = {hashlib.sha256(c.chosen.dump()).digest(): c.chosen for c in signed_data["certificates"] or []}
    named: list[x509.Certificate] = []
    ess: tsp.SigningCertificateV2 = values[0][0]
    for cert_id in ess["certs"]:
        if cert_id["hash_algorithm"]["algorithm"].native != DIGEST or cert_id["cert_hash"].native not in embedded:
            return "the signature's signed attributes name a certificate that it does not embed"
        named.append(embedded[cert_id["cert_hash"].native])
    return named


def _canonical_container(signer_info: cms.SignerInfo, certs: list[x509.Certificate]) -> bytes:
    """The signature container ``auditor sign`` writes for these signed attributes, signature value and
    certificates (the signer's first)."""
    digest = algos.DigestAlgorithm({"algorithm": DIGEST})
    signer = cms.SignerInfo({
        "version": "v1",
        "sid": cms.SignerIdentifier({"issuer_and_serial_number": cms.IssuerAndSerialNumber(
            {"issuer": certs[0].issuer, "serial_number": certs[0].serial_number})}),
        "digest_algorithm": digest,
        "signed_attrs": signer_info["signed_attrs"],
        "signature_algorithm": algos.SignedDigestAlgorithm({"algorithm": MECHANISM}),
        "signature": signer_info["signature"],
    })
    signed_data = cms.SignedData({
        "version": "v1",
        "digest_algorithms": [digest],
        "encap_content_info": {"content_type": "data"},
        "certificates": [cms.CertificateChoices(name="certificate", value=c) for c in certs],
        "signer_infos": [signer],
    })
    return cms.ContentInfo({"content_type": "signed_data", "content": signed_data}).dump(force=True)


def unsigned_bytes_problem(data: bytes, byte_range: list[int], signed_data: cms.SignedData) -> str | None:
    """Why the gap in the signature's ``byte_range`` (its /Contents) is not exactly what ``auditor sign`` writes for
    the signed parts (None if it is). ``byte_range`` is trusted only once the signature over it verified; whether it
    reaches the end of the file is the coverage check's."""
    if len(byte_range) != 4 or byte_range[0] != 0 or not byte_range[1] < byte_range[2] <= len(data):
        return "the signature's /ByteRange is not one range before its /Contents and one after"
    gap = data[byte_range[1]:byte_range[2]]
    infos = signed_data["signer_infos"]
    if len(infos) != 1:
        return f"the signature container holds {len(infos)} signer infos; a report signature holds one"
    certs = _named_certificates(signed_data, infos[0])
    if isinstance(certs, str):
        return certs
    container = _canonical_container(infos[0], certs)
    room = (len(gap) - 2) // 2
    if len(container) > room:
        return "the signature container does not fit its /Contents"
    expected = b"<" + (container + bytes(room - len(container))).hex().upper().encode("ascii") + b">"
    if gap != expected:
        return ("the signature's /Contents is not byte for byte the container auditor sign writes for this "
                "signature (changed after signing: its encoding, padding, certificates or unsigned parts)")
    return None
