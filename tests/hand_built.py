"""Hand-built cases audited together: each case writes its own table (its id is the table's), the cases of one
reading (profile and parameters) are audited in one run, and each case gets the findings of its table. One audit
of many small tables instead of an audit per case keeps the files of hand-built cases fast."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from auditor.engine.audit import audit
from auditor.engine.ruleset import load_rulesets


@dataclass(frozen=True)
class Case:
    """``build(table_id)``: the log of the case's table; ``found``: the rule of each finding the texts require,
    sorted; ``params``: the readings (``game.name=value``) it is audited under, with ``profile``."""

    id: str
    build: Callable[[str], list[dict]]
    found: list[str]
    profile: str = "macau"
    params: dict[str, str] = field(default_factory=dict)

    def reading(self) -> tuple:
        return self.profile, tuple(sorted(self.params.items()))


def audit_cases(folder: Path, cases: Iterable[Case]) -> dict[str, list[tuple]]:
    """Every case's findings, as (rule, severity, hand, message), in the auditor's order."""
    readings: dict[tuple, list[Case]] = {}
    for case in cases:
        readings.setdefault(case.reading(), []).append(case)
    found: dict[str, list[tuple]] = {}
    for n, ((profile, params), group) in enumerate(sorted(readings.items(), key=lambda kv: repr(kv[0]))):
        log = folder / f"reading{n}.jsonl"
        log.write_text("".join(json.dumps(r) + "\n" for case in group for r in case.build(case.id)),
                       encoding="utf-8")
        result, con = audit([log], load_rulesets(profile=profile, overrides=dict(params)))
        con.close()
        assert result.quarantine == [], result.quarantine
        for case in group:
            found[case.id] = []
        for f in result.findings:
            found[f["table"]].append((f["rule"], f["severity"], f["hand"], f["message"]))
    return found


def findings_tests(cases: list[Case], game: str) -> tuple[Callable, Callable]:
    """The module fixture that audits every case of ``cases`` (all added by then) in one run, and the test that
    compares each case's findings, by rule, with those it requires. A test file binds both:
    ``audited, test_hand_built = findings_tests(CASES, "baccarat")``."""

    @pytest.fixture(scope="module")
    def audited(tmp_path_factory) -> dict[str, list[tuple]]:
        return audit_cases(tmp_path_factory.mktemp(game), cases)

    @pytest.mark.parametrize("c", cases, ids=[c.id for c in cases])
    def test_hand_built(audited, c):
        assert sorted(f[0] for f in audited[c.id]) == c.found, audited[c.id]

    return audited, test_hand_built
