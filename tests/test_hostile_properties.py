"""Property-based tests (Hypothesis) of every reader: whatever the bytes of a log, the audit ends with an outcome an
inspector can read (exit 0, 1, 2 or the incomplete code, never the internal failure 3), and every record of the file
is either an event or a quarantined record with its text.

Random bytes rarely reach past the parsers, so each reader is also fed valid logs mutated the ways hostile or broken
exports are: a field given a value of another type or notation, a field added or dropped, a record cut, a byte or a
quote inserted, values nested deep or of thousands of digits. The default run is a modest slice (``EXAMPLES`` per
property); ``-m slow`` runs the same properties with many more examples."""

from __future__ import annotations

import codecs
import csv
import io
import json
import tempfile
from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from auditor.engine.audit import audit, connect
from auditor.engine.ruleset import load_rulesets
from auditor.ingest.discover import InputError
from auditor.ingest.schema import load_schema
from auditor.report.outputs import write_outputs
from tests.conftest import baccarat_coup
from tests.test_phh import THREE_HANDED

EXAMPLES = 15
SLOW_EXAMPLES = 1000
READABLE = {0, 1, 2, 4}  # 4: the incomplete verdict
FIELDS = [f.name for f in load_schema().fields]
RULESETS = load_rulesets(profile="common")

HAND = [
    {"event": "table_open", "config": {"betting": "no_limit", "small_blind": "1", "big_blind": "2", "chip_unit": "1",
                                       "seats": 3, "not_logged": "burns,deal_order,croupier_position,rake"}},
    {"event": "hand_start", "hand_id": "H1", "seat": 3},
    *({"event": "seat", "hand_id": "H1", "seat": s, "player": f"p{s}", "amount": "200"} for s in (1, 2, 3)),
    {"event": "action", "hand_id": "H1", "seat": 1, "action": "post_small_blind", "amount": "1"},
    {"event": "action", "hand_id": "H1", "seat": 2, "action": "post_big_blind", "amount": "2"},
    *({"event": "deal", "hand_id": "H1", "to": "seat", "seat": s, "face": "down"} for s in (1, 2, 3, 1, 2, 3)),
    {"event": "action", "hand_id": "H1", "seat": 3, "action": "fold", "amount": "0"},
    {"event": "action", "hand_id": "H1", "seat": 1, "action": "fold", "amount": "0"},
    {"event": "refund", "hand_id": "H1", "seat": 2, "amount": "1"},
    {"event": "award", "hand_id": "H1", "seat": 2, "amount": "2"},
    *({"event": "stack", "hand_id": "H1", "seat": s, "amount": a} for s, a in ((1, "199"), (2, "201"), (3, "200"))),
    {"event": "hand_end", "hand_id": "H1"},
]
HOLDEM = [{"table_id": "H", "game": "holdem", "seq": i, **r} for i, r in enumerate(HAND)]
# A five-card stud hand played to a showdown, with its pack, buy-ins and rakes.
STUD = [json.loads(line) for line in (Path(__file__).parent / "fixtures" / "stud" / "5CS-10.6" / "clean.jsonl")
        .read_text(encoding="utf-8").splitlines()]
VALID_LOGS = st.sampled_from([baccarat_coup(), HOLDEM, STUD])


# Values a hostile or careless export writes: other notations, other types, extremes.
HOSTILE_TEXT = st.sampled_from([
    "0x8", "0b1", "0o7", "1_000", "1e9", "+8", "08", "-0", " 8", "8 ", "1.0", "1.00000", "-1", "infinity", "-infinity",
    "epoch", "now", "NaN", "2024-13-45", "2024-05-01T25:00", "2024-05-01 BC", "TRUE", "yes", "", " ", "\u2028",
    "\x00", "\ufeff", "As", "1x", "player", "table_open", "settle", "9" * 5000, "1." + "0" * 400, "[" * 3000,
])
JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.integers(min_value=-(10**60), max_value=10**60)
    | st.floats() | st.text(max_size=20) | HOSTILE_TEXT,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3),
    max_leaves=8,
)
# Raw JSON fragments that no Python value serialises to.
RAW_JSON = st.sampled_from([
    "1.00000", "100.000000000000001", "1e2", "1E+400", "-0", "NaN", "Infinity", '"\\ud800"', '"\\u0000"',
    "9" * 5000, "[" * 100_000 + "]" * 100_000, '{"a":1,"a":2}', "0.1e1", "-1e-400", "{}", "[]", "true",
    '{"casino": ' + "[" * 100_000 + "]" * 100_000 + "}", '{"decks": ' + "9" * 5000 + "}", '{"min_bet": 1e400}',
])


def _check(suffix: str, files: list[bytes], count_lines: bool) -> None:
    """Audit ``files`` as ``.suffix`` logs of one folder, in-process: the outcome is readable, every record of each
    file is an event or quarantined (for JSON Lines: every non-blank line, at its number), and every quarantined
    line of a text format shows its text."""
    with tempfile.TemporaryDirectory(prefix="hostile-") as folder:
        paths = [Path(folder) / f"log{i}.{suffix}" for i in range(len(files))]
        for path, data in zip(paths, files):
            path.write_bytes(data)
        try:
            result, con = audit([Path(folder)], RULESETS, con=connect(threads=1))
        except InputError:
            return  # exit 2, naming the file
        assert int(result.exit_code) in READABLE
        (Path(folder) / "out").mkdir()
        write_outputs(result, Path(folder) / "out", pdf=False, key=None, examples=5)
    inputs = {Path(i.path).name: i for i in result.inputs}  # files are named as the audit names them
    for path, data in zip(paths, files):
        lines = [line for (line,) in con.execute(
            "SELECT line FROM events WHERE file = $f UNION ALL SELECT line FROM quarantine WHERE file = $f ORDER BY 1",
            {"f": inputs[path.name].path}).fetchall()]
        assert inputs[path.name].records == len(lines), "a record was dropped or counted twice"
        if count_lines:
            text = data.removeprefix(codecs.BOM_UTF8)
            assert lines == [n for n, chunk in enumerate(text.split(b"\n"), start=1) if chunk.strip()]
    if suffix in ("jsonl", "csv"):
        assert con.execute("SELECT count(*) FROM quarantine WHERE raw IS NULL").fetchone()[0] == 0
    con.close()


def _jsonl(records: list) -> bytes:
    return "".join(json.dumps(r) + "\n" for r in records).encode()


def _csv(records: list) -> bytes:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(FIELDS)
    for r in records:
        row = r if isinstance(r, dict) else {"table_id": r}
        writer.writerow([_cell(row.get(f)) for f in FIELDS])
    return out.getvalue().encode("utf-8", "surrogatepass")


def _cell(value: object) -> str:
    if value is None:
        return ""
    if isinstance(value, (dict, list)):
        return json.dumps(value)
    return str(value).lower() if isinstance(value, bool) else str(value)


def _parquet(records: list) -> bytes:
    """The records as a Parquet file of string columns (``_cell``), the columns the records name."""
    rows = [r if isinstance(r, dict) else {"table_id": r} for r in records]
    names = [f for f in FIELDS + ["colour"] if any(f in r for r in rows)] or ["table_id"]
    table = pa.table({f: pa.array([None if r.get(f) is None else _cell(r[f]) for r in rows], pa.string())
                      for f in names})
    out = io.BytesIO()
    pq.write_table(table, out)
    return out.getvalue()


@st.composite
def mutated_records(draw: st.DrawFn) -> list:
    """A valid baccarat coup, hold'em hand or stud hand with a few records changed."""
    records = [dict(r) for r in draw(VALID_LOGS)]
    for _ in range(draw(st.integers(1, 3))):
        i = draw(st.integers(0, len(records) - 1))
        how = draw(st.sampled_from(["set", "set", "drop", "duplicate", "replace"]))
        if how == "set" and isinstance(records[i], dict):
            records[i][draw(st.sampled_from(FIELDS + ["colour"]))] = draw(JSON_VALUES)
        elif how == "drop" and isinstance(records[i], dict) and records[i]:
            records[i].pop(draw(st.sampled_from(sorted(records[i]))))
        elif how == "duplicate":
            records.insert(i, records[i])
        else:
            records[i] = draw(JSON_VALUES)
    return records


@st.composite
def with_raw_fragment(draw: st.DrawFn) -> bytes:
    """A valid log as JSON Lines, one value replaced by a raw JSON fragment (a number as written, a nesting, an
    escape) that no Python value serialises to."""
    records = draw(VALID_LOGS)
    i = draw(st.integers(0, len(records) - 1))
    lines = _jsonl(records).decode().splitlines()
    lines[i] = json.dumps({**records[i], draw(st.sampled_from(FIELDS)): "@RAW@"}).replace('"@RAW@"', draw(RAW_JSON))
    return ("\n".join(lines) + "\n").encode()


@st.composite
def damaged(draw: st.DrawFn, data: bytes) -> bytes:
    """``data`` with bytes inserted or deleted, or cut short, and perhaps a byte-order mark in front."""
    for _ in range(draw(st.integers(0, 3))):
        at = draw(st.integers(0, len(data)))
        how = draw(st.sampled_from(["insert", "insert", "delete", "cut"]))
        if how == "insert":
            data = data[:at] + draw(st.sampled_from([b'"', b"\r", b"\n", b",", b"\xff", b"\xe2\x82", b"\x00", b"{",
                                                     b"[", b"]", b"'", b"#", b"="]) | st.binary(max_size=4)) + data[at:]
        elif how == "delete":
            data = data[:at] + data[at + draw(st.integers(1, 8)):]
        else:
            data = data[:at]
    return (codecs.BOM_UTF8 if draw(st.booleans()) else b"") + data


TOML_VALUES = st.sampled_from([
    "9" * 400, "9" * 4400, "1." + "9" * 400, "inf", "nan", "-5", "0", "1e400", "1e-400", "'x'", "[]", "[[1, 2], 3]",
    "true", "[" * 50_000 + "]" * 50_000, "{a = {b = {c = 1}}}", "1979-05-27", "1979-05-27T07:32:00",
    "'p1 cbr " + "9" * 5000 + "'", "['p" + "9" * 5000 + " f']", "['d dh p1 ????', 'p1 sm ????', 'p2 sm -']",
    "['d dh p1 AsKs', 'd dh p2 7h7d', 'd dh p3 QcJc', 'p3 cbr 999999999999999', 'p1 cc']",
    "'²'", "'R5-" + "9" * 5000 + "'", "'0x8'", "1979-05-27T07:32:00Z",
])


@st.composite
def mutated_phh(draw: st.DrawFn) -> bytes:
    """A valid PHH hand with a few fields given other values, as a ``.phh`` file or twice in a ``.phhs`` file."""
    lines = THREE_HANDED.splitlines()
    for _ in range(draw(st.integers(1, 3))):
        i = draw(st.integers(0, len(lines) - 1))
        key = lines[i].split(" = ")[0] if " = " in lines[i] else draw(st.sampled_from(["table", "hand", "seats"]))
        lines[i] = f"{key} = {draw(TOML_VALUES | st.integers().map(str))}"
    return ("\n".join(lines) + "\n").encode()


def _phhs(hand: bytes) -> bytes:
    return b"[1]\n" + hand + b"\n[2]\n" + hand


ANY_BYTES = st.binary(max_size=300)
READERS: dict[str, tuple[st.SearchStrategy[bytes], bool]] = {
    "jsonl": (ANY_BYTES | mutated_records().map(_jsonl).flatmap(damaged) | with_raw_fragment().flatmap(damaged), True),
    "csv": (ANY_BYTES | mutated_records().map(_csv).flatmap(damaged), False),
    "parquet": (mutated_records().map(_parquet) | mutated_records().map(_parquet).flatmap(damaged), False),
    "phh": (ANY_BYTES | mutated_phh().flatmap(damaged), False),
    "phhs": (ANY_BYTES | mutated_phh().map(_phhs).flatmap(damaged), False),
}


def _run(suffix: str, examples: int, derandomize: bool) -> None:
    """``examples`` audits of a folder of one to three logs of the reader's format."""
    strategy, count_lines = READERS[suffix]

    @settings(max_examples=examples, deadline=None, derandomize=derandomize, database=None,
              suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.large_base_example])
    @given(st.lists(strategy, min_size=1, max_size=3))
    def prop(files: list[bytes]) -> None:
        _check(suffix, files, count_lines)

    prop()


@pytest.mark.parametrize("suffix", list(READERS))
def test_no_log_crashes_the_audit_or_loses_a_record(suffix):
    _run(suffix, EXAMPLES, derandomize=True)


@pytest.mark.slow
@pytest.mark.parametrize("suffix", list(READERS))
def test_no_log_crashes_the_audit_or_loses_a_record_exhaustive(suffix):
    _run(suffix, SLOW_EXAMPLES, derandomize=False)
