"""The same PHH hand in two places (two files whose bytes differ, or twice in one file) is audited once: each later
copy's records are quarantined naming where the hand was first read, as a JSON Lines record whose ``seq`` repeats one
read before is. A hand that differs in anything the source says (its number, a card, a stack) is another hand."""

from __future__ import annotations

from pathlib import Path

import pytest

from auditor.ingest.phh_copies import hand_digest
from auditor.ingest.phh_parse import HandSource, load_hands
from tests.test_ingest import load
from tests.test_phh import THREE_HANDED


def _reordered(text: str) -> str:
    """The same hand, its keys in another order (``hand`` and ``players`` moved first), single-quoted strings."""
    lines = text.splitlines()
    moved = [line for line in lines if line.startswith(("hand =", "players ="))]
    return "\n".join(moved + [line for line in lines if line not in moved]).replace('"Ann"', "'Ann'") + "\n"


def _commented(text: str) -> str:
    """The same hand with comments, blank lines, trailing spaces, CR LF line ends and 200.0 for 200."""
    stacks = text.replace("200, 200, 200", "200.0, 200, 2E2")
    return "# re-saved by the export tool\n\n" + stacks.replace("\n", "   \r\n") + "# end\n"


def _in_phhs(text: str) -> str:
    return "[1]\n" + text


COPIES = {"reordered": ("b.phh", _reordered), "commented": ("b.phh", _commented), "in a .phhs": ("b.phhs", _in_phhs),
          "action commentary": ("b.phh", lambda t: t.replace('"p1 f"', '"p1  f # folds"'))}


def _events(con) -> int:
    return con.execute("SELECT count(*) FROM events").fetchone()[0]


@pytest.mark.parametrize("copy", COPIES)
def test_the_same_hand_in_two_files_is_audited_once(tmp_path, copy):
    name, change = COPIES[copy]
    (tmp_path / "a.phh").write_text(THREE_HANDED, encoding="utf-8")
    alone = _events(load(tmp_path / "a.phh")[0])
    (tmp_path / name).write_text(change(THREE_HANDED), encoding="utf-8")
    con, quarantine = load(tmp_path)
    assert _events(con) == alone
    assert {file for file, _, _ in quarantine} == {name}
    assert len(quarantine) == alone  # every record of the copy: its hand's events and its table's opening
    assert all("the same hand as a.phh:1" in reason for _, _, reason in quarantine), quarantine


def test_the_same_hand_twice_in_one_file_is_audited_once(tmp_path):
    (tmp_path / "a.phh").write_text(THREE_HANDED, encoding="utf-8")
    alone = _events(load(tmp_path / "a.phh")[0])
    path = tmp_path / "s.phhs"
    path.write_text("[1]\n" + THREE_HANDED + "[2]\n" + THREE_HANDED.replace("hand = 7", "hand = 8")
                    + "[3]\n" + _reordered(THREE_HANDED), encoding="utf-8")
    con, quarantine = load(path)
    hands = con.execute("SELECT hand_id FROM events WHERE event = 'hand_start' ORDER BY seq").fetchall()
    assert hands == [("7",), ("8",)]
    assert {reason for _, _, reason in quarantine} == {"the same hand as s.phhs:1 (a copy: audited once)"}
    assert len(quarantine) == alone - 1  # the hand's events; the table is open with the first two


@pytest.mark.parametrize("old, new", [
    ("hand = 7", "hand = 8"), ("7h7d", "7h7c"), ("[199, 217, 184]", "[199, 216, 185]"),
])
def test_a_hand_that_differs_is_another_hand(tmp_path, old, new):
    (tmp_path / "a.phh").write_text(THREE_HANDED, encoding="utf-8")
    (tmp_path / "b.phh").write_text(THREE_HANDED.replace(old, new), encoding="utf-8")
    con, quarantine = load(tmp_path)
    assert not any("the same hand" in reason for _, _, reason in quarantine)
    assert con.execute("SELECT count(*) FROM events WHERE event = 'hand_start'").fetchone()[0] == 2


def test_a_copy_of_a_refused_hand_is_not_counted_as_audited(tmp_path):
    """A hand refused in both files is refused twice (each file's record says why): neither is audited."""
    broken = THREE_HANDED.replace('"p2 cc", "p3 cc"', '"p2 cc", "p9 cc"')
    for name in ("a.phh", "b.phh"):
        Path(tmp_path / name).write_text(broken if name == "a.phh" else _reordered(broken), encoding="utf-8")
    con, quarantine = load(tmp_path)
    assert con.execute("SELECT count(*) FROM events WHERE event = 'hand_start'").fetchone()[0] == 0
    assert {file for file, _, _ in quarantine} == {"a.phh", "b.phh"}


@pytest.mark.parametrize("value, alike, unlike", [
    ("inf", "+inf", "nan"), ("1e999999", "10e999998", "1e999998"), ("200", "200.000", "200.5"),
    ("1979-05-27", "1979-05-27", '"1979-05-27"'), ("1.5", "1.50", '{decimal = "1.5"}'),
    ("1979-05-27", "1979-05-27", '{date = "1979-05-27"}'), ("[1, true]", "[1, true]", "[true, 1]"),
    ('{a = 1, b = "x"}', "{ b = 'x', a = 1.0 }", '{a = 1, b = ["x"]}'),
])
def test_a_hand_is_told_by_its_values(value, alike, unlike):
    """Numbers by value (no huge integer made of an exponent), dates apart from the text that writes them, tables by
    their keys' values whatever their order; a float or a date is no table that names its type."""
    def digest(written: str) -> bytes:
        (source,) = load_hands(THREE_HANDED + f"x = {written}\n", several=False)
        assert isinstance(source, HandSource)
        return hand_digest(source)

    assert digest(value) == digest(alike) != digest(unlike)
