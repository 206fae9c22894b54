"""The ``auditor`` command-line application object; commands live in sibling modules."""

import typer

app = typer.Typer(
    name="auditor",
    help=(
        "Regulation compliance auditor for Macau casino table games: replays hand-history logs against "
        "the regulations (baccarat: Despacho n.º 55/2004; Texas Hold'em: despacho of 18 January 2008; "
        "five-card stud: Portaria n.º 104/85/M) and writes cited findings and PDF reports."
    ),
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)
