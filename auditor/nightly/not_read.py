"""The inbox files a nightly run does not read, so that none vanishes without a word. A file that is no log (a
README, the simulator's answer key) is named the first night it is found and remembered by the catalog (table
``not_read``), so that it is not named again every night; a rotated, backup or compressed copy of a log is refused
every night it lies in the inbox, since its records may belong to a day. A day's report names both kinds found in
its folder (the manifest's ``run.skipped``, as ``auditor audit`` of the day's folder would)."""

from __future__ import annotations

from auditor.ingest.audit_names import name_order
from auditor.nightly.catalog import Catalog
from auditor.nightly.commit import as_date
from auditor.nightly.inbox import Inbox, NotRead


def first_found(catalog: Catalog, inbox: Inbox) -> list[NotRead]:
    """The files of ``inbox.skipped`` the catalog has not named before (by inbox name and reason)."""
    with catalog.read() as con:
        known = set(con.execute("SELECT inbox_name, why FROM not_read").fetchall())
    return [s for s in inbox.skipped if (s.inbox_name, s.why) not in known]


def remember(catalog: Catalog, named: list[NotRead]) -> None:
    """Record ``named`` (just named on standard error) in the catalog: no later run names them again."""
    if named:
        with catalog.write() as con:
            con.executemany("INSERT INTO not_read VALUES (?, ?, ?, ?)",
                            [(s.inbox_name, as_date(s.day), s.name, s.why) for s in named])


def day_not_read(catalog: Catalog, day: str, tonight: list[NotRead]) -> list[dict[str, str]]:
    """The files of ``day`` not read, for its manifest's ``run.skipped``: those the catalog named before and those
    of ``tonight`` (named or refused by this run), in name order."""
    with catalog.read() as con:
        rows = set(con.execute("SELECT name, why FROM not_read WHERE day = ?", [as_date(day)]).fetchall())
    rows |= {(s.name, s.why) for s in tonight if s.day == day}
    return [{"file": name, "why": why} for name, why in sorted(rows, key=lambda r: (name_order(r[0]), r[1]))]
