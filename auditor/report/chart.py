"""The summary's bar chart as inline SVG, drawn by code: per rule, the share of units evaluated, and its findings.

Pure string building with fixed rounding, so the same rules give the same bytes."""

from __future__ import annotations

from collections.abc import Sequence

from markupsafe import Markup, escape

from auditor.model.result import RuleSummary

ROW = 14  # px per rule
TOP = 34  # px above the first rule: legend and panel titles
LABEL = 92  # px for the rule id
BAR = 230  # px per panel
GAP = 24  # px between the panels
TAIL = 84  # px after the findings panel, for its counts
FONT = 'font-family="DejaVu Sans" font-size="8"'
COLORS = {
    "evaluated": "#4a7f5a",
    "not evaluated": "#c8c8c8",
    "violations": "#b3261e",
    "warnings": "#e3a21a",
}


def _px(value: float) -> str:
    return f"{value:.2f}"


def _rect(x: float, y: float, width: float, color: str) -> str:
    return f'<rect x="{_px(x)}" y="{_px(y)}" width="{_px(width)}" height="{ROW - 4}" fill="{color}"/>'


def _text(x: float, y: float, text: str, anchor: str = "start") -> str:
    return f'<text x="{_px(x)}" y="{_px(y)}" text-anchor="{anchor}" {FONT}>{escape(text)}</text>'


def _legend() -> list[str]:
    parts = []
    for i, (name, color) in enumerate(COLORS.items()):
        x = LABEL + i * 110
        parts += [_rect(x, 0, ROW - 4, color), _text(x + ROW, ROW - 5, name)]
    findings_x = LABEL + BAR + GAP
    parts += [_text(LABEL, TOP - 6, "units evaluated (share)"), _text(findings_x, TOP - 6, "findings (count)")]
    return parts


def rules_chart(rules: Sequence[RuleSummary]) -> Markup:
    """One row per rule: evaluated vs. not evaluated units (100% bar) and violations + warnings (to scale)."""
    width = LABEL + 2 * BAR + GAP + TAIL
    height = TOP + ROW * len(rules)
    most = max((r.violations + r.warnings for r in rules), default=0) or 1
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}">',
        *_legend(),
    ]
    for i, rule in enumerate(rules):
        y = TOP + i * ROW
        parts.append(_text(LABEL - 6, y + ROW - 5, rule.id, anchor="end"))
        units = rule.evaluated + rule.not_evaluated
        if units:
            done = BAR * rule.evaluated / units
            parts += [
                _rect(LABEL, y, done, COLORS["evaluated"]),
                _rect(LABEL + done, y, BAR - done, COLORS["not evaluated"]),
            ]
        else:
            parts.append(_text(LABEL, y + ROW - 5, "no units"))
        x = LABEL + BAR + GAP
        violations = BAR * rule.violations / most
        warnings = BAR * rule.warnings / most
        parts += [
            _rect(x, y, violations, COLORS["violations"]),
            _rect(x + violations, y, warnings, COLORS["warnings"]),
            _text(x + violations + warnings + 4, y + ROW - 5, f"{rule.violations:,} / {rule.warnings:,}"),
        ]
    parts.append("</svg>")
    return Markup("\n".join(parts))
