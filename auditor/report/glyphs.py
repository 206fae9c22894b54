"""The report's fonts, and log text made safe to draw with them.

Text from a log is untrusted: every character it has that the named fonts cannot draw, and every control, format
(bidi override), private-use, unassigned or line-separator character, is shown as ``[U+XXXX]``. So a hostile log can
neither hide text nor make the report fail on a missing glyph; regulation text is never altered (a missing glyph
there fails the render)."""

from __future__ import annotations

import subprocess
import unicodedata
from functools import cache

from fontTools.ttLib import TTFont

from auditor.report.errors import MissingFontError

# Named in report.css, in this order of preference; Debian package: fonts-dejavu-core, fonts-noto-cjk.
FONT_FAMILIES = ("DejaVu Sans", "Noto Sans CJK TC", "Noto Sans CJK SC")
SHOWN_AS_CODE = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})
MAX_CHARS = 300  # of one log field in the PDF; the whole value is in findings.json


def font_file(family: str) -> tuple[str, int]:
    """Path and collection index of the font fontconfig uses for ``family``; it must be that very family."""
    try:
        out = subprocess.run(
            ["fc-match", "--format=%{file}\n%{index}\n%{family}", family],
            capture_output=True, text=True, check=True,
        ).stdout
    except (OSError, subprocess.CalledProcessError) as exc:
        raise MissingFontError(f"cannot run fc-match (Debian package fontconfig): {exc}") from exc
    path, index, families = out.split("\n", 2)
    if family not in families.split(","):
        raise MissingFontError(f"font {family!r} is not installed (fontconfig offers {families!r} instead)")
    return path, int(index)


@cache
def covered_codepoints() -> frozenset[int]:
    """Every code point one of :data:`FONT_FAMILIES` has a glyph for."""
    covered: set[int] = set()
    for family in FONT_FAMILIES:
        path, index = font_file(family)
        covered.update(TTFont(path, fontNumber=index, lazy=True).getBestCmap())
    return frozenset(covered)


def plain(text: str) -> str:
    """``text`` with every character the fonts cannot draw as plain text replaced by ``[U+XXXX]``."""
    covered = covered_codepoints()
    return "".join(
        ch if ord(ch) in covered and unicodedata.category(ch) not in SHOWN_AS_CODE else f"[U+{ord(ch):04X}]"
        for ch in text
    )


def clip(value: object, limit: int = MAX_CHARS) -> str:
    """A log field as drawn in the PDF: :func:`plain`, cut after ``limit`` characters with a note; None is "—"."""
    if value is None:
        return "—"
    text = str(value)
    if len(text) <= limit:
        return plain(text)
    more = len(text) - limit
    return f"{plain(text[:limit])} … [{more:,} more character{'s' if more > 1 else ''}]"
