"""Helpers shared by the commands: loading rulesets with clear errors."""

from __future__ import annotations

import typer

from auditor.engine.ruleset import Ruleset, RulesetError, load_rulesets
from auditor.model.outcome import ExitCode


def load_rulesets_or_exit(profile: str = "macau", params: list[str] | None = None) -> dict[str, Ruleset]:
    overrides: dict[str, str] = {}
    for item in params or []:
        key, sep, value = item.partition("=")
        if not sep:
            typer.echo(f"error: --param {item}: write <game>.<name>=<value>", err=True)
            raise typer.Exit(ExitCode.INPUT_ERROR)
        overrides[key.strip()] = value.strip()
    try:
        return load_rulesets(profile=profile, overrides=overrides)
    except RulesetError as exc:
        typer.echo(f"error: ruleset: {exc}", err=True)
        raise typer.Exit(ExitCode.INPUT_ERROR) from exc


def params_set(rulesets: dict[str, Ruleset], params: list[str]) -> dict[str, str]:
    """Each ``--param <game>.<name>`` (as ``load_rulesets_or_exit`` took it) with the value it set, written as the
    option takes it again: what the manifest records, and ``reproduce`` passes back."""
    recorded: dict[str, str] = {}
    for item in params:
        key = item.partition("=")[0].strip()
        game, _, name = key.partition(".")
        value = rulesets[game].param(name)
        recorded[key] = str(value).lower() if isinstance(value, bool) else str(value)
    return recorded
