"""The commands' --help names every input type the ingest reads and every output the audit writes."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from auditor.cli import app
from auditor.ingest.readers import LOG_SUFFIXES
from auditor.report.outputs import OUTPUT_NAMES


def help_text(command: str) -> str:
    output = CliRunner().invoke(app, [command, "--help"], terminal_width=200).output
    return " ".join(output.replace("│", " ").split())


@pytest.mark.parametrize("command", ["audit", "validate"])
def test_help_lists_every_input_type(command):
    text = help_text(command)
    assert [s for s in LOG_SUFFIXES if s not in text] == []


def test_audit_help_lists_every_output():
    text = help_text("audit")
    assert [name for name in OUTPUT_NAMES if name not in text] == []
    assert "--junit" in text and "--format" in text
