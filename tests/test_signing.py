"""Signed reports: sign then verify passes; any change after signing, a swapped attachment, an untrusted signer
or a changed log file fails, with its reason and without an exception."""

from __future__ import annotations

import datetime as dt
import json
import shutil
from pathlib import Path

import pytest
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.serialization import pkcs12
from pyhanko.pdf_utils import generic
from pyhanko.pdf_utils.incremental_writer import IncrementalPdfFileWriter
from pyhanko.pdf_utils.reader import PdfFileReader
from typer.testing import CliRunner
from weasyprint import HTML, Attachment

import auditor.cli.signing  # noqa: F401  (registers keygen, sign, verify)
from auditor.cli.app import app
from auditor.engine.audit import audit as run_audit
from auditor.engine.ruleset import load_rulesets
from auditor.model.result import AuditResult, InputFile
from auditor.report.keys import KeyFileError, load_signer, make_self_signed
from auditor.report.manifest import (
    FINDINGS_NAME,
    MANIFEST_NAME,
    QUARANTINE_NAME,
    SUMMARY_NAME,
    hash_file,
    report_attachments,
)
from auditor.report.sign import PASSPHRASE_ENV, SigningError, sign_pdf
from auditor.report.verify import NOT_VERIFIED, Verdict, read_attachments, verify_report

PASSPHRASE = b"correct horse battery staple"


def check(verdict: Verdict, name: str):
    """The named check of a verdict."""
    (found,) = [c for c in verdict.checks if c.name == name]
    return found


def render(path: Path, attachments: dict[str, bytes]) -> Path:
    """A one-page PDF/A-3b with the given attachments, made with WeasyPrint directly."""
    html = HTML(string='<html lang="en"><body><h1>Audit report</h1><p>Test report.</p></body></html>')
    files = [Attachment(string=data, name=name) for name, data in attachments.items()]
    html.write_pdf(path, pdf_variant="pdf/a-3b", attachments=files)
    return path


@pytest.fixture(scope="module")
def keys(tmp_path_factory) -> Path:
    """The inspector's key and certificate, and a stranger's certificate (two RSA key generations per module)."""
    folder = tmp_path_factory.mktemp("keys")
    p12, pem = make_self_signed("Test Inspector", PASSPHRASE)
    (folder / "inspector.p12").write_bytes(p12)
    (folder / "inspector.pem").write_bytes(pem)
    (folder / "stranger.pem").write_bytes(make_self_signed("Someone Else", PASSPHRASE)[1])
    return folder


@pytest.fixture(scope="module")
def audit(tmp_path_factory, keys) -> dict[str, Path]:
    """Logs, the audit result's attachments, and the report rendered and signed once per module."""
    root = tmp_path_factory.mktemp("audit")
    (root / "logs" / "day2").mkdir(parents=True)
    (root / "logs" / "t1.jsonl").write_text('{"event": "coup"}\n')
    (root / "logs" / "day2" / "t2.csv").write_text("table,coup\nT1,1\n")
    inputs = [
        InputFile(p.relative_to(root).as_posix(), p.suffix[1:], p.stat().st_size, hash_file(p), 1, 0)
        for p in sorted((root / "logs").rglob("*.*"))
        if p.is_file()
    ]
    result = AuditResult("0.1.0", "Casino", "2024-01-01", "2024-01-02", inputs, [], [], [], [], [])
    unsigned = render(root / "unsigned.pdf", report_attachments(result))
    signed = root / "signed.pdf"
    sign_pdf(unsigned, signed, keys / "inspector.p12", PASSPHRASE)
    return {"root": root, "logs": root / "logs", "unsigned": unsigned, "signed": signed}


@pytest.fixture()
def report(audit, tmp_path) -> Path:
    """A private copy of the signed report that a test may damage."""
    return Path(shutil.copy(audit["signed"], tmp_path / "report.pdf"))


def test_sign_then_verify_passes(report, keys, audit) -> None:
    verdict = verify_report(report, keys / "inspector.pem", [audit["logs"]])
    assert verdict.ok, verdict.checks
    assert [c.name for c in verdict.checks] == ["signature", "integrity", "coverage", "trust", "attachments",
                                                "signature block", "logs"]
    assert all(c.ok for c in verdict.checks)
    assert "Test Inspector" in check(verdict, "trust").detail
    assert verdict.headline.startswith("VERIFIED")


def test_without_trust_says_who_signed_and_that_trust_was_not_checked(report) -> None:
    verdict = verify_report(report)
    trust = check(verdict, "trust")
    assert trust.ok is None and "Test Inspector" in trust.detail and "not checked" in trust.detail
    assert not verdict.ok and "SIGNER NOT TRUSTED" in verdict.headline


def test_wrong_trust_certificate_fails(report, keys) -> None:
    verdict = verify_report(report, keys / "stranger.pem")
    assert not verdict.ok and check(verdict, "trust").ok is False


def test_unreadable_trust_file_fails(report, tmp_path) -> None:
    bogus = tmp_path / "bogus.pem"
    bogus.write_text("not a certificate")
    verdict = verify_report(report, bogus)
    assert not verdict.ok and "cannot read the trusted certificate" in check(verdict, "trust").detail


def test_signed_report_stays_pdfa_3b(report) -> None:
    data = report.read_bytes()
    assert data.startswith(b"%PDF-1.7")  # an ECDSA key would make pyHanko write PDF 2.0
    with open(report, "rb") as f:
        reader = PdfFileReader(f)
        xmp = reader.root["/Metadata"].data.decode()
        assert 'pdfaid:part="3"' in xmp and 'pdfaid:conformance="B"' in xmp
        assert f'pdf:Producer="{reader.trailer["/Info"]["/Producer"]}"' in xmp  # Info and XMP agree
        (sig,) = reader.embedded_signatures
        assert sig.sig_object["/SubFilter"] == "/ETSI.CAdES.detached"
        assert [float(x) for x in sig.sig_field["/Rect"]] == [0, 0, 0, 0]  # no visible widget, no font


@pytest.mark.parametrize("where", [0.02, 0.2, 0.5, 0.8, 0.98, -30])
def test_one_flipped_byte_fails_without_raising(report, where) -> None:
    data = bytearray(report.read_bytes())
    offset = int(len(data) * where) if where > 0 else len(data) + int(where)
    data[offset] ^= 0x01
    report.write_bytes(bytes(data))
    verdict = verify_report(report)
    assert verdict.exit_code == NOT_VERIFIED, (offset, verdict.checks)


@pytest.mark.slow
def test_every_flipped_byte_fails(report, tmp_path) -> None:
    """Exhaustive over the unsigned /Contents, every 5th byte elsewhere (several minutes): flip the low bit."""
    data = report.read_bytes()
    with open(report, "rb") as f:
        (sig,) = PdfFileReader(f).embedded_signatures
        contents = range(int(sig.byte_range[1]), int(sig.byte_range[2]))
    damaged = tmp_path / "damaged.pdf"
    passed = []
    for offset in sorted({*contents, *range(0, len(data), 5)}):
        flipped = bytearray(data)
        flipped[offset] ^= 0x01
        damaged.write_bytes(bytes(flipped))
        if verify_report(damaged).exit_code != NOT_VERIFIED:
            passed.append(offset)
    assert not passed


def _contents_offsets(report: Path) -> dict[str, int]:
    """File offsets of hex digits in the unsigned /Contents: in the CMS digest-algorithm list, in the embedded
    certificate (bound by a signed attribute), in the zero padding, and the low digits of the SignedData and
    SignerInfo version numbers (v1 flipped to v0)."""
    with open(report, "rb") as f:
        (sig,) = PdfFileReader(f).embedded_signatures
        hex_start = int(sig.byte_range[1]) + 1  # after "<"
        der = sig.pkcs7_content
        algorithms = der.index(sig.signed_data["digest_algorithms"].dump())
        cert = sig.signer_cert.dump()
        cert_signature = der.index(cert) + cert.index(sig.signer_cert["signature_value"].contents)
        versions = [  # offset of the value byte of a version INTEGER right after a SEQUENCE header
            der.index(seq.dump()) + len(seq.dump()) - len(seq.contents) + 2
            for seq in (sig.signed_data, sig.signer_info)
        ]
        padding = int(sig.byte_range[2]) - 10  # the /Contents hex string ends with zeros before ">"
    data = report.read_bytes()

    def digit_near(der_offset: int) -> int:  # a hex digit, so that flipping its low bit keeps it a hex digit
        return next(i for i in range(hex_start + 2 * der_offset, len(data)) if chr(data[i]).isdigit())

    return {"algorithms": digit_near(algorithms + 6), "certificate": digit_near(cert_signature + 20),
            "padding": padding, "version": hex_start + 2 * versions[0] + 1,
            "signer version": hex_start + 2 * versions[1] + 1}


@pytest.mark.parametrize("part", ["algorithms", "certificate", "padding", "version", "signer version"])
def test_flipped_byte_in_the_unsigned_signature_container_fails(report, part) -> None:
    offset = _contents_offsets(report)[part]
    data = bytearray(report.read_bytes())
    data[offset] ^= 0x01
    report.write_bytes(bytes(data))
    integrity = check(verify_report(report), "integrity")
    assert integrity.ok is False, integrity


def test_cms_length_widened_over_the_padding_fails(report) -> None:
    """The CMS object's outer length, two larger, takes in two zero padding bytes (an empty element) and still
    parses."""
    data = bytearray(report.read_bytes())
    with open(report, "rb") as f:
        (sig,) = PdfFileReader(f).embedded_signatures
        hex_start = int(sig.byte_range[1]) + 1
    assert data[hex_start : hex_start + 4] == b"3082"  # SEQUENCE with a two-byte length
    length = int(data[hex_start + 4 : hex_start + 8], 16)
    data[hex_start + 4 : hex_start + 8] = f"{length + 2:04X}".encode()
    report.write_bytes(bytes(data))
    verdict = verify_report(report)
    assert check(verdict, "integrity").ok is False and not verdict.ok


def test_flipped_byte_in_an_attachment_breaks_integrity(report) -> None:
    # findings.json is stored compressed; flip a byte in the first embedded-file stream's data
    data = bytearray(report.read_bytes())
    start = data.index(b"/EmbeddedFile")
    offset = data.index(b"stream\n", start) + len(b"stream\n") + 10
    data[offset] ^= 0x01
    report.write_bytes(bytes(data))
    verdict = verify_report(report)
    assert check(verdict, "integrity").ok is False


def test_not_a_pdf_fails_with_its_reason(tmp_path) -> None:
    for content in (b"", b"hello", b"%PDF-1.7\n%%EOF\n"):
        path = tmp_path / "x.pdf"
        path.write_bytes(content)
        verdict = verify_report(path)
        assert verdict.exit_code == NOT_VERIFIED and verdict.checks[0].ok is False and verdict.checks[0].detail
    assert verify_report(tmp_path / "absent.pdf").exit_code == NOT_VERIFIED


def test_truncated_report_fails(report) -> None:
    data = report.read_bytes()
    report.write_bytes(data[: len(data) - 200])
    assert verify_report(report).exit_code == NOT_VERIFIED


def test_unsigned_report_fails(audit) -> None:
    verdict = verify_report(audit["unsigned"])
    assert not verdict.ok and "found 0 signatures" in check(verdict, "signature").detail
    assert check(verdict, "attachments").ok  # still consistent, but not signed


def test_appended_metadata_update_is_reported(report) -> None:
    with open(report, "rb+") as f:
        writer = IncrementalPdfFileWriter(f)
        info = writer.trailer["/Info"]
        info["/Title"] = generic.TextStringObject("Nothing to see here")
        writer.mark_update(writer.trailer.raw_get("/Info"))
        writer.write_in_place()
    verdict = verify_report(report)
    assert check(verdict, "integrity").ok  # the NOTES trap: the signed revision itself is still intact
    coverage = check(verdict, "coverage")
    assert coverage.ok is False and "incremental update" in coverage.detail
    assert verdict.exit_code == NOT_VERIFIED


def test_appended_garbage_is_reported(report) -> None:
    with open(report, "ab") as f:
        f.write(b"\n% appended\n")
    assert check(verify_report(report), "coverage").ok is False


def _filespec(reader_root: generic.DictionaryObject, name: str) -> generic.IndirectObject:
    pairs = reader_root["/Names"]["/EmbeddedFiles"]["/Names"]
    return next(pairs.raw_get(i + 1) for i in range(0, len(pairs), 2) if pairs[i] == name)


def test_attachment_swapped_in_an_incremental_update_fails(report) -> None:
    with open(report, "rb+") as f:
        writer = IncrementalPdfFileWriter(f)
        spec_ref = _filespec(writer.root, FINDINGS_NAME)
        spec = spec_ref.get_object()
        fake = writer.add_object(generic.StreamObject({"/Type": generic.NameObject("/EmbeddedFile")}, b"{}\n"))
        spec["/EF"] = generic.DictionaryObject({"/F": fake, "/UF": fake})
        writer.mark_update(spec_ref)
        writer.write_in_place()
    verdict = verify_report(report)
    attachments = check(verdict, "attachments")
    assert attachments.ok is False
    assert "findings.json was changed after signing" in attachments.detail
    assert "is not the one manifest.json records" in attachments.detail
    assert check(verdict, "coverage").ok is False and not verdict.ok


def test_signed_report_whose_findings_do_not_match_the_manifest_fails(audit, keys, tmp_path) -> None:
    manifest = read_attachments(audit["signed"])[MANIFEST_NAME]
    attachments = {FINDINGS_NAME: b'{"findings": []}\n', MANIFEST_NAME: manifest}
    forged = render(tmp_path / "forged.pdf", attachments)
    sign_pdf(forged, forged, keys / "inspector.p12", PASSPHRASE)
    verdict = verify_report(forged, keys / "inspector.pem")
    assert check(verdict, "integrity").ok and check(verdict, "coverage").ok and check(verdict, "trust").ok
    assert check(verdict, "attachments").ok is False and not verdict.ok


@pytest.mark.parametrize("name", [QUARANTINE_NAME, SUMMARY_NAME])
def test_signed_report_whose_other_outputs_do_not_match_the_manifest_fails(audit, keys, tmp_path, name) -> None:
    """Every output the manifest hashes is checked, not only the findings: a summary.json saying "no violation"
    beside the real manifest is refused, as is a report missing one of them."""
    attachments = read_attachments(audit["signed"])
    assert json.loads(attachments[MANIFEST_NAME])[name.removesuffix(".json")]["sha256"]
    forged = dict(attachments, **{name: b'{"forged": true}\n'})
    missing = {k: v for k, v in attachments.items() if k != name}
    for label, files in (("forged", forged), ("missing", missing)):
        pdf = render(tmp_path / f"{label}.pdf", files)
        sign_pdf(pdf, pdf, keys / "inspector.p12", PASSPHRASE)
        verdict = verify_report(pdf, keys / "inspector.pem")
        detail = check(verdict, "attachments").detail
        assert check(verdict, "attachments").ok is False and not verdict.ok, label
        assert (f"{name} is missing" if label == "missing" else f"{name} (sha256") in detail, detail


def test_missing_attachment_fails(keys, tmp_path) -> None:
    pdf = render(tmp_path / "one.pdf", {FINDINGS_NAME: b"{}\n"})
    sign_pdf(pdf, pdf, keys / "inspector.p12", PASSPHRASE)
    assert "manifest.json is missing" in check(verify_report(pdf), "attachments").detail


def _copy_logs(audit, tmp_path: Path) -> Path:
    return Path(shutil.copytree(audit["logs"], tmp_path / "elsewhere" / "logs"))


def test_logs_in_another_folder_match(report, audit, tmp_path) -> None:
    logs = _copy_logs(audit, tmp_path)
    assert check(verify_report(report, None, [logs]), "logs").ok
    assert check(verify_report(report, None, [logs / "t1.jsonl", logs / "day2" / "t2.csv"]), "logs").ok


def test_log_changed_after_the_audit_is_named(report, audit, tmp_path) -> None:
    logs = _copy_logs(audit, tmp_path)
    (logs / "day2" / "t2.csv").write_text("table,coup\nT1,2\n")  # same size, other bytes
    logs_check = check(verify_report(report, None, [logs]), "logs")
    assert logs_check.ok is False
    assert f"differs: {logs / 'day2' / 't2.csv'}" in logs_check.detail
    assert "t1.jsonl" not in logs_check.detail.split("\n", 1)[1]  # the unchanged file is not named


def test_missing_and_extra_logs_are_named(report, audit, tmp_path) -> None:
    logs = _copy_logs(audit, tmp_path)
    (logs / "t1.jsonl").unlink()
    (logs / "t3.ndjson").write_text("{}\n")
    (logs / "notes.txt").write_text("not a log")  # not a log extension: ignored
    detail = check(verify_report(report, None, [logs]), "logs").detail
    assert "missing: logs/t1.jsonl" in detail
    assert f"extra: {logs / 't3.ndjson'}" in detail
    assert "notes.txt" not in detail


def test_paths_the_audit_would_refuse_fail_the_logs_check(report, audit, tmp_path) -> None:
    logs = _copy_logs(audit, tmp_path)
    (logs / "notes.txt").write_text("not a log")
    for paths, reason in (([logs, tmp_path / "nowhere"], "nowhere: no such file or folder"),
                          ([logs / "notes.txt"], "notes.txt: not a log file")):
        logs_check = check(verify_report(report, None, paths), "logs")
        assert logs_check.ok is False and reason in logs_check.detail


def test_logs_are_found_as_the_audit_finds_them(report, audit, tmp_path) -> None:
    """The simulator's labels.jsonl beside the logs is no log; a linked folder is searched."""
    logs = tmp_path / "logs"
    logs.mkdir()
    shutil.copy(audit["logs"] / "t1.jsonl", logs)
    shutil.copytree(audit["logs"] / "day2", tmp_path / "elsewhere")
    (logs / "day2").symlink_to(tmp_path / "elsewhere")
    label = {"rule": "BAC-1.3", "table": "T", "shoe": None, "hand": None, "seq": 1, "note": "n", "consequence_of": None}
    (logs / "labels.jsonl").write_text(json.dumps(label) + "\n")
    logs_check = check(verify_report(report, None, [logs]), "logs")
    assert logs_check.ok, logs_check.detail


def test_committed_sample_verifies_with_its_logs(keys, tmp_path) -> None:
    """An audit of sample_logs/ (with its labels.jsonl) signed, then verified against the same folder."""
    sample = Path(__file__).resolve().parents[1] / "sample_logs"
    result, con = run_audit([sample], load_rulesets())
    con.close()
    pdf = render(tmp_path / "sample.pdf", report_attachments(result))
    sign_pdf(pdf, pdf, keys / "inspector.p12", PASSPHRASE)
    verdict = verify_report(pdf, keys / "inspector.pem", [sample])
    assert check(verdict, "logs").ok, check(verdict, "logs").detail
    assert verdict.ok, verdict.checks


def test_already_signed_report_is_refused(report, keys, tmp_path) -> None:
    with pytest.raises(SigningError, match="already signed"):
        sign_pdf(report, tmp_path / "twice.pdf", keys / "inspector.p12", PASSPHRASE)
    assert not (tmp_path / "twice.pdf").exists()
    assert not list(tmp_path.glob(".*.tmp"))


def test_wrong_passphrase_is_a_clear_error(keys) -> None:
    with pytest.raises(KeyFileError, match="wrong passphrase"):
        load_signer(keys / "inspector.p12", b"wrong")


def test_ecdsa_key_is_refused(tmp_path) -> None:
    """An ECDSA key makes pyHanko write PDF 2.0, which is not PDF/A-3."""
    from cryptography import x509
    from cryptography.hazmat.primitives import hashes
    from cryptography.x509.oid import NameOID

    key = ec.generate_private_key(ec.SECP256R1())
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "EC")])
    now = dt.datetime.now(dt.UTC)
    cert = (x509.CertificateBuilder().subject_name(name).issuer_name(name).public_key(key.public_key())
            .serial_number(1).not_valid_before(now).not_valid_after(now + dt.timedelta(days=1))
            .sign(key, hashes.SHA256()))
    path = tmp_path / "ec.p12"
    path.write_bytes(pkcs12.serialize_key_and_certificates(
        b"ec", key, cert, None, serialization.BestAvailableEncryption(PASSPHRASE)))
    with pytest.raises(KeyFileError, match="RSA"):
        load_signer(path, PASSPHRASE)


# --- command line ---------------------------------------------------------------------------------------------

@pytest.fixture()
def runner(monkeypatch) -> CliRunner:
    monkeypatch.setenv(PASSPHRASE_ENV, PASSPHRASE.decode())
    return CliRunner()


def test_cli_keygen_sign_verify(runner, audit, tmp_path) -> None:
    key = tmp_path / "inspector.p12"
    result = runner.invoke(app, ["keygen", "--out", str(key), "--name", "CLI Inspector"])
    assert result.exit_code == 0, result.output
    assert (tmp_path / "inspector.pem").exists() and "fingerprint" in result.output
    assert key.stat().st_mode & 0o077 == 0  # the private key is not readable by others

    again = runner.invoke(app, ["keygen", "--out", str(key), "--name", "CLI Inspector"])
    assert again.exit_code == 2 and "--force" in again.output

    report = Path(shutil.copy(audit["unsigned"], tmp_path / "report.pdf"))
    result = runner.invoke(app, ["sign", str(report), "--key", str(key)])
    assert result.exit_code == 0, result.output

    logs = _copy_logs(audit, tmp_path)
    args = ["verify", str(report), "--trust", str(tmp_path / "inspector.pem"), "--logs", str(logs / "t1.jsonl"),
            str(logs / "day2")]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    assert "VERIFIED" in result.output and "FAIL" not in result.output

    (logs / "t1.jsonl").write_text("changed\n")
    result = runner.invoke(app, args)
    assert result.exit_code == 2
    assert "NOT VERIFIED" in result.output and f"differs: {logs / 't1.jsonl'}" in result.output


def test_cli_sign_to_another_file_and_bad_passphrase(runner, audit, keys, tmp_path, monkeypatch) -> None:
    out = tmp_path / "signed.pdf"
    result = runner.invoke(app, ["sign", str(audit["unsigned"]), "--key", str(keys / "inspector.p12"),
                                 "--out", str(out)])
    assert result.exit_code == 0 and out.exists(), result.output
    monkeypatch.setenv(PASSPHRASE_ENV, "wrong")
    result = runner.invoke(app, ["sign", str(audit["unsigned"]), "--key", str(keys / "inspector.p12"),
                                 "--out", str(tmp_path / "no.pdf")])
    assert result.exit_code == 2 and "wrong passphrase" in result.output
    assert not (tmp_path / "no.pdf").exists()


def test_cli_verify_tampered_report_exits_2(runner, report) -> None:
    data = bytearray(report.read_bytes())
    data[len(data) // 2] ^= 0xFF
    report.write_bytes(bytes(data))
    result = runner.invoke(app, ["verify", str(report)])
    assert result.exit_code == 2 and "NOT VERIFIED" in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)


def test_cli_verify_escapes_hostile_file_names(runner, report, audit, tmp_path) -> None:
    logs = _copy_logs(audit, tmp_path)
    (logs / "evil\x1b[2J\x07.jsonl").write_text("{}\n")
    result = runner.invoke(app, ["verify", str(report), "--logs", str(logs)])
    assert result.exit_code == 2
    assert "\x1b" not in result.output and "\x07" not in result.output
    assert "evil\\x1b[2J\\x07.jsonl" in result.output


def test_cli_help_texts(runner) -> None:
    for command in ("keygen", "sign", "verify"):
        result = runner.invoke(app, [command, "--help"])
        assert result.exit_code == 0 and "--passphrase" not in result.output  # never on the command line
    verify_help = runner.invoke(app, ["verify", "--help"]).output
    assert "--trust" in verify_help and "--logs" in verify_help


def test_manifest_attachment_is_readable_json(audit) -> None:
    manifest = json.loads(read_attachments(audit["signed"])[MANIFEST_NAME])
    assert [entry["path"] for entry in manifest["inputs"]] == ["logs/day2/t2.csv", "logs/t1.jsonl"]
