"""The verdict of an audit: what it found, and whether it looked at everything it was given.

An audit that did not is *incomplete*, whatever it found: no rule evaluated a single coup, hand or bet (a table's
declaration or a shoe checked alone is no audit of play), an input file gave no accepted record (an empty file
included), a game in the logs has no ruleset or enforced rules without a checker, a game that has checkers had none
of its coups, hands or bets evaluated, more records were quarantined than the operator allows, or a table the
operator expected (``--expected-tables``) sent no log.
Precedence: input error (``--strict`` and a quarantined record) > incomplete > violations found > no violation
found. The findings are reported in full whatever the verdict."""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import TYPE_CHECKING

from auditor.games.catalog import GAMES
from auditor.model.outcome import ExitCode

if TYPE_CHECKING:
    from auditor.model.result import AuditResult, RuleSummary

NO_CHECKER = "no checker for this rule in this version of the auditor"
STATUS_WORDS = {
    ExitCode.OK: "no violation found",
    ExitCode.VIOLATIONS: "violations found",
    ExitCode.INPUT_ERROR: "input errors",
    ExitCode.INCOMPLETE: "incomplete",
}
# The kinds of reason, stable names a job can test for; the message says which file, game or count.
NO_RULE_EVALUATED = "no_rule_evaluated"
FILE_WITHOUT_ACCEPTED_RECORD = "file_without_accepted_record"
GAME_WITHOUT_RULESET = "game_without_ruleset"
GAME_WITHOUT_CHECKERS = "game_without_checkers"
GAME_NOT_EVALUATED = "game_not_evaluated"
QUARANTINED_ABOVE_THRESHOLD = "quarantined_above_threshold"
EXPECTED_TABLE_WITHOUT_LOG = "expected_table_without_log"
PLAY_UNITS = frozenset({*(game.unit for game in GAMES), "bet"})  # what was played, unlike a table or a shoe


@dataclass(frozen=True)
class Reason:
    """One reason the audit is incomplete (or, under ``--strict``, an input error)."""

    kind: str
    message: str


@dataclass(frozen=True)
class Verdict:
    status: str  # STATUS_WORDS of the exit code
    exit_code: ExitCode
    reasons: tuple[Reason, ...]

    def as_dict(self) -> dict:
        return {"status": self.status, "exit_code": int(self.exit_code), "reasons": [asdict(r) for r in self.reasons]}


def plural(count: int, noun: str) -> str:
    """``1 record``, ``2 records``."""
    return f"{count:,} {noun}{'' if count == 1 else 's'}"


def _file_reasons(result: AuditResult) -> list[Reason]:
    reasons = []
    for item in sorted(result.inputs, key=lambda i: i.path):
        if item.records == item.quarantined:
            why = f"{plural(item.records, 'record')} read, all quarantined" if item.records else "no record in the file"
            reasons.append(Reason(FILE_WITHOUT_ACCEPTED_RECORD, f"{item.path}: no accepted record ({why})"))
    return reasons


def _game_reasons(result: AuditResult, anything_evaluated: bool) -> list[Reason]:
    reasons = []
    for game in sorted(result.games):
        rules = [r for r in result.rules if r.game == game and r.enforced]
        unchecked = [r for r in rules if NO_CHECKER in r.not_evaluated_reasons]
        if not rules:
            reasons.append(Reason(GAME_WITHOUT_RULESET, f"{game}: no ruleset enforces a rule of this game; none of "
                                                        "its records was checked"))
        elif unchecked:
            reasons.append(Reason(GAME_WITHOUT_CHECKERS, f"{game}: {len(unchecked)} of its {len(rules)} enforced "
                                                         "rules have no checker in this version of the auditor"))
        elif anything_evaluated and not played(rules):
            reasons.append(Reason(GAME_NOT_EVALUATED, f"{game}: no rule evaluated any of its coups, hands or bets"))
    return reasons


def played(rules: list[RuleSummary]) -> bool:
    """Some rule of ``rules`` evaluated a coup, hand or bet."""
    return any(r.evaluated for r in rules if r.unit in PLAY_UNITS)


def _quarantine_reason(result: AuditResult) -> list[Reason]:
    quarantined = len(result.quarantine)
    allowed = 0 if result.strict else result.max_quarantined
    if quarantined <= allowed:
        return []
    limit = "--strict allows none" if result.strict else f"--max-quarantined allows {allowed:,}"
    return [Reason(QUARANTINED_ABOVE_THRESHOLD, f"{plural(quarantined, 'record')} quarantined; {limit}")]


def _missing_table_reason(result: AuditResult) -> list[Reason]:
    missing = result.missing_tables
    if not missing:
        return []
    return [Reason(EXPECTED_TABLE_WITHOUT_LOG, f"{plural(len(missing), 'table')} expected sent no log: "
                                               f"{', '.join(missing)}")]


def judge(result: AuditResult) -> Verdict:
    """The verdict of ``result``, a pure function of it."""
    anything_evaluated = played(result.rules)
    reasons = [] if anything_evaluated else [
        Reason(NO_RULE_EVALUATED, "no rule evaluated a single coup, hand or bet of the logs")]
    reasons += _file_reasons(result) + _game_reasons(result, anything_evaluated) + _quarantine_reason(result)
    reasons += _missing_table_reason(result)
    if result.strict and result.quarantine:
        code = ExitCode.INPUT_ERROR
    elif reasons:
        code = ExitCode.INCOMPLETE
    elif result.violations:
        code = ExitCode.VIOLATIONS
    else:
        code = ExitCode.OK
    return Verdict(STATUS_WORDS[code], code, tuple(reasons))
