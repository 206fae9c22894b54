"""Run set-based rules: each ``SqlRule`` writes its findings and its coverage into shared DuckDB tables."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Sequence
from decimal import Decimal
from importlib.resources import files

import duckdb
import pyarrow as pa

from auditor.db import one_row
from auditor.engine.registry import SqlRule, UnitBreach
from auditor.engine.ruleset import Ruleset
from auditor.ingest.ranges import TableRange
from auditor.model.finding import FINDING_COLUMNS

_PLACEHOLDER = re.compile(r"\{\{(\w+)\}\}")


def literal(value: object) -> str:
    """A ruleset parameter as a SQL literal."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        raise TypeError("ruleset parameters are never binary floats; write money and rates as strings")
    text = str(value)
    try:
        Decimal(text)
        if re.fullmatch(r"-?\d+(\.\d+)?", text):
            return f"{text}::DECIMAL(18,4)"
    except ArithmeticError:
        pass
    return "'" + text.replace("'", "''") + "'"


def render(sql: str, ruleset: Ruleset) -> str:
    """Replace ``{{name}}`` by the parameter's value in force."""
    def sub(match: re.Match[str]) -> str:
        name = match.group(1)
        if name not in ruleset.parameters:
            raise KeyError(f"SQL names parameter {name}, which {ruleset.path.name} lacks")
        return literal(ruleset.param(name))

    return _PLACEHOLDER.sub(sub, sql)


def statements(sql: str) -> list[str]:
    """The statements of a SQL script (each ends with ``;`` at the end of a line), comment-only pieces left out."""
    return [
        statement for statement in sql.split(";\n")
        if any(line.strip() and not line.strip().startswith("--") for line in statement.splitlines())
    ]


def build_game_model(con: duckdb.DuckDBPyConnection, ruleset: Ruleset, batch: TableRange, game: str,
                     prefix: str) -> None:
    """The model tables of ``game``'s tables in ``batch`` (the package's ``model.sql``), built from the views
    ``<prefix>_events`` and ``<prefix>_table_rows``, whose table-id range lets DuckDB skip the other batches' row
    groups."""
    con.execute(f"CREATE OR REPLACE TEMP VIEW {prefix}_events AS SELECT * FROM events "
                f"WHERE game = '{game}' AND {batch.where()}")
    con.execute(f"CREATE OR REPLACE TEMP VIEW {prefix}_table_rows AS SELECT * FROM tables "
                f"WHERE game = '{game}' AND {batch.where()}")
    sql = files(f"auditor.games.{game}").joinpath("model.sql").read_text(encoding="utf-8")
    for statement in statements(render(sql, ruleset)):
        con.execute(statement)


def create_result_tables(con: duckdb.DuckDBPyConnection) -> None:
    """The ``findings`` and ``coverage`` tables every checker writes to, and the shared macros."""
    con.execute(files("auditor.engine").joinpath("macros.sql").read_text(encoding="utf-8"))
    columns = ", ".join(f'"{name}" {sql}' for name, sql in FINDING_COLUMNS.items())
    con.execute(f"CREATE OR REPLACE TABLE findings ({columns})")
    con.execute(
        "CREATE OR REPLACE TABLE coverage (rule VARCHAR, table_id VARCHAR, missing VARCHAR, units BIGINT)"
    )


def run_sql_rules(
    con: duckdb.DuckDBPyConnection, rules: Sequence[SqlRule], ruleset: Ruleset, step: Callable[[str], None]
) -> None:
    """Every rule's findings and coverage. Rules over the same ``Scope`` relation share one pass for their
    coverage and one for their breaches; the free findings queries of all rules run as one statement."""
    by_units: dict[str, list[SqlRule]] = {}
    for rule in rules:
        by_units.setdefault(rule.scope.units, []).append(rule)
    _free_findings(con, [(r, r.findings) for r in rules if not isinstance(r.findings, UnitBreach)], ruleset)
    for units, group in by_units.items():
        _fused_scopes(con, units, group, ruleset)
        _fused_findings(con, units, [(r, r.findings) for r in group if isinstance(r.findings, UnitBreach)], ruleset)
        for rule in group:
            step(rule.id)


def _free_findings(con: duckdb.DuckDBPyConnection, free: list[tuple[SqlRule, str]], ruleset: Ruleset) -> None:
    """The findings of the rules' free queries, in one statement (DuckDB binds and plans each query once; that, not
    running them, is most of their cost): a query that gives no ``severity`` gets one, NULL, by name. When DuckDB
    raises, the queries run again one by one (the failed statement inserted nothing), so that the error names the
    rule whose query raised it."""
    if not free:
        return
    parts, params = [], []
    for rule, query in free:
        spec = ruleset.rules[rule.id]
        parts.append(
            f"""
            SELECT ?, ?, coalesce(f.severity, ?), ?, f.table_id, f.shoe_id, f.hand_id, f.seq, f.file, f.line,
                   f.message, CAST(f.expected AS VARCHAR), CAST(f.found AS VARCHAR)
            FROM (SELECT NULL::VARCHAR AS severity WHERE false UNION ALL BY NAME ({render(query, ruleset)})) AS f
            """)
        params.append([rule.id, spec.citation, spec.severity, rule.game])
    try:
        con.execute("INSERT INTO findings " + "UNION ALL".join(parts), [p for four in params for p in four])
    except duckdb.Error:
        for (rule, _), part, four in zip(free, parts, params):  # nothing was inserted: the statement failed whole
            try:
                con.execute("INSERT INTO findings " + part, four)
            except duckdb.Error as exc:
                raise type(exc)(f"the findings query of rule {rule.id} failed: {exc}") from exc
        # Each query ran alone (the union itself failed, e.g. on column types): their findings are all in.


def _missing_columns(rules: list[SqlRule], ruleset: Ruleset) -> tuple[str, list[str]]:
    """Each distinct ``missing`` expression of ``rules`` computed once (rules over one relation mostly share one):
    the SELECT list that computes them over ``u``, and each rule's column name."""
    names: dict[str, str] = {}
    for rule in rules:
        names.setdefault(render(rule.scope.missing, ruleset), f"missing__{len(names)}")
    select = ", ".join(f"({sql}) AS {name}" for sql, name in names.items())
    return "u.*, " + select, [names[render(r.scope.missing, ruleset)] for r in rules]


def _fused_scopes(con: duckdb.DuckDBPyConnection, units: str, rules: list[SqlRule], ruleset: Ruleset) -> None:
    """One pass over ``units``: per table, how many rows each rule evaluated and how many it could not, and why.
    A rule's column is NULL outside its scope and '' for an evaluated row; the few combinations are unfolded here."""
    inner, missing = _missing_columns(rules, ruleset)
    columns = ", ".join(
        f"CASE WHEN ({render(r.scope.where, ruleset)}) THEN coalesce(CAST({m} AS VARCHAR), '') END AS m{i}"
        for i, (r, m) in enumerate(zip(rules, missing))
    )
    counts: Counter[tuple[str, str, str | None]] = Counter()
    for table_id, *missing, units_n in con.execute(
        f"SELECT table_id, {columns}, count(*) FROM (SELECT {inner} FROM {units} AS u) GROUP BY ALL"
    ).fetchall():
        for rule, reason in zip(rules, missing):
            if reason is not None:
                counts[(rule.id, table_id, reason or None)] += units_n
    rows = sorted(counts.items(), key=lambda kv: (kv[0][0], kv[0][1], kv[0][2] or ""))
    con.register("fused_coverage", pa.table({
        "rule": pa.array([k[0] for k, _ in rows], pa.string()),
        "table_id": pa.array([k[1] for k, _ in rows], pa.string()),
        "missing": pa.array([k[2] for k, _ in rows], pa.string()),
        "units": pa.array([n for _, n in rows], pa.int64()),
    }))
    con.execute("INSERT INTO coverage SELECT * FROM fused_coverage")
    con.unregister("fused_coverage")


def _fused_findings(con: duckdb.DuckDBPyConnection, units: str, judged: list[tuple[SqlRule, UnitBreach]],
                    ruleset: Ruleset) -> None:
    """One pass over ``units`` keeps the rows that breach any rule (each with its ``UnitBreach``), with a flag per
    rule; the findings of each rule that breached are then rendered from those few rows (``u``), so a finding's
    expressions may look up more evidence than the relation carries."""
    if not judged:
        return
    rules = [r for r, _ in judged]
    inner, missing = _missing_columns(rules, ruleset)
    flags = ", ".join(
        f"coalesce(({render(r.scope.where, ruleset)}) AND {m} IS NULL AND ({render(b.when, ruleset)}), false)"
        f" AS hit{i}"
        for i, ((r, b), m) in enumerate(zip(judged, missing))
    )
    any_hit = " OR ".join(f"hit{i}" for i in range(len(rules)))
    con.execute(f"CREATE OR REPLACE TEMP TABLE unit_hits AS SELECT * FROM (SELECT u.*, {flags} FROM "
                f"(SELECT {inner} FROM {units} AS u) AS u) WHERE {any_hit}")
    counts = one_row(
        con, "SELECT " + ", ".join(f"count(*) FILTER (WHERE hit{i})" for i in range(len(rules))) + " FROM unit_hits")
    for i, (rule, b) in enumerate(judged):
        if not counts[i]:
            continue
        spec = ruleset.rules[rule.id]
        columns = ", ".join(render(x, ruleset) for x in (b.shoe, b.hand, b.seq, b.file, b.line, b.message))
        con.execute(
            f"""
            INSERT INTO findings
            SELECT ?, ?, coalesce({render(b.severity, ruleset)}, ?), ?, table_id, {columns},
                   CAST(({render(b.expected, ruleset)}) AS VARCHAR), CAST(({render(b.found, ruleset)}) AS VARCHAR)
            FROM unit_hits AS u WHERE hit{i}
            """,
            [rule.id, spec.citation, spec.severity, rule.game],
        )
    con.execute("DROP TABLE unit_hits")
