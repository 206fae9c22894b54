"""Exit codes: the three outcomes an inspector must never confuse (STYLE.md, lesson 6)."""

from enum import IntEnum


class ExitCode(IntEnum):
    """Documented exit codes of ``auditor audit`` (and ``auditor verify``)."""

    OK = 0  # the logs were read and no violation was found (warnings may exist)
    VIOLATIONS = 1  # at least one violation was found
    INPUT_ERROR = 2  # a file could not be read, or --strict and a record was quarantined; verify: not verified
    INTERNAL_ERROR = 3  # the auditor itself failed (a bug): its outputs are incomplete and must not be used
    # Usage errors (bad options) exit with typer's code 2 as well, with a message on stderr.


def exit_code(*, violations: int, quarantined: int, strict: bool) -> ExitCode:
    """The outcome of an audit that ran (a path that cannot be read stops it earlier, with ``INPUT_ERROR``).
    Strict input errors win over violations: an audit of broken input is not a clean audit."""
    if strict and quarantined:
        return ExitCode.INPUT_ERROR
    if violations:
        return ExitCode.VIOLATIONS
    return ExitCode.OK
