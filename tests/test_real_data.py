"""The HandHQ hands audited as a new user would: exactly the findings and quarantined records that
docs/real-data.md lists and explains, nothing more, nothing less."""

from __future__ import annotations

import os
import re
from collections import Counter
from pathlib import Path

import pytest

from auditor.engine.audit import audit
from auditor.engine.ruleset import load_rulesets

ROOT = Path(__file__).resolve().parents[1]
HANDHQ = ROOT.parent / "shared" / "data" / "phh" / "handhq"
ROW = re.compile(r"^\| (?P<cells>[^|]+(?: \| [^|]+)+) \|$")


def _table(heading: str) -> list[list[str]]:
    """The body rows of the first table under the ``## heading`` of docs/real-data.md, cells stripped of backticks."""
    text = (ROOT / "docs" / "real-data.md").read_text(encoding="utf-8")
    section = text.split(f"\n## {heading}", 1)[1].split("\n## ", 1)[0]
    rows = [m["cells"].split(" | ") for line in section.splitlines() if (m := ROW.match(line))]
    return [[c.strip().strip("`") for c in row] for row in rows[1:]]  # below the header (the rule line has no spaces)


@pytest.fixture(scope="module")
def handhq():
    if not HANDHQ.is_dir():
        if os.environ.get("CI"):
            pytest.fail(f"the real hands are missing at {HANDHQ}")
        pytest.skip(f"no HandHQ data at {HANDHQ}")
    result, con = audit([HANDHQ], load_rulesets(profile="common"))
    con.close()
    return result


def test_the_findings_are_exactly_those_docs_real_data_explains(handhq):
    listed = Counter((rule, file, hand) for rule, file, hand, _ in _table("Findings"))
    found = Counter((f["rule"], Path(f["file"]).name, f["hand"]) for f in handhq.findings)
    assert found == listed


def test_the_quarantined_records_are_exactly_those_docs_real_data_explains(handhq):
    listed = Counter((file, int(line)) for file, line, _ in _table("Quarantined records"))
    found = Counter((Path(q.file).name, q.line) for q in handhq.quarantine)
    assert found == listed


def test_the_counts_in_the_headings_agree_with_the_tables():
    text = (ROOT / "docs" / "real-data.md").read_text(encoding="utf-8")
    for heading in ("Findings", "Quarantined records"):
        count = int(re.search(rf"^## {heading} \((\d+)\)", text, re.M)[1])
        assert count == len(_table(heading))
