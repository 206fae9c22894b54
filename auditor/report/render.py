"""The PDF report: a pure function of the audit result.

AuditResult -> view (view.py) -> HTML (jinja2, autoescaped, templates/) -> PDF/A-3b (WeasyPrint) with the audit's
files attached. Nothing but templates/ may be loaded (fetcher.py), and any warning WeasyPrint logs while rendering,
above all a ``.notdef`` glyph drawn for a missing font, fails the render before a file is written."""

from __future__ import annotations

import logging
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from functools import cache
from pathlib import Path

from jinja2 import Environment, FileSystemLoader, StrictUndefined
from weasyprint import HTML, Attachment
from weasyprint.urls import FatalURLFetchingError

from auditor.model.result import AuditResult, InputFile
from auditor.model.verdict import plural
from auditor.report.errors import MissingGlyphError, ReportError
from auditor.report.fetcher import DirectoryFetcher
from auditor.report.glyphs import clip
from auditor.report.view import ReportView, report_view

TEMPLATES = Path(__file__).parent / "templates"
MAX_FINDINGS_PER_RULE = 20
PDF_VARIANT = "pdf/a-3b"
# Dates of the attached files when the result does not say when the audit ran: fixed, never the clock.
NO_RUN_TIME = datetime(1970, 1, 1, tzinfo=UTC)
NOTDEF = ".notdef glyph rendered"  # weasyprint/draw/text.py, logged once per missing glyph


def num(value: int) -> str:
    """A count with thousands separators."""
    return f"{value:,}"


# A file's facts after its name, in columns of fixed width in a fixed-width font: one text per row, where a cell
# per fact made the files table a third of a 600-file day's report CPU.
FILE_COLUMNS = "{:<7} {:>13} {:>11} {:>11} {}"
FILE_HEADER = FILE_COLUMNS.format("Format", "Bytes", "Records", "Quarantined", "SHA-256")


def file_columns(file: InputFile) -> str:
    """The format, size, records, quarantined records and SHA-256 of an audited file, aligned under
    :data:`FILE_HEADER`."""
    return FILE_COLUMNS.format(clip(file.format), num(file.size), num(file.records), num(file.quarantined),
                               clip(file.sha256))


def source(file: str | None, line: int | None) -> str:
    """``file:line`` of a log record, drawn as log text."""
    return clip(file if file is None or line is None else f"{file}:{line}")


@cache
def environment() -> Environment:
    """The templates' jinja2 environment: autoescape on, undefined names are errors."""
    env = Environment(
        loader=FileSystemLoader(TEMPLATES),
        autoescape=True,
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
    )
    env.filters.update(clip=clip, num=num, source=source, plural=plural, file_columns=file_columns)
    env.globals.update(FILE_HEADER=FILE_HEADER)
    return env


def _html(view: ReportView) -> str:
    return environment().get_template("report.html.j2").render(r=view.result, view=view)


def render_html(result: AuditResult, *, max_findings_per_rule: int = MAX_FINDINGS_PER_RULE) -> str:
    """The report as HTML; the PDF shows the first ``max_findings_per_rule`` findings of each rule."""
    return _html(report_view(result, max_findings_per_rule))


class _Collector(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


@contextmanager
def weasyprint_problems() -> Iterator[list[logging.LogRecord]]:
    """Collect what WeasyPrint logs at WARNING or above, even if logging was configured to hide it."""
    logger = logging.getLogger("weasyprint")
    collector = _Collector()
    saved = logger.level, logger.disabled
    logger.disabled = False
    if not logger.isEnabledFor(logging.WARNING):
        logger.setLevel(logging.WARNING)
    logger.addHandler(collector)
    try:
        yield collector.records
    finally:
        logger.removeHandler(collector)
        logger.level, logger.disabled = saved


def _raise_for(records: list[logging.LogRecord]) -> None:
    messages = [record.getMessage() for record in records]
    missing = [message for message in messages if message.startswith(NOTDEF)]
    if missing:
        raise MissingGlyphError(f"{len(missing)} glyphs missing from the fonts; first: {missing[0]}")
    if messages:
        raise ReportError(f"WeasyPrint reported {len(messages)} problems; first: {messages[0]}")


def attachment_date(created: datetime | None) -> datetime:
    """Date of the attached files: the audit's, in UTC as WeasyPrint writes it, else :data:`NO_RUN_TIME`."""
    if created is None:
        return NO_RUN_TIME
    return created.astimezone(UTC) if created.tzinfo else created


def render_pdf(
    result: AuditResult,
    out: Path,
    attachments: dict[str, bytes],
    *,
    max_findings_per_rule: int = MAX_FINDINGS_PER_RULE,
) -> None:
    """Write the report to ``out`` as PDF/A-3b with ``attachments`` (file name -> content) embedded.

    Same arguments, same bytes. Raises :class:`ReportError` (:class:`MissingGlyphError` for a missing font) and
    writes nothing when the PDF would not show exactly what the result says."""
    view = report_view(result, max_findings_per_rule)
    fetcher = DirectoryFetcher(TEMPLATES)
    when = attachment_date(view.created)
    files = [
        Attachment(string=data, name=name, created=when, modified=when, relationship="Data", url_fetcher=fetcher)
        for name, data in sorted(attachments.items())
    ]
    document = HTML(string=_html(view), base_url=TEMPLATES.as_uri() + "/", url_fetcher=fetcher)
    with weasyprint_problems() as problems:
        try:
            pdf = document.write_pdf(pdf_variant=PDF_VARIANT, attachments=files)
        except FatalURLFetchingError as exc:
            raise ReportError(str(exc.__cause__ or exc)) from exc
    _raise_for(problems)
    out.write_bytes(pdf)
