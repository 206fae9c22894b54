"""Parquet columns of any type: each value is read with its exact meaning, or refused with file, row and reason, as
the same value written as text would be (JSON Lines, CSV)."""

from __future__ import annotations

from decimal import Decimal

import pyarrow as pa
import pyarrow.parquet as pq
import pytest

from tests.conftest import write_parquet
from tests.test_hostile_properties import HOLDEM
from tests.test_ingest import load


def with_column(path, rows: list[dict], field: str, values: list, kind: pa.DataType):
    """``rows`` as Parquet, the column ``field`` replaced by ``values`` of type ``kind``."""
    write_parquet(path, rows)
    table = pq.read_table(path)
    column = pa.array(values, kind)
    if field in table.column_names:
        table = table.set_column(table.schema.get_field_index(field), field, column)
    else:
        table = table.append_column(field, column)
    pq.write_table(table, path)
    return path


_BELOW_MINIMUM = [("seq", 3, -1, 0), ("seq", 3, -(2**63), 0), ("seat", 2, 0, 1), ("seat", 2, -1, 1),
                  ("pot", 16, -1, 0), ("spot", 2, 0, 1)]


@pytest.mark.parametrize("field, row, value, minimum, kind", [  # each value in the integer columns it fits
    (*case, kind) for case in _BELOW_MINIMUM for kind in (pa.int64(), pa.int32(), pa.int8())
    if kind == pa.int64() or -(2**7) <= case[2] < 2**7])
def test_an_integer_column_below_the_fields_minimum_is_refused(tmp_path, coup, field, row, value, minimum, kind):
    """A seat 0 or -1, a seq of -1: refused in an integer column as in text, in every game."""
    rows = [dict(r) for r in (coup if field == "spot" else HOLDEM)]
    values = [r.get(field) for r in rows]
    values[row] = value
    path = with_column(tmp_path / "t.parquet", rows, field, values, kind)
    _, quarantine = load(path)
    reasons = {line: reason for _, line, reason in quarantine}
    expected = f"field {field}: expected an integer from {minimum} to {2**63 - 1}, found {value}"
    assert expected in reasons.get(row + 1, ""), quarantine


@pytest.mark.parametrize("kind, value, read", [
    (pa.decimal128(18, 6), "10.500000", "10.5000"),
    (pa.decimal128(18, 6), "10.500100", "10.5001"),
    (pa.decimal128(38, 10), "12345678901234.5678000000", "12345678901234.5678"),
    (pa.decimal128(38, 0), "100", "100.0000"),
    (pa.decimal128(9, 2), "100.50", "100.5000"),
    (pa.decimal128(18, 6), "10.500001", None),  # not exact in 4 decimals
    (pa.decimal128(38, 10), "0.0000000001", None),
    (pa.decimal128(21, 6), "123456789012345.000000", None),  # 15 integer digits
    (pa.decimal128(18, 6), "-1.000000", None),  # money is never negative
])
def test_a_decimal_column_of_money_is_read_where_exact_in_4_decimals(tmp_path, coup, kind, value, read):
    """A DECIMAL column's scale is the column's, not the value's notation: 10.500000 in a DECIMAL(18,6) is the
    amount 10.5, read as such; only a value that 4 decimals cannot hold is refused (as a binary float is)."""
    values = [None if r.get("amount") is None else Decimal(r["amount"]) for r in coup]
    values[2] = Decimal(value)
    con, quarantine = load(with_column(tmp_path / "t.parquet", coup, "amount", values, kind))
    if read is None:
        assert [(line, reason.split(" (")[0]) for _, line, reason in quarantine][:1] == [
            (3, "field amount: expected an exact decimal")], quarantine
    else:
        assert quarantine == []
        assert con.execute("SELECT amount::VARCHAR FROM events WHERE line = 3").fetchone()[0] == \
            str(Decimal(read).quantize(Decimal("0.0001")))


def test_a_decimal_column_is_read_alike_on_the_text_path(tmp_path, coup):
    """A file with a column that is no log field is read as text (its records refused for that column): its DECIMAL
    amounts are read there as on the typed path."""
    values = [None if r.get("amount") is None else Decimal(r["amount"]) for r in coup]
    values[2] = Decimal("10.500000")
    path = with_column(tmp_path / "t.parquet", coup, "amount", values, pa.decimal128(18, 6))
    table = pq.read_table(path)
    pq.write_table(table.append_column("colour", pa.array(["red"] * len(coup))), path)
    _, quarantine = load(path)
    assert {reason for _, _, reason in quarantine} == {"unknown field(s): colour"}


@pytest.mark.parametrize("names, reason", [
    (["seq", "seq"], "the Parquet file names seq twice: which column is meant is unknown"),
    (["seq", "SEQ"], "the Parquet file names seq twice (SEQ, seq: DuckDB's names ignore case): which column is "
                     "meant is unknown"),
    (["seq", ""], "the Parquet file has a column without a name"),
])
def test_parquet_columns_named_alike_or_not_at_all_are_named(tmp_path, coup, names, reason):
    """DuckDB renames such a column (``seq_1``, ``C18``), and the reason named a field the file does not have."""
    path = write_parquet(tmp_path / "t.parquet", coup)
    table = pq.read_table(path)
    extra = table.column(names[0]) if names[1] else pa.array(["x"] * table.num_rows)
    pq.write_table(pa.table(table.columns + [extra], names=table.column_names + [names[1]]), path)
    _, quarantine = load(path)
    assert {r for _, _, r in quarantine} == {reason} and len(quarantine) == len(coup), quarantine
