"""The verdict of ``auditor verify``: its checks, one line for people, and the exit code.

Three outcomes, never confused: VERIFIED (exit 0: the report is unchanged since it was signed, the signer is
trusted, and every check run passed), SIGNER NOT TRUSTED (exit 1: unchanged since it was signed with the key of the
certificate it carries, and consistent, but who signed it is not proven: no ``--trust``, or the signer is not
trusted by it), NOT VERIFIED (exit 2: a check other than trust failed: the file was changed, damaged, is
inconsistent, or the logs differ)."""

from __future__ import annotations

from dataclasses import dataclass, field

VERIFIED, UNTRUSTED, NOT_VERIFIED = 0, 1, 2


@dataclass(frozen=True)
class Check:
    """One verification step: ``ok`` is True (passed), False (failed) or None (not checked)."""

    name: str
    ok: bool | None
    detail: str


@dataclass
class Verdict:
    """All checks run on one report; verified only if none failed and the signer is trusted."""

    path: str
    checks: list[Check] = field(default_factory=list)

    def _failed(self) -> list[str]:
        return [check.name for check in self.checks if check.ok is False and check.name != "trust"]

    @property
    def exit_code(self) -> int:
        trust = [check.ok for check in self.checks if check.name == "trust"]
        if not self.checks or self._failed() or not trust:
            return NOT_VERIFIED
        return VERIFIED if trust == [True] else UNTRUSTED

    @property
    def ok(self) -> bool:
        return self.exit_code == VERIFIED

    @property
    def headline(self) -> str:
        """One line for people: the verdict, what it proves, and what was not checked."""
        code = self.exit_code
        if code == NOT_VERIFIED:
            failed = self._failed() or ["trust"]
            return f"NOT VERIFIED: {self.path} (failed: {', '.join(failed)})"
        skipped = [check.name for check in self.checks if check.ok is None and check.name != "trust"]
        unchecked = f" ({', '.join(skipped)} not checked)" if skipped else ""
        if code == VERIFIED:
            return f"VERIFIED: {self.path}: unchanged since the trusted signer signed it{unchecked}"
        return (f"SIGNER NOT TRUSTED: {self.path} is unchanged since it was signed with the key of the certificate it "
                f"carries, but who signed it is not proven{unchecked}")
