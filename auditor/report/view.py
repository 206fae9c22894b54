"""What the templates draw, computed from an :class:`AuditResult`: groups, counts, the status, the charts.

The findings' part is findings_view.py, the summary's summary_view.py; this module puts them together."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from datetime import datetime

from markupsafe import Markup

from auditor.model.result import ArticleInfo, AuditResult, OriginalInfo, QuarantinedRecord, RuleSummary
from auditor.model.verdict import Verdict, plural
from auditor.report.findings_view import FindingView, RuleFindings, causes, rule_findings
from auditor.report.manifest import report_reference
from auditor.report.summary_charts import RuleBar, hours_chart, rule_bars
from auditor.report.summary_view import (
    TABLE_ROWS,
    NotEvaluated,
    TableRow,
    not_evaluated,
    per_hour,
    table_rows,
    untimed,
)

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
QUARANTINE_EXAMPLES = 20
# The run box: the facts of ``result.run`` shown, in this order (the manifest holds all of them).
RUN_BOX = (
    ("Started", "started"), ("Finished", "finished"), ("Host", "host"), ("Working folder", "working_directory"),
    ("Paths given", "paths"), ("Audited folder", "audited_folder"), ("Outputs written to", "out"),
    ("Files found, not read", "skipped"),
)
SKIPPED_NAMED = 20  # files not read named in the run box; the manifest names them all, with why


@dataclass(frozen=True)
class RuleView:
    rule: RuleSummary
    reasons: list[tuple[str, int]]  # not-evaluated reasons, most frequent first

    @property
    def evaluated_share(self) -> str | None:
        """The share of its units the rule evaluated, as a bar width (a CSS percentage); None without units."""
        units = self.rule.evaluated + self.rule.not_evaluated
        return f"{100 * self.rule.evaluated / units:.1f}%" if units else None


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
    reference: str  # the report's reference: a function of its reproducible content (manifest.report_reference)
    signer: dict[str, str] | None  # the certificate that signs the report, when known as it is rendered
    incidents: int  # findings not caused by another finding
    quarantined: int
    rule_findings: list[RuleFindings]  # rules with findings, most serious first
    causes: dict[int, int]  # finding index -> index of the finding that caused it
    shown_indices: frozenset[int]  # the findings printed as examples
    table_rows: list[TableRow]  # the TABLE_ROWS tables with most findings
    tables_not_shown: tuple[int, int]  # the other tables with findings, and their findings
    rule_bars: list[RuleBar]  # the rules with findings, most serious first
    hours_chart: Markup | None
    untimed: int  # findings without a time, not in the hour chart
    not_evaluated: NotEvaluated
    articles: list[ArticleView]
    quarantine_reasons: list[tuple[str, int]]
    quarantine_examples: list[QuarantinedRecord]
    created: datetime | None  # the PDF's creation date: from result.run, else none
    run_box: list[tuple[str, str]]  # (label, value) of each fact of RUN_BOX

    def cause_of(self, view: FindingView) -> dict | None:
        """The finding that caused ``view``'s, if any."""
        return None if view.cause is None else self.result.findings[view.cause]

    def shown(self, index: int) -> bool:
        """Whether the finding ``index`` is among the examples printed (so that a link to it lands)."""
        return index in self.shown_indices


def by_count(counts: dict[str, int] | Counter[str]) -> list[tuple[str, int]]:
    """Most frequent first, ties by name: a deterministic order."""
    return sorted(counts.items(), key=lambda item: (-item[1], item[0]))


def run_time(run: dict[str, object]) -> datetime | None:
    """When the audit finished (or started), if ``run`` says so in ISO 8601."""
    for key in ("finished", "started"):
        value = run.get(key)
        if not isinstance(value, str):
            continue
        try:
            return datetime.fromisoformat(value)
        except ValueError:
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

    def skipped(value: object) -> str:
        """The files not read, by name (``{"file", "why"}``): "none", or the first ``SKIPPED_NAMED``."""
        if not isinstance(value, list):
            return text(value)
        names = [str(item.get("file")) for item in value if isinstance(item, dict)]
        more = f", and {len(names) - SKIPPED_NAMED:,} more" if len(names) > SKIPPED_NAMED else ""
        return (", ".join(names[:SKIPPED_NAMED]) + more + " (why: manifest.json, run.skipped)") if names else "none"

    return [(label, (skipped if key == "skipped" else text)(run.get(key))) for label, key in RUN_BOX]


def article_views(result: AuditResult) -> list[ArticleView]:
    """Articles in ruleset order, each with its rules; raises ValueError when the result is inconsistent."""
    known = {rule.id for rule in result.rules}
    if unknown := sorted({row["rule"] for row in result.findings} - known):
        raise ValueError(f"findings cite rules the result does not list: {unknown}")
    articles = {(a.game, a.number): a for a in result.articles}
    if missing := sorted({(r.game, r.article) for r in result.rules} - set(articles)):
        raise ValueError(f"rules cite articles the result does not list: {missing}")
    by_article: dict[tuple[str, str], list[RuleView]] = {}
    for rule in result.rules:
        view = RuleView(rule, by_count(rule.not_evaluated_reasons))
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
    articles = article_views(result)
    cause_of = causes(result)
    by_rule = rule_findings(result, max_findings, cause_of)
    rank = {rf.rule.id: i for i, rf in enumerate(by_rule)}
    bars = [(rf.rule.id, rf.rule.violations, rf.rule.warnings, rf.incidents) for rf in by_rule]
    hours = per_hour(result)
    tables = table_rows(result, cause_of, rank)
    signer = result.run.get("signer")
    return ReportView(
        result=result,
        verdict=result.verdict,
        found=f"{plural(result.violations, 'violation')} found" if result.violations else "no violation found",
        reference=report_reference(result),
        signer=signer if isinstance(signer, dict) else None,
        incidents=len(result.findings) - len(cause_of),
        quarantined=len(result.quarantine),
        rule_findings=by_rule,
        causes=cause_of,
        shown_indices=frozenset(f.index for rf in by_rule for f in rf.shown),
        table_rows=tables[:TABLE_ROWS],
        tables_not_shown=(len(tables[TABLE_ROWS:]), sum(t.findings for t in tables[TABLE_ROWS:])),
        rule_bars=rule_bars(bars),
        hours_chart=hours_chart(hours) if any(n for _, n in hours) else None,
        untimed=untimed(result),
        not_evaluated=not_evaluated(result.rules),
        articles=articles,
        quarantine_reasons=by_count(Counter(record.reason for record in result.quarantine)),
        quarantine_examples=result.quarantine[:QUARANTINE_EXAMPLES],
        created=run_time(result.run),
        run_box=run_box(result.run),
    )
