"""A bound on the nesting of arrays and objects, checked before a recursive parser (``json``, ``tomllib``) reads a
text: a value nested thousands deep would exhaust Python's recursion, in the parser or in what reads its result.
No value of the log format nests more than two levels, so the bound refuses nothing that could be valid."""

from __future__ import annotations

import re
from collections.abc import Iterable

MAX_NESTING = 64
TOO_DEEP = f"nested more than {MAX_NESTING} levels deep"
_JSON_TOKEN = re.compile(r'"(?:[^"\\]|\\.)*"|[\[\]{}]')


def could_nest_too_deep(text: str) -> bool:
    """Whether ``text`` has enough opening brackets to nest past ``MAX_NESTING`` (else no tokens need reading)."""
    return text.count("[") + text.count("{") > MAX_NESTING


def too_deep_at(tokens: Iterable[re.Match[str]]) -> int | None:
    """The offset of the first bracket of ``tokens`` (a text's tokens, strings among them as whole tokens) that
    opens a level past ``MAX_NESTING``, or None."""
    depth = 0
    for token in tokens:
        text = token.group()
        if text in ("[", "{"):
            depth += 1
            if depth > MAX_NESTING:
                return token.start()
        elif text in ("]", "}"):
            depth -= 1
    return None


def json_too_deep(text: str) -> bool:
    """The JSON text ``text`` nests arrays or objects more than ``MAX_NESTING`` deep."""
    return too_deep_at(_JSON_TOKEN.finditer(text)) is not None
