"""The two readings of art. 2(1) the ruleset makes explicit: how many cards a face-value burn takes
(``face_value_burns``), and where the cut card may be placed (``cut_card_min_remaining``, ``cut_card_tolerance``)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from auditor.engine.audit import audit
from auditor.engine.ruleset import load_rulesets
from tests.conftest import write_jsonl

FIXTURES = Path(__file__).parent / "fixtures" / "baccarat"


def _fixture(rule: str) -> list[dict]:
    return [json.loads(line) for line in (FIXTURES / rule / "clean.jsonl").read_text(encoding="utf-8").splitlines()]


def _findings(tmp_path: Path, rows: list[dict], rule: str, **overrides) -> list[tuple]:
    rulesets = load_rulesets(overrides={f"baccarat.{k}": v for k, v in overrides.items()})
    _, con = audit([write_jsonl(tmp_path / "t.jsonl", rows)], rulesets)
    assert con.execute("SELECT count(*) FROM quarantine").fetchone()[0] == 0
    found = con.execute('SELECT rule, "table", expected, found FROM findings ORDER BY ALL').fetchall()
    con.close()
    assert {f[0] for f in found} <= {rule}, found
    return [f[1:] for f in found]


def _burns(count_t2: int, count_t3: int) -> list[dict]:
    """The BAC-2.2 clean log's face-value tables, T2 (first card Kd) and T3 (first card 7h), each shoe burning
    ``count`` cards: the shown first one, then cards not shown."""
    out = []
    for r in _fixture("BAC-2.2"):
        count = {"T2": count_t2, "T3": count_t3}.get(r["table_id"])
        if count is None or (r["event"] == "burn" and r["position"] > 1):
            continue
        out.append(r)
        if r["event"] == "burn":
            out += [{k: v for k, v in r.items() if k != "card"} | {"seq": r["seq"] + n, "position": n + 1}
                    for n in range(1, count)]
    return out


def test_the_literal_reading_counts_the_first_card_in_the_set():
    """By default a first card of 7 means 7 cards burned in all, a first card of value 0 means 10."""
    assert load_rulesets()["baccarat"].param("face_value_burns") == "first_card_counted"


@pytest.mark.parametrize("reading, t2, t3", [("first_card_counted", 10, 7), ("first_card_plus", 11, 8)])
def test_a_face_value_burn_is_counted_as_the_ruleset_reads_it(tmp_path, reading, t2, t3):
    """first_card_counted: the set has as many cards as the first card's value, the first included; first_card_plus:
    the first card and then that many more."""
    assert _findings(tmp_path, _burns(t2, t3), "BAC-2.2", face_value_burns=reading) == []
    assert _findings(tmp_path, _burns(t2 + 1, t3 - 1), "BAC-2.2", face_value_burns=reading) == [
        ("T2", str(t2), str(t2 + 1)), ("T3", str(t3), str(t3 - 1))]


def _cut(position: int) -> list[dict]:
    """The BAC-2.1 clean log with every shoe cut at ``position``."""
    return [dict(r, position=position) if r["event"] == "cut" else r for r in _fixture("BAC-2.1")]


@pytest.mark.parametrize("minimum, tolerance, lawful, too_late", [(12, 2, 10, 9), (12, 0, 12, 11), (20, 3, 17, 16)])
def test_the_cut_card_is_one_sided(tmp_path, minimum, tolerance, lawful, too_late):
    """At least cut_card_min_remaining cards behind the cut card, less its tolerance; any more is lawful (the cut
    card placed earlier in the shoe)."""
    params = {"cut_card_min_remaining": minimum, "cut_card_tolerance": tolerance}
    for position in (lawful, minimum, minimum + tolerance + 1, 300):
        assert _findings(tmp_path, _cut(position), "BAC-2.1", **params) == [], position
    assert _findings(tmp_path, _cut(too_late), "BAC-2.1", **params) == [
        ("T1", f">= {minimum - tolerance}", str(too_late))] * 3


@pytest.mark.parametrize("positions, finding", [((12, 5), 1), ((5, 12), 0), ((12, 14), None)])
def test_every_cut_of_the_opening_is_judged(tmp_path, positions, finding):
    """A shoe cut twice before its first coup: the cut that leaves the fewest cards behind the cut card is judged
    (the first cut silently won before), at its event."""
    rows = _fixture("BAC-2.1")
    first = next(i for i, r in enumerate(rows) if r["event"] == "cut")
    cuts = [dict(rows[first], position=positions[0]), dict(rows[first], seq=rows[first]["seq"] + 1,
                                                            position=positions[1])]
    rows[first:first + 1] = cuts
    _, con = audit([write_jsonl(tmp_path / "t.jsonl", rows)], load_rulesets())
    assert con.execute("SELECT count(*) FROM quarantine").fetchone()[0] == 0
    found = con.execute("SELECT rule, seq, found FROM findings").fetchall()
    con.close()
    assert found == ([] if finding is None else [("BAC-2.1", cuts[finding]["seq"], "5")])
