"""The PHH reader's TOML parse: the compiled fast path (rtoml) gives exactly what tomllib gives, and refuses what
tomllib refuses, with tomllib's own error (its line is the finding's); the layout read a line at a time is the
token scan's."""

import tomllib
from decimal import Decimal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from auditor.ingest.phh_parse import _parse_toml, _scanned_layout, _simple_layout, load_hands

# What rtoml accepts beyond TOML 1.0, and what tomllib refuses: each must stay a TOML error.
BEYOND_TOML_1_0 = [
    "a = {x = 1,\n y = 2}", "a = {x = 1,}", 'a = "\\e"', 'a = "\\xAB"', "a = 12:30", "a = 1979-05-27 07:32",
]
SAME = [
    "a = 0.1\nb = 100.000000000000001", "a = 1e5", "t = 12:30:00.123456", "d = 2024-01-01", "a = 9223372036854775808",
    'a = ["x", 1, true, [2]]\n[t]\nx = 1', "[2]\nb = 1\n[1]\na = 2", 'a = "\\u00e9\\t"', "a = {x = 1}",
]


@pytest.mark.parametrize("text", BEYOND_TOML_1_0)
def test_refuses_what_tomllib_refuses(text):
    with pytest.raises(tomllib.TOMLDecodeError) as expected:
        tomllib.loads(text)
    with pytest.raises(tomllib.TOMLDecodeError) as got:
        _parse_toml(text)
    assert str(got.value) == str(expected.value)


@pytest.mark.parametrize("text", SAME)
def test_same_document_as_tomllib(text):
    # repr: the same types (floats as exact Decimal) and the same key order
    assert repr(_parse_toml(text)) == repr(tomllib.loads(text, parse_float=Decimal))


def test_error_names_tomllib_line():
    (error,) = load_hands("variant = 'NT'\nactions = [\n'd dh p1 AsKs',\n= 3\n]\n", several=False)
    assert error.line == 4 and error.reason.startswith("not valid TOML")


# The layout: a document of one-line ``key = value`` lines is read a line at a time (``_simple_layout``); that must give
# exactly what the token scan gives, and any other document must be left to the scan.
SIMPLE = st.sampled_from([
    "variant = 'NT'", 'min_bet = 100', "antes = [0, 0, 0]", "\tstarting_stacks\t=\t[inf, 200,200 , 1e3]\t",
    "actions = ['d dh p1 AsKs', \"p2 cbr 6\", 'p3 f']", "players = ['a\"b', \"c'd\", 'e#f', \"g,h]\", '[x]', \"\"]",
    'hand = "R5-\\"7\\""', "time = 07:32:00", "date = 1979-05-27T07:32:00Z", "seats = []", "t = [ 'x' , ]",
    "ok = true", "", "   ", "\r", "s = 'x' ",
])
OTHER = st.sampled_from([
    "# a comment", "n = 1 # after", "folds = [\n'p1 f',\n'p2 f']", "[1]", "[a.b]", "'q' = 1", '"a.b" = 2',
    "a.c = 3", 'm = """x\n"""', "x = [[1, 2], ['y']]", "y = {z = 1}", "d = 1979-05-27 07:32:00",
])
# Half of the documents of one-line values only, the other half with one or two lines of other kinds among them.
DOCUMENTS = st.tuples(st.lists(SIMPLE, max_size=10, unique=True), st.just([]) | st.lists(OTHER, min_size=1, max_size=2)
                      ).flatmap(lambda parts: st.permutations(parts[0] + parts[1]))


@given(DOCUMENTS, st.sampled_from(["\n", "\r\n"]))
@settings(max_examples=300, deadline=None, derandomize=True, database=None)
def test_a_line_at_a_time_layout_is_the_token_scan(lines, newline):
    text = newline.join(lines)
    try:
        tomllib.loads(text)
    except tomllib.TOMLDecodeError:
        return  # the layout is read only from a document that TOML accepts
    simple = _simple_layout(text)
    assert simple is None or simple == _scanned_layout(text)


def test_a_plain_hand_is_read_a_line_at_a_time():
    text = "variant = 'NT'\nmin_bet = 2\n\nactions = ['d dh p1 AsKs', 'p1 f']\r\nplayers = ['a', 'b']\n"
    layout = _simple_layout(text)
    assert layout == _scanned_layout(text)
    assert layout.strings[()] == {("actions",): [4, 4], ("players",): [5, 5]}
    assert layout.keys[()] == {("variant",): 1, ("min_bet",): 2, ("actions",): 4, ("players",): 5}
