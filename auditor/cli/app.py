"""The ``auditor`` command-line application object; commands live in sibling modules."""

import typer

from auditor import __version__

app = typer.Typer(
    name="auditor",
    help=(
        "Regulation compliance auditor for Macau casino table games: replays hand-history logs against "
        "the regulations (baccarat: Despacho n.º 55/2004; Texas Hold'em: despacho of 18 January 2008, number not "
        "known; five-card stud: Portaria n.º 104/85/M) and writes cited findings and PDF reports."
    ),
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)


def _print_version(value: bool) -> None:
    if value:
        typer.echo(f"auditor {__version__}")
        raise typer.Exit()


@app.callback()
def _options(
    version: bool = typer.Option(False, "--version", callback=_print_version, is_eager=True,
                                 help="Print the auditor's version and exit."),
) -> None:
    """Options that come before the command."""
