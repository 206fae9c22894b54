"""One kind of data stripped at a time from a clean simulated table of each game: every rule that needs it is not
evaluated at that table, with the reason naming what is missing; every other rule keeps its counts; nothing is
reported and nothing quarantined (docs/log-format.md, "When the system does not record something"). Each variant is
a table of its own (named after it) in one audit per game; its coverage is read per table.

Then small logs whose missing data changes the verdict (README.md, "The verdict: complete or not"), each audited
alone."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable

import pytest
from test_holdem_robustness import CONFIG as HOLDEM_CONFIG
from test_holdem_robustness import checked_down, voided_before_the_deal
from test_log_format_examples import _example

from auditor.engine.audit import audit
from auditor.engine.ruleset import load_rulesets
from auditor.model.outcome import ExitCode
from auditor.sim.baccarat.run import simulate as simulate_baccarat
from auditor.sim.holdem.run import simulate_holdem
from auditor.sim.stud.run import simulate_stud

Rows = list[dict]


def drop_events(*names: str) -> Callable[[Rows], Rows]:
    return lambda rows: [r for r in rows if r["event"] not in names]


def drop_field(name: str, *events: str) -> Callable[[Rows], Rows]:
    return lambda rows: [{k: v for k, v in r.items() if not (k == name and (not events or r["event"] in events))}
                         for r in rows]


def configured(key: str, value: object = None) -> Callable[[Rows], Rows]:
    """The table's configuration with ``key`` set to ``value`` (None: left out)."""
    def strip(rows: Rows) -> Rows:
        rows = copy.deepcopy(rows)
        config = rows[0]["config"]
        config.pop(key, None)
        if value is not None:
            config[key] = value
        return rows
    return strip


def drop_rakes(reason: str | None) -> Callable[[Rows], Rows]:
    return lambda rows: [r for r in rows if not (r["event"] == "rake" and r.get("reason") == reason)]


NO_BUTTON = "button not logged"
NO_SHOE_START = "shoe_start not logged: the opening of the shoe and the cards out of it before are not known"
RAKE_UNLOGGED = "no rake logged for the hand (a hand raked nothing logs a rake of 0)"
HOUSE_RAKE_UNLOGGED = "no house rake logged for the hand (a hand raked nothing logs a rake of 0)"
UNSEEN = "a dealt card is not logged"
STUD_UNSEEN = "a burned or dealt card of the hand is not logged"

# game -> variant -> (what the variant strips, {rule: the reason it is not evaluated, at every unit it evaluated}).
VARIANTS: dict[str, dict[str, tuple[Callable[[Rows], Rows], dict[str, str]]]] = {
    "baccarat": {
        "ts": (drop_field("ts"), {}),
        "card_handler": (drop_events("card_handler"), {"BAC-16.1": "no card handler logged at this table"}),
        "cut": (drop_events("cut"), {"BAC-2.1": "no cut event logged"}),
        "cut_position": (drop_field("position", "cut"), {"BAC-2.1": "cut position not logged"}),
        "burns": (drop_events("burn"), {"BAC-2.2": "no burn event logged at this table"}),
        "cut_card": (drop_events("cut_card"), {"BAC-3.1": "more cards came out of the shoe than lay in front of the "
                                                          "cut card, but its coming out is not logged"}),
        "payout": (drop_field("payout", "settle"), {r: "payout not logged" for r in (
            "BAC-12.1", "BAC-17.1", "BAC-17.2", "BAC-17.3", "BAC-17.4", "BAC-17.5")}),
        "commission": (drop_field("commission", "settle"),
                       {"BAC-18.1": "commission not logged", "BAC-18.2": "commission not logged"}),
        "settlements": (drop_events("settle"), {r: "bet never settled in the log" for r in (
            "BAC-12.1", "BAC-13.2", "BAC-13.3", "BAC-17.1", "BAC-17.2", "BAC-17.3", "BAC-17.4", "BAC-17.5",
            "BAC-18.1", "BAC-18.2")}),
        "spot": (drop_field("spot"), {"BAC-15.1": "bettor status or betting spot not logged"}),
        "result": (drop_events("result"), {"BAC-11.1": "no result declared"}),
        "cards": (drop_field("card", "deal"), {r: UNSEEN for r in (
            "BAC-9.2", "BAC-9.3", "BAC-9.4", "BAC-9.5", "BAC-10.1", "BAC-11.1", "BAC-12.1", "BAC-13.2", "BAC-13.3",
            "BAC-17.1", "BAC-17.2", "BAC-17.3", "BAC-17.4", "BAC-17.5", "BAC-18.1", "BAC-18.2")}),
        "shoe_start": (drop_events("shoe_start"), {r: NO_SHOE_START for r in (
            "BAC-1.2", "BAC-2.1", "BAC-2.2", "BAC-2.3", "BAC-3.2")}),  # BAC-3.1: its cut card is logged coming out
        "max_difference": (configured("max_difference"),
                           {"BAC-14.1": "the table declares no Banker/Player difference limit"}),
    },
    "holdem": {
        "ts": (drop_field("ts"), {}),
        "stacks_before": (drop_field("amount", "seat"), {"THE-11.3": "stack before the hand not logged"}),
        "button": (drop_field("seat", "hand_start"), {r: NO_BUTTON for r in (
            "THE-1.2", "THE-1.3", "THE-3.2", "THE-5.1", "THE-7.2", "THE-8.3")}),
        "shuffle": (drop_events("shuffle"), {"THE-3.1": "no shuffle logged"}),
        "rake": (drop_events("rake"), {r: RAKE_UNLOGGED for r in ("THE-16.1", "THE-16.2", "THE-16.3", "THE-16.4")}),
        "rake_rate": (configured("rake_rate"), {r: "the table declares no rake rate" for r in (
            "THE-16.1", "THE-16.2", "THE-16.3", "THE-16.4")}),
        "blind_limits": (configured("max_blind"), {"THE-4.3": "the table declares no blind limits"}),
        "deal_order": (configured("not_logged", "deal_order"), {
            "THE-3.2": "deal order not logged by the source", "THE-5.2": "deal order not logged by the source"}),
        "burns": (configured("not_logged", "burns"), {
            "THE-7.1": "burns not logged by the source", "THE-8.1": "burns not logged by the source"}),
        "hand_order": (configured("not_logged", "hand_order"), {"THE-1.2": "hand order not logged by the source"}),
        "no_rake_logged": (configured("not_logged", "rake"), {r: "rake not logged by the source" for r in (
            "THE-16.1", "THE-16.2", "THE-16.3", "THE-16.4")}),
    },
    "stud": {
        "ts": (drop_field("ts"), {"5CS-11.2": "ts not logged (the time of a decision is unknown)"}),
        "face": (drop_field("face", "deal"), {"5CS-10.3": "face of a dealt card not logged"}),
        "burn_cards": (drop_field("card", "burn"), {"5CS-1.1": STUD_UNSEEN, "5CS-1.2": STUD_UNSEEN}),
        "burns": (drop_events("burn"), {"5CS-2.3": "no burn event logged at this table"}),
        "cut_size": (drop_field("position", "cut"), {"5CS-2.2": "cut size not logged"}),
        "stacks_after": (drop_events("stack"), {r: "a stack before or after a hand is not logged for a player of "
                                                   "the hand" for r in ("5CS-6.4", "5CS-6.6")}),
        "buy_ins": (drop_events("buy_in"), {r: "buy-in not logged: a player's first hand in the log may not be the "
                                               "first of his sitting" for r in ("5CS-6.2", "5CS-6.4", "5CS-6.6")}),
        "house_rake": (drop_rakes(None), {r: HOUSE_RAKE_UNLOGGED for r in ("5CS-7.1", "5CS-9.1", "5CS-9.2")}),
        "first_rake": (drop_rakes("first_rake"), {"5CS-7.1": "no first rake logged for the hand (art. 8)",
                                                  "5CS-8.1": "no first rake logged at this table"}),
        "deal_order": (configured("not_logged", "deal_order"), {
            r: "deal order not logged by the source" for r in ("5CS-10.2", "5CS-10.3", "5CS-10.9")}),
        "pack_starts": (drop_events("shoe_start"), {
            "5CS-2.1": "shoe_start of the pack not logged: the hands it dealt before the log are not known",
            "5CS-2.5": "no pack brought into use (shoe_start) is logged at this table"}),
        "hand_order": (configured("not_logged", "hand_order"), {
            r: "hand order not logged by the source" for r in ("5CS-6.4", "5CS-6.6")}),
        "no_rake_logged": (configured("not_logged", "rake"), {r: "rake not logged by the source" for r in (
            "5CS-7.1", "5CS-8.1", "5CS-9.1", "5CS-9.2")}),
    },
}
# Rules that still judge the units the stripped data does not touch: a player whose buy-in is logged.
PARTLY = {("buy_ins", "5CS-6.6")}
SIMULATE = {
    "baccarat": lambda out: simulate_baccarat(out, seed=3, tables=1, shoes=1),
    "holdem": lambda out: simulate_holdem(out, seed=3, tables=1, hands=12),
    "stud": lambda out: simulate_stud(out, seed=3, tables=1, hands=12),
}

Coverage = dict[str, dict[str | None, int]]  # rule -> reason (None: evaluated) -> units


def renamed(rows: Rows, table: str) -> Rows:
    return [{**r, "table_id": table} for r in rows]


@pytest.fixture(scope="module", params=sorted(VARIANTS))
def audited(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory):
    """One audit of the game's clean table (``base``) and of each variant as a table of its own: the audit's
    result, per table its coverage (rule -> reason -> units) and its findings."""
    game = request.param
    folder = tmp_path_factory.mktemp(game)
    SIMULATE[game](folder / "sim")
    (clean,) = (folder / "sim").glob("*.jsonl")
    base = [json.loads(line) for line in clean.read_text(encoding="utf-8").splitlines()]
    tables = {"base": base, **{name: strip(base) for name, (strip, _) in VARIANTS[game].items()}}
    log = folder / "day.jsonl"
    log.write_text("".join(json.dumps(r) + "\n" for name, rows in tables.items() for r in renamed(rows, name)),
                   encoding="utf-8")
    result, con = audit([log], load_rulesets())
    coverage: dict[str, Coverage] = {}
    for rule, table, missing, units in con.execute(
            "SELECT rule, table_id, missing, sum(units)::BIGINT FROM coverage GROUP BY ALL").fetchall():
        coverage.setdefault(table, {}).setdefault(rule, {})[missing] = units
    con.close()
    findings: dict[str, list[tuple[str, str]]] = {}
    for f in result.findings:
        findings.setdefault(f["table"], []).append((f["rule"], f["message"]))
    return game, result, coverage, findings


def test_the_audit_of_the_variants_is_complete_and_clean(audited):
    game, result, _, findings = audited
    assert result.quarantine == []
    assert findings == {}
    assert (result.verdict.exit_code, result.verdict.reasons) == (ExitCode.OK, ())


def test_each_rule_needing_what_is_stripped_is_not_evaluated_and_the_others_keep_their_counts(audited):
    game, _, coverage, _ = audited
    base = coverage["base"]
    for name, (_, expected) in VARIANTS[game].items():
        cov = coverage.get(name, {})
        for rule in sorted(set(base) | set(cov)):
            judged = base.get(rule, {}).get(None, 1)
            if (name, rule) in PARTLY:
                assert expected[rule] in cov[rule] and sum(cov[rule].values()) >= judged, (name, rule)
            elif rule in expected:  # every unit it judged at the clean table, and those it found nothing to judge in
                assert list(cov.get(rule, {})) == [expected[rule]], (name, rule)
                assert cov[rule][expected[rule]] >= judged, (name, rule)
            else:
                assert cov.get(rule) == base.get(rule), (name, rule)


# --- logs whose verdict the missing data changes: each audited alone ------------------------------------------------

def numbered(game: str, rows: Rows) -> Rows:
    return [{**r, "table_id": "T1", "game": game, "seq": i} for i, r in enumerate(rows, start=1)]


def holdem_day(*hands: Rows, config: dict | None = None) -> Rows:
    opened = [] if config is None else [{"event": "table_open", "config": config}]
    return numbered("holdem", [*opened, *(r for hand in hands for r in hand)])


def one_player(hand: str) -> Rows:
    """Seat 1 alone: he posts the big blind, is dealt two cards and gets his blind back."""
    return [{"event": "hand_start", "hand_id": hand, "seat": 1},
            {"event": "seat", "hand_id": hand, "seat": 1, "player": "P1", "amount": "1000"},
            {"event": "action", "hand_id": hand, "seat": 1, "action": "post_big_blind", "amount": "10"},
            *({"event": "deal", "hand_id": hand, "card": c, "to": "seat", "seat": 1, "face": "down"}
              for c in ("As", "Ah")),
            {"event": "refund", "hand_id": hand, "seat": 1, "amount": "10"},
            {"event": "stack", "hand_id": hand, "seat": 1, "amount": "1000"}, {"event": "hand_end", "hand_id": hand}]


def baccarat_example(strip: Callable[[Rows], Rows]) -> Rows:
    return strip(_example("Example records (baccarat)"))


def all_demonstration(rows: Rows) -> Rows:
    """Every coup a demonstration coup (three in the shoe, with no bet): nothing was played."""
    return [dict(r, demo=True) if r["event"] == "coup_start" else r for r in rows
            if r["event"] not in ("bet", "settle", "card_handler")]


INCOMPLETE_INPUT = ["no_rule_evaluated", "file_without_accepted_record", "quarantined_above_threshold"]
VERDICTS = {
    "a table without its table_open": (lambda: holdem_day(checked_down("h1", 1, 10, 1)),
                                       ExitCode.INCOMPLETE, INCOMPLETE_INPUT, []),
    "a configuration without its decks": (lambda: baccarat_example(configured("decks")),
                                          ExitCode.INCOMPLETE, INCOMPLETE_INPUT, []),
    "a hole card dealt to no seat": (
        lambda: holdem_day([{k: v for k, v in r.items() if not (r["event"] == "deal" and k == "seat")}
                            for r in checked_down("h1", 1, 10, 1)], config=HOLDEM_CONFIG),
        ExitCode.INCOMPLETE, ["no_rule_evaluated", "quarantined_above_threshold"], []),
    "every coup a demonstration coup": (lambda: baccarat_example(all_demonstration),
                                        ExitCode.INCOMPLETE, ["no_rule_evaluated"], []),
    "every hand voided": (lambda: holdem_day(voided_before_the_deal("h1", 1, 10), voided_before_the_deal("h2", 2, 10),
                                             config=HOLDEM_CONFIG), ExitCode.OK, [], []),
    "one player ever seated": (lambda: holdem_day(one_player("h1"), one_player("h2"), config=HOLDEM_CONFIG),
                               ExitCode.VIOLATIONS, [], ["THE-2.1", "THE-2.1", "THE-5.1", "THE-5.1"]),
}


@pytest.mark.parametrize("case", sorted(VERDICTS))
def test_the_verdict_follows_what_was_evaluated(tmp_path, case):
    build, code, kinds, rules = VERDICTS[case]
    rows = build()
    log = tmp_path / "day.jsonl"
    log.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    result, con = audit([log], load_rulesets())
    con.close()
    assert (result.verdict.exit_code, [r.kind for r in result.verdict.reasons]) == (code, kinds)
    assert sorted(f["rule"] for f in result.findings) == rules
