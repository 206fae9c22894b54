"""The audit: logs -> DuckDB -> each game's model -> every enforced checker -> one ``AuditResult``."""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import duckdb

from auditor import __version__
from auditor.db import one_row, open_duckdb, scalar
from auditor.engine.batches import BATCH_UNITS, batch_threads, table_batches
from auditor.engine.evidence import finding_evidence, gaming_days
from auditor.engine.registry import SqlRule, checkers
from auditor.engine.replay_runner import ReplayRule, replay_steps, run_replay_rules
from auditor.engine.ruleset import Ruleset, citation
from auditor.engine.sql_runner import create_result_tables, run_sql_rules
from auditor.games.catalog import BY_NAME, GAMES
from auditor.ingest.discover import find_logs
from auditor.ingest.load import ingest
from auditor.model.finding import FINDING_COLUMNS, rule_order, sort_key
from auditor.model.result import (
    AmendmentInfo,
    ArticleInfo,
    AuditResult,
    InputFile,
    OriginalInfo,
    QuarantinedRecord,
    Reading,
    RulesetInfo,
    RuleSummary,
)
from auditor.model.verdict import NO_CHECKER

# The units of a game in the accepted records, by a rule's ``unit``: what a rule without a checker did not evaluate.
UNITS_SQL = {
    **{game.unit: "count(DISTINCT hand_key)" for game in GAMES},  # a coup or hand: one hand_key
    "shoe": "count(DISTINCT (table_id, shoe_id)) FILTER (WHERE shoe_id IS NOT NULL)",
    "table": "count(DISTINCT table_id)",
    "bet": "count(*) FILTER (WHERE event = 'bet')",
}


@dataclass
class Progress:
    """Callbacks for a progress display: ``step(label)`` once per file read and per rule run."""

    start: Callable[[str, int], None] = lambda label, total: None
    step: Callable[[str], None] = lambda label: None


def connect(
    db: Path | None = None, threads: int | None = None, memory_limit: str | None = None
) -> duckdb.DuckDBPyConnection:
    """A DuckDB connection (in memory, or the file ``db``). ``memory_limit`` (e.g. ``4GB``) caps DuckDB's memory;
    past it DuckDB writes temporary data to disk instead (beside ``db``, or in DuckDB's temporary folder). In memory,
    the tables are compressed as in a file (the ingest checkpoints them as it goes): a day's events take about a
    fifteenth of their plain size."""
    con = open_duckdb(str(db) if db else ":memory:")
    if db is None:
        con.execute("ATTACH ':memory:' AS audit (COMPRESS)")
        con.execute("USE audit")
    if threads:
        con.execute(f"SET threads = {int(threads)}")
    if memory_limit:
        con.execute("SET memory_limit = ?", [memory_limit])
    con.execute("SET TimeZone = 'UTC'")
    return con


def run_checks(
    con: duckdb.DuckDBPyConnection, rulesets: dict[str, Ruleset], progress: Progress | None = None,
    batch_units: int = BATCH_UNITS,
) -> list[str]:
    """Run every enforced checker of the games present in ``events``; returns the games checked. Set-based rules
    run batch by batch of whole tables (``engine/batches.py``), at most ``batch_units`` coups or hands a batch, a
    small batch at one DuckDB thread."""
    progress = progress or Progress()
    create_result_tables(con)
    games = [g for (g,) in con.execute("SELECT DISTINCT game FROM tables ORDER BY game").fetchall()]
    for game in games:
        if game not in rulesets:
            continue
        ruleset = rulesets[game]
        enforced = [c for c in checkers(game) if ruleset.rules[c.id].enforced]
        sql_rules = [c for c in enforced if isinstance(c, SqlRule)]
        replay_rules = [c for c in enforced if isinstance(c, ReplayRule)]
        if sql_rules:
            model = importlib.import_module(BY_NAME[game].module("model"))
            batches = table_batches(con, game, batch_units)
            progress.start(f"{game}", len(sql_rules) * len(batches))
            for batch in batches:
                with batch_threads(con, game, batch):
                    model.build_model(con, ruleset, batch)
                    run_sql_rules(con, sql_rules, ruleset, progress.step)
        if replay_rules:
            hands = scalar(con, "SELECT count(*) FROM events WHERE game = ? AND event = ?", [game, BY_NAME[game].start])
            progress.start(f"{game}", replay_steps(hands))
            run_replay_rules(con, game, replay_rules, ruleset, progress.step)
    return games


def _units(con: duckdb.DuckDBPyConnection, game: str) -> dict[str, int]:
    """How many coups, hands, shoes, tables and bets of ``game`` the accepted records hold."""
    columns = ", ".join(f"{sql} AS {unit}" for unit, sql in UNITS_SQL.items())
    row = one_row(con, f"SELECT {columns} FROM events WHERE game = ?", [game])
    return dict(zip(UNITS_SQL, row))


def _rule_summaries(
    con: duckdb.DuckDBPyConnection, rulesets: dict[str, Ruleset], games: list[str],
) -> list[RuleSummary]:
    """Per rule of every game present: units evaluated, not evaluated and why (an enforced rule without a checker:
    every unit of its kind in the logs), violations and warnings."""
    implemented = {c.id for g in games for c in checkers(g)}
    counts = {
        (rule, sev): n for rule, sev, n in con.execute(
            "SELECT rule, severity, count(*) FROM findings GROUP BY ALL").fetchall()
    }
    coverage: dict[str, dict[str | None, int]] = {}
    for rule, missing, units in con.execute(
        "SELECT rule, missing, sum(units)::BIGINT FROM coverage GROUP BY ALL ORDER BY ALL"
    ).fetchall():
        coverage.setdefault(rule, {})[missing] = units
    summaries = []
    for game in games:
        if game not in rulesets:
            continue
        specs = rulesets[game].rules.values()
        units = _units(con, game) if any(s.enforced and s.id not in implemented for s in specs) else {}
        for spec in specs:
            cov = coverage.get(spec.id, {})
            reasons = {k: v for k, v in sorted(cov.items(), key=lambda kv: str(kv[0])) if k is not None}
            if spec.enforced and spec.id not in implemented:
                reasons = {NO_CHECKER: units[spec.unit]}
            summaries.append(RuleSummary(
                id=spec.id, game=game, article=spec.article, citation=spec.citation, text=spec.text,
                severity=spec.severity, enforced=spec.enforced, unit=spec.unit, evaluated=cov.get(None, 0),
                not_evaluated=sum(reasons.values()), not_evaluated_reasons=reasons,
                violations=counts.get((spec.id, "violation"), 0), warnings=counts.get((spec.id, "warning"), 0),
                caused_by=spec.caused_by,
            ))
    return sorted(summaries, key=lambda r: rule_order(r.id))


def _reading(ruleset: Ruleset, name: str, params: dict[str, str]) -> Reading:
    """A reading in force; when a --param set it, with the value it would have had without (profile or file)."""
    parameter = ruleset.parameters[name]
    default = None
    if f"{ruleset.game}.{name}" in params:
        default = str(ruleset.profiles.get(ruleset.profile, {}).get(name, parameter.value))
    return Reading(name, str(ruleset.param(name)), parameter.description, default)


def _ruleset_info(ruleset: Ruleset, params: dict[str, str]) -> RulesetInfo:
    return RulesetInfo(
        id=ruleset.id, game=ruleset.game, file=f"rulesets/{ruleset.path.name}", sha256=ruleset.sha256,
        version=ruleset.version, title=ruleset.title, instrument=ruleset.instrument, bulletin=ruleset.bulletin,
        amendments=tuple(AmendmentInfo(a.instrument, a.date, a.articles, a.summary) for a in ruleset.amendments),
        readings=tuple(_reading(ruleset, name, params) for name in ruleset.parameters),
        profile=ruleset.profile, signed=ruleset.signed, note=ruleset.note,
    )


def _articles(ruleset: Ruleset) -> list[ArticleInfo]:
    return [
        ArticleInfo(game=ruleset.game, number=a.number, title=a.title,
                    citation=citation(ruleset.short, a, ""),
                    originals=tuple(OriginalInfo(o.lang, o.status, o.wording, o.text, o.missing, o.source)
                                    for o in a.originals),
                    english=a.english, translation=a.translation, note=a.note)
        for a in ruleset.articles.values()
    ]


def _config_text(con: duckdb.DuckDBPyConnection, key: str) -> str:
    """A text of the tables' configuration (casino, licensee): every distinct value, joined; "" when none."""
    return ", ".join(v for (v,) in con.execute(
        f"SELECT DISTINCT config->>'{key}' AS v FROM tables WHERE v IS NOT NULL ORDER BY 1").fetchall())


def findings_rows(con: duckdb.DuckDBPyConnection) -> list[dict]:
    """All findings, in their deterministic order (``model.finding.sort_key``)."""
    names = list(FINDING_COLUMNS)
    quoted = ", ".join(f'"{n}"' for n in names)
    return sorted((dict(zip(names, r)) for r in con.execute(f"SELECT {quoted} FROM findings").fetchall()), key=sort_key)


def quarantined_records(con: duckdb.DuckDBPyConnection) -> list[QuarantinedRecord]:
    """Every record the ingest refused, by file and line."""
    return [QuarantinedRecord(f, n, r, raw) for f, n, r, raw in con.execute(
        "SELECT file, line, reason, raw FROM quarantine ORDER BY file, line").fetchall()]


def ingest_logs(
    paths: list[Path], con: duckdb.DuckDBPyConnection, progress: Progress | None = None
) -> tuple[list[InputFile], list[dict[str, str]]]:
    """Find the log files under ``paths`` and load them into ``con`` (``events``, ``quarantine``, ``tables``):
    the audit's first stage, and all of ``auditor validate``. Returns the files read, and the files found that were
    not (``{"file", "why"}``). Raises ``ingest.discover.InputError``."""
    progress = progress or Progress()
    found = find_logs(paths)
    progress.start("reading", len(found.files))
    inputs = ingest(con, found.files, progress=lambda f: progress.step(f.name)).inputs
    return inputs, [{"file": name, "why": why} for name, why in found.skipped]


def audit(
    paths: list[Path], rulesets: dict[str, Ruleset], *, con: duckdb.DuckDBPyConnection | None = None,
    strict: bool = False, max_quarantined: int = 0, params: dict[str, str] | None = None,
    progress: Progress | None = None, expected_tables: list[str] | None = None,
) -> tuple[AuditResult, duckdb.DuckDBPyConnection]:
    """Audit the logs under ``paths``: ``strict`` makes any quarantined record an input error, else more than
    ``max_quarantined`` make the audit incomplete (``model.verdict``). ``params`` are the ``--param`` readings the
    rulesets were loaded with, recorded in the result; ``expected_tables`` the tables that should have sent a log
    (one of them without a log makes the audit incomplete). Raises ``ingest.discover.InputError`` for paths that cannot
    be audited."""
    progress = progress or Progress()
    con = con or connect()
    inputs, skipped = ingest_logs(paths, con, progress)
    games = run_checks(con, rulesets, progress)
    result = audit_result(con, inputs, rulesets, games, strict=strict, max_quarantined=max_quarantined,
                          params=params, expected_tables=expected_tables)
    result.run["skipped"] = skipped  # the files found that were not read: a fact of the run's folders
    return result, con


def audit_result(
    con: duckdb.DuckDBPyConnection, inputs: list[InputFile], rulesets: dict[str, Ruleset], games: list[str], *,
    strict: bool = False, max_quarantined: int = 0, params: dict[str, str] | None = None,
    expected_tables: list[str] | None = None,
) -> AuditResult:
    """The ``AuditResult`` of checked logs: ``con`` holds ``events``, ``tables``, ``quarantine``, ``findings`` and
    ``coverage`` (tables or views), ``games`` the games checked. ``audit`` ends with it; ``auditor nightly`` calls it
    on a day assembled from its catalog."""
    period = one_row(con, "SELECT strftime(min(ts), '%Y-%m-%dT%H:%M:%S'), strftime(max(ts), '%Y-%m-%dT%H:%M:%S') "
                     "FROM events")
    quarantine = quarantined_records(con)
    used = [rulesets[g] for g in games if g in rulesets]
    params = dict(sorted((params or {}).items()))
    findings = findings_rows(con)
    return AuditResult(
        auditor_version=__version__, casino=_config_text(con, "casino") or "(not stated in the logs)",
        licensee=_config_text(con, "licensee"), gaming_days=gaming_days(con),
        tables=[t for (t,) in con.execute("SELECT DISTINCT table_id FROM events ORDER BY 1").fetchall()],
        expected_tables=sorted(set(expected_tables or [])), evidence=finding_evidence(con, findings),
        period_start=period[0], period_end=period[1], inputs=inputs,
        rulesets=[_ruleset_info(r, params) for r in used], articles=[a for r in used for a in _articles(r)],
        rules=_rule_summaries(con, rulesets, games), findings=findings, quarantine=quarantine, strict=strict,
        max_quarantined=max_quarantined, games=games,
        profile=next((r.profile for r in rulesets.values()), "macau"), params=params,
    )
