"""One nightly run: take the new inbox files into the catalog, audit the partitions they changed, record the
findings, and write the report of every gaming day that changed.

Stages, each safe to stop at (``kill -9``, a power cut):
1. lock the catalog; remove the data files a stopped run left and no table names;
2. find the new inbox files (by content), copy them into ``logs/``; the files it does not read are named
   (``not_read.py``): a copy of a log refused, a file that is no log the first night it is found;
3. per gaming day, store the new files, a few at a time, with every earlier file of the day that shares a table
   with them (``store_day.py``, ``store.py``): one Parquet file per partition, one per file's quarantine, all
   under new names;
4. audit those partitions (``partition.py``, ``executors.py``);
5. one catalog transaction (``commit.py``): the run, the files, the partitions, the findings history, the days
   whose report is due;
6. write each due report (``day_report.py``), then mark it written;
7. remember the files named as no log (a run stopped before names them again).
Until stage 5 commits, the catalog is as it was: the next run does it all again, with the same outcome. After it,
the next run writes the reports still due. A run that finds nothing new changes nothing (but what step 7 records)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path

from auditor.db import scalar
from auditor.engine.ruleset import Ruleset
from auditor.model.outcome import ExitCode
from auditor.model.result import AuditResult
from auditor.nightly.catalog import LOCK_NAME, Catalog
from auditor.nightly.commit import NewFile, as_date, commit_run
from auditor.nightly.day_report import day_result, write_day_report
from auditor.nightly.executors import run_tasks
from auditor.nightly.inbox import InboxFile, NotRead, keep_copy, scan, sha256
from auditor.nightly.not_read import day_not_read, first_found, remember
from auditor.nightly.plan import plan_tasks
from auditor.nightly.store import GroupFile
from auditor.nightly.store_day import store_day
from auditor.nightly.trend import day_trend
from auditor.report.folder_lock import folder_lock

# The night's exit code is the most serious of its days' verdicts: input error, incomplete, violations, none.
SERIOUSNESS = (ExitCode.OK, ExitCode.VIOLATIONS, ExitCode.INCOMPLETE, ExitCode.INPUT_ERROR)


@dataclass(frozen=True)
class NightOptions:
    catalog: Path
    inbox: Path
    date: str  # the run's gaming day: the day of inbox files outside a dated folder
    workers: int = 1
    dask: str | None = None
    pdf: bool = True
    key: tuple[Path, bytes] | None = None
    examples: int = 20


@dataclass
class NightOutcome:
    run: str | None = None  # None: nothing new, the catalog was not changed (but for files named as no log)
    taken: list[str] = field(default_factory=list)  # inbox names taken in
    seen: int = 0  # inbox files taken in by an earlier run (by content)
    conflicts: list[str] = field(default_factory=list)  # files refused: another content under a name seen, a copy
    skipped: list[NotRead] = field(default_factory=list)  # files that are no log, found for the first time
    notes: list[str] = field(default_factory=list)
    reports: dict[str, AuditResult] = field(default_factory=dict)  # day -> the result its report was written from

    @property
    def exit_code(self) -> ExitCode:
        codes = [r.exit_code for r in self.reports.values()]
        if self.conflicts:
            codes.append(ExitCode.INPUT_ERROR)
        return max(codes, key=SERIOUSNESS.index, default=ExitCode.OK)


def run_night(options: NightOptions, rulesets: dict[str, Ruleset], facts: Callable[[str, Path], dict],
              tasks_done: Callable[[int], Callable[[], None]] = lambda n: lambda: None,
              log: Callable[[str], None] = lambda text: None) -> NightOutcome:
    """Run the night. ``facts(day, out)`` gives the ``run`` object of a day's manifest; ``tasks_done(n)`` is told
    how many partition tasks there are and returns what to call as each finishes; ``log`` is told each stage done.
    Raises ``CatalogError``, ``InputError``, ``FolderBusy`` (another run holds the catalog) or ``ClusterError``."""
    catalog = Catalog(options.catalog)
    catalog.create()
    outcome = NightOutcome()
    with folder_lock(catalog.root / LOCK_NAME):
        outcome.notes += [f"removed {p}, left by a stopped run" for p in catalog.remove_unreferenced()]
        inbox = scan(options.inbox, options.date)
        outcome.skipped = first_found(catalog, inbox)
        outcome.conflicts += [f"{r.inbox_name}: {r.why}" for r in inbox.refused]
        new = _classify(catalog, inbox.files, outcome)
        if new:
            outcome.run = _run_id(catalog, options.date)
            log(f"{len(new)} new file(s) found, {outcome.seen} taken in before")
            for item in new:
                keep_copy(item.file.path, catalog.path(item.stored), item.sha256)
            log("new files copied into the catalog")
            groups = [group for day in sorted({n.file.day for n in new}) for group in store_day(
                catalog, day, [GroupFile(n.sha256, n.file.name, n.stored) for n in new if n.file.day == day])]
            log(f"{sum(len(g.partitions) for g in groups)} partition(s) stored")
            tasks = plan_tasks(catalog.root, groups, None if options.dask else options.workers,
                               parallel=options.workers > 1 or options.dask is not None)
            results = run_tasks(tasks, workers=options.workers, dask=options.dask, done=tasks_done(len(tasks)))
            log(f"{len(tasks)} partition task(s) audited")
            commit_run(catalog, outcome.run, options.date, new, groups, results)
            log(f"run {outcome.run} committed")
            outcome.taken = [n.file.inbox_name for n in new]
            catalog.remove_unreferenced()
        outcome.reports = _write_due_reports(catalog, options, rulesets, facts, outcome.skipped + inbox.refused,
                                             log)
        remember(catalog, outcome.skipped)
    return outcome


def _classify(catalog: Catalog, files: list[InboxFile], outcome: NightOutcome) -> list[NewFile]:
    """The inbox files not taken in yet. A file whose name, size and modification time are those of a file taken
    in is not read again; any other is identified by its content."""
    with catalog.read() as con:
        known = {(str(d), n): (s, size, mtime) for d, n, s, size, mtime in con.execute(
            "SELECT day, name, sha256, size, mtime_ns FROM files").fetchall()}
    contents = {sha for sha, _, _ in known.values()}
    new: list[NewFile] = []
    names: set[tuple[str, str]] = set()
    for file in files:
        key = (file.day, file.name)
        earlier = known.get(key)
        if earlier and earlier[1:] == (file.size, file.mtime_ns):
            outcome.seen += 1
            continue
        digest = sha256(file.path)
        if digest in contents:
            outcome.seen += 1
            continue
        if earlier or key in names:
            outcome.conflicts.append(
                f"{file.inbox_name}: another file was taken in as {file.name} of {file.day} "
                f"({'sha256 ' + earlier[0][:12] + '…' if earlier else 'in this inbox'}); this one (sha256 "
                f"{digest[:12]}…) is not taken in: give it a name of its own if it is another log")
            continue
        contents.add(digest)
        names.add(key)
        new.append(NewFile(file, digest))
    return new


def _run_id(catalog: Catalog, day: str) -> str:
    """``DAY.N``: the N-th run of that date that took files in."""
    with catalog.read() as con:
        n = scalar(con, "SELECT count(*) FROM runs WHERE date = ?", [date.fromisoformat(day)])
    return f"{day}.{n + 1}"


def _write_due_reports(catalog: Catalog, options: NightOptions, rulesets: dict[str, Ruleset],
                       facts: Callable[[str, Path], dict], not_read: list[NotRead],
                       log: Callable[[str], None]) -> dict[str, AuditResult]:
    """Stage 6: the report of every day whose report is due (this run's days, and any a stopped run left); its
    manifest names the files of the day not read (those the catalog named before, and ``not_read`` of this run)."""
    with catalog.read() as con:
        days = [str(d) for (d,) in con.execute("SELECT DISTINCT day FROM pending_reports ORDER BY day").fetchall()]
    written = {}
    for day in days:
        out = catalog.root / "reports" / day
        with catalog.read() as con:
            result = day_result(con, catalog.root, day, rulesets)
            result.trend = day_trend(con, day)
        result.run = {**facts(day, out), "skipped": day_not_read(catalog, day, not_read)}
        log(f"{day}: result assembled")
        write_day_report(result, out, pdf=options.pdf, key=options.key, examples=options.examples)
        log(f"{day}: report written")
        with catalog.write() as con:
            con.execute("DELETE FROM pending_reports WHERE day = ?", [as_date(day)])
        written[day] = result
    return written
