"""The report an inspector reads in five minutes (issue 13): the order of its parts, read back with
``pdftotext -layout``, the evidence beside each finding, causes and incidents, examples spread over tables and the
day, the readings overridden, the annex with its contents, and the signature block on the last page."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest
from test_report_render import ATTACHMENTS, finding, make_result, rule
from test_sample_stud import sample_exit_code

from auditor.model.finding import sort_key
from auditor.model.result import Evidence, Reading, RulesetInfo
from auditor.model.verdict import EXPECTED_TABLE_WITHOUT_LOG
from auditor.report.findings_view import spread
from auditor.report.manifest import report_reference
from auditor.report.render import render_pdf

SAMPLE = Path(__file__).resolve().parents[1] / "sample_logs"
SIGNER = {"subject": "Common Name: Inspector Chan Tai Man", "issuer": "Common Name: DICJ Test CA",
          "fingerprint": "AB:" * 31 + "CD"}


def pages(path: Path) -> list[list[str]]:
    """Each page's lines as ``pdftotext -layout`` gives them, runs of spaces collapsed, empty lines left out."""
    text = subprocess.run(["pdftotext", "-layout", str(path), "-"], capture_output=True, text=True, check=True).stdout
    return [[" ".join(line.split()) for line in page.splitlines() if line.strip()] for page in text.split("\f")]


def position(lines: list[str], needle: str, start: int = 0) -> int:
    """The index of the first line from ``start`` that contains ``needle``."""
    for i in range(start, len(lines)):
        if needle in lines[i]:
            return i
    raise AssertionError(f"{needle!r} not found after line {start}")


def assert_in_order(lines: list[str], needles: list[str]) -> None:
    at = 0
    for needle in needles:
        at = position(lines, needle, at) + 1


def page_of(all_pages: list[list[str]], needle: str) -> int:
    """The 1-based number of the first page holding ``needle``."""
    return next(i + 1 for i, page in enumerate(all_pages) if any(needle in line for line in page))


def evidence_for(findings: list[dict]) -> list[Evidence]:
    cards = "Player 9♠ 3♦ · Banker A♦ K♣"
    return [Evidence(f"2025-01-01T{(10 + i % 12):02d}:{i % 60:02d}:00", 3, f"P{i:03d}", cards)
            for i, _ in enumerate(findings)]


def day_result(**changes: object):
    """make_result with evidence, a cause (BAC-10.1 after BAC-9.1 in coup H0003), a --param override, a signer and
    an expected table that sent no log."""
    base = make_result()
    findings = sorted([*base.findings, finding("BAC-10.1", "10", 3, message="settled as dealt")], key=sort_key)
    rules = [*base.rules[:3], rule("BAC-10.1", "baccarat", "10", 1, caused_by=("9",)), *base.rules[3:]]
    articles = [*base.articles, type(base.articles[0])("baccarat", "10", "Errors", "Despacho n.º 55/2004, art. 10",
                                                     (), "A dealing error is corrected or the coup is void.",
                                                     "from a machine translation")]
    ruleset = base.rulesets[0]
    readings = (Reading("cut_card_tolerance", "3", "cards fewer than 12 behind the cut card", "2"),
                *ruleset.readings)
    values = {
        "findings": findings, "rules": rules, "articles": articles, "evidence": evidence_for(findings),
        "rulesets": [RulesetInfo(**{**ruleset.__dict__, "readings": readings})],
        "params": {"baccarat.cut_card_tolerance": "3"}, "licensee": "Sociedade de Jogos de Macau, S.A.",
        "gaming_days": ["2025-01-01"], "tables": ["P2", "T07"], "expected_tables": ["P2", "T07", "T09"],
        "run": {"started": "2025-01-03T09:59:00+08:00", "finished": "2025-01-03T10:00:00+08:00", "signer": SIGNER},
        "max_quarantined": 2,
    }
    values.update(changes)
    return make_result(**values)


@pytest.fixture(scope="module")
def day(tmp_path_factory: pytest.TempPathFactory) -> list[list[str]]:
    out = tmp_path_factory.mktemp("layout") / "report.pdf"
    render_pdf(day_result(), out, ATTACHMENTS)
    return pages(out)


def test_parts_in_order(day: list[list[str]]) -> None:
    lines = [line for page in day for line in page]
    assert_in_order(lines, [
        "Compliance audit report", "incomplete", "Casino Casino Lisboa", "Licence holder Sociedade de Jogos de Macau",
        "Gaming day(s) 2025-01-01", "Report reference AUD-20250101-", "Signed by Common Name: Inspector Chan Tai Man",
        "Violations 27", "Warnings 2", "Distinct incidents 28", "This run (not reproducible): started",
        "Contents",
        "Summary", "Findings per table", "Findings per rule", "Findings per hour of the gaming day",
        "Tables expected without a log", "Not evaluated",
        "Findings, most serious first", "BAC-9.1: 25 violations", "BAC-10.1: 1 violation", "BAC-18.1: 2 warnings",
        "What was not evaluated", "Quarantine", "Files, rulesets and readings applied", "Readings applied",
        "Annex: the regulations quoted", "Contents of the annex", "baccarat, art. 9: Third card",
        "About this run (not reproducible)", "Signature",
    ])


def test_verdict_first_and_summary_on_page_two(day: list[list[str]]) -> None:
    assert day[0][0] == "Compliance audit report" and day[0][1] == "incomplete"
    assert day[1][0] == "Summary"
    assert page_of(day, "Findings, most serious first") <= 3


def test_most_serious_first(day: list[list[str]]) -> None:
    """Violations before warnings; a rule whose findings another finding causes after the rules that cause."""
    lines = [line for page in day for line in page]
    heads = [line.split(":")[0] for line in lines if re.fullmatch(r"(BAC|THE)-[\d.]+: \d.*", line)]
    assert heads == ["BAC-9.1", "THE-12.1", "BAC-10.1", "BAC-18.1"]


def test_a_rule_without_findings_is_never_headed_violation(day: list[list[str]]) -> None:
    lines = [line for page in day for line in page]
    assert not [line for line in lines if re.fullmatch(r"(BAC|THE|5CS)-[\d.]+: (violation|warning)", line)]
    assert not any(line.startswith(("BAC-9.2:", "BAC-3.1:")) for line in lines)  # no findings: no heading


def test_a_finding_reads_without_the_tool(day: list[list[str]]) -> None:
    lines = [line for page in day for line in page]
    result = day_result()
    i = next(i for i, f in enumerate(result.findings) if f["rule"] == "BAC-18.1" and f["hand"] == "H0001")
    evidence = result.evidence[i]
    when = evidence.time.replace("T", " ")
    where = f"table T07 · shoe S3 · coup H0001 · {when} · seat 3 · player {evidence.player}"
    at = position(lines, f"warning · {where}")
    assert lines[at + 1: at + 5] == ["commission 4.90", "Expected 5.00 Found 4.90",
                                     "Cards of the coup Player 9♠ 3♦ · Banker A♦ K♣",
                                     "Log: logs/day1.jsonl:21, event seq 1001"]
    quote = position(lines, "BAC-9.1: 25 violations")
    assert_in_order(lines[quote:], ["Art. 9 (Drawing) 1. The Player draws a third card on a total of 0 to 5.",
                                    "original texts: annex, art. 9."])


def test_a_caused_finding_names_its_cause_and_incidents_are_counted(day: list[list[str]]) -> None:
    lines = [line for page in day for line in page]
    head = position(lines, "BAC-10.1: 1 violation, each caused by another finding")
    assert_in_order(lines[head:], ["settled as dealt", "Caused by BAC-9.1 in the same coup: wrong draw in coup 3"])
    assert "In what was audited: 27 violations found; 29 findings, 28 distinct incidents." in lines
    row = position(lines, "T07 baccarat 28 27 26 2 BAC-9.1 ×25, BAC-10.1,")
    assert " ".join(lines[row: row + 2]).startswith("T07 baccarat 28 27 26 2 BAC-9.1 ×25, BAC-10.1, BAC-18.1 ×2")


def test_missing_tables_and_hours(day: list[list[str]]) -> None:
    lines = [line for page in day for line in page]
    assert "1 of the 3 tables expected sent no log: T09. Nothing at these tables was audited." in lines
    assert "• 1 table expected sent no log: T09" in lines  # the verdict's reason
    hours = position(lines, "Findings per hour of the gaming day")
    assert "00 01 02 03 04 05 06 07 08 09 10 11 12 13 14 15 16 17 18 19 20 21 22 23" in lines[hours: hours + 8]


def test_param_override_shows_the_default(day: list[list[str]]) -> None:
    lines = [line for page in day for line in page]
    at = position(lines, "cut_card_tolerance 3")
    assert "set by --param; default" in lines[at] + " ".join(lines[at + 1: at + 3])
    assert "2" in " ".join(lines[at: at + 3]).split("default", 1)[1]


def test_annex_contents_give_the_right_pages(day: list[list[str]]) -> None:
    lines = [line for page in day for line in page]
    start = position(lines, "Contents of the annex")
    entry = next(line for line in lines[start:] if line.startswith("baccarat, art. 18: Commission"))
    number = int(re.search(r"page (\d+)$", entry).group(1))
    assert any(line.startswith("baccarat, art. 18: Commission") for line in day[number - 1])
    assert number == page_of(day, "Portuguese, text of the Boletim Oficial")


def test_signature_block_on_the_last_page(day: list[list[str]]) -> None:
    last = [page for page in day if page][-1]
    assert f"SHA-256 {SIGNER['fingerprint']}" in day[0]  # on the cover too
    assert_in_order(last, ["About this run (not reproducible)", "Signature",
                           "Signed by Common Name: Inspector Chan Tai Man", "Certificate issuer Common Name: DICJ",
                           f"SHA-256 fingerprint {SIGNER['fingerprint']}", "How to verify: auditor verify"])


def test_unsigned_report_says_so(tmp_path: Path) -> None:
    out = tmp_path / "r.pdf"
    render_pdf(day_result(run={"finished": "2025-01-03T10:00:00+08:00"}), out, ATTACHMENTS)
    all_pages = pages(out)
    assert "Signed by not signed when rendered (a signature added later is shown by auditor verify)" in all_pages[0]
    last = " ".join([page for page in all_pages if page][-1])
    assert "This report was rendered without a signature." in last


def test_spread_takes_every_table_and_the_whole_day() -> None:
    tables = ["A"] * 100 + ["B"] * 10 + ["C"] * 2
    times = [f"{h:02d}" for h in range(100)] + [f"{h:02d}" for h in range(10)] + ["05", "06"]
    picked = spread(list(range(112)), tables, times, 20)
    assert len(picked) == 20 == len(set(picked))
    assert {tables[i] for i in picked} == {"A", "B", "C"}
    by_a = sorted(i for i in picked if tables[i] == "A")
    assert by_a[0] < 15 and by_a[-1] > 85  # table A's share runs from its morning to its night
    assert picked == sorted(picked, key=lambda i: (times[i], i))
    assert spread(list(range(112)), tables, times, 20) == picked
    assert sorted(spread(list(range(5)), ["A"] * 5, ["x"] * 5, 20)) == list(range(5))


def test_examples_come_from_every_table(tmp_path: Path) -> None:
    findings = [finding("BAC-9.1", "9", i, table=f"T0{i % 3}") for i in range(25)]
    findings.sort(key=sort_key)
    result = day_result(findings=findings, evidence=evidence_for(findings),
                        rules=[rule("BAC-9.1", "baccarat", "9", 25)], tables=["T00", "T01", "T02"])
    out = tmp_path / "r.pdf"
    render_pdf(result, out, ATTACHMENTS, max_findings_per_rule=3)
    lines = [line for page in pages(out) for line in page]
    shown = [line.split(" · ")[1] for line in lines if line.startswith("violation · table")]
    assert sorted(shown) == ["table T00", "table T01", "table T02"]


def test_reference_is_a_function_of_the_audit() -> None:
    assert report_reference(day_result()) == report_reference(day_result(run={}))
    assert report_reference(day_result()) != report_reference(day_result(findings=day_result().findings[:-1]))
    assert re.fullmatch(r"AUD-20250101-[0-9A-F]{12}", report_reference(day_result()))


def test_expected_table_without_log_makes_the_audit_incomplete() -> None:
    result = day_result(quarantine=[], max_quarantined=0)
    assert result.verdict.status == "incomplete"
    assert [r.kind for r in result.verdict.reasons] == [EXPECTED_TABLE_WITHOUT_LOG]
    assert day_result(quarantine=[], expected_tables=["T07"]).verdict.status == "violations found"


def test_a_shown_cause_is_linked(tmp_path: Path) -> None:
    out = tmp_path / "r.pdf"
    render_pdf(day_result(), out, ATTACHMENTS, max_findings_per_rule=30)
    lines = [line for page in pages(out) for line in page]
    assert "Caused by BAC-9.1 in the same coup (shown): wrong draw in coup 3" in lines


@pytest.fixture(scope="module")
def sample_out(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The README's main command on the committed sample logs; its --out."""
    from typer.testing import CliRunner

    from auditor.cli.app import app

    out = tmp_path_factory.mktemp("sample") / "out"
    done = CliRunner().invoke(app, ["audit", str(SAMPLE), "--out", str(out)])
    assert done.exit_code == sample_exit_code(), done.output
    return out


def stated_figures() -> dict[str, str]:
    """The figures sample_logs/README.md states for an audit of the folder."""
    text = (SAMPLE / "README.md").read_text(encoding="utf-8")
    stated = re.findall(r"^\| (files|records|quarantined|violations|warnings|findings|distinct incidents|verdict|"
                        r"exit code) \| ([^|]+) \|$", text, re.M)
    return {k: v.strip() for k, v in stated}


@pytest.fixture(scope="module")
def sample(sample_out: Path) -> list[list[str]]:
    return pages(sample_out / "report.pdf")


def test_the_sample_readme_gives_what_the_sample_gives(sample_out: Path, sample: list[list[str]]) -> None:
    import json


    text = (SAMPLE / "README.md").read_text(encoding="utf-8")
    summary = json.loads((sample_out / "summary.json").read_text())
    manifest = json.loads((sample_out / "manifest.json").read_text())
    findings = json.loads((sample_out / "findings.json").read_text())
    caused = sum(f["rule"] == "BAC-10.1" for f in findings)  # each after the art. 7 or 9 finding of its coup
    assert stated_figures() == {
        "files": f"{len(manifest['inputs']):,}", "records": f"{sum(i['records'] for i in manifest['inputs']):,}",
        "quarantined": f"{summary['quarantined']:,}", "violations": f"{summary['violations']:,}",
        "warnings": f"{summary['warnings']:,}", "findings": f"{summary['findings']:,}",
        "distinct incidents": f"{summary['findings'] - caused:,}", "verdict": summary["verdict"]["status"],
        "exit code": str(summary["verdict"]["exit_code"]),
    }
    labels = (SAMPLE / "labels.jsonl").read_text().splitlines()
    assert f"The {len(labels)} labels give {summary['findings']} findings" in " ".join(text.split())


def test_the_sample_opens_with_verdict_summary_and_a_finding_by_page_three(sample: list[list[str]]) -> None:
    stated = stated_figures()
    assert sample[0][:2] == ["Compliance audit report", stated["verdict"]]
    assert sample[1][0] == "Summary"
    assert page_of(sample, "Findings, most serious first") <= 3
    assert page_of(sample, "violation · table") <= 3
    lines = [line for page in sample for line in page]
    assert_in_order(lines, ["BAC-10.1: 3 violations, each caused by another finding", "coup B02-20240501-S01-C019",
                            "Cards of the coup Player 6♣ J♣ · Banker 10♠ 6♣ 2♣",
                            "Caused by BAC-9.4 in the same coup (shown): the Player stood and the Banker drew on 6"])
    assert (f"In what was audited: {stated['violations']} violations found; {stated['findings']} findings, "
            f"{stated['distinct incidents']} distinct incidents.") in lines


def test_expected_tables_option(tmp_path: Path) -> None:
    import json

    from typer.testing import CliRunner

    from auditor.cli.app import app

    expected = tmp_path / "tables.txt"
    expected.write_text("# the floor's tables\nB01\nB02\nB03\nH01\nH02\nB04  # closed for repairs?\n\n")
    out = tmp_path / "out"
    logs = [str(path) for path in sorted(SAMPLE.glob("[BH]0*.*"))]  # the baccarat and hold'em tables
    done = CliRunner().invoke(app, ["audit", *logs, "--out", str(out), "--no-pdf", "--expected-tables", str(expected)])
    assert done.exit_code == 4, done.output
    summary = json.loads((out / "summary.json").read_text())
    assert summary["verdict"]["reasons"] == [{"kind": EXPECTED_TABLE_WITHOUT_LOG,
                                              "message": "1 table expected sent no log: B04"}]
    manifest = json.loads((out / "manifest.json").read_text())
    assert manifest["parameters"]["expected_tables"] == ["B01", "B02", "B03", "B04", "H01", "H02"]


@pytest.mark.slow
def test_ten_thousand_findings_render_with_the_default_examples(tmp_path: Path) -> None:
    """The report of a day with 10,000 findings (bench/report.py's day; its time is measured there, not here)."""
    from auditor.report.render import MAX_FINDINGS_PER_RULE
    from bench.report import many_findings, sample_result

    result = many_findings(sample_result(), 10_000)
    out = tmp_path / "report.pdf"
    render_pdf(result, out, ATTACHMENTS)
    lines = [line for page in pages(out) for line in page]
    consequences = sum(row["rule"] == "BAC-10.1" for row in result.findings)  # each after its BAC-7/9 finding
    assert (f"In what was audited: {result.violations:,} violations found; 10,000 findings, "
            f"{10_000 - consequences:,} distinct incidents.") in lines
    shown = [line for line in lines if line.startswith(("violation · table", "warning · table"))]
    assert len(shown) == MAX_FINDINGS_PER_RULE * len([r for r in result.rules if r.violations or r.warnings])
    assert f"… and {len(result.tables) - 30} more tables with" in " ".join(lines)


def test_pages_are_laid_out_once_but_for_the_contents(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A page number referring to a later page makes WeasyPrint lay that page out three times (a findings page
    once per night, a page being about 0.1 s): only the two contents lists (the cover's, the annex's) may do so."""
    import weasyprint.layout.page as weasyprint_pages

    made: list[int] = []
    remake = weasyprint_pages.remake_page

    def counting(index: int, *args: object) -> object:
        made.append(index)
        return remake(index, *args)

    monkeypatch.setattr(weasyprint_pages, "remake_page", counting)
    out = tmp_path / "report.pdf"
    render_pdf(day_result(), out, ATTACHMENTS)
    laid_out = pages(out)
    contents = {0, page_of(laid_out, "Contents of the annex") - 1}
    again = sorted({i for i in made if made.count(i) > 1} - contents)
    assert not again, f"pages laid out more than once: {[i + 1 for i in again]}"


def test_a_file_of_a_large_day_reads_on_one_line(tmp_path: Path) -> None:
    """The files table of a day of hundreds of files: each file's name, format, bytes, records, quarantined records
    and SHA-256 on one line, read back in that order."""
    from auditor.model.result import InputFile

    files = [InputFile(f"2024-05-01/B{i:03d}-c01-late.parquet", "parquet", 1_234_567_890 + i, f"{i:064x}",
                       20_824_000 + i, i) for i in range(40)]
    out = tmp_path / "report.pdf"
    render_pdf(make_result(inputs=files), out, ATTACHMENTS)
    lines = [line for page in pages(out) for line in page]
    assert "File Format Bytes Records Quarantined SHA-256" in lines
    for i, f in enumerate(files):
        assert f"{f.path} parquet {f.size:,} {f.records:,} {i} {f.sha256}" in lines
