"""The main job end to end through the command line: outputs, exit codes, strictness and determinism."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from auditor.cli import app
from auditor.engine.audit import connect
from tests.conftest import baccarat_coup, write_jsonl

runner = CliRunner()


def run(*args: str):
    return runner.invoke(app, [*args, "--quiet"])


@pytest.fixture
def clean(tmp_path):
    return write_jsonl(tmp_path / "clean.jsonl", baccarat_coup())


@pytest.fixture
def violating(tmp_path):
    rows = baccarat_coup()
    rows[8]["payout"] = "90"  # a winning Player bet paid 9:10 instead of 1:1 (art. 17(1))
    return write_jsonl(tmp_path / "violating.jsonl", rows)


def test_clean_log_exits_0_and_writes_every_output(tmp_path, clean):
    out = tmp_path / "out"
    result = run("audit", str(clean), "--out", str(out))
    assert result.exit_code == 0, result.output
    for name in ("report.pdf", "findings.json", "findings.parquet", "quarantine.json", "manifest.json"):
        assert (out / name).stat().st_size > 0, name
    assert json.loads((out / "findings.json").read_text()) == []


def test_violation_exits_1_with_evidence(tmp_path, violating):
    out = tmp_path / "out"
    result = run("audit", str(violating), "--out", str(out), "--no-pdf")
    assert result.exit_code == 1, result.output
    findings = json.loads((out / "findings.json").read_text())
    assert [f["rule"] for f in findings] == ["BAC-17.1"]
    finding = findings[0]
    assert finding["article"].startswith("Despacho n.º 55/2004, art. 17.º")
    assert (finding["table"], finding["hand"], finding["line"], finding["seq"]) == ("T1", "C1", 9, 9)
    assert (finding["expected"], finding["found"]) == ("win, payout 100", "win, payout 90")
    assert finding["file"].endswith("violating.jsonl") and finding["severity"] == "violation"


def test_quarantine_is_reported_and_strict_fails(tmp_path, clean):
    """A quarantined record makes the audit incomplete (4) unless --max-quarantined tolerates it; --strict: 2."""
    clean.write_text(clean.read_text() + "{not json\n")
    out = tmp_path / "out"
    assert run("audit", str(clean), "--out", str(out), "--no-pdf").exit_code == 4
    tolerant = run("audit", str(clean), "--out", str(out), "--no-pdf", "--max-quarantined", "1", "--overwrite")
    assert tolerant.exit_code == 0
    quarantine = json.loads((out / "quarantine.json").read_text())
    assert [(q["line"], q["reason"]) for q in quarantine] == [(11, "malformed JSON")]
    strict = run("audit", str(clean), "--out", str(out), "--no-pdf", "--strict", "--overwrite")
    assert strict.exit_code == 2 and "--strict" in strict.output


def test_missing_path_is_an_input_error(tmp_path):
    result = run("audit", str(tmp_path / "nowhere"), "--out", str(tmp_path / "out"))
    assert result.exit_code == 2 and "no such file or folder" in result.output


def test_bad_param_is_an_input_error(tmp_path, clean):
    result = run("audit", str(clean), "--out", str(tmp_path / "o"), "--param", "baccarat.nonsense=1")
    assert result.exit_code == 2 and "no such parameter" in result.output


def test_memory_limit_caps_duckdb_and_refuses_what_is_no_size(tmp_path, violating):
    capped = run("audit", str(violating), "--out", str(tmp_path / "o"), "--no-pdf", "--memory-limit", "512MB")
    assert capped.exit_code == 1, capped.output
    assert [f["rule"] for f in json.loads((tmp_path / "o" / "findings.json").read_text())] == ["BAC-17.1"]
    refused = run("audit", str(violating), "--out", str(tmp_path / "p"), "--memory-limit", "lots")
    assert refused.exit_code == 2 and "not a memory size" in refused.output
    con = connect(memory_limit="1GiB")
    assert con.execute("SELECT current_setting('memory_limit')").fetchone() == ("1.0 GiB",)
    con.close()


def test_same_logs_same_bytes(tmp_path, violating):
    outputs = []
    for name in ("a", "b"):
        out = tmp_path / name
        run("audit", str(violating), "--out", str(out), "--no-pdf")
        manifest = json.loads((out / "manifest.json").read_text())
        manifest.pop("run")
        outputs.append(((out / "findings.json").read_bytes(), (out / "quarantine.json").read_bytes(), manifest))
    assert outputs[0] == outputs[1]


def test_rules_lists_every_rule_with_its_citation():
    result = runner.invoke(app, ["rules", "--game", "baccarat", "--json"])
    rows = json.loads(result.output)
    assert len(rows) == 42
    by_id = {r["rule"]: r for r in rows}
    assert by_id["BAC-9.5"]["status"] == "checked"
    assert by_id["BAC-5.1"]["status"] == "not enforced"
    assert "83/2011" in by_id["BAC-2.2"]["citation"]


def test_signed_audit_verifies_and_names_a_changed_log(tmp_path, violating, monkeypatch):
    monkeypatch.setenv("AUDITOR_KEY_PASSPHRASE", "correct horse")
    key = tmp_path / "inspector.p12"
    assert runner.invoke(app, ["keygen", "--out", str(key), "--name", "Inspector Test"]).exit_code == 0
    out = tmp_path / "out"
    assert run("audit", str(violating), "--out", str(out), "--sign", str(key)).exit_code == 1
    report, trust = str(out / "report.pdf"), str(tmp_path / "inspector.pem")
    verified = runner.invoke(app, ["verify", report, "--trust", trust, "--logs", str(violating)])
    assert verified.exit_code == 0, verified.output
    violating.write_text(violating.read_text().replace('"90"', '"100"'))
    tampered = runner.invoke(app, ["verify", report, "--trust", trust, "--logs", str(violating)])
    assert tampered.exit_code == 2 and "violating.jsonl" in tampered.output


def test_wrong_passphrase_fails_before_the_audit(tmp_path, clean, monkeypatch):
    monkeypatch.setenv("AUDITOR_KEY_PASSPHRASE", "right")
    key = tmp_path / "k.p12"
    runner.invoke(app, ["keygen", "--out", str(key), "--name", "K"])
    monkeypatch.setenv("AUDITOR_KEY_PASSPHRASE", "wrong")
    result = run("audit", str(clean), "--out", str(tmp_path / "out"), "--sign", str(key))
    assert result.exit_code == 2 and not (tmp_path / "out").exists()


def test_sign_in_a_batch_without_passphrase_is_an_input_error(tmp_path, clean, monkeypatch):
    """No AUDITOR_KEY_PASSPHRASE and no terminal to ask on: exit 2 naming the variable, never 1 ("violations")."""
    monkeypatch.setenv("AUDITOR_KEY_PASSPHRASE", "secret")
    key = tmp_path / "k.p12"
    assert runner.invoke(app, ["keygen", "--out", str(key), "--name", "K"]).exit_code == 0
    monkeypatch.delenv("AUDITOR_KEY_PASSPHRASE")
    out = tmp_path / "out"
    pdf = tmp_path / "r.pdf"
    pdf.write_bytes(b"%PDF-1.7")
    for args in (["audit", str(clean), "--out", str(out), "--sign", str(key)],
                 ["keygen", "--out", str(tmp_path / "k2.p12"), "--name", "K2"],
                 ["sign", str(pdf), "--key", str(key)]):
        result = runner.invoke(app, args)
        assert result.exit_code == 2 and "AUDITOR_KEY_PASSPHRASE" in result.output, (args, result.output)
        assert "Aborted" not in result.output
    assert not out.exists() and not (tmp_path / "k2.p12").exists()


def test_a_failure_of_the_auditor_exits_3_never_1(tmp_path, clean, monkeypatch, capsys):
    """An unexpected exception is the auditor's failure, not an outcome: exit 3 with its traceback, so that a nightly
    job never reads a crash as "violations found" (1)."""
    import auditor.cli.audit as audit_command
    from auditor.cli import main

    def broken(*args, **kwargs):
        raise RuntimeError("a bug")

    monkeypatch.setattr(audit_command, "run_audit", broken)
    monkeypatch.setattr("sys.argv", ["auditor", "audit", str(clean), "--out", str(tmp_path / "out"), "--quiet"])
    with pytest.raises(SystemExit) as exit_:
        main()
    assert exit_.value.code == 3
    err = capsys.readouterr().err
    assert "RuntimeError: a bug" in err and "internal error" in err
