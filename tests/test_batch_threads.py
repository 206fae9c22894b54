"""A small batch of tables is checked at one DuckDB thread (engine/batches.py), a large one at the connection's
threads; the setting is restored after each batch, and the findings and coverage are the same either way."""

from __future__ import annotations

from pathlib import Path

import pytest

from auditor.db import at_most_threads, scalar
from auditor.engine import batches
from auditor.engine.audit import audit, connect, run_checks
from auditor.engine.ruleset import load_rulesets
from auditor.games.baccarat import model
from tests.conftest import baccarat_coup, write_jsonl

RULESETS = load_rulesets()


def _threads(con) -> int:
    return scalar(con, "SELECT current_setting('threads')")


def test_at_most_threads_lowers_the_setting_for_the_block_and_restores_it_even_on_error() -> None:
    con = connect(threads=2)
    with at_most_threads(con, 1):
        assert _threads(con) == 1
    assert _threads(con) == 2
    with pytest.raises(RuntimeError), at_most_threads(con, 1):
        raise RuntimeError("a query failed")
    assert _threads(con) == 2
    con.execute("SET threads = 1")
    with at_most_threads(con, 2):  # never raised above the connection's own setting
        assert _threads(con) == 1
    con.close()


@pytest.mark.parametrize("small_events, expected", [(10**9, 1), (0, 2)])
def test_a_batch_runs_at_one_thread_when_small(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, small_events: int,
                                               expected: int) -> None:
    rows = baccarat_coup()
    rows[8]["payout"] = "90"  # a wrong payout: a finding
    write_jsonl(tmp_path / "t1.jsonl", rows)
    result, con = audit([tmp_path], RULESETS, con=connect(threads=2))
    coverage = "SELECT rule, table_id, missing, sum(units) FROM coverage GROUP BY ALL ORDER BY ALL"
    before = con.execute(coverage).fetchall()
    seen: list[int] = []
    build = model.build_model

    def spy(con, ruleset, batch) -> None:
        seen.append(_threads(con))
        build(con, ruleset, batch)

    monkeypatch.setattr(batches, "SMALL_BATCH_EVENTS", small_events)
    monkeypatch.setattr(model, "build_model", spy)
    run_checks(con, RULESETS)
    assert seen == [expected] and _threads(con) == 2
    findings = con.execute("SELECT rule, hand, seq, message FROM findings ORDER BY ALL").fetchall()
    assert findings and findings == sorted((f["rule"], f["hand"], f["seq"], f["message"]) for f in result.findings)
    assert before and con.execute(coverage).fetchall() == before
    con.close()
