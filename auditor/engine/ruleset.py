"""Rulesets as data: load and validate ``rulesets/<game>.toml`` (format: docs/rulesets.md).

A ruleset holds the regulation's articles (the original texts retrieved and the English), its amendments, its named
parameters (the readings of docs/readings.md) and its rule ids. Every error names the file and the key; a text that
is only a placeholder for what was not retrieved ("2. ......", "1) [...]") is refused."""

from __future__ import annotations

import hashlib
import re
import tomllib
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation
from functools import lru_cache
from pathlib import Path
from typing import Any, TypeVar, overload

from auditor.engine.suggest import closest, did_you_mean
from auditor.games.catalog import PREFIX, RULE_ID, UNITS

# Installed: the package's own copy. In a checkout, auditor/rulesets links to the top-level rulesets/ folder.
RULESET_DIR = (Path(__file__).resolve().parents[1] / "rulesets").resolve()
LANGS = ("pt", "zh-Hant", "zh-Hans")  # languages of an original text; the English translation is apart
STATUSES = ("official", "reference", "unofficial")  # docs/rulesets.md
ELLIPSIS = r"(?:\.{2,}|…+)"
PLACEHOLDER = re.compile(
    rf"\[\s*(?:{ELLIPSIS}|truncated)\s*\]"  # "[...]", "[…]", "[truncated]" anywhere
    rf"|^[ \t]*[\w()（）]{{0,6}}[.)、]?[ \t]*{ELLIPSIS}[ \t.;,。；]*$",  # a line that is a number and dots: "2. ......"
    re.MULTILINE | re.IGNORECASE,
)


class RulesetError(Exception):
    """A ruleset file that does not follow docs/rulesets.md."""


@dataclass(frozen=True)
class OriginalText:
    """A text of an article in one of its original languages, exactly as retrieved."""

    lang: str  # pt | zh-Hant | zh-Hans
    status: str  # official (Boletim Oficial) | reference (an official site's copy) | unofficial (a third party's copy)
    wording: str  # which wording it is, e.g. "as amended by Despacho n.º 83/2011"
    text: str
    missing: str  # what of the article this text lacks, in words; "" when complete
    source: str


@dataclass(frozen=True)
class Article:
    number: str
    aliases: tuple[str, ...]
    title: str
    applies: str
    originals: tuple[OriginalText, ...]  # none: no original text was retrieved
    english: str
    translation: str  # what the English was translated from
    note: str


@dataclass(frozen=True)
class Amendment:
    instrument: str
    date: str  # ISO date; "" when not known
    articles: tuple[str, ...]
    summary: str


@dataclass(frozen=True)
class Parameter:
    name: str
    value: object
    description: str
    decision: str
    choices: tuple = ()
    least: Decimal | None = None  # the file's ``min`` and ``max``, inclusive, for a number
    greatest: Decimal | None = None

    @property
    def numeric(self) -> bool:
        """An integer, or a decimal number written as a string to stay exact (a rate such as "0.05")."""
        value = self.value
        return (isinstance(value, int) and not isinstance(value, bool)) or (
            isinstance(value, str) and _decimal(value) is not None)

    def check(self, value: object) -> None:
        """Refuse a value outside the declared bounds."""
        if not self.numeric:
            return
        number = _decimal(str(value))
        if number is None:
            raise RulesetError(f"expected a number, found {value!r}")
        if self.least is not None and number < self.least:
            raise RulesetError(f"{value} is below the least allowed value {self.least}")
        if self.greatest is not None and number > self.greatest:
            raise RulesetError(f"{value} is above the greatest allowed value {self.greatest}")


def _decimal(text: str) -> Decimal | None:
    """``text`` as a finite decimal number, else None."""
    try:
        number = Decimal(text)
    except InvalidOperation:
        return None
    return number if number.is_finite() else None


@dataclass(frozen=True)
class RuleSpec:
    id: str
    article: str
    paragraph: str
    text: str
    enforced: bool
    severity: str
    unit: str
    needs: tuple[str, ...]
    params: tuple[str, ...]
    note: str
    citation: str
    caused_by: tuple[str, ...] = ()  # articles whose finding in the same coup or hand causes this rule's finding


@dataclass
class Ruleset:
    id: str
    game: str
    version: str
    title: str
    instrument: str
    short: str
    bulletin: str
    signed: str
    note: str
    amendments: list[Amendment]
    articles: dict[str, Article]
    parameters: dict[str, Parameter]
    profiles: dict[str, dict[str, object]]
    rules: dict[str, RuleSpec]
    path: Path
    sha256: str
    profile: str = "macau"
    overrides: dict[str, object] = field(default_factory=dict)

    def param(self, name: str) -> object:
        """The value in force: a profile or --param override, else the file's value."""
        if name in self.overrides:
            return self.overrides[name]
        return self.parameters[name].value

    def int_param(self, name: str) -> int:
        """``param(name)``, which the code reads as a whole number (a count, seconds)."""
        value = self.param(name)
        if not isinstance(value, int):
            raise TypeError(f"{self.path.name}: parameter {name} is {value!r}, not a whole number")
        return value

    def str_param(self, name: str) -> str:
        """``param(name)``, which the code reads as a text (one of its choices)."""
        value = self.param(name)
        if not isinstance(value, str):
            raise TypeError(f"{self.path.name}: parameter {name} is {value!r}, not a text")
        return value

    def article(self, number: str) -> Article:
        for art in self.articles.values():
            if number == art.number or number in art.aliases:
                return art
        raise KeyError(number)


T = TypeVar("T")


@overload
def _require(table: dict[str, Any], key: str, kind: type[T], where: str) -> T: ...
@overload
def _require(table: dict[str, Any], key: str, kind: tuple[type, ...], where: str) -> object: ...
def _require(table: dict[str, Any], key: str, kind: type | tuple[type, ...], where: str) -> object:
    """``table[key]``, which must be there and of type ``kind``."""
    if key not in table:
        raise RulesetError(f"{where}: missing key '{key}'")
    value = table[key]
    if not isinstance(value, kind):
        raise RulesetError(f"{where}.{key}: expected {getattr(kind, '__name__', kind)}, found {type(value).__name__}")
    return value


def placeholder(text: str) -> str | None:
    """The first placeholder in ``text`` ("2. ......", "1) [...]", "[truncated]"), if any."""
    found = PLACEHOLDER.search(text)
    return found.group(0).strip() if found else None


def _text(table: dict, key: str, where: str, required: bool = True) -> str:
    """A text of the ruleset: a string, not empty when required, and no placeholder for a text not retrieved."""
    value = _require(table, key, str, where) if required or key in table else ""
    if required and not value.strip():
        raise RulesetError(f"{where}.{key}: empty")
    if found := placeholder(value):
        raise RulesetError(f"{where}.{key}: placeholder {found!r}: quote only what was retrieved and say what was "
                           "not in words (docs/rulesets.md)")
    return value


def _original(table: dict, where: str) -> OriginalText:
    lang = _require(table, "lang", str, where)
    if lang not in LANGS:
        raise RulesetError(f"{where}.lang: '{lang}' is not one of {', '.join(LANGS)}")
    status = _require(table, "status", str, where)
    if status not in STATUSES:
        raise RulesetError(f"{where}.status: '{status}' is not one of {', '.join(STATUSES)}")
    return OriginalText(lang=lang, status=status, wording=_text(table, "wording", where, False),
                        text=_text(table, "text", where), missing=_text(table, "missing", where, False),
                        source=_text(table, "source", where))


def _amendment(table: dict, where: str) -> Amendment:
    date = _require(table, "date", str, where)
    if date and not re.fullmatch(r"\d{4}(-\d{2}-\d{2})?", date):
        raise RulesetError(f"{where}.date: '{date}' is not YYYY-MM-DD (or \"\" when not known)")
    return Amendment(instrument=_text(table, "instrument", where), date=date,
                     articles=tuple(str(a) for a in _require(table, "articles", list, where)),
                     summary=_text(table, "summary", where))


def citation(short: str, article: Article, paragraph: str) -> str:
    """``<short>, art. <n>.º[, n.º <p>][ (<applies>)]`` (docs/rulesets.md)."""
    text = f"{short}, art. {article.number}.º"
    if paragraph:
        text += f", n.º {paragraph}"
    if article.applies:
        text += f" ({article.applies})"
    return text


@lru_cache(maxsize=16)
def _parsed(text: str) -> dict[str, Any]:
    """A ruleset file's TOML, parsed once per process for the same text: the rulesets loaded again (a nightly run's
    days, the tests' audits) cost no new parse. The document is only read, never changed."""
    return tomllib.loads(text)


def load_ruleset(path: Path) -> Ruleset:
    name = path.name
    raw = path.read_bytes()
    try:
        doc = _parsed(raw.decode("utf-8"))
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
        raise RulesetError(f"{name}: not valid TOML: {exc}") from exc
    head = _require(doc, "ruleset", dict, name)
    where = f"{name}: [ruleset]"
    rid = _require(head, "id", str, where)
    game = _require(head, "game", str, where)
    if game not in PREFIX:
        raise RulesetError(f"{where}.game: unknown game '{game}' (known: {', '.join(PREFIX)})")
    short = _require(head, "short", str, where)

    articles: dict[str, Article] = {}
    for i, a in enumerate(_require(doc, "articles", list, name)):
        w = f"{name}: articles[{i}]"
        number = str(_require(a, "number", (str, int), w))
        if number in articles:
            raise RulesetError(f"{w}.number: article {number} defined twice")
        originals = tuple(_original(o, f"{w}.originals[{j}]") for j, o in enumerate(a.get("originals", [])))
        articles[number] = Article(
            number=number, aliases=tuple(a.get("aliases", [])), title=_text(a, "title", w),
            applies=a.get("applies", ""), originals=originals, english=_text(a, "english", w),
            translation=_text(a, "translation", w), note=_text(a, "note", w, False),
        )

    parameters: dict[str, Parameter] = {}
    for i, p in enumerate(doc.get("parameters", [])):
        w = f"{name}: parameters[{i}]"
        pname = _require(p, "name", str, w)
        if pname in parameters:
            raise RulesetError(f"{w}.name: parameter {pname} defined twice")
        if "value" not in p:
            raise RulesetError(f"{w}: missing key 'value'")
        parameters[pname] = Parameter(pname, p["value"], _text(p, "description", w), _text(p, "decision", w),
                                      tuple(p.get("choices", [])), _bound(p, "min", w), _bound(p, "max", w))
        _checked(parameters[pname], p["value"], f"{w}.value")

    profiles = doc.get("profiles", {})
    for pname, values in profiles.items():
        for key, value in values.items():
            if key not in parameters:
                raise RulesetError(f"{name}: profiles.{pname}.{key}: no such parameter")
            _checked(parameters[key], value, f"{name}: profiles.{pname}.{key}")

    rules: dict[str, RuleSpec] = {}
    for i, r in enumerate(_require(doc, "rules", list, name)):
        w = f"{name}: rules[{i}]"
        rule_id = _require(r, "id", str, w)
        if not RULE_ID.match(rule_id) or not rule_id.startswith(PREFIX[game] + "-"):
            raise RulesetError(f"{w}.id: malformed rule id '{rule_id}' (expected {PREFIX[game]}-<article>.<n>)")
        if rule_id in rules:
            raise RulesetError(f"{w}.id: rule {rule_id} defined twice")
        art_no = str(_require(r, "article", (str, int), w))
        try:
            article = next(a for a in articles.values() if art_no == a.number or art_no in a.aliases)
        except StopIteration:
            raise RulesetError(f"{w}.article: rule {rule_id} cites article {art_no}, which the file lacks") from None
        severity = r.get("severity", "violation")
        if severity not in ("violation", "warning"):
            raise RulesetError(f"{w}.severity: '{severity}' is not violation or warning")
        unit = r.get("unit", "coup")
        if unit not in UNITS:
            raise RulesetError(f"{w}.unit: '{unit}' is not one of {', '.join(UNITS)}")
        params = tuple(r.get("params", []))
        for pname in params:
            if pname not in parameters:
                raise RulesetError(f"{w}.params: rule {rule_id} reads parameter {pname}, which the file lacks")
        paragraph = str(r.get("paragraph", ""))
        causes = []
        for cause in map(str, r.get("caused_by", [])):
            found = [a.number for a in articles.values() if cause == a.number or cause in a.aliases]
            if not found:
                raise RulesetError(f"{w}.caused_by: rule {rule_id} names article {cause}, which the file lacks")
            causes.append(found[0])
        rules[rule_id] = RuleSpec(
            id=rule_id, article=article.number, paragraph=paragraph, text=_require(r, "text", str, w),
            enforced=bool(_require(r, "enforced", bool, w)), severity=severity, unit=unit,
            needs=tuple(r.get("needs", [])), params=params, note=r.get("note", ""),
            citation=citation(short, article, paragraph), caused_by=tuple(causes),
        )

    return Ruleset(
        id=rid, game=game, version=str(_require(head, "version", (str,), where)),
        title=_require(head, "title", str, where),
        instrument=_require(head, "instrument", str, where), short=short, bulletin=head.get("bulletin", ""),
        signed=head.get("signed", ""), note=_text(head, "note", where, False),
        amendments=[_amendment(m, f"{name}: amendments[{i}]") for i, m in enumerate(doc.get("amendments", []))],
        articles=articles,
        parameters=parameters, profiles=profiles, rules=rules, path=path, sha256=hashlib.sha256(raw).hexdigest(),
    )


def load_rulesets(
    directory: Path = RULESET_DIR, profile: str = "macau", overrides: dict[str, str] | None = None
) -> dict[str, Ruleset]:
    """All rulesets of ``directory`` by game, with a profile (``macau`` = the files' own readings) and overrides.
    A missing folder, or a game without its ruleset, is an error: an audit never runs with no rule to check."""
    if not directory.is_dir():
        raise RulesetError(f"no rulesets folder {directory} (an incomplete installation?)")
    found: dict[str, Ruleset] = {}
    for path in sorted(directory.glob("*.toml")):
        ruleset = load_ruleset(path)
        if ruleset.game in found:
            raise RulesetError(f"{path.name}: a second ruleset for {ruleset.game} ({found[ruleset.game].path.name})")
        ruleset.overrides.update(ruleset.profiles.get(profile, {}))
        ruleset.profile = profile
        found[ruleset.game] = ruleset
    missing = [game for game in PREFIX if game not in found]
    if missing:
        raise RulesetError(f"no ruleset for {', '.join(missing)} in {directory} (an incomplete installation?)")
    known = {"macau"} | {name for r in found.values() for name in r.profiles}
    if profile not in known:
        raise RulesetError(f"no profile '{profile}'{did_you_mean(profile, known)} in {directory} "
                           f"(known: {', '.join(sorted(known))})")
    for key, value in (overrides or {}).items():
        game, _, pname = key.partition(".")
        if game not in found or pname not in found[game].parameters:
            raise RulesetError(f"--param {key}: no such parameter{_param_hint(found, game, pname)}")
        parameter = found[game].parameters[pname]
        try:
            coerced = _coerce(parameter.value, value)
            parameter.check(coerced)
        except RulesetError as exc:
            raise RulesetError(f"--param {key}: {exc}") from None
        if parameter.choices and coerced not in parameter.choices:
            raise RulesetError(f"--param {key}: '{value}' is not one of {', '.join(map(str, parameter.choices))}")
        found[game].overrides[pname] = coerced
    return found


def _param_hint(found: dict[str, Ruleset], game: str, pname: str) -> str:
    """The closest ``<game>.<name>`` to a mistyped ``--param`` (the game, the name or both mistyped, or the game
    left out), else the game's parameters, else how to write one."""
    if not pname:  # no "<game>.": the name alone
        name = closest(game, {p for r in found.values() for p in r.parameters})
        options = " or ".join(f"'{g}.{name}'" for g, r in sorted(found.items()) if name in r.parameters)
        return f" (did you mean {options}?)" if name else f" (write <game>.<name>, a game among {', '.join(found)})"
    known_game = game if game in found else closest(game, found)
    if known_game is None:
        return f" (no game '{game}': write <game>.<name>, a game among {', '.join(sorted(found))})"
    parameters = found[known_game].parameters
    name = pname if pname in parameters else closest(pname, parameters)
    if name is None:
        return f" (the parameters of {known_game}: {', '.join(sorted(parameters))})"
    return f" (did you mean '{known_game}.{name}'?)"


def _coerce(default: object, text: str) -> object:
    """A command-line value in the type of the file's value."""
    if isinstance(default, bool):
        if text.lower() not in ("true", "false"):
            raise RulesetError(f"expected true or false, found '{text}'")
        return text.lower() == "true"
    if isinstance(default, int):
        try:
            return int(text)
        except ValueError:
            raise RulesetError(f"expected an integer, found '{text}'") from None
    if isinstance(default, str) and _decimal(default) is not None and _decimal(text) is None:
        raise RulesetError(f"expected a decimal number, found '{text}'")
    return text


def _bound(table: dict, key: str, where: str) -> Decimal | None:
    """A parameter's ``min`` or ``max``: an integer, or a decimal number as a string."""
    if key not in table:
        return None
    value = table[key]
    number = _decimal(str(value)) if isinstance(value, int | str) and not isinstance(value, bool) else None
    if number is None:
        raise RulesetError(f"{where}.{key}: expected a number, found {value!r}")
    return number


def _checked(parameter: Parameter, value: object, where: str) -> None:
    """The file's own value, or a profile's, must be within the declared bounds."""
    try:
        parameter.check(value)
    except RulesetError as exc:
        raise RulesetError(f"{where}: {exc}") from None
