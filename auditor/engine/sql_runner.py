"""Run set-based rules: each ``SqlRule`` writes its findings and its coverage into shared DuckDB tables."""

from __future__ import annotations

import re
from decimal import Decimal
from importlib.resources import files

import duckdb

from auditor.engine.registry import SqlRule
from auditor.engine.ruleset import Ruleset
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


def create_result_tables(con: duckdb.DuckDBPyConnection) -> None:
    """The ``findings`` and ``coverage`` tables every checker writes to, and the shared macros."""
    con.execute(files("auditor.engine").joinpath("macros.sql").read_text(encoding="utf-8"))
    columns = ", ".join(f'"{name}" {sql}' for name, sql in FINDING_COLUMNS.items())
    con.execute(f"CREATE OR REPLACE TABLE findings ({columns})")
    con.execute(
        "CREATE OR REPLACE TABLE coverage (rule VARCHAR, table_id VARCHAR, missing VARCHAR, units BIGINT)"
    )


def run_sql_rule(con: duckdb.DuckDBPyConnection, rule: SqlRule, ruleset: Ruleset) -> None:
    spec = ruleset.rules[rule.id]
    findings = render(rule.findings, ruleset)
    severity = "f.severity" if "severity" in con.sql(findings).columns else "NULL"
    con.execute(
        f"""
        INSERT INTO findings
        SELECT ?, ?, coalesce({severity}, ?), ?, f.table_id, f.shoe_id, f.hand_id, f.seq, f.file, f.line,
               f.message, CAST(f.expected AS VARCHAR), CAST(f.found AS VARCHAR)
        FROM ({findings}) AS f
        """,
        [rule.id, spec.citation, spec.severity, rule.game],
    )
    con.execute(
        f"""
        INSERT INTO coverage
        SELECT ?, table_id, missing, count(*) FROM ({render(rule.scope, ruleset)}) AS s
        GROUP BY table_id, missing
        """,
        [rule.id],
    )
