"""Regenerate sample_logs/ and the figures its README states, in one command:

    .venv/bin/python scripts/sample.py           # after a change to a simulator, the checkers or the rulesets
    .venv/bin/python scripts/sample.py --check   # only say whether the README's figures are a fresh audit's

It runs the code blocks under the README's "Regenerate" headings in order (baccarat, then hold'em, then stud: each
game's command is written once, there, and its test checks the files against it), audits the folder as
``scripts/setup.sh`` does (``auditor audit sample_logs``, here without the PDF), and writes the audit's figures into
the README: its table of figures and the sentence "The N labels give M findings". tests/test_report_layout.py checks
the same figures against a fresh audit.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SAMPLE = ROOT / "sample_logs"
README = SAMPLE / "README.md"
BIN = Path(sys.executable).parent
BLOCK = re.compile(r"^### Regenerate \(([^)]+)\)\n.*?^```\n(.*?)^```$", re.MULTILINE | re.DOTALL)
LABELS_GIVE = re.compile(r"The [\d,]+ labels give [\d,]+ findings")
CAUSED = "BAC-10.1"  # each caused by the BAC-7 or BAC-9 finding of its coup (the README says so)


def regenerate(text: str) -> None:
    """Run each game's "Regenerate" block with bash, from the checkout, with this environment's ``auditor``."""
    env = dict(os.environ, PATH=f"{BIN}{os.pathsep}{os.environ.get('PATH', '')}")
    for game, block in BLOCK.findall(text):
        print(f"regenerating {game}", flush=True)
        subprocess.run(["bash", "-euo", "pipefail", "-c", block], cwd=ROOT, env=env, check=True,
                       stdout=subprocess.DEVNULL)


def figures() -> dict[str, str]:
    """The figures of a fresh audit of sample_logs/, as the README's table states them."""
    with tempfile.TemporaryDirectory(prefix="sample-") as tmp:
        out = Path(tmp) / "out"
        done = subprocess.run([str(BIN / "auditor"), "audit", str(SAMPLE), "--out", str(out), "--no-pdf", "--quiet"],
                              cwd=ROOT, capture_output=True, text=True)
        if done.returncode not in (0, 1, 4):
            raise SystemExit(f"the sample audit failed (exit {done.returncode}):\n{done.stdout}{done.stderr}")
        summary = json.loads((out / "summary.json").read_text(encoding="utf-8"))
        manifest = json.loads((out / "manifest.json").read_text(encoding="utf-8"))
        findings = json.loads((out / "findings.json").read_text(encoding="utf-8"))
    caused = sum(f["rule"] == CAUSED for f in findings)
    return {
        "files": f"{len(manifest['inputs']):,}", "records": f"{sum(i['records'] for i in manifest['inputs']):,}",
        "quarantined": f"{summary['quarantined']:,}", "violations": f"{summary['violations']:,}",
        "warnings": f"{summary['warnings']:,}", "findings": f"{summary['findings']:,}",
        "distinct incidents": f"{summary['findings'] - caused:,}", "verdict": summary["verdict"]["status"],
        "exit code": str(summary["verdict"]["exit_code"]),
    }


def with_figures(text: str, stated: dict[str, str]) -> str:
    """The README with ``stated`` in its table of figures and in "The N labels give M findings"."""
    for name, value in stated.items():
        text, n = re.subn(rf"^\| {name} \| [^|]+ \|$", f"| {name} | {value} |", text, flags=re.MULTILINE)
        if n != 1:
            raise SystemExit(f"sample_logs/README.md: no single row '| {name} | ... |' in its table of figures")
    labels = len((SAMPLE / "labels.jsonl").read_text(encoding="utf-8").splitlines())
    text, n = LABELS_GIVE.subn(f"The {labels:,} labels give {stated['findings']} findings", text)
    if n != 1:
        raise SystemExit("sample_logs/README.md: no single sentence 'The N labels give M findings'")
    return text


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--check", action="store_true", help="only compare the README's figures with a fresh audit")
    args = p.parse_args(argv)
    text = README.read_text(encoding="utf-8")
    if not args.check:
        regenerate(text)
    new = with_figures(text, figures())
    if args.check:
        print("sample_logs/README.md: figures up to date" if new == text else "sample_logs/README.md: figures STALE")
        raise SystemExit(0 if new == text else 1)
    README.write_text(new, encoding="utf-8")
    print("sample_logs/ and the figures of sample_logs/README.md regenerated; review with git diff", flush=True)


if __name__ == "__main__":
    main()
