"""``auditor rules``: the registry of rules with their citations, read from the rulesets."""

from __future__ import annotations

import json

import typer

from auditor.cli.app import app
from auditor.cli.common import load_rulesets_or_exit
from auditor.engine.registry import checkers
from auditor.engine.suggest import did_you_mean
from auditor.games.catalog import GAMES, NAMES
from auditor.model.finding import rule_order


def _game(value: str | None) -> str | None:
    """A known game, or a usage error naming the closest one."""
    if value is not None and value not in NAMES:
        raise typer.BadParameter(f"no game '{value}'{did_you_mean(value, NAMES)}; the games: {', '.join(NAMES)}")
    return value


@app.command(help=f"""List every rule id with its article citation, whether it is enforced and whether a checker
    implements it.

    Rule ids are <game>-<article>.<n> ({', '.join(f'{g.prefix}-…' for g in GAMES)}); the texts, parameters and
    citations come from rulesets/*.toml.""")
def rules(
    game: str | None = typer.Option(None, "--game", "-g", callback=_game, metavar="|".join(NAMES),
                                    help="Only this game's rules."),
    as_json: bool = typer.Option(False, "--json", help="Print JSON instead of a table."),
) -> None:
    """``auditor rules`` (its help: above)."""
    rulesets = load_rulesets_or_exit()
    rows = []
    for name, ruleset in sorted(rulesets.items()):
        if game and name != game:
            continue
        implemented = {c.id for c in checkers(name)}
        for spec in sorted(ruleset.rules.values(), key=lambda r: rule_order(r.id)):
            status = "checked" if spec.enforced and spec.id in implemented else (
                "NO CHECKER" if spec.enforced else "not enforced")
            rows.append({"rule": spec.id, "status": status, "severity": spec.severity, "unit": spec.unit,
                         "citation": spec.citation, "text": spec.text, "note": spec.note})
    if as_json:
        typer.echo(json.dumps(rows, ensure_ascii=False, indent=2))
        return
    for row in rows:
        typer.echo(f"{row['rule']:<10} {row['status']:<13} {row['severity']:<9} {row['citation']}")
        typer.echo(f"{'':<10} {row['text']}")
