"""The PHH notation (spec: uoftcprg/phh-std): TOML hands, where each field and action string sits in the file, and the
action grammar.

A ``.phh`` file is one hand; a ``.phhs`` file holds several, as TOML tables ``[1]``, ``[2]``, ... . TOML itself is
parsed by ``tomllib`` (floats as exact ``Decimal``); a small tokenizer then finds the 1-based line of every top-level
key and of every string of an array, so that each event can name the line it comes from."""

from __future__ import annotations

import re
import tomllib
from collections import defaultdict
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

_TOKEN = re.compile(
    r'"""[\s\S]*?"""|\'\'\'[\s\S]*?\'\'\'|"(?:[^"\\\n]|\\.)*"|\'[^\'\n]*\'|#[^\n]*|\n|[\[\]{}=,]|[^\s"\'#\[\]{}=,]+'
    r"|[ \t\r]+"
)
_TOML_LINE = re.compile(r"at line (\d+)")


class PhhError(Exception):
    """A PHH hand (or file) that cannot be mapped faithfully: the reason and the 1-based line it concerns."""

    def __init__(self, line: int, reason: str) -> None:
        super().__init__(reason)
        self.line = line
        self.reason = reason


@dataclass
class Layout:
    """Where things are in the file: per TOML table (``""`` = the top level), the line of its header, of each key,
    and of each string inside each key's array, in order."""

    headers: dict[str, int] = field(default_factory=dict)
    keys: dict[str, dict[str, int]] = field(default_factory=lambda: defaultdict(dict))
    strings: dict[str, dict[str, list[int]]] = field(default_factory=lambda: defaultdict(lambda: defaultdict(list)))


@dataclass(frozen=True)
class Action:
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


def _name(text: str) -> str:
    """A TOML key or header as written (``"1"``, ``'1'`` or ``1``) reduced to its name."""
    return text.strip().strip("[]").strip().strip("\"'")


def scan_layout(text: str) -> Layout:
    """Lines of headers, keys and array strings of a document that ``tomllib`` has already accepted."""
    layout = Layout()
    line, depth, section, key = 1, 0, "", ""
    line_start, header, key_parts = True, None, None
    for match in _TOKEN.finditer(text):
        token = match.group()
        if token == "\n" or token.startswith("#") or token.isspace():
            if token == "\n":
                if header is not None:
                    section = _name("".join(header))
                    layout.headers.setdefault(section, line)
                    header = None
                line, line_start = line + 1, depth == 0
            continue
        if header is not None:
            header.append(token)
        elif key_parts is not None:
            if token == "=":
                key = _name("".join(key_parts))
                layout.keys[section].setdefault(key, line)
                key_parts = None
            else:
                key_parts.append(token)
        elif line_start and depth == 0:
            header, key_parts = ([token], None) if token == "[" else (None, [token])
        elif token in ("[", "{"):
            depth += 1
        elif token in ("]", "}"):
            depth -= 1
        elif token[0] in "\"'" and depth > 0:
            layout.strings[section][key].append(line)
        line += token.count("\n")
        line_start = False
    if header is not None:
        layout.headers.setdefault(_name("".join(header)), line)
    return layout


def parse_action(text: str, line: int) -> Action | None:
    """One action string; ``None`` for a no-op (empty or commentary only)."""
    words = text.split("#", 1)[0].split()
    if not words:
        return None
    if len(words) < 2:
        raise PhhError(line, f"unrecognised PHH action {text!r}")
    return Action(line, text, words[0], words[1], tuple(words[2:]))


def _actions(fields: dict[str, Any], lines: list[int], fallback: int) -> tuple[Action, ...]:
    """The hand's actions with their lines (all on the ``actions =`` line when the strings cannot be matched)."""
    raw = fields.get("actions")
    if not isinstance(raw, list) or not all(isinstance(a, str) for a in raw):
        raise PhhError(fallback, "field actions: expected an array of strings")
    if len(lines) != len(raw):
        lines = [fallback] * len(raw)
    parsed = (parse_action(text, number) for text, number in zip(raw, lines))
    return tuple(a for a in parsed if a is not None)


def _hand(key: str | None, fields: dict[str, Any], layout: Layout) -> HandSource | PhhError:
    section = key or ""
    header_line = layout.headers.get(section, 1)
    field_lines = dict(layout.keys.get(section, {}))
    try:
        actions = _actions(fields, layout.strings[section]["actions"], field_lines.get("actions", header_line))
    except PhhError as exc:
        return exc
    return HandSource(key, fields, header_line, field_lines, actions)


def load_hands(text: str, several: bool) -> list[HandSource | PhhError]:
    """The hands of a ``.phh`` (``several`` false) or ``.phhs`` file; a TOML error is the file's only item."""
    try:
        document = tomllib.loads(text, parse_float=Decimal)
    except ValueError as exc:  # TOMLDecodeError, or an integer of more digits than Python converts (4300)
        found = _TOML_LINE.search(str(exc))
        return [PhhError(int(found.group(1)) if found else 1, f"not valid TOML: {exc}")]
    layout = scan_layout(text)
    if not several:
        return [_hand(None, document, layout)]
    hands: list[HandSource | PhhError] = []
    for key, value in document.items():
        if isinstance(value, dict):
            hands.append(_hand(key, value, layout))
        else:
            hands.append(PhhError(layout.keys[""].get(key, 1), f"{key!r} is not a hand: a .phhs file holds tables"))
    return hands
