"""The PHH reader's TOML parse: the compiled fast path (rtoml) gives exactly what tomllib gives, and refuses what
tomllib refuses, with tomllib's own error (its line is the finding's)."""

import tomllib
from decimal import Decimal

import pytest

from auditor.ingest.phh_parse import _parse_toml, load_hands

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
