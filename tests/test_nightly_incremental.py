"""The incremental night: a new file for a gaming day already audited re-audits only the partitions (tables) it
touches, keeps the stored findings of the others, and the day's outputs are byte for byte those of a full audit."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from auditor.cli import app
from auditor.nightly import executors, store_day
from auditor.nightly.store_day import linked
from tests.test_nightly import DAY1, audit, drop, dump, nightly, same_outputs, split

runner = CliRunner()


@pytest.fixture(scope="module")
def logs(tmp_path_factory) -> Path:
    """A simulated day with planted violations: baccarat (3 tables) and hold'em (2 tables)."""
    root = tmp_path_factory.mktemp("logs")
    for game, size in (("baccarat", ["--tables", "3", "--shoes", "1"]), ("holdem", ["--tables", "2", "--hands", "60"])):
        result = runner.invoke(app, ["simulate", game, "--out", str(root / game), "--seed", "11", "--inject", "0.05",
                                     "--date", DAY1, *size])
        assert result.exit_code == 0, result.output
        (root / game / "labels.jsonl").unlink()
    return root


def test_a_new_table_re_audits_only_its_partition(logs: Path, tmp_path: Path, monkeypatch) -> None:
    inbox, catalog = tmp_path / "inbox", tmp_path / "catalog"
    for log in ("baccarat/B01.jsonl", "baccarat/B02.jsonl", "holdem/H01.jsonl"):
        drop(inbox, logs / log, DAY1)
    assert nightly(catalog, inbox)[0] == 1
    first = dump(catalog)["findings"]
    assert {r[5] for r in first} == {"B01", "B02", "H01"}
    audited: list[tuple[str, ...]] = []
    audit_partition = executors.audit_partition

    def recorded(task):
        audited.append(tuple(Path(p).parent.name for p in task.events))
        return audit_partition(task)

    monkeypatch.setattr(executors, "audit_partition", recorded)
    for log in ("baccarat/B03.jsonl", "holdem/H02.jsonl"):
        drop(inbox, logs / log, DAY1)
    assert nightly(catalog, inbox)[0] == 1
    assert sorted(audited) == [("table=B03",), ("table=H02",)]
    history = dump(catalog)["findings"]  # night 1's findings kept as they were, night 2's added
    assert [r for r in history if r[5] != "B03" and r[5] != "H02"] == first
    assert {(r[5], r[-2], r[-1]) for r in history if r not in first} == {("B03", f"{DAY1}.2", None),
                                                                          ("H02", f"{DAY1}.2", None)}
    # the day's outputs: those of auditor audit of the whole day, and of one night that takes in every file at once
    same_outputs(catalog / "reports" / DAY1, audit(inbox / DAY1, tmp_path / "audit"))
    monkeypatch.undo()
    assert nightly(tmp_path / "at-once", inbox)[0] == 1
    same_outputs(catalog / "reports" / DAY1, tmp_path / "at-once" / "reports" / DAY1)


def test_linked_groups_tables_shared_directly_or_not() -> None:
    assert linked([{"T1"}, {"T2"}, {"T3", "T1"}, set(), {"T4", "T2"}, {"T4"}, {"T3"}]) == [
        [0, 2, 6], [1, 4, 5], [3]]


def test_files_stored_a_few_at_a_time_give_the_day_audit_gives(logs: Path, tmp_path: Path, monkeypatch) -> None:
    """One file a group (the smallest bound): a table whose day is split in two files is still stored from both,
    with the files of earlier runs, and the outputs are those of auditor audit."""
    inbox, catalog = tmp_path / "inbox", tmp_path / "catalog"
    monkeypatch.setattr(store_day, "STORE_RECORDS", 1)
    drop(inbox, logs / "holdem" / "H02.jsonl", DAY1)
    split(logs / "baccarat" / "B02.jsonl", inbox / DAY1 / "B02-a.jsonl", tmp_path / "B02-b.jsonl", 3)
    drop(inbox, logs / "baccarat" / "B01.jsonl", DAY1)
    assert nightly(catalog, inbox)[0] == 1
    shutil.copy2(tmp_path / "B02-b.jsonl", inbox / DAY1 / "B02-b.jsonl")
    drop(inbox, logs / "baccarat" / "B03.jsonl", DAY1)
    assert nightly(catalog, inbox)[0] == 1
    groups = {name: group for _, _, _, name, *rest, group, _ in dump(catalog)["files"]}
    assert groups["B02-a.jsonl"] == groups["B02-b.jsonl"]
    assert len({groups[n] for n in ("B01.jsonl", "B02-a.jsonl", "B03.jsonl", "H02.jsonl")}) == 4
    same_outputs(catalog / "reports" / DAY1, audit(inbox / DAY1, tmp_path / "audit"))
