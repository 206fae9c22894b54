"""``audit --junit FILE``: the audit as a JUnit XML file, so a CI server or a scheduler shows failures natively.

One test suite per game, one test case per enforced rule and table: a *failure* when the rule found violations at
that table (with the findings), *skipped* when it evaluated nothing there (with the reason), else passed (warnings
and units not evaluated in its output). A last suite, ``audit``, holds one case, ``verdict``: a failure when the
audit is incomplete or an input error, with the reasons."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections import defaultdict

from auditor.engine.table_coverage import TableCoverage
from auditor.model.outcome import ExitCode
from auditor.model.result import AuditResult, RuleSummary
from auditor.model.verdict import NO_CHECKER, plural

MAX_LISTED = 50  # findings written out per test case; all of them are in findings.json
NO_TABLE = "(no table)"
# Characters XML 1.0 cannot hold, even escaped: written as \xNN so that a hostile log cannot break the file.
_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")


def _text(value: object) -> str:
    return _NOT_XML.sub(lambda m: f"\\x{ord(m.group()):02x}", str(value))


def _finding_line(f: dict) -> str:
    where = [f"{k} {f[k]}" for k in ("shoe", "hand", "seq") if f[k] is not None]
    where.append(f"{f['file']}:{f['line']}" if f["file"] else "no source line")
    found = f" (expected {f['expected']}; found {f['found']})" if f["expected"] or f["found"] else ""
    return f"{f['severity']}: {f['message']}{found} [{'; '.join(where)}]"


def _listing(findings: list[dict]) -> str:
    lines = [_finding_line(f) for f in findings[:MAX_LISTED]]
    if len(findings) > MAX_LISTED:
        lines.append(f"... and {len(findings) - MAX_LISTED:,} more in findings.json")
    return "\n".join(lines)


def _case(rule: RuleSummary, table: str, findings: list[dict], units: dict[str | None, int]) -> ET.Element:
    case = ET.Element("testcase", classname=rule.game, name=f"{rule.id} table {table}")
    violations = [f for f in findings if f["severity"] == "violation"]
    warnings = [f for f in findings if f["severity"] != "violation"]
    missing = {k: v for k, v in units.items() if k is not None}
    if NO_CHECKER in rule.not_evaluated_reasons:
        missing = {NO_CHECKER: 0}
    if violations:
        failure = ET.SubElement(case, "failure", type="violation", message=_text(
            f"{plural(len(violations), 'violation')} of {rule.citation}"))
        failure.text = _text(_listing(violations))
    elif not units.get(None) and not warnings:
        reasons = "; ".join(f"{plural(n, rule.unit)}: {why}" if n else why for why, n in missing.items())
        ET.SubElement(case, "skipped", message=_text(
            f"not evaluated: {reasons}" if reasons else f"nothing to evaluate: no {rule.unit} at this table"))
    out = [_listing(warnings)] if warnings else []
    out += [f"not evaluated: {plural(n, rule.unit)}: {why}" for why, n in missing.items() if n and units.get(None)]
    if out:
        ET.SubElement(case, "system-out").text = _text("\n".join(out))
    return case


def _total(suites: list[ET.Element], count: str) -> str:
    """The sum of the ``count`` attribute (tests, failures, skipped) that ``_suite`` sets on each suite."""
    return str(sum(int(s.get(count, "0")) for s in suites))


def _suite(name: str, cases: list[ET.Element]) -> ET.Element:
    suite = ET.Element("testsuite", name=name, tests=str(len(cases)),
                       failures=str(sum(c.find("failure") is not None for c in cases)), errors="0",
                       skipped=str(sum(c.find("skipped") is not None for c in cases)))
    suite.extend(cases)
    return suite


def _verdict_case(result: AuditResult) -> ET.Element:
    verdict = result.verdict
    case = ET.Element("testcase", classname="audit", name="verdict")
    if verdict.exit_code in (ExitCode.INCOMPLETE, ExitCode.INPUT_ERROR):
        failure = ET.SubElement(case, "failure", type=verdict.status.replace(" ", "_"),
                                message=_text(f"the audit is {verdict.status}"))
        failure.text = _text("\n".join(r.message for r in verdict.reasons))
    return case


def junit_xml(result: AuditResult, coverage: TableCoverage) -> bytes:
    """The JUnit XML bytes of an audit: same result and coverage, same bytes."""
    by_case: dict[tuple[str, str], list[dict]] = defaultdict(list)
    for f in result.findings:
        by_case[(f["rule"], f["table"] or NO_TABLE)].append(f)
    suites = []
    for game in sorted(result.games):
        rules = [r for r in result.rules if r.game == game and r.enforced]
        tables = set(coverage.tables.get(game, [])) | {t for (rule, t) in by_case if rule in {r.id for r in rules}}
        cases = [_case(r, t, by_case.get((r.id, t), []), coverage.units.get((r.id, t), {}))
                 for r in rules for t in sorted(tables)]
        suites.append(_suite(game, cases))
    suites.append(_suite("audit", [_verdict_case(result)]))
    root = ET.Element("testsuites", name="auditor", tests=_total(suites, "tests"),
                      failures=_total(suites, "failures"), errors="0", skipped=_total(suites, "skipped"))
    root.extend(suites)
    ET.indent(root)
    return ET.tostring(root, encoding="UTF-8", xml_declaration=True) + b"\n"
