"""docs/log-format.md's example records are the contract's own: valid, audited with no finding, one of every
baccarat event type, and settled as the settle row says (payout before commission)."""

from __future__ import annotations

import json
import re
from pathlib import Path

from auditor.engine.audit import audit
from auditor.engine.ruleset import load_rulesets
from auditor.ingest.schema import load_schema

DOC = Path(__file__).parents[1] / "docs" / "log-format.md"


def _example(title: str) -> list[dict]:
    text = DOC.read_text(encoding="utf-8")
    block = re.search(rf"### {re.escape(title)}\n.*?```jsonl\n(.*?)```", text, re.S)
    assert block, f"docs/log-format.md has no jsonl block under '### {title}'"
    return [json.loads(line) for line in block.group(1).splitlines()]


def test_the_baccarat_example_is_clean_and_has_every_event_type(tmp_path):
    records = _example("Example records (baccarat)")
    baccarat = {name for name, ev in load_schema().events.items() if "baccarat" in ev.games}
    assert {r["event"] for r in records} == baccarat
    log = tmp_path / "example.jsonl"
    log.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    result, con = audit([log], load_rulesets())
    con.close()
    assert (result.quarantine, result.findings) == ([], [])


def test_the_example_pays_the_banker_before_commission():
    """The settle row: payout = the winnings at the bet's odds before any commission, collected apart."""
    banker = next(r for r in _example("Example records (baccarat)")
                  if r["event"] == "settle" and r["bet_type"] == "banker" and r["result"] == "win")
    assert (banker["amount"], banker["payout"], banker["commission"]) == ("1000", "1000", "50")
