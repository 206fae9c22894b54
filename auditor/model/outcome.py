"""Exit codes: the outcomes an inspector must never confuse (a violation, an input error, an incomplete audit)."""

from enum import IntEnum


class ExitCode(IntEnum):
    """Documented exit codes of ``auditor audit`` (``auditor verify`` has its own: report/verify_outcome.py)."""

    OK = 0  # everything given was audited and no violation was found (warnings may exist)
    VIOLATIONS = 1  # everything given was audited and at least one violation was found
    INPUT_ERROR = 2  # a file could not be read, or --strict and a record was quarantined; verify: not verified
    INTERNAL_ERROR = 3  # the auditor itself failed (a bug): its outputs are incomplete and must not be used
    INCOMPLETE = 4  # the audit did not look at everything it was given (model.verdict); its findings still stand
    # Usage errors (bad options) exit with typer's code 2 as well, with a message on stderr.
