"""The PHH notation (spec: uoftcprg/phh-std): TOML hands, where each field and action string sits in the file, and the
action grammar.

A ``.phh`` file is one hand; a ``.phhs`` file holds several, as TOML tables ``[1]``, ``[2]``, ... . TOML itself is
parsed by ``rtoml`` (compiled), or by ``tomllib`` (floats as exact ``Decimal``, and its error messages) wherever the
two could differ (``_parse_toml``); a small tokenizer then finds the 1-based line of every top-level key and of every
string of an array, so that each event can name the line it comes from. Keys and table headers are
read as ``tomllib`` reads them: ``["a.b"]`` is the table ``a.b``, ``[a.b]`` the table ``b`` inside ``a``."""

from __future__ import annotations

import re
import tomllib
from collections import defaultdict
from dataclasses import dataclass, field
from decimal import Decimal
from functools import lru_cache
from typing import Any, NamedTuple

import rtoml

from auditor.ingest.nesting import TOO_DEEP, could_nest_too_deep, too_deep_at

_TOKEN = re.compile(
    r'"""[\s\S]*?"""|\'\'\'[\s\S]*?\'\'\'|"(?:[^"\\\n]|\\.)*"|\'[^\'\n]*\'|#[^\n]*|\n|[\[\]{}=,]|[^\s"\'#\[\]{}=,]+'
    r"|[ \t\r]+"
)
# ``_TOKEN``'s tokens that the layout reads, as the one group: comments, spaces and commas (which, in a document
# that TOML accepts, only ever separate the values of an array or inline table) match as empty strings.
_LAYOUT_TOKEN = re.compile(
    r'("""[\s\S]*?"""|\'\'\'[\s\S]*?\'\'\'|"(?:[^"\\\n]|\\.)*"|\'[^\'\n]*\'|\n|[\[\]{}=]|[^\s"\'#\[\]{}=,]+)'
    r"|#[^\n]*|,|[ \t\r]+"
)
_STRING = re.compile(r'"(?:[^"\\\n]|\\.)*"|\'[^\'\n]*\'')  # a one-line string, as ``_TOKEN`` reads it
_SCALAR = rf'(?:{_STRING.pattern}|[^\s"\'#\[\]{{}}=,]+)'  # a string, number, word or date without spaces
# ``key = value``: a bare key, then a scalar or an array of scalars (the array's text, group 2), on one line.
_SIMPLE_LINE = re.compile(rf"[ \t]*([A-Za-z0-9_-]+)[ \t]*=[ \t]*(?:{_SCALAR}|\[[ \t]*((?:{_SCALAR}[ \t]*,[ \t]*)*"
                          rf"(?:{_SCALAR}[ \t]*)?)\])[ \t]*\r?")
_TOML_LINE = re.compile(r"at line (\d+)")
_STRINGS = frozenset((str,))
KeyPath = tuple[str, ...]  # a TOML key or table: the names of its parts


class PhhError(Exception):
    """A PHH hand (or file) that cannot be mapped faithfully: the reason and the 1-based line it concerns."""

    def __init__(self, line: int, reason: str) -> None:
        super().__init__(reason)
        self.line = line
        self.reason = reason


@dataclass
class Layout:
    """Where things are in the file: per TOML table (its key path, ``()`` = the top level), the line of its header
    (of the first header inside it, for a table only implied by one), of each key (its path too), and of each string
    inside each key's array, in order."""

    headers: dict[KeyPath, int] = field(default_factory=dict)
    keys: dict[KeyPath, dict[KeyPath, int]] = field(default_factory=lambda: defaultdict(dict))
    strings: dict[KeyPath, dict[KeyPath, list[int]]] = field(
        default_factory=lambda: defaultdict(lambda: defaultdict(list)))


class Action(NamedTuple):
    """One action string: ``actor`` is ``d`` (the dealer) or ``pN``, then the verb (``dh``, ``db``, ``cbr``, ``cc``,
    ``f``, ``sm``, ...) and its arguments; the commentary after ``#`` is dropped."""

    line: int
    text: str
    actor: str
    verb: str
    args: tuple[str, ...]


@dataclass(frozen=True)
class HandSource:
    """One hand as written: its TOML fields, its table key in a ``.phhs`` file, and the lines of its parts."""

    key: str | None
    fields: dict[str, Any]
    header_line: int
    field_lines: dict[str, int]
    actions: tuple[Action, ...]

    def line_of(self, name: str) -> int:
        """The line of field ``name`` (the hand's header line when the field is absent)."""
        return self.field_lines.get(name, self.header_line)


@lru_cache(maxsize=4096)
def _path(key: str) -> KeyPath:
    """A TOML key as written, as the names it stands for, read by ``tomllib`` itself: ``a.b`` is ``("a", "b")``,
    ``"a.b"`` is ``("a.b",)``, ``'1'`` and ``1`` are ``("1",)``."""
    node: Any = tomllib.loads(f"{key} = 0")
    names: list[str] = []
    while isinstance(node, dict):
        ((name, node),) = node.items()
        names.append(name)
    return tuple(names)


def _header(tokens: list[str], line: int, layout: Layout) -> KeyPath:
    """The table of a header's tokens (``[`` key ``]`` or ``[[`` key ``]]``); it and each table it lies in are
    given the header's line unless they have one."""
    text = "".join(tokens)
    table = _path(text[2:-2] if text.startswith("[[") else text[1:-1])
    for end in range(1, len(table) + 1):
        layout.headers.setdefault(table[:end], line)
    return table


def scan_layout(text: str) -> Layout:
    """Lines of headers, keys and array strings of a document that ``tomllib`` has already accepted."""
    return _simple_layout(text) or _scanned_layout(text)


def _simple_layout(text: str) -> Layout | None:
    """``scan_layout`` of a document of ``key = value`` lines and blank lines alone (bare keys, each value on its
    key's line, arrays of strings, numbers and words: most PHH files), a line at a time; None for any other."""
    layout = Layout()
    for number, line in enumerate(text.split("\n"), start=1):
        found = _SIMPLE_LINE.fullmatch(line)
        if found is None:
            if line.strip(" \t\r"):
                return None
            continue
        key = (found[1],)
        layout.keys[()].setdefault(key, number)
        strings = _STRING.findall(found[2]) if found[2] else ()
        if strings:
            layout.strings[()][key].extend([number] * len(strings))
    return layout


def _scanned_layout(text: str) -> Layout:
    """``scan_layout`` of any document, token by token."""
    layout = Layout()
    line, depth = 1, 0
    section: tuple[str, ...] = ()
    key: tuple[str, ...] = ()
    line_start, header, key_parts, strings = True, None, None, None
    for token in filter(None, _LAYOUT_TOKEN.findall(text)):
        if token == "\n":
            if header is not None:
                section, header, strings = _header(header, line, layout), None, None
            line, line_start = line + 1, depth == 0
            continue
        if header is not None:
            header.append(token)
        elif key_parts is not None:
            if token == "=":
                key, key_parts, strings = _path("".join(key_parts)), None, None
                layout.keys[section].setdefault(key, line)
            else:
                key_parts.append(token)
        elif line_start and depth == 0:
            header, key_parts = ([token], None) if token == "[" else (None, [token])
        elif token in ("[", "{"):
            depth += 1
        elif token in ("]", "}"):
            depth -= 1
        elif token[0] in "\"'" and depth > 0:
            if strings is None:
                strings = layout.strings[section][key]
            strings.append(line)
        line += token.count("\n")
        line_start = False
    if header is not None:
        _header(header, line, layout)
    return layout


def _actions(fields: dict[str, Any], lines: list[int], fallback: int) -> tuple[Action, ...]:
    """The hand's actions with their lines (all on the ``actions =`` line when the strings cannot be matched); an
    empty string, or commentary alone, is no action."""
    raw = fields.get("actions")
    if not isinstance(raw, list) or not _STRINGS.issuperset(map(type, raw)):  # as TOML parsers give them
        raise PhhError(fallback, "field actions: expected an array of strings")
    if len(lines) != len(raw):
        lines = [fallback] * len(raw)
    actions = []
    for text, line in zip(raw, lines):
        words = (text.split("#", 1)[0] if "#" in text else text).split()
        if len(words) > 1:
            actions.append(Action(line, text, words[0], words[1], tuple(words[2:])))
        elif words:
            raise PhhError(line, f"unrecognised PHH action {text!r}")
    return tuple(actions)


def _hand(key: str | None, fields: dict[str, Any], layout: Layout) -> HandSource | PhhError:
    section = () if key is None else (key,)
    header_line = layout.headers.get(section, 1)
    field_lines: dict[str, int] = {}
    for path, line in layout.keys.get(section, {}).items():  # a dotted key a.b = ... is a line of field a
        field_lines.setdefault(path[0], line)
    try:
        actions = _actions(fields, layout.strings[section][("actions",)], field_lines.get("actions", header_line))
    except PhhError as exc:
        return exc
    return HandSource(key, fields, header_line, field_lines, actions)


_PLAIN = frozenset((str, int, bool))  # types of the values that rtoml and tomllib give alike


def _plain(value: Any) -> bool:
    """``value`` (a document nested at most ``MAX_NESTING`` deep) holds only strings, integers, booleans, arrays and
    tables: no float (tomllib gives it as an exact ``Decimal``) and no date or time."""
    items = value.values() if type(value) is dict else value if type(value) is list else None
    if items is None:
        return type(value) in _PLAIN
    types = set(map(type, items))
    return types <= _PLAIN or (types <= _PLAIN | {dict, list} and all(map(_plain, items)))


def _parse_toml(text: str) -> dict[str, Any]:
    """The TOML document, read by the compiled ``rtoml`` where it gives what ``tomllib`` gives; else by ``tomllib``
    (which raises its own error, with its line): for a document that rtoml refuses, that holds a float, a date or a
    time, or that could use what rtoml accepts beyond TOML 1.0 (inline tables over several lines or with a trailing
    comma, the escapes ``\\e`` and ``\\x``: any ``{`` or backslash; times without seconds are times)."""
    document = None
    if "{" not in text and "\\" not in text:
        try:
            document = rtoml.loads(text)
        except (rtoml.TomlParsingError, ValueError):
            pass
    if document is None or not _plain(document):
        document = tomllib.loads(text, parse_float=Decimal)
    return document


def load_hands(text: str, several: bool) -> list[HandSource | PhhError]:
    """The hands of a ``.phh`` (``several`` false) or ``.phhs`` file; a TOML error, or arrays and tables nested too
    deep for ``tomllib`` (which recurses), is the file's only item."""
    deep = too_deep_at(_TOKEN.finditer(text)) if could_nest_too_deep(text) else None
    if deep is not None:
        return [PhhError(text.count("\n", 0, deep) + 1, f"not valid PHH: {TOO_DEEP}")]
    try:
        document = _parse_toml(text)
    except ValueError as exc:  # TOMLDecodeError, or an integer of more digits than Python converts (4300)
        found = _TOML_LINE.search(str(exc))
        return [PhhError(int(found.group(1)) if found else 1, f"not valid TOML: {exc}")]
    layout = scan_layout(text)
    if not several:
        return [_hand(None, document, layout) if document else PhhError(1, "the PHH file holds no hand (it is empty)")]
    hands: list[HandSource | PhhError] = []
    for key, value in document.items():
        if isinstance(value, dict):
            hands.append(_hand(key, value, layout))
        else:
            hands.append(PhhError(layout.keys[()].get((key,), 1), f"{key!r} is not a hand: a .phhs file holds tables"))
    return hands
