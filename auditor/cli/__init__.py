"""Command-line interface: ``auditor audit | rules | simulate | keygen | sign | verify``."""

from auditor.cli import audit, rules, signing, simulate, simulate_holdem  # noqa: F401  (register the commands)
from auditor.cli.app import app

__all__ = ["app"]
