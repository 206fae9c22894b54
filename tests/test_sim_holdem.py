"""The hold'em simulator: reproducible, valid and internally consistent logs; labels that name exactly the findings
the auditor reports (docs/holdem-checks.md), checked by running the auditor on a simulated day."""

from __future__ import annotations

import json
import re
from collections import Counter, defaultdict
from datetime import datetime
from decimal import ROUND_FLOOR, Decimal
from pathlib import Path

import pytest
from test_sim_baccarat import read_day, read_labels, schema_problems  # the baccarat simulator's readers, validator
from typer.testing import CliRunner

import auditor.cli.simulate_holdem  # noqa: F401  (registers ``auditor simulate holdem``)
from auditor.cli.app import app
from auditor.engine.audit import audit
from auditor.engine.ruleset import load_rulesets
from auditor.games.holdem.evaluate import rank7
from auditor.ingest.schema import load_schema
from auditor.sim.holdem.inject import CYCLE
from auditor.sim.holdem.run import simulate_holdem

ROOT = Path(__file__).resolve().parents[1]
BLINDS = ("post_small_blind", "post_big_blind")


# --- reading a hand back ----------------------------------------------------------------------------------------

def hands_of(records: list[dict]) -> dict[str, list[dict]]:
    hands: dict[str, list[dict]] = defaultdict(list)
    for record in records:
        if "hand_id" in record:
            hands[record["hand_id"]].append(record)
    return hands


def clockwise(seats: list[int], after: int) -> list[int]:
    return [s for s in seats if s > after] + [s for s in seats if s <= after]


def floor_to(amount: Decimal, unit: Decimal) -> Decimal:
    return (amount / unit).to_integral_value(ROUND_FLOOR) * unit


def config_problems(config: dict) -> list[str]:
    keys, required = load_schema().config["holdem"]
    problems = [f"config without {key}" for key in required if key not in config]
    problems += [f"unknown config key {key}" for key in config if key not in keys]
    for key, value in config.items():
        kind = keys[key].kind if key in keys else None
        if kind == "money" and not (isinstance(value, str) and Decimal(value) >= 0):
            problems.append(f"bad config {key}: {value!r}")
        if kind in ("integer", "boolean") and type(value) is not {"integer": int, "boolean": bool}[kind]:
            problems.append(f"bad config {key}: {value!r}")
    return problems


# --- an independent recomputation of every hand -------------------------------------------------------------------

def hand_problems(config: dict, events: list[dict], previous_button: int | None) -> list[str]:
    """What the regulation and docs/log-format.md require of a legal hand, recomputed from the events alone:
    seating, button, blinds, deal, cards, burns, showdown, and every chip of the payout (pots, splits, odd chips,
    rake, refunds, stacks)."""
    problems = []
    unit, big = Decimal(config["chip_unit"]), Decimal(config["big_blind"])
    button = events[0]["seat"]
    stacks = {e["seat"]: Decimal(e["amount"]) for e in events if e["event"] == "seat"}
    seats = sorted(stacks)
    if button != (seats[0] if previous_button is None else clockwise(seats, previous_button)[0]):
        problems.append("button")
    actions = [e for e in events if e["event"] == "action"]
    posters = [(e["action"], e["seat"]) for e in actions if e["action"] in BLINDS]
    order = clockwise(seats, button)
    blinds = (order[0], button) if len(seats) == 2 else (order[0], order[1])
    if posters != list(zip(BLINDS, blinds)):
        problems.append(f"blinds {posters}")
    deals = [e for e in events if e["event"] == "deal"]
    if [d["seat"] for d in deals] != order + order or any(d["face"] != "down" for d in deals):
        problems.append("deal")
    kinds = [e["event"] for e in events]
    first_deal = kinds.index("deal")
    if kinds[first_deal - len(posters) - 2 + config["auto_shuffler"]:first_deal] != \
            ["shuffle", *([] if config["auto_shuffler"] else ["cut"]), *["action"] * len(posters)]:
        problems.append("shuffle, cut or blinds out of place")
    board = [e["card"] for e in events if e["event"] == "board"]
    burns = [i for i, e in enumerate(events) if e["event"] == "burn"]
    if any(events[i + 1]["event"] != "board" for i in burns) or len(board) not in (0, 3, 4, 5) \
            or len(burns) != {0: 0, 3: 1, 4: 2, 5: 3}.get(len(board)):
        problems.append("burns and board")
    cards = [e["card"] for e in events if e["event"] in ("deal", "burn", "board")]
    if len(set(cards)) != len(cards):
        problems.append("a card twice")
    contributed: Counter[int] = Counter()
    folded = set()
    for action in actions:
        contributed[action["seat"]] += Decimal(action["amount"])
        if action["action"] == "fold":
            folded.add(action["seat"])
        if contributed[action["seat"]] > stacks[action["seat"]]:
            problems.append("more than the stack")
    refunds = [(e["seat"], Decimal(e["amount"])) for e in events if e["event"] == "refund"]
    awards = Counter({(e["pot"], e["seat"]): Decimal(e["amount"]) for e in events if e["event"] == "award"})
    rake = sum((Decimal(e["amount"]) for e in events if e["event"] == "rake"), Decimal(0))
    after = {e["seat"]: Decimal(e["amount"]) for e in events if e["event"] == "stack"}
    back = Counter()
    for seat, amount in refunds:
        back[seat] += amount
    paid = Counter()
    for (_, seat), amount in awards.items():
        paid[seat] += amount
    if after != {s: stacks[s] - contributed[s] + back[s] + paid[s] for s in seats}:
        problems.append("stacks after")
    if sum(contributed.values()) - sum(back.values()) != sum(paid.values()) + rake:
        problems.append("chips")
    if "void" in kinds:
        if back != contributed or awards or rake:
            problems.append("void not refunded")
        return problems
    live = [s for s in seats if s not in folded]
    if len(seats) > 1 and kinds.count("show") != (2 * len(live) if len(live) > 1 else 0):
        problems.append("showdown")
    ranked = sorted(contributed.values(), reverse=True) + [Decimal(0)]
    matched = dict(contributed)
    if ranked and ranked[0] > ranked[1]:
        top = next(s for s in seats if contributed[s] == ranked[0])
        matched[top] -= ranked[0] - ranked[1]
        if refunds != [(top, ranked[0] - ranked[1])]:
            problems.append("uncalled bet")
    elif refunds:
        problems.append("refund")
    hole = defaultdict(list)
    for e in events:
        if e["event"] == "show":
            hole[e["seat"]].append(e["card"])
    values = {s: rank7([*hole[s], *board]) for s in live} if len(live) > 1 else dict.fromkeys(live, 1)
    pot = sum(matched.values(), Decimal(0))
    expected_rake = min(floor_to(Decimal(config["rake_rate"]) * pot, unit), 5 * big) if "rake_rate" in config else 0
    if rake != expected_rake:
        problems.append(f"rake {rake}, due {expected_rake}")
    expected, previous = Counter(), Decimal(0)
    levels = sorted({matched[s] for s in live if matched[s] > 0})
    for index, level in enumerate(levels):
        amount = sum(min(c, level) - min(c, previous) for c in matched.values()) - (expected_rake if index == 0 else 0)
        if index == len(levels) - 1:
            amount += sum(max(c - level, 0) for c in matched.values())
        eligible = [s for s in live if matched[s] >= level]
        best = max(values[s] for s in eligible)
        tied = [s for s in eligible if values[s] == best]
        share = floor_to(amount / len(tied), unit)
        for i, seat in enumerate(tied):
            expected[(index, seat)] = share + (unit if i < (amount - share * len(tied)) / unit else 0)
        previous = level
    if +expected != awards:
        problems.append(f"awards {dict(awards)}, due {dict(+expected)}")
    return problems


def day_problems(tables: dict[str, list[dict]]) -> list[tuple[str, str, list[str]]]:
    found = []
    for records in tables.values():
        config, button = records[0]["config"], None
        for hand_id, events in hands_of(records).items():
            problems = hand_problems(config, events, button)
            if problems:
                found.append((records[0]["table_id"], hand_id, problems))
            button = events[0]["seat"]
    return found


def label_keys(labels: list[dict]) -> set[tuple[str, str, str]]:
    return {(label["rule"], label["table"], label["hand"]) for label in labels}


def finding_keys(*paths: Path) -> set[tuple[str, str, str]]:
    result, con = audit(list(paths), load_rulesets())
    con.close()
    assert not result.quarantine, result.quarantine[:3]
    return {(f["rule"], f["table"], f["hand"]) for f in result.findings}


# --- tests ------------------------------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def clean_day(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("holdem-clean")
    simulate_holdem(out, seed=21, tables=4, hands=250, formats=("jsonl", "csv", "parquet"))
    return out


@pytest.fixture(scope="module")
def injected_day(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("holdem-injected")
    simulate_holdem(out, seed=5, tables=4, hands=500, inject=0.08, formats=("jsonl", "csv", "parquet"))
    return out


@pytest.fixture(scope="module")
def clean_tables(clean_day: Path) -> dict[str, list[dict]]:
    return read_day(clean_day)


@pytest.fixture(scope="module")
def injected_tables(injected_day: Path) -> dict[str, list[dict]]:
    return read_day(injected_day)


def test_same_seed_same_bytes(tmp_path: Path) -> None:
    for name, seed in (("a", 3), ("b", 3), ("c", 4)):
        simulate_holdem(tmp_path / name, seed=seed, tables=3, hands=60, inject=0.1,
                        formats=("jsonl", "csv", "parquet"))
    files = sorted(path.name for path in (tmp_path / "a").iterdir())
    assert files == ["H01.jsonl", "H02.csv", "H03.parquet", "labels.jsonl"]
    for name in files:
        assert (tmp_path / "a" / name).read_bytes() == (tmp_path / "b" / name).read_bytes(), name
    assert (tmp_path / "a" / "H01.jsonl").read_bytes() != (tmp_path / "c" / "H01.jsonl").read_bytes()


@pytest.mark.parametrize("day", ["clean_tables", "injected_tables"])
def test_every_record_is_valid(day: str, request: pytest.FixtureRequest) -> None:
    for table_id, records in request.getfixturevalue(day).items():
        assert records[0]["event"] == "table_open" and records[-1]["event"] == "table_close"
        assert not config_problems(records[0]["config"])
        problems = [(r["seq"], p) for r in records[1:] for p in schema_problems(r)]
        assert not problems, problems[:10]
        assert [r["seq"] for r in records] == list(range(1, len(records) + 1))
        times = [datetime.fromisoformat(r["ts"]) for r in records]
        assert all(a < b for a, b in zip(times, times[1:]))
        assert {r["table_id"] for r in records} == {table_id}
        assert all(Decimal(r["amount"]) % Decimal(records[0]["config"]["chip_unit"]) == 0
                   for r in records if "amount" in r)


def test_clean_day_recomputes(clean_day: Path, clean_tables: dict[str, list[dict]]) -> None:
    """Every hand of a clean day passes the independent recomputation, and the auditor finds nothing."""
    assert day_problems(clean_tables) == []
    assert finding_keys(clean_day) == set()
    assert not (clean_day / "labels.jsonl").exists()


def test_clean_day_is_realistic(clean_tables: dict[str, list[dict]]) -> None:
    """Both betting structures, a tournament, heads-up and full tables, players coming and going, all-ins with
    side pots, split pots with odd chips, uncalled bets, rake and voided hands."""
    seen: Counter[str] = Counter()
    for records in clean_tables.values():
        config = records[0]["config"]
        seen[config["betting"]] += 1
        seen["tournament"] += bool(config.get("tournament"))
        assert "rake_rate" not in config or Decimal("0.03") <= Decimal(config["rake_rate"]) <= Decimal("0.05")
        players = []
        for events in hands_of(records).values():
            seated = {e["player"] for e in events if e["event"] == "seat"}
            players.append(seated)
            seen[f"players {min(len(seated), 7)}"] += 1
            awards = [e for e in events if e["event"] == "award"]
            pots = Counter(e["pot"] for e in awards)
            seen["side pots"] += len(pots) > 1
            seen["split"] += any(n > 1 for n in pots.values())
            seen["odd chip"] += any(len({a["amount"] for a in awards if a["pot"] == p}) > 1
                                    for p, n in pots.items() if n > 1)
            seen["all in"] += any(e.get("all_in") for e in events)
            seen["uncalled"] += any(e["event"] == "refund" for e in events)
            seen["void"] += any(e["event"] == "void" for e in events)
            seen["showdown"] += any(e["event"] == "show" for e in events)
        seen["joined or left"] += sum(a != b for a, b in zip(players, players[1:]))
    hands = sum(seen[f"players {n}"] for n in range(2, 8))
    assert seen["no_limit"] >= 2 and seen["fixed_limit"] and seen["tournament"]
    assert seen["players 2"] and seen["players 7"] and seen["joined or left"] > 20
    assert 0.2 < seen["showdown"] / hands < 0.6 and 0.03 < seen["all in"] / hands < 0.3
    assert seen["side pots"] and seen["split"] and seen["odd chip"] and seen["uncalled"] > hands / 3
    assert seen["void"]


def test_every_enforced_rule_is_planted(injected_day: Path) -> None:
    enforced = {rule.id for rule in load_rulesets()["holdem"].rules.values() if rule.enforced}
    assert set(CYCLE) == enforced and len(CYCLE) == len(enforced)
    labels = read_labels(injected_day)
    assert {label["rule"] for label in labels if label["consequence_of"] is None} == enforced
    for label in labels:
        assert label["note"] and label["seq"] and label["hand"].startswith(label["table"] + "-")
    consequences = {(label["consequence_of"], label["rule"]) for label in labels if label["consequence_of"]}
    assert consequences == {("THE-2.1", "THE-5.1"), ("THE-3.2", "THE-6.1"), ("THE-8.2", "THE-8.1"),
                            ("THE-13.2", "THE-10.2"), ("THE-16.5", "THE-9.1")}


def test_round_trip(injected_day: Path) -> None:
    """Recall and precision 100%: the auditor reports exactly the labelled findings."""
    labels = label_keys(read_labels(injected_day))
    found = finding_keys(injected_day)
    assert found - labels == set(), sorted(found - labels)[:10]
    assert labels - found == set(), sorted(labels - found)[:10]


def test_cli(tmp_path: Path) -> None:
    out = tmp_path / "day"
    result = CliRunner().invoke(app, ["simulate", "holdem", "--out", str(out), "--seed", "9", "--tables", "2",
                                      "--hands", "40", "--inject", "0.2", "--format", "csv"])
    assert result.exit_code == 0, result.output
    assert "80 hands" in result.output
    assert sorted(p.name for p in out.iterdir()) == ["H01.csv", "H02.csv", "labels.jsonl"]
    again = CliRunner().invoke(app, ["simulate", "holdem", "--out", str(out), "--seed", "9"])
    assert again.exit_code != 0 and "--overwrite" in again.output


def test_sample_logs(tmp_path: Path) -> None:
    """sample_logs/ holds exactly what the README's hold'em command writes (the logs, and its lines appended to
    labels.jsonl), and the auditor reports exactly those labels."""
    sample = ROOT / "sample_logs"
    command = re.search(r"^auditor (simulate holdem .*)$", (sample / "README.md").read_text(encoding="utf-8"),
                        re.MULTILINE).group(1)
    result = CliRunner().invoke(app, re.sub(r"--out \S+", f"--out {tmp_path}", command).split())
    assert result.exit_code == 0, result.output
    logs = sorted(p.name for p in tmp_path.iterdir() if p.name != "labels.jsonl")
    for name in logs:
        assert (sample / name).read_bytes() == (tmp_path / name).read_bytes(), name
    tables = {Path(name).stem for name in logs}
    ours = [line for line in (sample / "labels.jsonl").read_text(encoding="utf-8").splitlines()
            if json.loads(line)["table"] in tables]
    assert ours == (tmp_path / "labels.jsonl").read_text(encoding="utf-8").splitlines()
    assert finding_keys(*(sample / name for name in logs)) == label_keys([json.loads(line) for line in ours])


@pytest.mark.slow
def test_round_trip_100k_hands(tmp_path: Path) -> None:
    summary = simulate_holdem(tmp_path, seed=2024, tables=4, hands=25_000, inject=0.05)
    assert summary.hands == 100_000
    labels = [json.loads(line) for line in (tmp_path / "labels.jsonl").read_text(encoding="utf-8").splitlines()]
    assert {label["rule"] for label in labels} == set(CYCLE)
    assert finding_keys(tmp_path) == label_keys(labels)


def test_the_showdown_plant_mucks_or_drops_a_show(injected_day: Path, injected_tables: dict[str, list[dict]]) -> None:
    """THE-8.4 is planted in both forms: a loser's ``muck`` event (the label points at it) or his show left out."""
    labels = [label for label in read_labels(injected_day) if label["rule"] == "THE-8.4"]
    notes = {label["note"].split(" ", 2)[2] for label in labels}
    assert notes == {"mucked his cards", "did not show his cards"}, notes
    mucks = {(records[0]["table_id"], e["hand_id"], e["seq"]) for records in injected_tables.values()
             for e in records if e["event"] == "muck"}
    assert mucks == {(label["table"], label["hand"], label["seq"]) for label in labels
                     if label["note"].endswith("mucked his cards")}
