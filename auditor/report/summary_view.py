"""The summary page's figures, from an :class:`AuditResult`: findings per table, per rule and per hour of the day,
the tables expected that sent no log, and what was not evaluated."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from auditor.model.result import AuditResult, RuleSummary

TOP_REASONS = 5  # reasons for units not evaluated named on the summary page; the full list follows the findings
TABLE_ROWS = 30  # tables in the summary's table, most findings first; findings.json holds every finding


@dataclass(frozen=True)
class TableRow:
    table: str
    game: str
    findings: int
    incidents: int
    violations: int
    warnings: int
    rules: list[tuple[str, int]]  # rule id and its findings at this table, in rule order of the summary


@dataclass(frozen=True)
class NotEvaluated:
    rules: int  # rules with at least one unit not evaluated
    units: int
    reasons: list[tuple[str, int]]  # the most frequent, summed over the rules
    other_reasons: int  # how many more reasons there are


def table_rows(result: AuditResult, cause_of: dict[int, int], rule_rank: dict[str, int]) -> list[TableRow]:
    """One row per table with findings, most findings first (ties in table order)."""
    per: dict[str, list[int]] = {}
    for i, row in enumerate(result.findings):
        per.setdefault(str(row["table"]), []).append(i)
    rows = []
    for table in sorted(per):
        found = [result.findings[i] for i in per[table]]
        counts = Counter(row["rule"] for row in found)
        rows.append(TableRow(
            table, str(found[0]["game"]), len(found), sum(i not in cause_of for i in per[table]),
            sum(row["severity"] == "violation" for row in found), sum(row["severity"] == "warning" for row in found),
            sorted(counts.items(), key=lambda item: rule_rank.get(item[0], len(rule_rank))),
        ))
    return sorted(rows, key=lambda row: (-row.findings, row.table))


def per_hour(result: AuditResult) -> list[tuple[str, int]]:
    """Findings per hour of the day (``HH``, all 24), from the time of each finding's event; a finding without a
    time is counted nowhere (see :func:`untimed`)."""
    counts = Counter(e.time[11:13] for e in result.evidence if e.time)
    return [(f"{hour:02d}", counts.get(f"{hour:02d}", 0)) for hour in range(24)]


def untimed(result: AuditResult) -> int:
    """Findings whose log gives no time, for the hour chart's note."""
    if len(result.evidence) != len(result.findings):
        return len(result.findings)
    return sum(e.time is None for e in result.evidence)


def not_evaluated(rules: list[RuleSummary]) -> NotEvaluated:
    """The rules that did not evaluate every unit, with the most frequent reasons over all of them."""
    partial = [rule for rule in rules if rule.not_evaluated]
    reasons: Counter[str] = Counter()
    for rule in partial:
        reasons.update(rule.not_evaluated_reasons)
    ordered = sorted(reasons.items(), key=lambda item: (-item[1], item[0]))
    return NotEvaluated(len(partial), sum(r.not_evaluated for r in partial), ordered[:TOP_REASONS],
                        max(len(ordered) - TOP_REASONS, 0))
