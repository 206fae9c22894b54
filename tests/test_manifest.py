"""The manifest and findings attachments: byte-stable, complete, and with the run kept apart."""

from __future__ import annotations

import dataclasses
import hashlib
import json

import pytest

from auditor.model.result import AuditResult, InputFile, QuarantinedRecord, Reading, RulesetInfo, RuleSummary
from auditor.report.manifest import (
    FINDINGS_NAME,
    MANIFEST_FORMAT,
    MANIFEST_NAME,
    QUARANTINE_NAME,
    SUMMARY_NAME,
    build_manifest,
    canonical_json,
    findings_json,
    hash_file,
    manifest_json,
    quarantine_json,
    report_attachments,
    summary_json,
)


def make_result(**changes: object) -> AuditResult:
    """A small audit result with two inputs, one ruleset, one rule and one finding."""
    inputs = [
        InputFile("logs/t2.csv", "csv", 20, "b" * 64, 3, 1),
        InputFile("logs/t1.jsonl", "jsonl", 10, "a" * 64, 5, 0),
    ]
    ruleset = RulesetInfo(
        id="baccarat-55-2004",
        game="baccarat",
        file="rulesets/baccarat.toml",
        sha256="c" * 64,
        version="2004-1",
        title="Baccarat",
        instrument="Despacho n.º 55/2004",
        bulletin="BO 2004",
        amendments=(),
        readings=(Reading("commission", "0.05", "banker commission"), Reading("decks", "8", "decks per shoe")),
        profile="standard",
    )
    rule = RuleSummary("BAC-9", "baccarat", "9", "Art. 9", "Tableau", "violation", True, "coup", 5, 0, {}, 1, 0)
    finding = {"rule": "BAC-9", "article": "9", "severity": "violation", "game": "baccarat", "table": "T1",
               "shoe": "S1", "hand": "H1", "seq": 3, "file": "logs/t1.jsonl", "line": 4,
               "message": "莊家 drew on 7", "expected": "stand", "found": "draw"}
    result = AuditResult(
        auditor_version="0.1.0",
        casino="Casino Lisboa",
        period_start="2024-01-01T00:00:00+08:00",
        period_end="2024-01-01T23:59:59+08:00",
        inputs=inputs,
        rulesets=[ruleset],
        articles=[],
        rules=[rule],
        findings=[finding],
        quarantine=[QuarantinedRecord("logs/t2.csv", 2, "bad card", "X?")],
        run={"started": "2024-02-01T10:00:00+08:00", "finished": "2024-02-01T10:00:05+08:00"},
    )
    return dataclasses.replace(result, **changes)


def test_canonical_json_is_byte_stable() -> None:
    data = canonical_json({"b": 1, "a": ["澳門", None]})
    assert data == '{\n  "a": [\n    "澳門",\n    null\n  ],\n  "b": 1\n}\n'.encode()
    assert canonical_json({"a": ["澳門", None], "b": 1}) == data


def test_canonical_json_refuses_nan() -> None:
    with pytest.raises(ValueError):
        canonical_json({"x": float("nan")})


def test_hash_file_streams_large_files(tmp_path) -> None:
    path = tmp_path / "big.bin"
    data = bytes(range(256)) * 10_000  # 2.5 MB: several chunks
    path.write_bytes(data)
    assert hash_file(path) == hashlib.sha256(data).hexdigest()


def test_manifest_contents() -> None:
    manifest = build_manifest(make_result())
    assert manifest["format"] == MANIFEST_FORMAT
    assert manifest["auditor_version"] == "0.1.0"
    assert manifest["period"] == {"start": "2024-01-01T00:00:00+08:00", "end": "2024-01-01T23:59:59+08:00"}
    assert [i["path"] for i in manifest["inputs"]] == ["logs/t1.jsonl", "logs/t2.csv"]  # sorted
    assert manifest["inputs"][1] == {"path": "logs/t2.csv", "format": "csv", "size": 20, "sha256": "b" * 64,
                                     "records": 3, "quarantined": 1}
    (ruleset,) = manifest["rulesets"]
    assert ruleset["sha256"] == "c" * 64 and ruleset["version"] == "2004-1"
    assert ruleset["instrument"] == "Despacho n.º 55/2004" and ruleset["profile"] == "standard"
    assert ruleset["readings"] == {"commission": "0.05", "decks": "8"}
    assert manifest["parameters"] == {"profile": "macau", "param": {}, "strict": False, "max_quarantined": 0,
                                      "expected_tables": []}
    assert manifest["run"] == {"started": "2024-02-01T10:00:00+08:00", "finished": "2024-02-01T10:00:05+08:00"}


def test_manifest_records_the_hashes_of_the_other_outputs() -> None:
    result = make_result()
    manifest = build_manifest(result)
    for key, name, data, count in (
        ("findings", FINDINGS_NAME, findings_json(result), 1),
        ("quarantine", QUARANTINE_NAME, quarantine_json(result), 1),
        ("summary", SUMMARY_NAME, summary_json(result), 1),
    ):
        assert manifest[key] == {"file": name, "sha256": hashlib.sha256(data).hexdigest(), "size": len(data),
                                 "count": count}


def test_outputs_hold_findings_summaries_and_quarantine_but_no_run() -> None:
    result = make_result()
    findings = json.loads(findings_json(result))
    assert findings[0]["message"] == "莊家 drew on 7"
    summary = json.loads(summary_json(result))
    assert (summary["violations"], summary["warnings"], summary["findings"], summary["quarantined"]) == (1, 0, 1, 1)
    assert summary["rules"][0]["id"] == "BAC-9"
    assert json.loads(quarantine_json(result))[0]["reason"] == "bad card"
    assert "run" not in summary and all("run" not in f for f in findings)


def test_reproducible_except_the_run_object() -> None:
    first = make_result()
    second = make_result(run={"started": "2025-06-01T09:00:00+08:00"}, inputs=list(reversed(first.inputs)))
    for output in (findings_json, quarantine_json, summary_json):
        assert output(first) == output(second)
    one, two = json.loads(manifest_json(first)), json.loads(manifest_json(second))
    assert one["run"] != two["run"]
    del one["run"], two["run"]
    assert canonical_json(one) == canonical_json(two)


def test_report_attachments_are_the_manifest_and_the_outputs_it_hashes() -> None:
    result = make_result()
    attachments = report_attachments(result)
    assert attachments == {FINDINGS_NAME: findings_json(result), MANIFEST_NAME: manifest_json(result),
                           QUARANTINE_NAME: quarantine_json(result), SUMMARY_NAME: summary_json(result)}
