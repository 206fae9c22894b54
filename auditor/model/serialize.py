"""Findings files: ``findings.json`` (a list, byte-stable) and ``findings.parquet`` (the same rows)."""

from __future__ import annotations

import json
from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq

from auditor.model.finding import FINDING_ARROW_SCHEMA


def findings_json(rows: list[dict]) -> bytes:
    """The same rows always give the same bytes: fixed key order, UTF-8, one finding per line block."""
    return (json.dumps(rows, ensure_ascii=False, indent=1) + "\n").encode("utf-8")


def write_findings_parquet(rows: list[dict], path: Path) -> None:
    table = pa.Table.from_pylist(rows, schema=FINDING_ARROW_SCHEMA)
    pq.write_table(table, path, compression="zstd")
