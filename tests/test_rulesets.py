"""Rulesets and checkers cannot drift: every checker cites an enforced rule of its ruleset (that every enforced rule
has a checker and a fixture is tests/test_rule_fixtures.py's), and a broken ruleset file is refused with its file and
key named."""

from __future__ import annotations

import re
import shutil
import tomllib
from pathlib import Path

import pytest

from auditor.engine.registry import RegistryError, Scope, SqlRule, checkers, register
from auditor.engine.ruleset import RULESET_DIR, RulesetError, load_ruleset, load_rulesets

RULESETS = load_rulesets()


def test_every_checker_cites_a_rule_of_its_ruleset():
    for checker in checkers():
        spec = RULESETS[checker.game].rules.get(checker.id)
        assert spec is not None, f"{checker.id} has a checker but no entry in rulesets/{checker.game}.toml"
        assert spec.enforced, f"{checker.id} has a checker but the ruleset says it is not enforced"


def test_not_enforced_rules_say_why():
    for ruleset in RULESETS.values():
        for rule in ruleset.rules.values():
            assert rule.enforced or rule.note.strip(), f"{rule.id} is not enforced and has no note"


def test_citations_name_instrument_article_and_wording():
    bac = RULESETS["baccarat"].rules
    assert bac["BAC-2.1"].citation == "Despacho n.º 55/2004, art. 2.º, n.º 1 (as amended by Despacho n.º 83/2011)"
    assert bac["BAC-18.1"].citation.startswith("Despacho n.º 55/2004, art. 18.º, n.º 1")
    stud = RULESETS["stud"]
    assert stud.article("5bis").number == "6"


def test_registry_refuses_duplicates_and_malformed_ids():
    with pytest.raises(RegistryError, match="registered twice"):
        register(SqlRule(id="BAC-9.5", game="baccarat", findings="", scope=Scope("bac_coups")))
    with pytest.raises(RegistryError, match="malformed"):
        register(SqlRule(id="BAC-nine", game="baccarat", findings="", scope=Scope("bac_coups")))
    with pytest.raises(RegistryError, match="malformed"):
        register(SqlRule(id="THE-1.1", game="baccarat", findings="", scope=Scope("bac_coups")))


@pytest.mark.parametrize("edit,message", [
    (lambda s: s.replace('article = "9"', 'article = "99"', 1), "cites article 99, which the file lacks"),
    (lambda s: s.replace('id = "BAC-9.5"', 'id = "BAC-9.4"', 1), "rule BAC-9.4 defined twice"),
    (lambda s: s.replace('caused_by = ["7", "9"]', 'caused_by = ["7", "99"]', 1),
     "rule BAC-10.1 names article 99, which the file lacks"),
    (lambda s: s.replace('id = "BAC-9.5"', 'id = "BAC-X"', 1), "malformed rule id 'BAC-X'"),
    (lambda s: s + '\n[[rules]]\nid = "BAC-99.1"\narticle = "1"\ntext = "x"\nenforced = "yes"\n',
     "rules[42].enforced: expected bool"),
    (lambda s: s.replace("[ruleset]", "[rulesett]", 1), "baccarat.toml: missing key 'ruleset'"),
])
def test_broken_ruleset_names_file_and_key(tmp_path, edit, message):
    path = tmp_path / "baccarat.toml"
    path.write_text(edit((RULESET_DIR / "baccarat.toml").read_text(encoding="utf-8")), encoding="utf-8")
    with pytest.raises(RulesetError, match=re.escape(message)):
        load_ruleset(path)


def test_profiles_and_overrides(tmp_path):
    common = load_rulesets(profile="common")
    assert common["holdem"].param("heads_up_button_posts") == "small_blind"
    assert RULESETS["holdem"].param("heads_up_button_posts") == "big_blind"
    tuned = load_rulesets(overrides={"baccarat.cut_card_tolerance": "3"})
    assert tuned["baccarat"].param("cut_card_tolerance") == 3
    with pytest.raises(RulesetError, match="no such parameter"):
        load_rulesets(overrides={"baccarat.nonsense": "1"})
    with pytest.raises(RulesetError, match="no profile 'vegas'"):
        load_rulesets(profile="vegas")
    shutil.copy(RULESET_DIR / "baccarat.toml", tmp_path / "a.toml")
    shutil.copy(RULESET_DIR / "baccarat.toml", tmp_path / "b.toml")
    with pytest.raises(RulesetError, match="a second ruleset for baccarat"):
        load_rulesets(Path(tmp_path))


def test_every_reading_that_can_be_chosen_is_read_by_a_checker():
    """A parameter offered with alternatives must change what the checkers do; one that the code fixes has a single
    choice, so --param cannot pretend to apply another reading."""
    code = "\n".join(p.read_text(encoding="utf-8") for p in Path("auditor").rglob("*")
                     if p.suffix in (".py", ".sql"))
    for game in ("baccarat", "holdem"):
        for p in RULESETS[game].parameters.values():
            read = "{{" + p.name + "}}" in code or f'param("{p.name}")' in code or f'"{p.name}"' in code
            assert read or len(p.choices) == 1, f"{game}.{p.name} offers {p.choices} but no checker reads it"


def test_a_missing_ruleset_is_an_error_not_an_audit_without_rules(tmp_path):
    with pytest.raises(RulesetError, match="no rulesets folder"):
        load_rulesets(tmp_path / "absent")
    only = tmp_path / "only-baccarat"
    only.mkdir()
    shutil.copy(RULESET_DIR / "baccarat.toml", only)
    with pytest.raises(RulesetError, match="no ruleset for holdem, stud"):
        load_rulesets(only)


# The texts the report quotes: the originals retrieved, the English always, and no placeholder for what is missing.
PT_ART2_END = "3) Número, de um a oito, previamente fixado pela casa."
SHIPPED = {path.name: tomllib.loads(path.read_text(encoding="utf-8")) for path in sorted(RULESET_DIR.glob("*.toml"))}
# Independent of the loader's own check: a line that is only a number and dots, or an elision in brackets.
DOTS_ONLY = re.compile(r"^\s*\S{0,6}\s*(\.{2,}|…+)[\s.;,。]*$|\[\s*(\.{2,}|…+|truncated)\s*\]", re.MULTILINE | re.I)


@pytest.mark.parametrize("edit,message", [
    (lambda s: s.replace(PT_ART2_END, PT_ART2_END + "\n2. ......\n3. ...... .", 1), "placeholder '2. ......'"),
    (lambda s: s.replace(PT_ART2_END, PT_ART2_END + "\n1) [...];", 1), "placeholder '[...]'"),
    (lambda s: s.replace("(五)一張博彩檯", "二、......\n(五)一張博彩檯", 1), "placeholder '二、......'"),
    (lambda s: s.replace("(the retrieved text stops here)", "[truncated]", 1), "articles[16].english: placeholder"),
    (lambda s: re.sub(r'(number = "15"\n(?:.*\n){3})english = .*\n', r"\1", s, count=1),
     "articles[14]: missing key 'english'"),
    (lambda s: re.sub(r'(number = "15"\n(?:.*\n){3})english = .*\n', r'\1english = " "\n', s, count=1),
     "articles[14].english: empty"),
    (lambda s: s.replace('status = "reference"', 'status = "authentic-ish"', 1), "status: 'authentic-ish'"),
    (lambda s: s.replace('date = "2005-11-23"', 'date = "23/11/2005"', 1), "amendments[0].date"),
])
def test_texts_refuse_placeholders_and_need_english(tmp_path, edit, message):
    path = tmp_path / "baccarat.toml"
    text = (RULESET_DIR / "baccarat.toml").read_text(encoding="utf-8")
    edited = edit(text)
    assert edited != text, "the edit did not apply"
    path.write_text(edited, encoding="utf-8")
    with pytest.raises(RulesetError, match=re.escape(message)):
        load_ruleset(path)


@pytest.mark.parametrize("name", sorted(SHIPPED))
def test_every_quoted_article_has_english_and_no_placeholder(name):
    cited = {str(rule["article"]) for rule in SHIPPED[name]["rules"]}
    articles = {str(a["number"]): a for a in SHIPPED[name]["articles"]}
    assert cited <= set(articles)
    for number, article in articles.items():
        assert article.get("english", "").strip(), f"{name} art. {number} has no English translation"
        assert article.get("translation", "").strip(), f"{name} art. {number} does not say what its English is from"
        texts = [article["english"], article.get("note", ""), *(o["text"] for o in article.get("originals", []))]
        for text in texts:
            assert not DOTS_ONLY.search(text), f"{name} art. {number}: placeholder {DOTS_ONLY.search(text)[0]!r}"
        for original in article.get("originals", []):
            assert original["lang"] in ("pt", "zh-Hant", "zh-Hans") and original["source"].strip()


def test_amendments_and_status_notes_are_complete():
    for name, doc in SHIPPED.items():
        for amendment in doc.get("amendments", []):
            assert amendment["date"] == "" or re.fullmatch(r"\d{4}-\d{2}-\d{2}", amendment["date"]), name
            assert amendment["summary"].strip() and amendment["articles"], name
        assert "re-issued" in doc["ruleset"]["note"], f"{name}: the note does not say whether the text was re-issued"
    holdem = SHIPPED["holdem.toml"]["ruleset"]
    assert "18 January 2008" in holdem["instrument"] and "number not known" in holdem["instrument"]
    assert "number not known" in RULESETS["holdem"].rules["THE-12.1"].citation


def test_a_rule_caused_by_others_names_their_articles() -> None:
    rules = load_ruleset(RULESET_DIR / "baccarat.toml").rules
    assert rules["BAC-10.1"].caused_by == ("7", "9")
    assert not [r.id for r in rules.values() if r.caused_by and r.id != "BAC-10.1"]


@pytest.mark.parametrize("key,value,message", [
    ("baccarat.commission_rate", "abc", "expected a decimal number, found 'abc'"),
    ("baccarat.commission_rate", "NaN", "expected a decimal number, found 'NaN'"),
    ("baccarat.commission_rate", "-0.5", "-0.5 is below the least allowed value 0"),
    ("baccarat.commission_rate", "7", "7 is above the greatest allowed value 1"),
    ("holdem.rake_rate_max", "1.5", "1.5 is above the greatest allowed value 1"),
    ("stud.decision_time_seconds", "0", "0 is below the least allowed value 1"),
    ("baccarat.decks_min", "-6", "-6 is below the least allowed value 1"),
    ("holdem.limit_raise_cap", "x", "expected an integer, found 'x'"),
])
def test_a_numeric_parameter_outside_its_bounds_is_refused(key, value, message):
    with pytest.raises(RulesetError, match=re.escape(f"--param {key}: {message}")):
        load_rulesets(overrides={key: value})


def test_every_numeric_parameter_declares_its_bounds():
    """A number an inspector may override is bounded in the ruleset (data), so that no override the law cannot mean
    (a negative rate, a rate over 100%) reaches a checker."""
    for game, ruleset in RULESETS.items():
        for p in ruleset.parameters.values():
            if not p.choices and p.numeric:
                assert p.least is not None, f"{game}.{p.name} declares no 'min'"


def test_a_value_in_the_file_outside_its_bounds_names_file_and_key(tmp_path):
    path = tmp_path / "baccarat.toml"
    text = (RULESET_DIR / "baccarat.toml").read_text(encoding="utf-8")
    path.write_text(text.replace('value = "0.05"', 'value = "1.05"', 1), encoding="utf-8")
    with pytest.raises(RulesetError, match=re.escape("baccarat.toml: parameters[")):
        load_ruleset(path)
