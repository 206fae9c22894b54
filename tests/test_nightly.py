"""``auditor nightly``: a day's outputs are those of ``auditor audit`` of the day's folder; files are taken in once, by
content; a late file re-audits its day; the findings history; runs twice give one catalog; the exit codes."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import duckdb
import pytest
from typer.testing import CliRunner

from auditor.cli import app
from auditor.model.finding import FINDING_COLUMNS
from auditor.nightly.catalog import DB_NAME

runner = CliRunner()
COMPARED = ("findings.json", "quarantine.json", "summary.json")
DAY1, DAY2 = "2024-05-01", "2024-05-02"


@pytest.fixture(scope="module")
def logs(tmp_path_factory) -> Path:
    """Two small simulated days with planted violations: baccarat (2 tables) and hold'em (4 tables)."""
    root = tmp_path_factory.mktemp("logs")
    for day, seed in ((DAY1, 5), (DAY2, 6)):
        for game, size in (("baccarat", ["--tables", "2", "--shoes", "1"]), ("holdem", ["--hands", "60"])):
            out = root / day / game
            result = runner.invoke(app, ["simulate", game, "--out", str(out), "--seed", str(seed), "--inject",
                                         "0.05", "--date", day, *size])
            assert result.exit_code == 0, result.output
            (out / "labels.jsonl").unlink()
    return root


def nightly(catalog: Path, inbox: Path, *args: str) -> tuple[int, str]:
    result = runner.invoke(app, ["nightly", "--catalog", str(catalog), "--inbox", str(inbox), "--date", DAY1,
                                 "--no-pdf", "--quiet", *args])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result.exit_code, result.output


def audit(folder: Path, out: Path) -> Path:
    result = runner.invoke(app, ["audit", str(folder), "--out", str(out), "--no-pdf", "--quiet"])
    assert result.exit_code in (0, 1, 4), result.output
    return out


def dump(catalog: Path) -> dict[str, list]:
    """Every table of the catalog, sorted: what two runs must agree on."""
    con = duckdb.connect(str(catalog / DB_NAME), read_only=True)
    try:
        names = [n for (n,) in con.execute("SELECT table_name FROM information_schema.tables ORDER BY 1").fetchall()]
        return {n: con.execute(f"SELECT * FROM {n} ORDER BY ALL").fetchall() for n in names}
    finally:
        con.close()


def data_files(catalog: Path) -> list[str]:
    return sorted(p.relative_to(catalog).as_posix() for folder in ("logs", "events", "quarantine")
                  for p in (catalog / folder).rglob("*") if p.is_file())


def same_outputs(report: Path, audited: Path) -> None:
    for name in COMPARED:
        assert (report / name).read_bytes() == (audited / name).read_bytes(), name


def drop(inbox: Path, source: Path, day: str) -> Path:
    target = inbox / day / source.name
    target.parent.mkdir(parents=True, exist_ok=True)
    shutil.copy2(source, target)
    return target


def test_a_day_reports_what_audit_finds(logs: Path, tmp_path: Path) -> None:
    inbox = tmp_path / "inbox"
    for game in ("baccarat", "holdem"):
        for log in sorted((logs / DAY1 / game).iterdir()):
            drop(inbox, log, DAY1)
    code, output = nightly(tmp_path / "catalog", inbox)
    assert code == 1, output
    same_outputs(tmp_path / "catalog" / "reports" / DAY1, audit(inbox / DAY1, tmp_path / "audit"))
    findings = json.loads((tmp_path / "catalog" / "reports" / DAY1 / "findings.json").read_text())
    assert {f["game"] for f in findings} == {"baccarat", "holdem"}


def test_second_run_changes_nothing_and_a_new_day_is_audited_alone(logs: Path, tmp_path: Path) -> None:
    inbox, catalog = tmp_path / "inbox", tmp_path / "catalog"
    for log in sorted((logs / DAY1 / "baccarat").iterdir()):
        drop(inbox, log, DAY1)
    assert nightly(catalog, inbox)[0] == 1
    before, files = dump(catalog), data_files(catalog)
    report = (catalog / "reports" / DAY1 / "findings.json").read_bytes()
    code, output = nightly(catalog, inbox)
    assert code == 0 and "nothing new" in output
    assert dump(catalog) == before and data_files(catalog) == files
    # a copy of a file taken in, under another name: the same content is not audited twice
    shutil.copy2(inbox / DAY1 / "B01.jsonl", inbox / DAY1 / "B01-copy.jsonl")
    assert nightly(catalog, inbox)[0] == 0 and dump(catalog) == before
    (inbox / DAY1 / "B01-copy.jsonl").unlink()
    for log in sorted((logs / DAY2 / "baccarat").iterdir()):
        drop(inbox, log, DAY2)
    code, output = nightly(catalog, inbox)
    assert code == 1 and "2024-05-01.2" in output and f"{DAY1}:" not in output
    assert (catalog / "reports" / DAY1 / "findings.json").read_bytes() == report
    same_outputs(catalog / "reports" / DAY2, audit(inbox / DAY2, tmp_path / "audit2"))


def test_another_content_under_a_name_taken_in_is_refused(logs: Path, tmp_path: Path) -> None:
    inbox, catalog = tmp_path / "inbox", tmp_path / "catalog"
    log = drop(inbox, logs / DAY1 / "baccarat" / "B01.jsonl", DAY1)
    assert nightly(catalog, inbox)[0] == 1
    before = dump(catalog)
    log.write_text("".join(log.read_text().splitlines(keepends=True)[:-1]))  # a shorter export of that table
    code, output = nightly(catalog, inbox)
    assert code == 2 and "refused: 2024-05-01/B01.jsonl" in output
    assert dump(catalog) == before


def split(log: Path, first: Path, second: Path, hands_in_first: int) -> None:
    """The log's lines cut after its ``hands_in_first``-th hand end (a table's day in two files)."""
    lines = log.read_text().splitlines(keepends=True)
    ends = [i for i, line in enumerate(lines) if '"hand_end"' in line or '"coup_end"' in line]
    cut = ends[hands_in_first - 1] + 1
    first.write_text("".join(lines[:cut]))
    second.write_text("".join(lines[cut:]))


def finding_hands(report: Path, table: str) -> list[int]:
    rows = json.loads((report / "findings.json").read_text())
    return sorted(int(f["hand"].rsplit("-", 1)[1]) for f in rows if f["table"] == table and f["hand"])


def test_a_late_file_re_audits_its_day_and_the_history_shows_it(logs: Path, tmp_path: Path) -> None:
    """Night 1 takes in a table's first hands and, cut short, the start of the next hand (quarantined: it never
    ended); night 2 brings the rest of that table's day, with a planted violation: the day is audited again as a
    whole, the quarantine is gone, and the history says which run found what."""
    inbox, catalog, parts = tmp_path / "inbox", tmp_path / "catalog", tmp_path / "parts"
    parts.mkdir()
    source = logs / DAY1 / "holdem"
    shutil.copy2(source / "H01.jsonl", parts / "H01.jsonl")
    cut = finding_hands(audit(parts, tmp_path / "whole"), "H01")[-1] - 1
    split(source / "H01.jsonl", parts / "H01a.jsonl", parts / "H01b.jsonl", cut)
    lines = (parts / "H01b.jsonl").read_text().splitlines(keepends=True)
    drop(inbox, source / "H02.jsonl", DAY1)
    (inbox / DAY1 / "H01a.jsonl").write_text((parts / "H01a.jsonl").read_text() + "".join(lines[:5]))
    code, output = nightly(catalog, inbox)
    assert code == 4, output  # quarantined records: incomplete
    (inbox / DAY1 / "H01b.jsonl").write_text("".join(lines[5:]))
    code, output = nightly(catalog, inbox)
    assert code == 1, output
    report = catalog / "reports" / DAY1
    same_outputs(report, audit(inbox / DAY1, tmp_path / "audit"))
    assert json.loads((report / "quarantine.json").read_text()) == []
    history = dump(catalog)["findings"]
    open_now = sorted(tuple(r[1:14]) for r in history if r[-1] is None)
    reported = json.loads((report / "findings.json").read_text())
    assert open_now == sorted(tuple(f[c] for c in FINDING_COLUMNS) for f in reported)
    late = [r for r in history if r[-2] == "2024-05-01.2"]
    assert late and all(r[5] == "H01" and int(r[7].rsplit("-", 1)[1]) > cut for r in late)
    assert not dump(catalog)["pending_reports"]


def test_history_keeps_what_was_found_and_closes_what_is_no_longer(tmp_path: Path) -> None:
    from datetime import date

    import pyarrow as pa

    from auditor.model.finding import FINDING_ARROW_SCHEMA
    from auditor.nightly.catalog import Catalog
    from auditor.nightly.history import record

    def findings(*rows: tuple[str, str]) -> pa.Table:
        values = [{**dict.fromkeys(FINDING_ARROW_SCHEMA.names), "rule": rule, "table": table, "message": "m"}
                  for table, rule in rows]
        return pa.Table.from_pylist(values, FINDING_ARROW_SCHEMA).add_column(
            0, "day", pa.array([date(2024, 5, 1)] * len(values), pa.date32()))

    def audited(*tables: str) -> pa.Table:
        return pa.table({"day": pa.array([date(2024, 5, 1)] * len(tables), pa.date32()), "table_id": list(tables)})

    coverage = pa.table({"day": pa.array([], pa.date32()), "rule": pa.array([], pa.string()),
                         "table_id": pa.array([], pa.string()), "missing": pa.array([], pa.string()),
                         "units": pa.array([], pa.int64())})
    catalog = Catalog(tmp_path / "catalog")
    catalog.create()
    with catalog.write() as con:
        record(con, "A", audited("T1", "T2"), findings(("T1", "R-1"), ("T1", "R-2"), ("T1", "R-2"), ("T2", "R-1")),
               coverage)
    with catalog.write() as con:
        record(con, "B", audited("T1"), findings(("T1", "R-2"), ("T1", "R-3")), coverage)
    with catalog.read() as con:
        rows = con.execute('SELECT "table", rule, occurrence, found_run, stopped_run FROM findings ORDER BY ALL'
                           ).fetchall()
    assert rows == [("T1", "R-1", 1, "A", "B"), ("T1", "R-2", 1, "A", None), ("T1", "R-2", 2, "A", "B"),
                    ("T1", "R-3", 1, "B", None), ("T2", "R-1", 1, "A", None)]


def test_workers_give_the_same_catalog(logs: Path, tmp_path: Path) -> None:
    inbox = tmp_path / "inbox"
    for game in ("baccarat", "holdem"):
        for log in sorted((logs / DAY1 / game).iterdir()):
            drop(inbox, log, DAY1)
    assert nightly(tmp_path / "one", inbox)[0] == 1
    assert nightly(tmp_path / "two", inbox, "--workers", "2")[0] == 1
    assert dump(tmp_path / "one") == dump(tmp_path / "two")
    same_outputs(tmp_path / "one" / "reports" / DAY1, tmp_path / "two" / "reports" / DAY1)


def test_a_file_outside_a_dated_folder_belongs_to_the_run_date(tmp_path: Path) -> None:
    from tests.conftest import baccarat_coup, write_jsonl

    inbox = tmp_path / "inbox"
    (inbox / "casino-a").mkdir(parents=True)
    write_jsonl(inbox / "casino-a" / "T1.jsonl", baccarat_coup())
    result = runner.invoke(app, ["nightly", "--catalog", str(tmp_path / "catalog"), "--inbox", str(inbox), "--date",
                                 "2024-05-03", "--no-pdf", "--quiet"])
    assert result.exit_code == 0, result.output
    summary = json.loads((tmp_path / "catalog" / "reports" / "2024-05-03" / "summary.json").read_text())
    assert summary["verdict"]["status"] == "no violation found"
    manifest = json.loads((tmp_path / "catalog" / "reports" / "2024-05-03" / "manifest.json").read_text())
    assert [i["path"] for i in manifest["inputs"]] == ["casino-a/T1.jsonl"]
    bad = runner.invoke(app, ["nightly", "--catalog", str(tmp_path / "catalog"), "--inbox", str(inbox), "--date",
                              "3 May"])
    assert bad.exit_code == 2 and "YYYY-MM-DD" in bad.output
