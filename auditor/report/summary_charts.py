"""The summary's two charts as inline SVG: findings per rule, and findings per hour of the day.

Drawn by code with fixed rounding (chart.py), so the same counts give the same bytes."""

from __future__ import annotations

from markupsafe import Markup

from auditor.report.chart import COLORS, ROW, _px, _rect, _text

LABEL = 70  # px for the rule id
BAR = 380  # px of the longest bar
TAIL = 150  # px after the bar, for its counts
HOUR_WIDTH = 24  # px per hour
HOUR_HEIGHT = 80  # px of the tallest hour
HOUR_TOP = 14  # px above the tallest hour, for its count


def _svg(width: float, height: float, parts: list[str]) -> Markup:
    head = f'<svg xmlns="http://www.w3.org/2000/svg" width="{_px(width)}" height="{_px(height)}" ' \
           f'viewBox="0 0 {_px(width)} {_px(height)}">'
    return Markup("\n".join([head, *parts, "</svg>"]))


def rule_findings_chart(rows: list[tuple[str, int, int, int]]) -> Markup:
    """One bar per rule ``(id, violations, warnings, incidents)``, to scale, with its counts."""
    most = max((v + w for _, v, w, _ in rows), default=0) or 1
    parts = []
    for i, (rule, violations, warnings, incidents) in enumerate(rows):
        y = i * ROW
        v, w = BAR * violations / most, BAR * warnings / most
        total = violations + warnings
        counts = f"{total:,} finding{'s' if total != 1 else ''}"
        if incidents != total:
            counts += f", {incidents:,} incident{'s' if incidents != 1 else ''}"
        parts += [_text(LABEL - 6, y + ROW - 5, rule, anchor="end"), _rect(LABEL, y, v, COLORS["violations"]),
                  _rect(LABEL + v, y, w, COLORS["warnings"]), _text(LABEL + v + w + 4, y + ROW - 5, counts)]
    return _svg(LABEL + BAR + TAIL, ROW * max(len(rows), 1), parts)


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
                      f'fill="{COLORS["violations"]}"/>',
                      _text(x + HOUR_WIDTH / 2, top - 3, f"{count:,}", anchor="middle")]
        parts.append(_text(x + HOUR_WIDTH / 2, HOUR_TOP + HOUR_HEIGHT + 11, hour, anchor="middle"))
    return _svg(HOUR_WIDTH * len(hours), HOUR_TOP + HOUR_HEIGHT + 14, parts)
