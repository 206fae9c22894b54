"""The baccarat simulator: valid, reproducible, internally consistent logs, and labels that say exactly which
findings the auditor must report (docs/baccarat-checks.md, read here independently of the simulator's code)."""

from __future__ import annotations

import csv
import json
import re
from collections import Counter, defaultdict
from dataclasses import dataclass
from datetime import datetime
from decimal import ROUND_FLOOR, Decimal
from pathlib import Path

import pyarrow.parquet as pq
import pytest
from typer.testing import CliRunner

import auditor.cli.simulate_baccarat  # noqa: F401  (registers ``auditor simulate baccarat``)
from auditor.cli.app import app
from auditor.sim.baccarat.run import simulate
from auditor.sim.inject import CYCLE

ROOT = Path(__file__).resolve().parents[1]
SCHEMA = json.loads((ROOT / "auditor" / "ingest" / "event_schema.json").read_text(encoding="utf-8"))
PROPS = SCHEMA["properties"]
MONEY = re.compile(r"^-?\d{1,14}(\.\d{1,4})?$")
CARD = re.compile(PROPS["card"]["pattern"])
ENFORCED = set(CYCLE)  # every rule of docs/baccarat-checks.md but BAC-17.6 (reported under BAC-12.1)


# --- reading the three formats back ---------------------------------------------------------------------------

def read_records(path: Path) -> list[dict]:
    """The records of one log file, as JSON-like dicts without null fields."""
    if path.suffix == ".jsonl":
        return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    if path.suffix == ".csv":
        with path.open(encoding="utf-8", newline="") as file:
            reader = csv.reader(file)
            header = next(reader)
            assert header == list(PROPS), "CSV header = every schema property, in schema order"
            return [_typed({name: cell for name, cell in zip(header, row) if cell != ""}) for row in reader]
    rows = pq.read_table(path).to_pylist()
    return [_typed({name: value for name, value in row.items() if value is not None}, parse=False) for row in rows]


def _typed(record: dict, parse: bool = True) -> dict:
    for name, value in list(record.items()):
        x_type = PROPS[name]["x-type"]
        if x_type == "json":
            record[name] = json.loads(value)  # CSV and Parquet carry config as a JSON string
        elif parse and x_type == "integer":
            record[name] = int(value)
        elif parse and x_type == "boolean":
            record[name] = {"true": True, "false": False}[value]
    return record


def read_day(directory: Path) -> dict[str, list[dict]]:
    tables: dict[str, list[dict]] = {}
    for path in sorted(directory.iterdir()):
        if path.suffix in (".jsonl", ".csv", ".parquet") and path.name != "labels.jsonl":
            records = read_records(path)
            tables[records[0]["table_id"]] = records
    return tables


def read_labels(directory: Path) -> list[dict]:
    return [json.loads(line) for line in (directory / "labels.jsonl").read_text(encoding="utf-8").splitlines()]


# --- schema validation ----------------------------------------------------------------------------------------

def schema_problems(record: dict) -> list[str]:
    problems = [f"unknown field {name}" for name in record if name not in PROPS]
    problems += [f"missing {name}" for name in SCHEMA["required"] if name not in record]
    for name, value in record.items():
        spec = PROPS.get(name, {})
        x_type = spec.get("x-type")
        ok = {
            "string": isinstance(value, str), "timestamp": isinstance(value, str) and _is_time(value),
            "integer": isinstance(value, int) and not isinstance(value, bool) and value >= spec.get("minimum", 0),
            "boolean": isinstance(value, bool), "money": isinstance(value, str) and bool(MONEY.match(value)),
            "card": isinstance(value, str) and bool(CARD.match(value)), "json": isinstance(value, dict),
        }.get(x_type, True)
        if not ok or ("enum" in spec and value not in spec["enum"]):
            problems.append(f"bad {name}: {value!r}")
    event = SCHEMA["x-events"].get(record.get("event"))
    if event is None or record.get("game") not in event["games"]:
        return problems + [f"event {record.get('event')!r} not allowed"]
    problems += [f"{record['event']} without {name}" for name in event["required"] if name not in record]
    if record["event"] == "table_open":
        config, spec = record["config"], SCHEMA["x-config"]["baccarat"]
        problems += [f"config without {key}" for key in spec["required"] if key not in config]
        problems += [f"unknown config key {key}" for key in config if key not in spec["properties"]]
        for key, value in config.items():
            x_type = spec["properties"].get(key, {}).get("x-type")
            if x_type == "money" and not MONEY.match(value) or x_type == "integer" and type(value) is not int:
                problems.append(f"bad config {key}: {value!r}")
    return problems


def _is_time(text: str) -> bool:
    try:
        datetime.fromisoformat(text)
    except ValueError:
        return False
    return True


# --- an independent reading of docs/baccarat-checks.md --------------------------------------------------------

def value(card: str) -> int:
    return {"A": 1, "T": 0, "J": 0, "Q": 0, "K": 0}.get(card[0]) if card[0] in "ATJQK" else int(card[0])


def points(cards: list[str]) -> int:
    return sum(value(card) for card in cards) % 10


def banker_should_draw(banker2: int, player3: str | None) -> bool:
    if player3 is None:
        return banker2 <= 5
    x = value(player3)
    return {0: True, 1: True, 2: True, 3: x != 8, 4: 2 <= x <= 7, 5: 4 <= x <= 7, 6: x in (6, 7)}.get(banker2, False)


def tableau_findings(deals: list[dict]) -> set[str]:
    """Arts. 7(1) and 9 on one coup's deals: one rule per card breach (BAC-7.2, else 7.1, else 9.1, else 9.2-9.5)."""
    order = [deal["to"] for deal in deals]
    p = [deal["card"] for deal in deals if deal["to"] == "player"]
    b = [deal["card"] for deal in deals if deal["to"] == "banker"]
    if not (2 <= len(p) <= 3 and 2 <= len(b) <= 3):
        return {"BAC-7.2"}
    if order[:4] != ["player", "banker", "player", "banker"]:
        return {"BAC-7.1"}
    if len(p) == len(b) == 3 and order.index("banker", 4) < order.index("player", 4):
        return {"BAC-9.1"}
    p2, b2 = points(p[:2]), points(b[:2])
    if p2 >= 8 or b2 >= 8:
        return {"BAC-9.2"} if len(p) + len(b) > 4 else set()
    if (len(p) == 3) != (p2 <= 5):
        return {"BAC-9.3"}
    if len(p) == 2 and (len(b) == 3) != (b2 <= 5):
        return {"BAC-9.4"}
    if len(p) == 3 and (len(b) == 3) != banker_should_draw(b2, p[2]):
        return {"BAC-9.5"}
    return set()


def winner_of(player: list[str], banker: list[str]) -> str:
    p, b = points(player), points(banker)
    return "player" if p > b else "banker" if b > p else "tie"


def expected_result(bet_type: str, player: list[str], banker: list[str]) -> str | None:
    winner = winner_of(player, banker)
    if bet_type in ("player", "banker"):
        return "push" if winner == "tie" else "win" if winner == bet_type else "lose"
    if bet_type == "tie":
        return "win" if winner == "tie" else "lose"
    if bet_type in ("player_pair", "banker_pair"):
        cards = player if bet_type == "player_pair" else banker
        return "win" if cards[0][0] == cards[1][0] else "lose"
    if bet_type == "lucky6":
        return "win" if winner == "banker" and points(banker) == 6 else "lose"
    return None


def audit(tables: dict[str, list[dict]]) -> set[tuple]:
    """Findings keyed (rule, table, shoe, hand) as docs/baccarat-checks.md describes them."""
    found: set[tuple] = set()
    for table_id, records in tables.items():
        config = records[0]["config"]
        if not 6 <= config["decks"] <= 12:
            found.add(("BAC-1.1", table_id, None, None))
        if config["seats"] < 7:
            found.add(("BAC-1.3", table_id, None, None))
        found |= audit_table(table_id, config, sorted(records, key=lambda r: r["seq"]))
    return found


def audit_table(table_id: str, config: dict, records: list[dict]) -> set[tuple]:
    found: set[tuple] = set()
    auto = config["auto_shuffler"]
    coups: dict[str, dict] = {}
    shoes: dict[str, dict] = defaultdict(lambda: {"seen": Counter(), "burns": [], "coups": 0, "demos": 0,
                                                  "cut": None, "after": None, "over": set()})
    open_coup = None
    for record in records:
        event, shoe_id, hand = record["event"], record.get("shoe_id"), record.get("hand_id")
        shoe = shoes[shoe_id] if shoe_id else None
        if event in ("shoe_start", "shuffle", "cut", "shoe_end") and open_coup:
            found.add(("BAC-3.2", table_id, coups[open_coup]["shoe"], open_coup))
        if event == "cut":
            shoe["cut"] = record["position"]
        elif event == "coup_start":
            open_coup = hand
            coups[hand] = {"shoe": shoe_id, "demo": record.get("demo", False), "bets": [], "deals": [],
                           "settles": [], "events": []}
            shoe["coups"] += 1
            if record.get("demo"):
                shoe["demos"] += 1
                if shoe["demos"] == 4 or shoe["coups"] > shoe["demos"]:  # one too many, or after a coup
                    found.add(("BAC-2.3", table_id, shoe_id, hand))
            if shoe["after"] is not None:
                shoe["after"] += 1
                if shoe["after"] == config.get("coups_after_cut_card", 1) + 1:
                    found.add(("BAC-3.1", table_id, shoe_id, hand))
        elif event == "coup_end":
            open_coup = None
        elif event == "cut_card":
            shoe["after"] = 0
        if hand in coups:
            coups[hand]["events"].append(record)
            key = {"bet": "bets", "deal": "deals", "settle": "settles"}.get(event)
            if key:
                coups[hand][key].append(record)
        if event == "burn" and hand is None and shoe["coups"] == 0:
            shoe["burns"].append(record)
        if event == "burn" and hand is not None and coups[hand]["deals"]:
            found.add(("BAC-8.1", table_id, shoe_id, hand))
        if event in ("burn", "deal", "card_exposed") and "card" in record:
            card = record["card"]
            shoe["seen"][card] += 1
            if shoe["seen"][card] > config["decks"] and card not in shoe["over"]:
                shoe["over"].add(card)
                found.add(("BAC-1.2", table_id, shoe_id, hand))
    for shoe_id, shoe in shoes.items():
        if shoe["cut"] is not None and shoe["cut"] < 12 - 2:  # a lower bound: more cards behind it is lawful
            found.add(("BAC-2.1", table_id, shoe_id, None))
        if not auto and shoe["burns"]:
            method, burns = config["burn_method"], shoe["burns"]
            due = {"decks": config["decks"], "fixed": config.get("burn_count"),
                   "face_value": (value(burns[0]["card"]) or 10) if "card" in burns[0] else len(burns)}[method]
            if len(burns) != due:
                found.add(("BAC-2.2", table_id, shoe_id, None))
    for hand, coup in coups.items():
        found |= {(rule, table_id, coup["shoe"], hand) for rule in audit_coup(coup, config)}
    return found


def audit_coup(coup: dict, config: dict) -> set[str]:
    events = {record["event"] for record in coup["events"]}
    if coup["demo"]:
        return {"BAC-2.3"} if any(s["result"] in ("win", "lose") for s in coup["settles"]) else set()
    found = set()
    void, corrected = "void" in events, "correction" in events
    bets = {(b["player"], b["spot"], b["bet_type"]): b for b in coup["bets"]}
    if "card_exposed" in events and void:
        found.add("BAC-4.1")
    if any(deal["to"] not in ("player", "banker") for deal in coup["deals"]):
        found.add("BAC-6.1")
    broken = set() if void or corrected else tableau_findings(coup["deals"])
    found |= broken
    if not (void or corrected) and config["auto_shuffler"] and any(d.get("face") == "down" for d in coup["deals"]):
        found.add("BAC-7.3")  # art. 7(2): the cards are right, so art. 10 has nothing to correct
    if broken and any(s["result"] != "refund" for s in coup["settles"]):
        found.add("BAC-10.1")
    if void and any(s["result"] != "refund" or s["amount"] != bets[(s["player"], s["spot"], s["bet_type"])]["amount"]
                    or Decimal(s.get("commission", "0")) for s in coup["settles"]):
        found.add("BAC-10.1")
    stakes = defaultdict(Decimal)
    for bet in coup["bets"]:
        stakes[bet["bet_type"]] += Decimal(bet["amount"])
    allowed = config.get("bets_allowed", "player,banker,tie,player_pair,banker_pair").split(",")
    if any(bet["bet_type"] not in allowed for bet in coup["bets"]):
        found.add("BAC-13.1")
    if "max_difference" in config and abs(stakes["banker"] - stakes["player"]) > Decimal(config["max_difference"]):
        found.add("BAC-14.1")
    seated = {bet["spot"] for bet in coup["bets"] if not bet["standing"]}
    if any(bet["standing"] and bet["spot"] in seated for bet in coup["bets"]):
        found.add("BAC-15.1")
    handler = [r["player"] for r in coup["events"] if r["event"] == "card_handler"]
    totals = defaultdict(Decimal)
    for bet in coup["bets"]:
        if not bet["standing"]:
            totals[bet["player"]] += Decimal(bet["amount"])
    if handler and totals and totals[handler[0]] != max(totals.values()):  # no seated bet: not evaluated
        found.add("BAC-16.1")
    if void:
        return found
    player = [d["card"] for d in coup["deals"] if d["to"] == "player"]
    banker = [d["card"] for d in coup["deals"] if d["to"] == "banker"]
    declared = [r["result"] for r in coup["events"] if r["event"] == "result"]
    if declared and declared[0] != winner_of(player, banker):
        found.add("BAC-11.1")
    unit = Decimal(config["chip_unit"])
    for s in coup["settles"]:
        found |= settle_findings(s, expected_result(s["bet_type"], player, banker), points(banker), len(banker),
                                 config, unit)
    return found


def settle_findings(s: dict, expected: str | None, banker_total: int, banker_cards: int, config: dict,
                    unit: Decimal) -> set[str]:
    """Each settlement breach once, under the bet's expected situation (docs/baccarat-checks.md)."""
    bet_type, result = s["bet_type"], s["result"]
    amount, payout, commission = Decimal(s["amount"]), Decimal(s.get("payout", "0")), Decimal(s.get("commission", "0"))
    standard = config["commission_scheme"] == "standard"
    pair = bet_type in ("player_pair", "banker_pair")
    found = set()
    if bet_type in ("player", "banker") and expected == "push" and (result != "push" or payout):
        found.add("BAC-12.1")
    elif pair and result in ("win", "lose") and result != expected:
        found.add("BAC-13.2")
    elif pair and result not in ("win", "lose"):
        found.add("BAC-13.3")
    elif pair and expected == "win" and payout != amount * 11:
        found.add("BAC-17.4")
    elif bet_type == "lucky6" and expected == "win":
        if result != "win" or payout != amount * (12 if banker_cards == 2 else 20):
            found.add("BAC-17.7")
    elif expected == "win" and bet_type in ("player", "tie") or bet_type == "banker" and expected == "win" and standard:
        if result != "win" or payout != amount * (8 if bet_type == "tie" else 1):
            found.add({"player": "BAC-17.1", "banker": "BAC-17.2", "tie": "BAC-17.3"}[bet_type])
    elif bet_type == "banker" and expected == "win":
        if result != "win" or payout != (amount / 2 if banker_total == 6 else amount):
            found.add("BAC-18.3")
    elif expected == "lose" and (payout or result != "lose"):
        found.add("BAC-17.5")
    if bet_type == "banker" and expected == "win" and standard:
        due = (amount * Decimal("0.05") / unit).to_integral_value(ROUND_FLOOR) * unit
        if result == "win" and commission != due:
            found.add("BAC-18.1")
    elif commission:
        found.add("BAC-18.2")
    return found


def label_keys(labels: list[dict]) -> set[tuple]:
    return {(label["rule"], label["table"], label["shoe"], label["hand"]) for label in labels}


# --- tests ----------------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Day:
    path: Path
    tables: dict[str, list[dict]]


@pytest.fixture(scope="module")
def clean_day(tmp_path_factory: pytest.TempPathFactory) -> Day:
    out = tmp_path_factory.mktemp("clean")
    simulate(out, seed=11, tables=8, shoes=3, formats=("jsonl", "csv", "parquet"))
    return Day(out, read_day(out))


@pytest.fixture(scope="module")
def injected_day(tmp_path_factory: pytest.TempPathFactory) -> Day:
    out = tmp_path_factory.mktemp("injected")
    simulate(out, seed=5, tables=8, shoes=4, inject=0.08, formats=("jsonl", "csv", "parquet"))
    return Day(out, read_day(out))


def test_same_seed_same_bytes(tmp_path: Path) -> None:
    for name in ("a", "b", "c"):
        simulate(tmp_path / name, seed=3 if name != "c" else 4, tables=3, shoes=1, inject=0.05,
                 formats=("jsonl", "csv", "parquet"))
    files = sorted(path.name for path in (tmp_path / "a").iterdir())
    assert files == ["B01.jsonl", "B02.csv", "B03.parquet", "labels.jsonl"]
    for name in files:
        assert (tmp_path / "a" / name).read_bytes() == (tmp_path / "b" / name).read_bytes(), name
    assert (tmp_path / "a" / "B01.jsonl").read_bytes() != (tmp_path / "c" / "B01.jsonl").read_bytes()


@pytest.mark.parametrize("day", ["clean_day", "injected_day"])
def test_every_record_is_valid(day: str, request: pytest.FixtureRequest) -> None:
    for table_id, records in request.getfixturevalue(day).tables.items():
        assert records[0]["event"] == "table_open" and records[-1]["event"] == "table_close"
        problems = [(record["seq"], problem) for record in records for problem in schema_problems(record)]
        assert not problems, problems[:10]
        seqs = [record["seq"] for record in records]
        assert seqs == list(range(1, len(records) + 1))
        times = [datetime.fromisoformat(record["ts"]) for record in records]
        assert times == sorted(times)
        assert {record["table_id"] for record in records} == {table_id}


def test_clean_day_has_no_finding(clean_day: Day) -> None:
    assert audit(clean_day.tables) == set()
    assert not (clean_day.path / "labels.jsonl").exists()


def test_clean_day_is_realistic(clean_day: Day) -> None:
    """Tableau and card counts recomputed here; the mix of results near the exact probabilities (REGULATIONS.md
    §4); every configuration kind and bet type present. (Settlements: test_clean_day_has_no_finding.)"""
    tables = clean_day.tables
    winners, cards_per_coup, kinds, bet_types = Counter(), Counter(), Counter(), Counter()
    for records in tables.values():
        config = records[0]["config"]
        kinds[(config["commission_scheme"], config["auto_shuffler"], config["burn_method"])] += 1
        by_coup = defaultdict(list)
        for record in records:
            if record.get("hand_id"):
                by_coup[record["hand_id"]].append(record)
            if record["event"] == "cut":
                assert 10 <= record["position"] <= 14
        seen = Counter((r["shoe_id"], r["card"]) for r in records if r["event"] in ("deal", "burn") and "card" in r)
        assert max(seen.values()) <= config["decks"]
        shoes = Counter(r["event"] for r in records if r["event"] in ("shoe_start", "cut_card", "shoe_end"))
        assert shoes["shoe_start"] == shoes["shoe_end"]
        assert shoes["cut_card"] == (0 if config["auto_shuffler"] else shoes["shoe_start"])
        for events in by_coup.values():
            deals = [e for e in events if e["event"] == "deal"]
            result = [e["result"] for e in events if e["event"] == "result"]
            if deals:
                cards_per_coup[len(deals)] += 1
                assert not tableau_findings(deals)
                winners[result[0]] += 1
            bet_types.update(e["bet_type"] for e in events if e["event"] == "bet")
            assert len({e["player"] for e in events if e["event"] == "bet"}) <= 7
    coups = sum(winners.values())
    assert coups > 1500
    assert abs(winners["banker"] / coups - 0.4586) < 0.03
    assert abs(winners["player"] / coups - 0.4462) < 0.03
    assert abs(winners["tie"] / coups - 0.0951) < 0.02
    assert set(cards_per_coup) == {4, 5, 6}
    assert set(bet_types) == {"player", "banker", "tie", "player_pair", "banker_pair", "lucky6"}
    assert {scheme for scheme, _, _ in kinds} == {"standard", "no_commission"}
    assert {auto for _, auto, _ in kinds} == {True, False}
    assert {method for _, _, method in kinds} == {"decks", "face_value", "fixed", "none"}


def test_labels_are_exactly_the_findings(injected_day: Day) -> None:
    labels = read_labels(injected_day.path)
    assert label_keys(labels) == audit(injected_day.tables)
    assert {label["rule"] for label in labels if label["consequence_of"] is None} == ENFORCED
    for label in labels:
        assert label["consequence_of"] in (None, *ENFORCED)
        assert set(label) >= {"rule", "table", "shoe", "hand", "seq", "note", "consequence_of"}


def test_labels_point_at_their_event(injected_day: Day) -> None:
    tables = {table_id: {r["seq"]: r for r in records} for table_id, records in injected_day.tables.items()}
    for label in read_labels(injected_day.path):
        record = tables[label["table"]][label["seq"]]
        if label["hand"] and record["event"] != "shoe_end":
            assert record["hand_id"] == label["hand"]
        if label["shoe"]:
            assert record["shoe_id"] == label["shoe"]


def test_cli_simulate_baccarat(tmp_path: Path) -> None:
    result = CliRunner().invoke(app, ["simulate", "baccarat", "--out", str(tmp_path), "--seed", "2", "--tables", "2",
                                      "--shoes", "1", "--inject", "0.05", "--format", "jsonl,parquet"])
    assert result.exit_code == 0, result.output
    assert sorted(p.name for p in tmp_path.iterdir()) == ["B01.jsonl", "B02.parquet", "labels.jsonl"]
    again = CliRunner().invoke(app, ["simulate", "baccarat", "--out", str(tmp_path), "--seed", "2"])
    assert again.exit_code != 0 and "--overwrite" in again.output
    bad = CliRunner().invoke(app, ["simulate", "baccarat", "--out", str(tmp_path), "--seed", "2", "--format", "xml"])
    assert bad.exit_code != 0


def test_sample_logs_are_reproducible(tmp_path: Path) -> None:
    """The baccarat tables of sample_logs/ are exactly what its README's command writes."""
    sample = ROOT / "sample_logs"
    readme = (sample / "README.md").read_text(encoding="utf-8")
    command = re.search(r"^auditor (simulate baccarat .*)$", readme, re.MULTILINE).group(1)
    args = command.replace("--out sample_logs", f"--out {tmp_path}").split()
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output
    written = sorted(p.name for p in tmp_path.iterdir() if p.name != "labels.jsonl")
    assert set(written) <= {p.name for p in sample.iterdir()}
    for name in written:
        if name.endswith(".parquet"):
            assert pq.read_table(sample / name).equals(pq.read_table(tmp_path / name))
        else:
            assert (sample / name).read_bytes() == (tmp_path / name).read_bytes(), name
    tables = {table_id: records for table_id, records in read_day(sample).items()
              if records[0]["game"] == "baccarat"}  # the hold'em tables have their own test (test_sim_holdem.py)
    labels = [label for label in read_labels(sample) if label["table"] in tables]
    assert read_labels(tmp_path) == labels
    assert label_keys(labels) == audit(tables)
