"""The summary's two charts: findings per rule as bars in a table's rows, findings per hour of the day as inline
SVG. Drawn by code with fixed rounding, so the same counts give the same bytes."""

from __future__ import annotations

from dataclasses import dataclass

from markupsafe import Markup, escape

FONT = 'font-family="DejaVu Sans" font-size="8"'
RED = "#b3261e"  # violations, as in report.css

HOUR_WIDTH = 24  # px per hour
HOUR_HEIGHT = 80  # px of the tallest hour
HOUR_TOP = 14  # px above the tallest hour, for its count


def _px(value: float) -> str:
    return f"{value:.2f}"


def _text(x: float, y: float, text: str, anchor: str = "start") -> str:
    return f'<text x="{_px(x)}" y="{_px(y)}" text-anchor="{anchor}" {FONT}>{escape(text)}</text>'


def _svg(width: float, height: float, parts: list[str]) -> Markup:
    head = f'<svg xmlns="http://www.w3.org/2000/svg" width="{_px(width)}" height="{_px(height)}" ' \
           f'viewBox="0 0 {_px(width)} {_px(height)}">'
    return Markup("\n".join([head, *parts, "</svg>"]))


@dataclass(frozen=True)
class RuleBar:
    """A rule with findings, a row of the summary's findings per rule: its counts, and its violations and warnings
    as bar widths (CSS percentages) to one scale."""

    rule: str
    violations: int
    warnings: int
    incidents: int
    violations_width: str
    warnings_width: str


def rule_bars(rows: list[tuple[str, int, int, int]]) -> list[RuleBar]:
    """One row per rule ``(id, violations, warnings, incidents)``; the largest count at full width. Bars in a
    table's rows split across pages with it (a chart drawn as one image ran off its page past about 70 rules) and
    draw no text of their own (WeasyPrint lays an SVG text out letter by letter)."""
    most = max((max(v, w) for _, v, w, _ in rows), default=0) or 1
    return [RuleBar(rule, v, w, incidents, f"{100 * v / most:.1f}%", f"{100 * w / most:.1f}%")
            for rule, v, w, incidents in rows]


def hours_chart(hours: list[tuple[str, int]]) -> Markup:
    """One column per hour ``(HH, findings)``, its count above it when not zero, the hour below."""
    most = max((n for _, n in hours), default=0) or 1
    parts = []
    for i, (hour, count) in enumerate(hours):
        x = i * HOUR_WIDTH
        height = HOUR_HEIGHT * count / most
        top = HOUR_TOP + HOUR_HEIGHT - height
        if count:
            parts += [f'<rect x="{_px(x + 3)}" y="{_px(top)}" width="{_px(HOUR_WIDTH - 6)}" height="{_px(height)}" '
                      f'fill="{RED}"/>',
                      _text(x + HOUR_WIDTH / 2, top - 3, f"{count:,}", anchor="middle")]
        parts.append(_text(x + HOUR_WIDTH / 2, HOUR_TOP + HOUR_HEIGHT + 11, hour, anchor="middle"))
    return _svg(HOUR_WIDTH * len(hours), HOUR_TOP + HOUR_HEIGHT + 14, parts)
