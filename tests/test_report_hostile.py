"""Hostile log text in the PDF report: drawn as plain text, never markup; nothing loaded but the templates; long
words wrapped inside the page."""

from __future__ import annotations

import dataclasses
import logging
import re
import shutil
import subprocess
import sys
import unicodedata
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
import weasyprint
from test_report_render import ARTICLES, finding, make_result, pdf_text

from auditor.model.finding import sort_key
from auditor.model.result import AuditResult, QuarantinedRecord
from auditor.report import render
from auditor.report.errors import ReportError
from auditor.report.fetcher import DirectoryFetcher, FetchRefused
from auditor.report.glyphs import clip
from auditor.report.render import TEMPLATES, render_html, render_pdf

LONG = "A" * 10_000
HOSTILE = [
    "<script>alert(1)</script>",
    '<img src="http://example.invalid/x.png">',
    "url(file:///etc/passwd)",
    "</style><style>*{display:none}</style>",
    '<link rel="attachment" href="file:///etc/passwd">',
    "שלום עולם",
    "مرحبا بالعالم",
    "張三李四",
    "exe.\u202egnp",  # right-to-left override: would draw as "exe.png"
    "pua\ue000",  # no font has it
    LONG,
]

# Python-level file opens and network use, recorded while `recording` is set (audit hooks cannot be removed).
_events: list[tuple[str, str]] = []
_recording = False


def _audit(event: str, args: tuple) -> None:
    if _recording and event in ("open", "socket.connect", "socket.getaddrinfo", "urllib.Request"):
        _events.append((event, str(args[0])))


sys.addaudithook(_audit)


@contextmanager
def recording() -> Iterator[list[tuple[str, str]]]:
    global _recording
    _events.clear()
    _recording = True
    try:
        yield _events
    finally:
        _recording = False


def hostile_result() -> AuditResult:
    """Hostile text in every log-derived field the report draws."""
    findings = [
        finding("BAC-9.1", "9", i, table=text, shoe=text, hand=f"H{i}{text}", file=text,
                message=f"player {text} bet", expected=text, found=text)
        for i, text in enumerate(HOSTILE)
    ]
    rules = [dataclasses.replace(r, not_evaluated_reasons={text: 1 for text in HOSTILE}) for r in make_result().rules]
    return make_result(
        casino=HOSTILE[0] + HOSTILE[1],
        period_start=HOSTILE[3],
        findings=sorted(findings, key=sort_key),
        rules=rules,
        quarantine=[QuarantinedRecord(text, i, text, text) for i, text in enumerate(HOSTILE)],
        run={"finished": "2025-01-03T10:00:00+08:00", "note": HOSTILE[2]},
    )


def plain(text: str) -> str:
    """Text as pdftotext gives back Arabic: presentation forms folded to letters."""
    return unicodedata.normalize("NFKC", text)


@pytest.fixture(scope="module")
def rendered(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[str], list[tuple[str, str]]]:
    out = tmp_path_factory.mktemp("hostile") / "report.pdf"
    result = hostile_result()
    render_html(result)  # load templates and font coverage before recording
    fetches: list[str] = []
    handler = logging.Handler(logging.DEBUG)
    handler.emit = lambda record: fetches.append(record.args[0])  # type: ignore[method-assign]
    logger = logging.getLogger("auditor.report.fetcher")
    logger.addHandler(handler)
    logger.setLevel(logging.DEBUG)
    try:
        with recording() as events:
            render_pdf(result, out, {"findings.json": b"[]"}, max_findings_per_rule=len(HOSTILE))
            events = list(events)
    finally:
        logger.removeHandler(handler)
        logger.setLevel(logging.NOTSET)
    return out, fetches, events


def test_only_template_files_are_fetched(rendered) -> None:
    _, fetches, _ = rendered
    assert fetches == [(TEMPLATES / "report.css").as_uri()]


def test_no_network_and_no_file_outside_the_packages(rendered) -> None:
    out, _, events = rendered
    assert not [e for e in events if e[0] != "open"]
    allowed = (TEMPLATES.resolve(), Path(weasyprint.__file__).parent.resolve(), out.parent.resolve())
    opened = {Path(path).resolve() for _, path in events if not path.endswith((".py", ".pyc", ".so"))}
    assert opened and all(any(p.is_relative_to(root) for root in allowed) for p in opened), opened


def test_markup_is_drawn_as_text(rendered) -> None:
    out, _, _ = rendered
    text = pdf_text(out)
    for hostile in HOSTILE[:5]:
        assert f"player {hostile} bet" in text
    html = render_html(hostile_result())
    assert "<script>" not in html and "&lt;script&gt;alert(1)&lt;/script&gt;" in html
    assert "<img" not in html and "<link rel=\"attachment\"" not in html


def test_rtl_and_cjk_are_drawn_as_text(rendered) -> None:
    out, _, _ = rendered
    text = plain(pdf_text(out))
    for word in ("שלום", "עולם", "مرحبا", "بالعالم", "張三李四"):
        assert word in text


def test_invisible_and_unprintable_characters_are_shown_as_code_points(rendered) -> None:
    out, _, _ = rendered
    text = pdf_text(out)
    assert "exe.[U+202E]gnp" in text and "pua[U+E000]" in text
    assert "\u202e" not in text


def test_long_words_wrap_inside_the_page(rendered) -> None:
    out, _, _ = rendered
    assert "… [9,700 more characters]" in pdf_text(out)
    assert_inside_page(out)


def test_long_regulation_text_wraps_too(tmp_path: Path) -> None:
    articles = [dataclasses.replace(ARTICLES[0], english=LONG), *ARTICLES[1:]]
    out = tmp_path / "long.pdf"
    render_pdf(make_result(articles=articles), out, {})
    assert pdf_text(out).count("A" * 50) >= 10_000 // 200  # the whole word, over many lines
    assert_inside_page(out)


def assert_inside_page(pdf: Path) -> None:
    """Every word pdftotext finds lies within the page's 15 mm side margins."""
    html = subprocess.run(["pdftotext", "-bbox", str(pdf), "-"], capture_output=True, text=True, check=True).stdout
    width = float(re.search(r'<page width="([\d.]+)"', html)[1])
    margin = 15 / 25.4 * 72
    boxes = [(float(a), float(b)) for a, b in re.findall(r'xMin="([\d.]+)" yMin="[\d.]+" xMax="([\d.]+)"', html)]
    assert boxes and all(x0 >= margin - 0.5 and x1 <= width - margin + 0.5 for x0, x1 in boxes)


@pytest.mark.parametrize(
    "url",
    [
        "http://example.invalid/x.png",
        "https://example.invalid/x.css",
        "data:text/css,*{display:none}",
        "file:///etc/passwd",
        (TEMPLATES / ".." / "render.py").as_uri(),
        "file://evil.example/" + str(TEMPLATES / "report.css"),
        TEMPLATES.as_uri(),
    ],
)
def test_fetcher_refuses_everything_else(url: str) -> None:
    with pytest.raises(FetchRefused):
        DirectoryFetcher(TEMPLATES).fetch(url)


def test_fetcher_serves_the_stylesheet() -> None:
    response = DirectoryFetcher(TEMPLATES).fetch((TEMPLATES / "report.css").as_uri())
    assert response.content_type == "text/css" and response.read() == (TEMPLATES / "report.css").read_bytes()


@pytest.fixture
def leaky_templates(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The templates with a bug: the page loads an image from outside the templates."""
    copy = tmp_path / "templates"
    shutil.copytree(TEMPLATES, copy)
    page = copy / "report.html.j2"
    page.write_text(page.read_text().replace("<body>", '<body><img src="file:///etc/passwd">'))
    monkeypatch.setattr(render, "TEMPLATES", copy)
    render.environment.cache_clear()
    yield
    monkeypatch.undo()
    render.environment.cache_clear()


def test_a_template_bug_cannot_load_other_files(leaky_templates: None, tmp_path: Path) -> None:
    out = tmp_path / "r.pdf"
    with pytest.raises(ReportError, match="/etc/passwd"):
        render_pdf(make_result(), out, {})
    assert not out.exists()


def test_clip() -> None:
    assert clip(None) == "—"
    assert clip(42) == "42"
    assert clip("a\tb\nc\x00") == "a[U+0009]b[U+000A]c[U+0000]"
    assert clip("x" * 301) == "x" * 300 + " … [1 more character]"
