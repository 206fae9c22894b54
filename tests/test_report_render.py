"""The PDF report, read back with pdftotext (poppler-utils) and pyHanko.

Content, attachments, truncation, fonts, determinism."""

from __future__ import annotations

import dataclasses
import logging
import subprocess
from pathlib import Path

import pytest
from pyhanko.pdf_utils.reader import PdfFileReader

from auditor.model.finding import FINDING_COLUMNS, sort_key
from auditor.model.result import (
    AmendmentInfo,
    ArticleInfo,
    AuditResult,
    InputFile,
    OriginalInfo,
    QuarantinedRecord,
    Reading,
    RulesetInfo,
    RuleSummary,
)
from auditor.report.errors import MissingGlyphError
from auditor.report.render import render_html, render_pdf

ZH_HANT = "第九條\n（補牌）\n一、閒家首兩張牌合計為零至五點時，須補第三張牌。"
ZH_HANS = "第十二条\n（加注）\n每次加注的金额不得少于同一轮中前一次下注或加注的金额。"
PT = "Artigo 18.º\n(Comissão)\n1. Nas apostas no «Banqueiro» ganhas é cobrada uma comissão de 5%."
ATTACHMENTS = {"findings.json": b'[{"rule": "BAC-9.1"}]\n', "manifest.json": '{"é": "葡京"}'.encode()}

ARTICLES = [
    ArticleInfo("baccarat", "9", "Third card", "Despacho n.º 55/2004, art. 9",
                (OriginalInfo("zh-Hant", "unofficial", "", ZH_HANT, "", "a forum copy"),),
                "Art. 9 (Drawing) 1. The Player draws a third card on a total of 0 to 5.", "from the Chinese above"),
    ArticleInfo("baccarat", "18", "Commission", "Despacho n.º 55/2004, art. 18",
                (OriginalInfo("pt", "official", "as replaced by Despacho n.º 73/2005", PT, "n.º 2 of the article",
                              "Boletim Oficial"),),
                "Art. 18 (Commission) 1. A commission of 5% is collected on winning Banker bets.",
                "from the Portuguese above", "The 2004 wording had the 5% commission alone."),
    ArticleInfo("baccarat", "3", "Cut card", "Despacho n.º 55/2004, art. 3", (),
                "The coup after the cut card is the last.", "from a machine translation"),
    ArticleInfo("holdem", "12", "Raises", "Despacho of 18 January 2008, art. 12",
                (OriginalInfo("zh-Hans", "unofficial", "", ZH_HANS, "", "a third party's copy"),),
                "Art. 12 (Raises) A raise must be at least the previous bet or raise in the round.",
                "from the Chinese above"),
]


def finding(rule: str, article: str, i: int, game: str = "baccarat", **changes: object) -> dict:
    row = {
        "rule": rule, "article": article, "severity": "violation", "game": game, "table": "T07", "shoe": "S3",
        "hand": f"H{i:04d}", "seq": 1000 + i, "file": "logs/day1.jsonl", "line": 20 + i,
        "message": f"wrong draw in coup {i}", "expected": "stand", "found": "draw",
    }
    row.update(changes)
    return {column: row[column] for column in FINDING_COLUMNS}


def rule(rule_id: str, game: str, article: str, violations: int, warnings: int = 0, **changes: object) -> RuleSummary:
    values = {
        "id": rule_id, "game": game, "article": article, "citation": f"art. {article}",
        "text": f"What {rule_id} checks.", "severity": "violation", "enforced": True, "unit": "coup",
        "evaluated": 1234, "not_evaluated": 5, "not_evaluated_reasons": {"input error": 3, "no timestamp": 2},
        "violations": violations, "warnings": warnings,
    }
    values.update(changes)
    return RuleSummary(**values)


def make_result(**changes: object) -> AuditResult:
    """A small audit by hand: four articles (zh-Hant, pt, en, zh-Hans), five rules, 28 findings, two quarantined."""
    findings = [finding("BAC-9.1", "9", i) for i in range(25)]
    findings += [finding("BAC-18.1", "18", i, severity="warning", message="commission 4.90", expected="5.00",
                         found="4.90") for i in range(2)]
    findings += [finding("THE-12.1", "12", 0, game="holdem", table="P2", shoe="D1", message="raise 40 below 50")]
    values = {
        "auditor_version": "0.1.0",
        "casino": "Casino Lisboa 葡京",
        "period_start": "2025-01-01",
        "period_end": "2025-01-02",
        "inputs": [
            InputFile("logs/day1.jsonl", "jsonl", 123456, "ab" * 32, 5000, 2),
            InputFile("logs/day2.csv", "csv", 654321, "cd" * 32, 7000, 0),
        ],
        "rulesets": [
            RulesetInfo("baccarat-55-2004", "baccarat", "rulesets/baccarat.toml", "ef" * 32, "2025.1",
                        "Regulamento Oficial do Bacará", "Despacho n.º 55/2004", "BO n.º 48/2004",
                        (AmendmentInfo("n.º 73/2005", "2005-11-23", ("18", "19"), "The no-commission alternative."),
                         AmendmentInfo("n.º 30/2007", "", ("13", "17"), "The progressive jackpot.")),
                        (Reading("coups_after_cut_card", "1", "coups dealt after the cut card"),),
                        "default", "2004-05-12", "This text may have been re-issued in 2025 as «Regras de Execução»."),
        ],
        "articles": ARTICLES,
        "rules": [
            rule("BAC-9.1", "baccarat", "9", 25),
            rule("BAC-9.2", "baccarat", "9", 0, evaluated=0, not_evaluated=0, not_evaluated_reasons={}),
            rule("BAC-18.1", "baccarat", "18", 0, 2, severity="warning"),
            rule("BAC-3.1", "baccarat", "3", 0),
            rule("THE-12.1", "holdem", "12", 1, unit="hand"),
        ],
        "findings": sorted(findings, key=sort_key),
        "quarantine": [
            QuarantinedRecord("logs/day1.jsonl", 17, "malformed JSON", '{"seq": 1,'),
            QuarantinedRecord("logs/day1.jsonl", 99, "duplicate seq", None),
        ],
        "run": {"finished": "2025-01-03T10:00:00+08:00"},
    }
    values.update(changes)
    return AuditResult(**values)


def pdf_text(path: Path) -> str:
    """pdftotext's text with bidi marks dropped and whitespace collapsed."""
    text = subprocess.run(["pdftotext", str(path), "-"], capture_output=True, text=True, check=True).stdout
    return " ".join(text.replace("\u202b", "").replace("\u202c", "").split())


@pytest.fixture(scope="module")
def rendered(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    out = tmp_path_factory.mktemp("report") / "report.pdf"
    render_pdf(make_result(), out, ATTACHMENTS)
    return out, pdf_text(out)


def test_headings(rendered: tuple[Path, str]) -> None:
    _, text = rendered
    for heading in ("Compliance audit report", "Files audited", "Rulesets", "Readings applied",
                    "Summary", "Findings, most serious first", "What was not evaluated", "Quarantine", "Per file",
                    "Per reason", "First examples", "Annex: the regulations quoted"):
        assert heading in text


def test_cover(rendered: tuple[Path, str]) -> None:
    _, text = rendered
    for expected in ("Casino Lisboa 葡京", "2025-01-01 to 2025-01-02", "incomplete", "logs/day1.jsonl",
                     "5,000", "7,000", "baccarat-55-2004 2025.1", "Despacho n.º 55/2004", "n.º 73/2005",
                     "coups_after_cut_card 1 coups dealt after the cut card", "2025-01-03T10:00:00+08:00"):
        assert expected in text, expected


@pytest.mark.parametrize(
    ("changes", "status"),
    [
        ({"max_quarantined": 2}, "violations found"),
        ({"max_quarantined": 2, "findings": [], "rules": [rule("BAC-9.1", "baccarat", "9", 0)]}, "no violation found"),
        ({}, "incomplete"),  # two quarantined records, none tolerated
        ({"max_quarantined": 2, "rules": [], "findings": [], "articles": []}, "incomplete"),  # no rule evaluated
        ({"strict": True}, "input errors"),
    ],
)
def test_status_words(changes: dict, status: str) -> None:
    assert f">{status}</p>" in render_html(make_result(**changes))


def test_original_texts_and_languages(rendered: tuple[Path, str]) -> None:
    path, text = rendered
    for original in (ZH_HANT, ZH_HANS, PT):
        for line in original.splitlines():
            assert line in text, line
    assert "Chinese (traditional characters), unofficial copy, not the authentic text" in text
    assert ("Portuguese, text of the Boletim Oficial; as replaced by Despacho n.º 73/2005 Artigo 18.º" in text)
    assert "Not retrieved in this text: n.º 2 of the article Source: Boletim Oficial" in text
    assert "Chinese (simplified characters), unofficial copy, not the authentic text" in text
    assert "Portuguese text not retrieved." in text  # art. 9 and the hold'em article
    assert "Chinese text (traditional characters, as published in Macau) not retrieved." in text  # art. 18
    assert ("Original text not retrieved (neither the Portuguese nor the Chinese); English translation only. "
            "English translation (from a machine translation) The coup after the cut card is the last.") in text
    assert "Note: The 2004 wording had the 5% commission alone." in text
    html = render_html(make_result())
    assert '<html lang="en">' in html
    for lang in ("zh-Hant", "zh-Hans", "pt"):
        assert f'<blockquote lang="{lang}">' in html
    fonts = subprocess.run(["pdffonts", str(path)], capture_output=True, text=True, check=True).stdout
    assert "Noto-Sans-CJK-TC" in fonts and "Noto-Sans-CJK-SC" in fonts and "DejaVu-Sans" in fonts


def layout_lines(path: Path) -> list[str]:
    """pdftotext -layout's lines, each with its runs of spaces collapsed, empty ones left out."""
    text = subprocess.run(["pdftotext", "-layout", str(path), "-"], capture_output=True, text=True, check=True).stdout
    return [" ".join(line.split()) for line in text.splitlines() if line.strip()]


def test_summary_and_coverage(rendered: tuple[Path, str]) -> None:
    path, text = rendered
    lines = layout_lines(path)
    row = lines.index("BAC-9.1 violation coup 1,234 5 25 0")  # coverage, then its reasons
    assert lines[row + 1: row + 3] == ["input error 3", "no timestamp 2"]
    assert "BAC-9.2 violation coup 0 0 0 0" in lines
    assert "THE-12.1 violation hand 1,234 5 1 0" in lines
    assert "4 rules could not evaluate 20 units in all" in text  # the summary
    assert "Not evaluated because Units input error 12 no timestamp 8" in text


def test_finding_shows_every_field(rendered: tuple[Path, str]) -> None:
    _, text = rendered
    assert ("violation · table T07 · shoe S3 · coup H0003 wrong draw in coup 3 Expected stand Found draw "
            "Log: logs/day1.jsonl:23, event seq 1003") in text
    assert "BAC-18.1: 2 warnings" in text and "Expected 5.00 Found 4.90" in text


def test_only_n_findings_per_rule(rendered: tuple[Path, str]) -> None:
    _, text = rendered
    assert text.count("· coup H00") == 20 + 2  # BAC-9.1's 20 of 25, and both BAC-18.1 findings
    assert "20 of 25 shown, spread across the tables and the day" in text
    assert text.count("shown, spread across") == 1
    html = render_html(make_result(), max_findings_per_rule=2)
    assert "2 of 25 shown" in html and html.count("coup H00") == 2 + 2


def test_quarantine(rendered: tuple[Path, str]) -> None:
    _, text = rendered
    assert "2 records broke the log format" in text
    assert "logs/day1.jsonl 5,000 2 logs/day2.csv 7,000 0" in text
    assert "duplicate seq 1 malformed JSON 1" in text
    assert 'logs/day1.jsonl:17 malformed JSON {"seq": 1,' in text
    assert "logs/day1.jsonl:99 duplicate seq —" in text


def test_attachments_round_trip(rendered: tuple[Path, str]) -> None:
    path, _ = rendered
    with path.open("rb") as f:
        root = PdfFileReader(f).root
        names = root["/Names"]["/EmbeddedFiles"]["/Names"]
        attached = {str(names[i]): names[i + 1]["/EF"]["/F"].data for i in range(0, len(names), 2)}
        metadata = root["/Metadata"].data
    assert attached == ATTACHMENTS
    assert b'pdfaid:part="3"' in metadata and b'pdfaid:conformance="B"' in metadata


def test_two_renders_are_byte_identical(rendered: tuple[Path, str], tmp_path: Path) -> None:
    first, text = rendered
    second = tmp_path / "again.pdf"
    render_pdf(make_result(), second, dict(reversed(ATTACHMENTS.items())))
    assert second.read_bytes() == first.read_bytes()
    assert pdf_text(second) == text


def test_no_clock_in_the_pdf(tmp_path: Path) -> None:
    out = tmp_path / "r.pdf"
    render_pdf(make_result(run={}), out, ATTACHMENTS)
    info = subprocess.run(["pdfinfo", str(out)], capture_output=True, text=True, check=True).stdout
    assert "CreationDate" not in info and "ModDate" not in info


def test_missing_glyph_fails_the_render(tmp_path: Path) -> None:
    original = dataclasses.replace(ARTICLES[0].originals[0], text="第九條 \ue000")
    articles = [dataclasses.replace(ARTICLES[0], originals=(original,)), *ARTICLES[1:]]
    out = tmp_path / "r.pdf"
    with pytest.raises(MissingGlyphError, match="U\\+E000"):
        render_pdf(make_result(articles=articles), out, {})
    assert not out.exists()


def test_missing_glyph_check_survives_a_disabled_logger(tmp_path: Path) -> None:
    original = dataclasses.replace(ARTICLES[0].originals[0], text="\ue000")
    articles = [dataclasses.replace(ARTICLES[0], originals=(original,)), *ARTICLES[1:]]
    logger = logging.getLogger("weasyprint")
    logger.disabled, logger.level = True, logging.CRITICAL
    try:
        with pytest.raises(MissingGlyphError):
            render_pdf(make_result(articles=articles), tmp_path / "r.pdf", {})
        assert logger.disabled and logger.level == logging.CRITICAL
    finally:
        logger.disabled, logger.level = False, logging.NOTSET


def test_inconsistent_result_is_refused() -> None:
    with pytest.raises(ValueError, match="BAC-99"):
        render_html(make_result(findings=[finding("BAC-99", "9", 0)]))
    with pytest.raises(ValueError, match="articles"):
        render_html(make_result(articles=ARTICLES[:1]))


def test_the_share_each_rule_evaluated_is_a_bar_in_its_coverage_row() -> None:
    html = render_html(make_result())
    assert html.count('<div class="share"><div style="width: 99.6%"></div></div>') == 4  # 1,234 of 1,239 units
    row = html[html.index("<td>BAC-9.2</td>"):]
    assert row[:row.index("</tr>")].endswith('<td class="bars"></td>\n')  # BAC-9.2 had no unit: no bar


def test_regulations_with_amendment_dates_and_status(rendered: tuple[Path, str]) -> None:
    _, text = rendered
    assert "Annex: the regulations quoted" in text
    assert "n.º 73/2005 2005-11-23 18, 19 The no-commission alternative." in text
    assert "n.º 30/2007 date not known 13, 17 The progressive jackpot." in text
    assert "Status of the texts This text may have been re-issued in 2025 as «Regras de Execução»." in text
    assert "n.º 73/2005 (2005-11-23); n.º 30/2007 (date not known)" in text  # the rulesets table


def test_the_shipped_rulesets_texts_reach_the_report() -> None:
    """Every article of the real rulesets, as the report shows it: its English, each original retrieved, the
    originals not retrieved said in words, never a placeholder; the rulesets' notes on re-issue."""
    import html as html_lib
    import re

    from auditor.engine.audit import _articles, _ruleset_info
    from auditor.engine.ruleset import load_rulesets

    rulesets = load_rulesets()
    articles = [a for r in rulesets.values() for a in _articles(r)]
    rules = [rule(f"{dict(baccarat='BAC', holdem='THE', stud='5CS')[a.game]}-{a.number}.1", a.game, a.number, 0)
             for a in articles]
    page = html_lib.unescape(render_html(make_result(
        rulesets=[_ruleset_info(r, {}) for r in rulesets.values()], articles=articles, rules=rules, findings=[])))
    for article in articles:
        assert article.english in page, (article.game, article.number)
        for original in article.originals:
            assert original.text in page, (article.game, article.number, original.lang)
    assert not re.search(r"^\s*\S{0,6}\s*(\.{2,}|…+)[\s.;,。]*$|\[\s*(\.{2,}|…|truncated)\s*\]", page, re.M)
    assert page.count("Original text not retrieved (neither the Portuguese nor the Chinese)") == 13  # baccarat
    assert "Despacho of 18 January 2008 (number not known), art. 12.º" in page
    assert page.count("may have been re-issued") == 3


def cut_at_page_bottom(result: AuditResult) -> list[tuple[int, str]]:
    """(page, box) of every line or image of the rendered report that runs past the bottom of its page: there it
    is cut off, not drawn (a chart taller than a page is never split)."""
    from weasyprint import HTML
    from weasyprint.formatting_structure.boxes import LineBox, ReplacedBox

    from auditor.report.fetcher import DirectoryFetcher
    from auditor.report.render import TEMPLATES

    document = HTML(string=render_html(result), base_url=TEMPLATES.as_uri() + "/",
                    url_fetcher=DirectoryFetcher(TEMPLATES)).render()
    cut = []
    for number, page in enumerate(document.pages, 1):
        box = page._page_box
        bottom = box.margin_height() - box.margin_bottom
        cut += [(number, type(b).__name__) for b in box.children[0].descendants()  # not the margins' boxes
                if isinstance(b, LineBox | ReplacedBox) and b.position_y + b.margin_height() > bottom + 0.01]
    return cut


def test_a_day_with_findings_under_90_rules_is_drawn_whole() -> None:
    """The summary's findings per rule, one row a rule, may take more than a page: none is cut off at the bottom
    (a chart drawn as one image ran off its page past about 70 rules)."""
    rules = [rule(f"BAC-9.{n}", "baccarat", "9", 1) for n in range(1, 91)]
    findings = sorted([finding(f"BAC-9.{n}", "9", n) for n in range(1, 91)], key=sort_key)
    assert cut_at_page_bottom(make_result(rules=rules, findings=findings)) == []
