"""``auditor nightly``: the inbox files it does not read are never dropped without a word. A file that is no log (a
README, the simulator's answer key) is named on standard error the night it is first found, remembered by the
catalog (not named again), and listed in its day's manifest (``run.skipped``); a rotated, backup or compressed copy
of a log is refused (standard error, exit 2) every night it lies there, while the other files are taken in."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from auditor.cli import app
from tests.conftest import baccarat_coup, write_jsonl
from tests.test_nightly import dump

runner = CliRunner()
DAY = "2024-05-01"


def nightly(catalog: Path, inbox: Path):
    result = runner.invoke(app, ["nightly", "--catalog", str(catalog), "--inbox", str(inbox), "--date", DAY,
                                 "--no-pdf", "--quiet"])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result


def skipped(catalog: Path, day: str = DAY) -> list[str]:
    return [s["file"] for s in json.loads((catalog / "reports" / day / "manifest.json").read_text())["run"]["skipped"]]


def test_a_file_that_is_no_log_is_named_once_and_in_its_days_manifest(tmp_path: Path) -> None:
    inbox, catalog = tmp_path / "inbox", tmp_path / "catalog"
    (inbox / DAY).mkdir(parents=True)
    write_jsonl(inbox / DAY / "T1.jsonl", baccarat_coup())
    (inbox / DAY / "README.md").write_text("notes\n")
    (inbox / "export.log").write_text("exported\n")  # outside a dated folder: of the run's --date
    result = nightly(catalog, inbox)
    assert result.exit_code == 0, result.output
    assert f"not read: {DAY}/README.md (not a log" in result.stderr
    assert "not read: export.log (not a log" in result.stderr
    assert skipped(catalog) == ["README.md", "export.log"]
    before = dump(catalog)
    again = nightly(catalog, inbox)
    assert again.exit_code == 0 and "not read" not in again.stderr  # the catalog said it once
    assert dump(catalog) == before
    (inbox / DAY / "notes.txt").write_text("more\n")  # a new one is named, though no log is new
    third = nightly(catalog, inbox)
    assert third.exit_code == 0 and f"not read: {DAY}/notes.txt (not a log" in third.stderr
    assert "README" not in third.stderr and "nothing new" in third.stdout


def test_an_inbox_of_no_log_names_what_it_holds(tmp_path: Path) -> None:
    inbox = tmp_path / "inbox"
    inbox.mkdir()
    (inbox / "README.md").write_text("notes\n")
    result = nightly(tmp_path / "catalog", inbox)
    assert result.exit_code == 0 and "not read: README.md (not a log" in result.stderr


def test_a_rotated_copy_is_refused_every_night_and_the_rest_taken_in(tmp_path: Path) -> None:
    inbox, catalog = tmp_path / "inbox", tmp_path / "catalog"
    (inbox / DAY).mkdir(parents=True)
    write_jsonl(inbox / DAY / "T1.jsonl", baccarat_coup())
    write_jsonl(inbox / DAY / "T2.jsonl.1", baccarat_coup(table="T2"))
    for _night in range(2):
        result = nightly(catalog, inbox)
        assert result.exit_code == 2, result.output
        assert f"refused: {DAY}/T2.jsonl.1: a rotated, backup or compressed copy of a log" in result.stderr
    manifest = json.loads((catalog / "reports" / DAY / "manifest.json").read_text())
    assert [i["path"] for i in manifest["inputs"]] == ["T1.jsonl"]
    assert skipped(catalog) == ["T2.jsonl.1"]
    (inbox / DAY / "T2.jsonl.1").rename(inbox / DAY / "T2.jsonl")
    result = nightly(catalog, inbox)
    assert result.exit_code == 0 and "refused" not in result.stderr, result.output
    assert skipped(catalog) == []
