"""The command line loads what a command needs when it runs: ``auditor audit --no-pdf`` of a baccarat day never
imports the signing stack, the PDF renderer, the simulators, the nightly machinery, the PHH reader or the hold'em
evaluator (together a second or more of start-up each time the command runs)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

# Modules (and packages) that only other commands, the PDF, or another game's checks need.
NOT_FOR_A_BACCARAT_AUDIT = ("pyhanko", "asn1crypto", "weasyprint", "auditor.sim", "auditor.games.holdem.evaluate",
                            "auditor.report.render", "auditor.report.sign", "auditor.report.keys",
                            "auditor.nightly.run", "auditor.nightly.executors", "auditor.ingest.phh")


def _loaded(code: str) -> set[str]:
    """The modules loaded by a fresh interpreter after running ``code``."""
    script = f"import json, sys\n{code}\nprint(json.dumps(sorted(sys.modules)))"
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True).stdout
    return set(json.loads(out.splitlines()[-1]))


def _heavy(loaded: set[str]) -> list[str]:
    return sorted(m for m in loaded if any(m == p or m.startswith(p + ".") for p in NOT_FOR_A_BACCARAT_AUDIT))


def test_the_command_line_registers_its_commands_without_their_heavy_modules() -> None:
    assert _heavy(_loaded("import auditor.cli")) == []


def test_an_audit_without_pdf_of_baccarat_loads_no_heavy_module(tmp_path: Path) -> None:
    baccarat = Path(__file__).resolve().parents[1] / "sample_logs" / "B01.jsonl"
    code = (f"from typer.testing import CliRunner\nfrom auditor.cli import app\n"
            f"r = CliRunner().invoke(app, ['audit', {str(baccarat)!r}, '--no-pdf', '--out', "
            f"{str(tmp_path / 'out')!r}, '--quiet'])\nassert r.exit_code in (0, 1, 4), r.output")
    assert _heavy(_loaded(code)) == []


def test_a_report_without_a_key_loads_no_signing_stack(tmp_path: Path) -> None:
    """Rendering the PDF of an audit (or of a nightly day) that is not signed needs WeasyPrint, never pyHanko:
    about half a CPU second of each night's report."""
    baccarat = Path(__file__).resolve().parents[1] / "sample_logs" / "B01.jsonl"
    code = (f"from typer.testing import CliRunner\nfrom auditor.cli import app\n"
            f"r = CliRunner().invoke(app, ['audit', {str(baccarat)!r}, '--out', {str(tmp_path / 'out')!r}, "
            f"'--quiet'])\nassert r.exit_code in (0, 1, 4), r.output")
    loaded = _loaded(code)
    assert "auditor.report.render" in loaded
    assert [m for m in ("pyhanko", "auditor.report.sign", "auditor.report.keys") if m in loaded] == []
