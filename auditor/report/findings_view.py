"""The findings as the report shows them: rules most serious first, a few examples per rule spread over its tables
and the day, each with its evidence and, when another finding of the same coup or hand caused it, that cause."""

from __future__ import annotations

from dataclasses import dataclass

from auditor.model.finding import rule_order
from auditor.model.result import ArticleInfo, AuditResult, Evidence, RuleSummary
from auditor.model.verdict import plural

QUOTE_CHARS = 320  # the article quoted beside its findings; the annex holds the full text
NO_EVIDENCE = Evidence(None, None, None, "")


@dataclass(frozen=True)
class FindingView:
    index: int  # the finding's place in result.findings, its anchor in the report (#f<index>)
    row: dict
    evidence: Evidence
    cause: int | None  # index of the finding that caused this one


@dataclass(frozen=True)
class RuleFindings:
    rule: RuleSummary
    article: ArticleInfo
    quote: str  # the start of the article's English text
    quoted_whole: bool
    shown: list[FindingView]
    total: int
    incidents: int  # findings not caused by another finding
    tables: list[str]  # the tables with findings of this rule

    @property
    def more(self) -> int:
        return self.total - len(self.shown)

    @property
    def heading(self) -> str:
        """``BAC-10.1: 3 violations, each caused by another finding``: what was found, never a rule's name alone."""
        counts = [plural(n, word) for n, word in ((self.rule.violations, "violation"), (self.rule.warnings, "warning"))
                  if n]
        head = f"{self.rule.id}: {', '.join(counts) or plural(self.total, 'finding')}"
        if self.incidents == self.total:
            return head
        if not self.incidents:
            return f"{head}, each caused by another finding"
        return f"{head}, {self.incidents:,} of them incidents of their own"


def causes(result: AuditResult) -> dict[int, int]:
    """Finding index -> the index of the finding that caused it: for a rule with ``caused_by`` articles, the first
    finding of a rule of one of those articles in the same game, table and coup or hand."""
    rules = {rule.id: rule for rule in result.rules}
    causing = {r.id: set(r.caused_by) for r in result.rules if r.caused_by}
    if not causing:
        return {}
    by_hand: dict[tuple, list[int]] = {}
    for i, row in enumerate(result.findings):
        if row["hand"] is not None:
            by_hand.setdefault((row["game"], row["table"], row["hand"]), []).append(i)
    found = {}
    for i, row in enumerate(result.findings):
        articles = causing.get(row["rule"])
        if not articles or row["hand"] is None:
            continue
        for j in by_hand[(row["game"], row["table"], row["hand"])]:
            other = rules.get(result.findings[j]["rule"])
            if j != i and other is not None and other.id != row["rule"] and other.article in articles:
                found[i] = j
                break
    return found


def quote(text: str, limit: int = QUOTE_CHARS) -> tuple[str, bool]:
    """The start of ``text`` cut at a word boundary before ``limit`` characters, and whether it is the whole."""
    flat = " ".join(text.split())
    if len(flat) <= limit:
        return flat, True
    return flat[:limit].rsplit(" ", 1)[0] + " …", False


def spread(indices: list[int], tables: list[str], times: list[str], count: int) -> list[int]:
    """``count`` of ``indices`` spread across their tables and, within a table, evenly over its day: the tables
    take turns (in name order) until ``count`` are taken, and each table's share is picked at even steps through
    its findings in time order. Returned in time order; a pure function of its arguments."""
    by_table: dict[str, list[int]] = {}
    for i in indices:
        by_table.setdefault(tables[i], []).append(i)
    for rows in by_table.values():
        rows.sort(key=lambda i: (times[i], i))
    share = dict.fromkeys(by_table, 0)
    left = min(count, len(indices))
    while left:
        for table in sorted(by_table):
            if left and share[table] < len(by_table[table]):
                share[table] += 1
                left -= 1
    picked = [rows[(2 * j + 1) * len(rows) // (2 * share[t])] for t, rows in by_table.items() for j in range(share[t])]
    return sorted(picked, key=lambda i: (times[i], i))


def seriousness(rule: RuleSummary) -> tuple:
    """Violations before warnings, a rule's own breaches before those another finding causes, then rule order."""
    return (rule.severity != "violation", bool(rule.caused_by), rule_order(rule.id))


def rule_findings(result: AuditResult, examples: int, cause_of: dict[int, int]) -> list[RuleFindings]:
    """Every rule with findings, most serious first, with ``examples`` of them spread (:func:`spread`)."""
    evidence = result.evidence if len(result.evidence) == len(result.findings) else None
    times = [(e.time or "") for e in evidence] if evidence else [""] * len(result.findings)
    tables = [str(row["table"]) for row in result.findings]
    by_rule: dict[str, list[int]] = {}
    for i, row in enumerate(result.findings):
        by_rule.setdefault(row["rule"], []).append(i)
    articles = {(a.game, a.number): a for a in result.articles}
    views = []
    for rule in sorted((r for r in result.rules if r.id in by_rule), key=seriousness):
        indices = by_rule[rule.id]
        article = articles[(rule.game, rule.article)]
        text, whole = quote(article.english)
        shown = [FindingView(i, result.findings[i], evidence[i] if evidence else NO_EVIDENCE, cause_of.get(i))
                 for i in spread(indices, tables, times, examples)]
        views.append(RuleFindings(
            rule, article, text, whole, shown, len(indices), sum(i not in cause_of for i in indices),
            sorted({tables[i] for i in indices}),
        ))
    return views
