"""The PDF report of a day with many findings: the time to render it with the default number of examples.

    .venv/bin/python -m bench.report                       # 10,000 findings, 3 repeats (~2 min)
    .venv/bin/python -m bench.report --findings 1000,10000,100000 --repeat 1

The day is the committed sample's audit (untimed) with its 26 findings copied as many times as it takes to reach the
count, each copy with coups and hands of its own, on 100 copies of each of the sample's tables (``B01-t000``...,
``--tables``): 500 tables, so that every rule with findings has them spread over many tables: the report shows
``--examples`` (default 20) of each. What is timed, in a fresh process per repeat, is ``render_pdf``: the view
(causes, spread of the examples, summary), the HTML and the PDF/A-3b with the four JSON attachments.
"""

from __future__ import annotations

import argparse
import dataclasses
import sys
import tempfile
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    __package__ = "bench"

from bench.common import ROOT, Measure, Timer, machine, repeat, report, save, versions

MODULE = "bench.report"
SAMPLE = ROOT / "sample_logs"


def many_findings(result, count: int, tables: int = 100):
    """``result`` with its findings (and their evidence) copied up to ``count`` findings, each copy's coups and hands
    its own, the copies dealt over ``tables`` copies of each table."""
    from auditor.model.finding import sort_key

    base = list(zip(result.findings, result.evidence, strict=True))
    rows = []
    for k in range(count):
        row, evidence = base[k % len(base)]
        copy = k // len(base)
        suffix = f"-c{copy:04d}"
        rows.append(({**row, "table": f"{row['table']}-t{copy % tables:03d}",
                      "shoe": row["shoe"] and f"{row['shoe']}{suffix}",
                      "hand": row["hand"] and f"{row['hand']}{suffix}"}, evidence))
    rows.sort(key=lambda pair: sort_key(pair[0]))
    counts: dict[tuple[str, str], int] = {}
    for row, _ in rows:
        counts[(row["rule"], row["severity"])] = counts.get((row["rule"], row["severity"]), 0) + 1
    rules = [dataclasses.replace(r, violations=counts.get((r.id, "violation"), 0),
                                 warnings=counts.get((r.id, "warning"), 0)) for r in result.rules]
    return dataclasses.replace(result, findings=[r for r, _ in rows], evidence=[e for _, e in rows], rules=rules,
                               tables=sorted({row["table"] for row, _ in rows}))


def sample_result():
    from auditor.engine.audit import audit
    from auditor.engine.ruleset import load_rulesets

    result, con = audit([SAMPLE], load_rulesets())
    con.close()
    return result


def child(a: argparse.Namespace) -> None:
    from auditor.report.manifest import report_attachments
    from auditor.report.render import MAX_FINDINGS_PER_RULE, render_pdf

    result = many_findings(sample_result(), a.count, a.tables)
    attachments = report_attachments(result)
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder) / "report.pdf"
        with Timer() as t:
            render_pdf(result, out, attachments, max_findings_per_rule=MAX_FINDINGS_PER_RULE)
        size = out.stat().st_size
    report(wall=t.wall, cpu=t.cpu, count=a.count, pdf_bytes=size)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--count", type=int, default=10_000, help=argparse.SUPPRESS)
    parser.add_argument("--findings", default="10000", help="comma-separated finding counts (default 10000)")
    parser.add_argument("--tables", type=int, default=100, help="copies of each sample table (default 100)")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--budget", type=float, default=300, help="seconds of repeats per count")
    a = parser.parse_args()
    if a.child:
        child(a)
        return
    print(machine(), versions(), sep="\n")
    results = {}
    for count in (int(c) for c in a.findings.split(",")):
        measure = repeat(Measure(f"render, {count:,} findings", "findings"), MODULE,
                         ["--count", str(count), "--tables", str(a.tables)], a.repeat, a.budget)
        print(measure.line(), flush=True)
        results[count] = {"wall": measure.values("wall"), "cpu": measure.values("cpu"), "rss_mb": measure.rss()}
    print(f"results: {save('report', {'machine': machine(), 'versions': versions(), 'results': results})}")


if __name__ == "__main__":
    main()
