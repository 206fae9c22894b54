"""``auditor nightly --sign``: each gaming day's report is signed with the key, whose passphrase is asked once."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from auditor.cli.app import app
from auditor.report.keys import make_self_signed
from auditor.report.sign import PASSPHRASE_ENV
from auditor.report.verify import verify_report

PASSPHRASE = b"correct horse battery staple"
DAY = "2024-05-01"
runner = CliRunner()


def test_nightly_signs_the_report_of_the_day(tmp_path: Path, monkeypatch) -> None:
    p12, pem = make_self_signed("Test Inspector", PASSPHRASE)
    (tmp_path / "inspector.p12").write_bytes(p12)
    (tmp_path / "inspector.pem").write_bytes(pem)
    monkeypatch.setenv(PASSPHRASE_ENV, PASSPHRASE.decode())
    inbox = tmp_path / "inbox" / DAY
    made = runner.invoke(app, ["simulate", "baccarat", "--out", str(inbox), "--seed", "3", "--tables", "1",
                               "--shoes", "1", "--date", DAY])
    assert made.exit_code == 0, made.output
    result = runner.invoke(app, ["nightly", "--catalog", str(tmp_path / "catalog"), "--inbox", str(tmp_path / "inbox"),
                                 "--date", DAY, "--quiet", "--sign", str(tmp_path / "inspector.p12")])
    assert result.exit_code in (0, 1), (result.output, result.exception)
    verdict = verify_report(tmp_path / "catalog" / "reports" / DAY / "report.pdf", tmp_path / "inspector.pem")
    assert verdict.ok, verdict.checks
