"""The same logs and options give the same outputs, byte for byte, wherever the logs lie and however they are
named on the command line; only the manifest's ``run`` and the report's run box are about the run."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import duckdb
import pytest
from typer.testing import CliRunner

from auditor.cli import app
from auditor.ingest.discover import discover
from auditor.ingest.load import ingest
from tests.conftest import baccarat_coup, write_csv, write_jsonl
from tests.test_phh import THREE_HANDED

runner = CliRunner()
SAME_BYTES = ("findings.json", "quarantine.json", "summary.json", "findings.parquet")
RUN_BOX = "About this run (not reproducible)"
RUN_TIMES = "This run (not reproducible):"


def write_day(folder: Path) -> Path:
    """A day with a finding, quarantined records in three formats (one a Parquet file DuckDB cannot read) and a
    PHH file, below a subfolder."""
    (folder / "poker").mkdir(parents=True)
    rows = baccarat_coup("T1")
    rows[8]["payout"] = "90"  # a winning Player bet paid 9:10 (art. 17)
    write_jsonl(folder / "T1.jsonl", rows)
    broken = baccarat_coup("T2")
    broken[4]["card"] = "1x"
    write_csv(folder / "poker" / "T2.csv", broken)
    (folder / "poker" / "T3.parquet").write_bytes(b"not a parquet file")
    (folder / "poker" / "hand.phh").write_text(THREE_HANDED, encoding="utf-8")
    return folder


def audit(*args: str) -> Path:
    out = Path(args[args.index("--out") + 1])
    result = runner.invoke(app, ["audit", *args, "--quiet"])
    assert result.exit_code in (1, 4), result.output
    return out


def reproducible(out: Path) -> dict[str, bytes]:
    manifest = json.loads((out / "manifest.json").read_text(encoding="utf-8"))
    del manifest["run"]
    return {name: (out / name).read_bytes() for name in SAME_BYTES} | {"manifest less run": json.dumps(manifest)}


def test_the_same_logs_elsewhere_and_named_otherwise_give_the_same_bytes(tmp_path, monkeypatch):
    first = write_day(tmp_path / "casino-a" / "2024-05-01")
    second = tmp_path / "copy" / "other-name"
    shutil.copytree(first, second)
    one = audit(str(first), "--out", str(tmp_path / "one"), "--no-pdf")
    monkeypatch.chdir(tmp_path / "copy")
    two = audit("./other-name/", "--out", str(tmp_path / "two"), "--no-pdf")
    monkeypatch.chdir(first)
    three = audit(".", "--out", str(tmp_path / "three"), "--no-pdf")
    assert reproducible(one) == reproducible(two) == reproducible(three)

    findings = json.loads((one / "findings.json").read_text(encoding="utf-8"))
    assert {f["file"] for f in findings} == {"T1.jsonl"}
    quarantine = json.loads((one / "quarantine.json").read_text(encoding="utf-8"))
    assert {q["file"] for q in quarantine} == {"poker/T2.csv", "poker/T3.parquet"}
    assert not [q for q in quarantine if str(tmp_path) in q["reason"]]
    manifest = json.loads((two / "manifest.json").read_text(encoding="utf-8"))
    assert [i["path"] for i in manifest["inputs"]] == ["T1.jsonl", "poker/T2.csv", "poker/T3.parquet",
                                                       "poker/hand.phh"]
    run = manifest["run"]
    assert run["paths"] == ["other-name"] and run["audited_folder"] == str(second)
    assert run["working_directory"] == str(tmp_path / "copy") and {"started", "finished", "host"} <= set(run)


def test_records_and_phh_tables_carry_the_audit_name(tmp_path):
    """The ingest reads each file from its path and names it, and a PHH file's tables, by its audit name."""
    for folder in ("a", "b"):
        con = duckdb.connect()
        ingest(con, discover([write_day(tmp_path / folder)]))
        tables = con.execute("SELECT DISTINCT file, table_id FROM events ORDER BY ALL").fetchall()
        assert tables == [("T1.jsonl", "T1"), ("poker/T2.csv", "T2"), ("poker/hand.phh", "poker/hand.phh")]


def test_the_manifest_records_every_option_that_changes_the_findings(tmp_path):
    logs = write_day(tmp_path / "logs")
    out = audit(str(logs), "--out", str(tmp_path / "out"), "--no-pdf", "--profile", "common", "--max-quarantined",
                "3", "--param", " baccarat.cut_card_tolerance = 3", "--param", "holdem.quads_kicker_counts=FALSE",
                )
    parameters = json.loads((out / "manifest.json").read_text(encoding="utf-8"))["parameters"]
    assert parameters == {"profile": "common", "strict": False, "max_quarantined": 3, "expected_tables": [],
                          "param": {"baccarat.cut_card_tolerance": "3", "holdem.quads_kicker_counts": "false"}}


def pdf_text(pdf: Path) -> str:
    return subprocess.run(["pdftotext", "-layout", str(pdf), "-"], capture_output=True, text=True, check=True).stdout


def outside_the_run_box(text: str) -> str:
    """The report's text less the run box, which has the last page (with the signature block), and less the run's
    times on the cover (one line, in fixed-width glyphs so that they do not move the rest of the cover)."""
    pages = text.split("\f")
    (box,) = [i for i, page in enumerate(pages) if RUN_BOX in page]
    assert not pages[box].split(RUN_BOX)[0].strip(), "the run box shares its page"
    (times,) = [line for line in pages[0].splitlines() if RUN_TIMES in line]
    assert re.fullmatch(rf"\s*{re.escape(RUN_TIMES)} started \S+, finished \S+\.", times), times
    pages[0] = pages[0].replace(times, "")
    return "\f".join(pages[:box] + pages[box + 1:])


@pytest.mark.skipif(shutil.which("pdftotext") is None, reason="pdftotext (poppler-utils) is not installed")
def test_the_report_text_differs_only_in_the_run_box(tmp_path, monkeypatch):
    first = write_day(tmp_path / "a")
    shutil.copytree(first, tmp_path / "a-much-longer-folder-name-for-the-same-logs-of-the-day")
    option = ("--param", "baccarat.cut_card_tolerance=3")
    one = audit(str(first), "--out", str(tmp_path / "one"), *option)
    monkeypatch.chdir(tmp_path)
    two = audit("a-much-longer-folder-name-for-the-same-logs-of-the-day", "--out", "two", *option)
    texts = [pdf_text(out / "report.pdf") for out in (one, two)]
    assert re.search(r"Readings \(--param\)\s+baccarat\.cut_card_tolerance=3", texts[0])
    assert texts[0] != texts[1]  # the run box says where each ran from
    assert outside_the_run_box(texts[0]) == outside_the_run_box(texts[1])
    assert str(tmp_path) not in outside_the_run_box(texts[0])
