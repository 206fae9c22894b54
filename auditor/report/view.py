"""What the templates draw, computed from an :class:`AuditResult`: groups, counts, the status, the charts."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from datetime import datetime

from markupsafe import Markup

from auditor.model.result import ArticleInfo, AuditResult, OriginalInfo, QuarantinedRecord, RuleSummary
from auditor.model.verdict import Verdict, plural
from auditor.report.chart import rules_chart

LANGUAGES = {
    "zh-Hant": "Chinese (traditional characters)",
    "zh-Hans": "Chinese (simplified characters)",
    "pt": "Portuguese",
}
STATUSES = {
    "official": "text of the Boletim Oficial",
    "reference": "official website's copy, for reference only",
    "unofficial": "unofficial copy, not the authentic text",
}
# Macau's authentic texts: Portuguese and Chinese in traditional characters. Each one missing is said in words.
NOT_RETRIEVED = {
    "pt": "Portuguese text not retrieved.",
    "zh-Hant": "Chinese text (traditional characters, as published in Macau) not retrieved.",
}
NOTHING_RETRIEVED = "Original text not retrieved (neither the Portuguese nor the Chinese); English translation only."
CHART_ROWS = 45  # rules per chart: one chart fits on a page
QUARANTINE_EXAMPLES = 20
# The run box: the facts of ``result.run`` shown, in this order (the manifest holds all of them).
RUN_BOX = (
    ("Started", "started"), ("Finished", "finished"), ("Host", "host"), ("Working folder", "working_directory"),
    ("Paths given", "paths"), ("Audited folder", "audited_folder"), ("Outputs written to", "out"),
)


@dataclass(frozen=True)
class RuleView:
    rule: RuleSummary
    reasons: list[tuple[str, int]]  # not-evaluated reasons, most frequent first
    findings: list[dict]  # the first N
    more: int  # findings of this rule not shown


@dataclass(frozen=True)
class TextView:
    """An original text as the report shows it: a label (language, status, wording), the text, what it lacks."""

    label: str
    lang: str
    text: str
    missing: str
    source: str


@dataclass(frozen=True)
class ArticleView:
    article: ArticleInfo
    originals: list[TextView]
    not_retrieved: list[str]  # sentences: which original texts were not retrieved
    rules: list[RuleView]


@dataclass(frozen=True)
class ReportView:
    result: AuditResult
    verdict: Verdict
    found: str  # what the audit found, in words: "no violation found", "1 violation found", ...
    quarantined: int
    articles: list[ArticleView]
    charts: list[Markup]
    quarantine_reasons: list[tuple[str, int]]
    quarantine_examples: list[QuarantinedRecord]
    created: datetime | None  # the PDF's creation date: from result.run, else none
    run_box: list[tuple[str, str]]  # (label, value) of each fact of RUN_BOX


def by_count(counts: dict[str, int] | Counter[str]) -> list[tuple[str, int]]:
    """Most frequent first, ties by name: a deterministic order."""
    return sorted(counts.items(), key=lambda item: (-item[1], item[0]))


def run_time(run: dict[str, object]) -> datetime | None:
    """When the audit finished (or started), if ``run`` says so in ISO 8601."""
    for key in ("finished", "started"):
        try:
            return datetime.fromisoformat(run[key])
        except (KeyError, TypeError, ValueError):
            continue
    return None


def text_view(original: OriginalInfo) -> TextView:
    label = f"{LANGUAGES.get(original.lang, original.lang)}, {STATUSES.get(original.status, original.status)}"
    if original.wording:
        label += f"; {original.wording}"
    return TextView(label, original.lang, original.text, original.missing, original.source)


def not_retrieved(article: ArticleInfo) -> list[str]:
    """What the report says of the originals it cannot quote, in words."""
    if not article.originals:
        return [NOTHING_RETRIEVED]
    found = {original.lang for original in article.originals}
    return [sentence for lang, sentence in NOT_RETRIEVED.items() if lang not in found]


def run_box(run: dict[str, object]) -> list[tuple[str, str]]:
    """Every fact of :data:`RUN_BOX` as one line of text; "not recorded" when the run does not say."""
    def text(value: object) -> str:
        if value is None:
            return "not recorded"
        return ", ".join(map(str, value)) if isinstance(value, list) else str(value)

    return [(label, text(run.get(key))) for label, key in RUN_BOX]


def article_views(result: AuditResult, max_findings: int) -> list[ArticleView]:
    """Articles in ruleset order, each with its rules; raises ValueError when the result is inconsistent."""
    findings: dict[str, list[dict]] = {}
    for row in result.findings:
        findings.setdefault(row["rule"], []).append(row)
    known = {rule.id for rule in result.rules}
    if unknown := sorted(set(findings) - known):
        raise ValueError(f"findings cite rules the result does not list: {unknown}")
    articles = {(a.game, a.number): a for a in result.articles}
    if missing := sorted({(r.game, r.article) for r in result.rules} - set(articles)):
        raise ValueError(f"rules cite articles the result does not list: {missing}")
    by_article: dict[tuple[str, str], list[RuleView]] = {}
    for rule in result.rules:
        rows = findings.get(rule.id, [])
        more = max(len(rows) - max_findings, 0)
        view = RuleView(rule, by_count(rule.not_evaluated_reasons), rows[:max_findings], more)
        by_article.setdefault((rule.game, rule.article), []).append(view)
    return [
        ArticleView(article, [text_view(o) for o in article.originals], not_retrieved(article), by_article[key])
        for key, article in articles.items()
        if key in by_article
    ]


def report_view(result: AuditResult, max_findings: int) -> ReportView:
    """Everything the templates need; ``max_findings`` is the number of findings shown per rule."""
    if max_findings < 0:
        raise ValueError("max_findings must be >= 0")
    articles = article_views(result, max_findings)
    ordered_rules = [view.rule for article in articles for view in article.rules]
    return ReportView(
        result=result,
        verdict=result.verdict,
        found=f"{plural(result.violations, 'violation')} found" if result.violations else "no violation found",
        quarantined=len(result.quarantine),
        articles=articles,
        charts=[rules_chart(ordered_rules[i : i + CHART_ROWS]) for i in range(0, len(ordered_rules), CHART_ROWS)],
        quarantine_reasons=by_count(Counter(record.reason for record in result.quarantine)),
        quarantine_examples=result.quarantine[:QUARANTINE_EXAMPLES],
        created=run_time(result.run),
        run_box=run_box(result.run),
    )
