"""The project stands alone: package code, docs, rulesets, templates and ``--help`` cite only what is in the
repository (the readings are in docs/readings.md, the texts in rulesets/*.toml), never the research notes or a path
outside it."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import typer
from typer.testing import CliRunner

from auditor.cli import app
from auditor.engine.ruleset import RULESET_DIR, load_rulesets

ROOT = Path(__file__).resolve().parents[1]
OUTSIDE = re.compile(
    r"DECISIONS\.md|REGULATIONS\.md|STYLE\.md|NOTES\.md|BACCARAT_PT_EXCERPTS|\.\./shared|/work/"
    r"|(?<![\w/.])seeds/|seed 00\d",
    re.IGNORECASE,
)
MD_LINK = re.compile(r"\]\(([^)#\s]+)")


def user_facing_files() -> list[Path]:
    """What ships with the project and what its users read: the package, the rulesets, the docs."""
    package = [p for p in (ROOT / "auditor").rglob("*") if p.is_file() and p.suffix in (
        ".py", ".j2", ".sql", ".css", ".json", ".csv", ".toml", ".md")]
    docs = [*(ROOT / "docs").rglob("*.md"), *ROOT.glob("*.md"), *(ROOT / "sample_logs").glob("*.md"),
            *(ROOT / "reports").glob("*.md"), ROOT / "pyproject.toml"]
    return sorted({*package, *docs, *RULESET_DIR.glob("*.toml")})


def help_texts() -> dict[str, str]:
    """The ``--help`` text of every command and group, by command path."""
    texts: dict[str, str] = {}

    def walk(command: object, path: list[str]) -> None:
        result = CliRunner().invoke(app, [*path, "--help"], env={"COLUMNS": "200"})
        assert result.exit_code == 0, result.output
        texts[" ".join(["auditor", *path])] = result.output
        for name, sub in getattr(command, "commands", {}).items():
            walk(sub, [*path, name])

    walk(typer.main.get_command(app), [])
    return texts


def test_the_scan_sees_the_files_and_commands_it_guards():
    files = {p.relative_to(ROOT).as_posix() for p in user_facing_files()}
    assert {"auditor/engine/ruleset.py", "rulesets/baccarat.toml", "docs/readings.md", "README.md",
            "auditor/report/templates/findings.html.j2"} <= files
    assert {"auditor audit", "auditor rules"} <= set(help_texts())
    assert OUTSIDE.search("see ../shared/regulations/DECISIONS.md") and OUTSIDE.search("seeds/002_x.txt")


@pytest.mark.parametrize("path", user_facing_files(), ids=lambda p: p.relative_to(ROOT).as_posix())
def test_no_file_cites_outside_the_project(path: Path):
    lines = path.read_text(encoding="utf-8").splitlines()
    cited = [f"{i}: {line.strip()}" for i, line in enumerate(lines, 1) if OUTSIDE.search(line)]
    assert cited == [], f"{path.relative_to(ROOT)} cites what is not in the project"


@pytest.mark.parametrize("path", sorted([*(ROOT / "docs").rglob("*.md"), *ROOT.glob("*.md")]),
                         ids=lambda p: p.relative_to(ROOT).as_posix())
def test_doc_links_stay_in_the_repository(path: Path):
    for target in MD_LINK.findall(path.read_text(encoding="utf-8")):
        if re.match(r"[a-z]+:", target):
            continue  # a web address
        resolved = (path.parent / target).resolve()
        assert resolved.is_relative_to(ROOT), f"{path.name} links outside the repository: {target}"
        assert resolved.exists(), f"{path.name} links to a file the repository lacks: {target}"


def test_no_help_text_cites_outside_the_project():
    cited = {path: text for path, text in help_texts().items() if OUTSIDE.search(text)}
    assert cited == {}


def test_readings_cited_by_the_rulesets_are_written_in_the_project():
    """Every parameter is explained in docs/readings.md, and every section a `decision` names exists there."""
    readings = (ROOT / "docs" / "readings.md").read_text(encoding="utf-8")
    games = {"baccarat": "Baccarat", "holdem": "Texas Hold'em", "stud": "Five-card stud"}
    sections: dict[str, list[str]] = {}
    game = ""
    for line in readings.splitlines():
        if line.startswith("## "):
            game = line[3:].split(" (")[0]
        elif line.startswith("### "):
            sections.setdefault(game, []).append(line[4:])
    for name, ruleset in load_rulesets().items():
        for parameter in ruleset.parameters.values():
            assert f"`{parameter.name}`" in readings, f"{name}.{parameter.name} is not in docs/readings.md"
            for cited in re.findall(r"docs/readings\.md, ([^;]+)", parameter.decision):
                where, _, heading = cited.partition(": ")
                assert where in (games[name], "Every game"), f"{name}.{parameter.name}: {cited}"
                assert any(heading.startswith(h) for h in sections.get(where, [])), \
                    f"{name}.{parameter.name} cites a section docs/readings.md lacks: {cited}"
