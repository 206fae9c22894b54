"""The visible signature block: rendered before the report is signed, it names the certificate that will sign it,
and ``auditor verify`` fails a report signed with another one."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest
from asn1crypto import pem, x509
from conftest import baccarat_coup, write_jsonl
from typer.testing import CliRunner

import auditor.cli.signing  # noqa: F401  (registers keygen, sign, verify)
from auditor.cli.app import app
from auditor.report.keys import make_self_signed
from auditor.report.manifest import report_attachments
from auditor.report.render import render_pdf
from auditor.report.sign import PASSPHRASE_ENV, sign_pdf
from auditor.report.signer import signer_facts
from auditor.report.verify import NOT_VERIFIED, VERIFIED, verify_report

PASSPHRASE = "a passphrase for the test"


def certificate(pem_bytes: bytes) -> x509.Certificate:
    return x509.Certificate.load(pem.unarmor(pem_bytes)[2])


@pytest.fixture(scope="module")
def keys(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("keys")
    for name, who in (("inspector", "Inspector Chan Tai Man"), ("stranger", "Someone Else")):
        p12, cert = make_self_signed(who, PASSPHRASE.encode())
        (folder / f"{name}.p12").write_bytes(p12)
        (folder / f"{name}.pem").write_bytes(cert)
    return folder


def last_page(pdf: Path) -> str:
    text = subprocess.run(["pdftotext", "-layout", str(pdf), "-"], capture_output=True, text=True, check=True).stdout
    return " ".join([page for page in text.split("\f") if page.strip()][-1].split())


def test_audit_sign_names_the_signer_and_verify_agrees(keys: Path, tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setenv(PASSPHRASE_ENV, PASSPHRASE)
    logs = tmp_path / "logs"
    logs.mkdir()
    write_jsonl(logs / "t1.jsonl", baccarat_coup())
    out = tmp_path / "out"
    done = CliRunner().invoke(app, ["audit", str(logs), "--out", str(out), "--sign", str(keys / "inspector.p12")])
    assert done.exit_code == 0, done.output
    facts = signer_facts(certificate((keys / "inspector.pem").read_bytes()))
    assert json.loads((out / "manifest.json").read_text())["run"]["signer"] == facts
    page = last_page(out / "report.pdf")
    assert "Signature Signed by Common Name: Inspector Chan Tai Man" in page
    assert f"SHA-256 fingerprint {facts['fingerprint']}" in page
    verdict = verify_report(out / "report.pdf", keys / "inspector.pem", [logs])
    assert verdict.exit_code == VERIFIED, verdict.headline
    (block,) = [c for c in verdict.checks if c.name == "signature block"]
    assert block.ok and facts["fingerprint"] in block.detail


def test_a_report_signed_with_another_certificate_than_its_block_names_fails(keys: Path, tmp_path: Path) -> None:
    from test_report_layout import day_result

    stranger = signer_facts(certificate((keys / "stranger.pem").read_bytes()))
    result = day_result(run={"finished": "2025-01-03T10:00:00+08:00", "signer": stranger})
    pdf = tmp_path / "report.pdf"
    render_pdf(result, pdf, report_attachments(result))
    sign_pdf(pdf, pdf, keys / "inspector.p12", PASSPHRASE.encode())
    verdict = verify_report(pdf, keys / "inspector.pem")
    assert verdict.exit_code == NOT_VERIFIED and "signature block" in verdict.headline
    (block,) = [c for c in verdict.checks if c.name == "signature block"]
    assert block.ok is False and stranger["fingerprint"] in block.detail
