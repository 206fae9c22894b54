"""Ranges of whole tables (auditor/ingest/ranges.py): consecutive, never splitting a table, at most the limit."""

from auditor.ingest.ranges import TableRange, table_ranges


def test_tables_are_cut_into_consecutive_ranges_of_at_most_the_limit():
    sizes = [("A", 3), ("B", 4), ("C", 2), ("D", 7), ("E", 1)]
    assert table_ranges(sizes, 7) == [
        TableRange("A", "B", 2, 7), TableRange("C", "C", 1, 2), TableRange("D", "D", 1, 7), TableRange("E", "E", 1, 1),
    ]


def test_a_table_larger_than_the_limit_is_a_range_of_its_own_and_nothing_is_lost():
    sizes = [("A", 1), ("B", 50), ("C", 1), ("D", 0)]
    ranges = table_ranges(sizes, 10)
    assert [(r.first, r.last) for r in ranges] == [("A", "A"), ("B", "B"), ("C", "D")]
    assert sum(r.tables for r in ranges) == 4 and sum(r.size for r in ranges) == 52
    assert table_ranges([], 10) == []


def test_the_sql_condition_quotes_the_table_ids():
    assert TableRange("T'1", "T9", 2, 5).where() == "table_id BETWEEN 'T''1' AND 'T9'"
