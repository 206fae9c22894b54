"""The audit result: everything a report is rendered from, and nothing else.

The report is a pure function of this object. ``run`` holds what is about this particular run
(its times, host, the paths as given, the working folder); everything else is a function of the logs, the rulesets
and the options, byte for byte: the log files are named relative to the audited folder (``ingest/audit_names.py``)."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

from auditor.model.outcome import ExitCode
from auditor.model.verdict import Verdict, judge


@dataclass(frozen=True)
class InputFile:
    """One audited log file."""

    path: str
    format: str  # jsonl | csv | parquet | phh
    size: int
    sha256: str
    records: int  # records read, accepted and quarantined
    quarantined: int


@dataclass(frozen=True)
class QuarantinedRecord:
    """A record the ingester refused: the log itself is broken here."""

    file: str
    line: int | None
    reason: str
    raw: str | None = None


@dataclass(frozen=True)
class Reading:
    """A named ruleset parameter applied in this audit (docs/readings.md)."""

    name: str
    value: str
    description: str
    default: str | None = None  # the value without --param, when a --param changed it


@dataclass(frozen=True)
class AmendmentInfo:
    """An instrument that amended the regulation: its date ("" when not known) and what it changed."""

    instrument: str
    date: str
    articles: tuple[str, ...]
    summary: str


@dataclass(frozen=True)
class RulesetInfo:
    id: str
    game: str
    file: str
    sha256: str
    version: str
    title: str
    instrument: str
    bulletin: str
    amendments: tuple[AmendmentInfo, ...]
    readings: tuple[Reading, ...]
    profile: str
    signed: str = ""  # the instrument's date
    note: str = ""  # the ruleset's own note on its sources: what was not found, whether the text was re-issued


@dataclass(frozen=True)
class OriginalInfo:
    """An article's text in an original language, exactly as retrieved (``engine.ruleset.OriginalText``)."""

    lang: str  # pt | zh-Hant | zh-Hans
    status: str  # official | reference | unofficial
    wording: str
    text: str
    missing: str  # what of the article this text lacks, in words
    source: str


@dataclass(frozen=True)
class ArticleInfo:
    """An article of a regulation, with the texts the report quotes: the originals retrieved and the English."""

    game: str
    number: str
    title: str
    citation: str
    originals: tuple[OriginalInfo, ...]  # none: no original was retrieved
    english: str
    translation: str  # what the English was translated from
    note: str = ""


@dataclass(frozen=True)
class RuleSummary:
    """Per rule: what was evaluated, what was not and why, what was found."""

    id: str
    game: str
    article: str  # article number, key into ArticleInfo
    citation: str
    text: str
    severity: str
    enforced: bool
    unit: str  # coup | shoe | table | hand | bet
    evaluated: int
    not_evaluated: int
    not_evaluated_reasons: dict[str, int]
    violations: int
    warnings: int
    caused_by: tuple[str, ...] = ()  # articles of the same game whose finding in the same unit causes this rule's


@dataclass(frozen=True)
class Evidence:
    """Where and when a finding happened, from the logs: the time of its event (else of its coup or hand, shoe or
    table), the seat and player of its event, and the cards of its coup or hand in words ("" when none)."""

    time: str | None
    seat: int | None
    player: str | None
    cards: str


@dataclass
class AuditResult:
    auditor_version: str
    casino: str
    period_start: str | None
    period_end: str | None
    inputs: list[InputFile]
    rulesets: list[RulesetInfo]
    articles: list[ArticleInfo]
    rules: list[RuleSummary]
    findings: list[dict]  # finding dicts in FINDING_COLUMNS order, sorted (model.finding.sort_key)
    quarantine: list[QuarantinedRecord]
    strict: bool = False  # any quarantined record is an input error (exit 2)
    max_quarantined: int = 0  # quarantined records tolerated before the audit is incomplete
    games: list[str] = field(default_factory=list)  # the games of the accepted records
    run: dict[str, object] = field(default_factory=dict)  # about this run only (times, host, paths as given, ...)
    profile: str = "macau"  # the named set of readings (--profile)
    params: dict[str, str] = field(default_factory=dict)  # each --param <game>.<name> with the value it set
    evidence: list[Evidence] = field(default_factory=list)  # one per finding, in the same order (or none)
    licensee: str = ""  # the licence holder, as the tables' configuration states it
    gaming_days: list[str] = field(default_factory=list)  # the dates (YYYY-MM-DD) of the logged events
    tables: list[str] = field(default_factory=list)  # the tables that sent a log, sorted
    expected_tables: list[str] = field(default_factory=list)  # the tables the operator expected (--expected-tables)
    # ``auditor nightly`` only: the day against the days before (``nightly.trend.Trend``), a section of the PDF
    trend: Any = None

    @property
    def missing_tables(self) -> list[str]:
        """The tables expected that sent no accepted record."""
        return sorted(set(self.expected_tables) - set(self.tables))

    @property
    def violations(self) -> int:
        return sum(r.violations for r in self.rules)

    @property
    def warnings(self) -> int:
        return sum(r.warnings for r in self.rules)

    @property
    def verdict(self) -> Verdict:
        return judge(self)

    @property
    def exit_code(self) -> ExitCode:
        return self.verdict.exit_code

    def as_dict(self) -> dict:
        return asdict(self)
