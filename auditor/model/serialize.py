"""``findings.parquet``: the rows of ``findings.json`` (auditor/report/manifest.py) as a typed table."""

from __future__ import annotations

from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq

from auditor.model.finding import FINDING_ARROW_SCHEMA


def write_findings_parquet(rows: list[dict], path: Path) -> None:
    table = pa.Table.from_pylist(rows, schema=FINDING_ARROW_SCHEMA)
    pq.write_table(table, path, compression="zstd")
