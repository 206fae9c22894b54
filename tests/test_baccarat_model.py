"""The baccarat model's packed deals (model.sql): every card and hand survives the packing, a card that is not
logged stays unknown (never a zero-valued card), and the coup table reads the cards back in dealing order."""

from __future__ import annotations

import json
from importlib.resources import files
from pathlib import Path

import pytest

from auditor.engine.audit import audit
from auditor.engine.ruleset import load_rulesets
from auditor.games.baccarat.model import STOOD, UNKNOWN, tableau_rows
from tests.conftest import baccarat_coup, write_jsonl

CARDS = [rank + suit for rank in "A23456789TJQK" for suit in "shdc"]


@pytest.fixture(scope="module")
def con(tmp_path_factory):
    """A connection holding the model of one audited coup (whose cards are 4h 2c 5d 3s, no third card)."""
    log = write_jsonl(tmp_path_factory.mktemp("model") / "coup.jsonl", baccarat_coup())
    _, con = audit([log], load_rulesets())
    yield con
    con.close()


def test_every_card_and_hand_survive_the_packing_at_every_position(con):
    rows = con.execute(
        """
        WITH deals AS (
          SELECT card, target, n FROM unnest(?::VARCHAR[]) AS c(card),
            (VALUES ('player'), ('banker'), ('dealer')) AS t(target), range(1, 7) AS r(n)
        ), packed AS (
          SELECT *, CAST(CAST(bac_deal_code(card, target) AS BIGINT) << (8 * (n - 1)) AS BIGINT) AS packed FROM deals
        )
        SELECT card, target, bac_code_card(bac_unpack(packed, n) % 64), bac_unpack_hand(packed, n),
               bac_unpack_rank(packed, n), bac_unpack_hand(packed, n % 6 + 1)
        FROM packed
        """,
        [CARDS],
    ).fetchall()
    assert len(rows) == 52 * 3 * 6
    for card, target, unpacked, hand, rank, other_position in rows:
        assert unpacked == card
        assert hand == {"player": 1, "banker": 2, "dealer": 3}[target]
        assert rank == "A23456789TJQK".index(card[0])
        assert other_position == 0


def test_values_follow_art_5_and_an_unlogged_card_stays_unknown(con):
    values = con.execute("SELECT list(bac_value(c) ORDER BY i) FROM unnest(?::VARCHAR[]) WITH ORDINALITY AS t(c, i)",
                         [[r + "s" for r in "A23456789TJQK"]]).fetchone()[0]
    assert values == [1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 0, 0, 0]
    code = con.execute("SELECT bac_deal_code(NULL, 'banker')").fetchone()[0]
    assert code == 2 * 64
    assert con.execute(f"SELECT bac_unpack_rank({code}, 1), bac_unpack_hand({code}, 1)").fetchone() == (None, 2)
    assert con.execute("SELECT bac_value(NULL), bac_rank_value(NULL), bac_unpack_rank(NULL, 1)").fetchone() == (
        None, None, None)


def test_the_coup_reads_its_cards_in_dealing_order(con):
    coup = con.execute(
        "SELECT n_deals, first_four_ok, counts_ok, thirds_ok, pr1, pr2, pr3, br1, br2, br3, p2, b2, winner, "
        "player_pair, banker_pair FROM bac_coups"
    ).fetchall()
    # 4h 2c 5d 3s: Player 4+5 = 9, Banker 2+3 = 5, no third card, no pair.
    assert coup == [(4, True, True, True, 3, 4, None, 1, 2, None, 9, 5, "player", False, False)]


def test_the_tableau_is_keyed_on_every_third_card_once():
    """Art. 9(3)-(4) as data: every Banker total has one row per Player third card (or none); "*" also covers a
    third card that is not known, where a specific value cannot."""
    text = files("auditor.games.baccarat").joinpath("tableau.csv").read_text(encoding="utf-8")
    draws = {(total, third): d for total, third, d in tableau_rows(text)}
    assert len(draws) == len(tableau_rows(text))
    for total in range(8):
        expected = {STOOD, *range(10)} | ({UNKNOWN} if total in (0, 1, 2, 7) else set())
        assert {third for t, third in draws if t == total} == expected, total
    assert draws[(3, 8)] is False and draws[(3, 9)] is True and draws[(6, 6)] is True and draws[(6, STOOD)] is False
    assert draws[(2, UNKNOWN)] is True and draws[(7, UNKNOWN)] is False


def test_a_tableau_key_given_twice_is_refused():
    text = "banker_total,player_third,draws\n3,*,true\n3,8,false\n"
    with pytest.raises(ValueError, match="banker_total 3, player_third 8 is given twice"):
        tableau_rows(text)


def _banker_win_at_the_largest_stakes(commission: str) -> list[dict]:
    """A coup Banker wins 9 to 5 (2c 4h 3s 5d), every bet type staked at the largest amount the format allows."""
    top = "99999999999999.9999"
    rows = baccarat_coup()
    for i, card in zip(range(3, 7), ("2c", "4h", "3s", "5d")):
        rows[i]["card"] = card
    rows[7]["result"] = "banker"
    outcomes = {"player": ("lose", "0", "0"), "tie": ("lose", "0", "0"), "player_pair": ("lose", "0", "0"),
                "banker_pair": ("lose", "0", "0"), "banker": ("win", top, commission)}
    bets = [dict(rows[2], spot=n, player=f"p{n}", bet_type=b, amount=top) for n, b in enumerate(outcomes, 1)]
    settles = [dict(rows[8], spot=n, player=f"p{n}", bet_type=b, amount=top, result=r, payout=p, commission=c)
               for n, (b, (r, p, c)) in enumerate(outcomes.items(), 1)]
    rows = [rows[0], rows[1], *bets, *rows[3:8], *settles, rows[9]]
    return [dict(r, seq=i) for i, r in enumerate(rows, 1)]


def test_the_largest_stakes_are_judged_exactly(tmp_path):
    """Stakes of 14 integer digits: a payout or commission needs more than DuckDB's 18 digits of DECIMAL(18,4), which
    stopped the run; 5% of 99999999999999.9999 is 4999999999999.999995, rounded down to the chip unit 1."""
    rulesets = load_rulesets()
    _, con = audit([write_jsonl(tmp_path / "clean.jsonl", _banker_win_at_the_largest_stakes("4999999999999"))],
                   rulesets)
    assert con.execute("SELECT count(*) FROM findings").fetchone()[0] == 0
    evaluated = dict(con.execute("SELECT rule, sum(units) FROM coverage WHERE missing IS NULL GROUP BY ALL").fetchall())
    assert evaluated["BAC-18.1"] == 1 and evaluated["BAC-17.5"] == 4
    _, con = audit([write_jsonl(tmp_path / "over.jsonl", _banker_win_at_the_largest_stakes("5000000000000"))],
                   rulesets)
    assert con.execute("SELECT rule, severity, expected, found FROM findings").fetchall() == [
        ("BAC-18.1", "violation", "4999999999999", "5000000000000")]



def test_two_bets_of_one_key_may_be_settled_one_by_one(tmp_path):
    """Chips added to a bet are a second bet of the same key: settled together or one by one, it is paid once."""
    rows = baccarat_coup()  # p1's Player bet of 100 wins, paid 100
    rows.insert(3, dict(rows[2], amount="50"))
    by_one = [*rows[:10], dict(rows[9], amount="50", payout="50"), *rows[10:]]
    together = [*rows[:9], dict(rows[9], amount="150", payout="150"), *rows[10:]]
    for name, log in (("by_one", by_one), ("together", together)):
        _, con = audit([write_jsonl(tmp_path / f"{name}.jsonl", [dict(r, seq=i) for i, r in enumerate(log, 1)])],
                       load_rulesets())
        assert con.execute("SELECT rule, message FROM findings").fetchall() == [], name

def test_a_configuration_beyond_32_bits_is_judged_not_a_crash(tmp_path):
    rows = baccarat_coup()
    rows[0]["config"] = {**rows[0]["config"], "decks": 3_000_000_000, "seats": 2_200_000_000}
    _, con = audit([write_jsonl(tmp_path / "t.jsonl", rows)], load_rulesets())
    assert con.execute("SELECT rule, found FROM findings").fetchall() == [("BAC-1.1", "3000000000")]
    assert con.execute("SELECT missing FROM coverage WHERE rule = 'BAC-1.3'").fetchall() == [(None,)]  # 2.2e9 >= 7


def test_every_coup_rule_leaves_a_coup_with_a_quarantined_record_not_evaluated(tmp_path):
    """docs/baccarat-checks.md: a coup with a quarantined record is not evaluated by any coup rule. Its unauthorised
    bet (BAC-13.1) and standing bet in a seated player's spot (BAC-15.1) are not judged either."""
    rows = baccarat_coup()
    rows[3:3] = [dict(rows[2], bet_type="lucky6", player="p2", spot=2),
                 dict(rows[2], player="w1", standing=True)]
    rows[6]["bogus"] = 1  # a deal with an unknown field: quarantined
    rows = [dict(r, seq=i) for i, r in enumerate(rows, 1)]
    _, con = audit([write_jsonl(tmp_path / "t.jsonl", rows)], load_rulesets())
    assert con.execute("SELECT count(*) FROM quarantine").fetchone()[0] == 1
    assert con.execute("SELECT rule FROM findings WHERE rule IN ('BAC-13.1', 'BAC-15.1')").fetchall() == []
    assert con.execute("SELECT rule, missing, units FROM coverage WHERE rule IN ('BAC-13.1', 'BAC-15.1') "
                       "ORDER BY rule").fetchall() == [
        ("BAC-13.1", "input error in coup (quarantined record)", 3),
        ("BAC-15.1", "input error in coup (quarantined record)", 3)]


def test_an_amount_a_settlement_does_not_log_is_not_judged_as_zero(tmp_path):
    """docs/readings.md: missing data is not compliance. A winning bet settled without its payout is not evaluated by
    the payout rule (it was judged as paid 0); a wrong result is still a finding, whatever the payout."""
    rows = _banker_win_at_the_largest_stakes("4999999999999")
    banker = next(r for r in rows if r["event"] == "settle" and r["bet_type"] == "banker")
    del banker["commission"]
    player = next(r for r in rows if r["event"] == "settle" and r["bet_type"] == "player")
    player.update(result="win")
    del player["payout"]
    tie = next(r for r in rows if r["event"] == "settle" and r["bet_type"] == "tie")
    del tie["payout"]
    _, con = audit([write_jsonl(tmp_path / "t.jsonl", rows)], load_rulesets())
    assert con.execute("SELECT rule, message FROM findings").fetchall() == [
        ("BAC-17.5", "losing player bet of 99999999999999.9999 settled win with payout not logged; a losing bet is "
                     "collected")]
    missing = con.execute("SELECT rule, missing, units FROM coverage WHERE missing LIKE '%not logged' ORDER BY rule")
    assert missing.fetchall() == [("BAC-17.5", "payout not logged", 1), ("BAC-18.1", "commission not logged", 1)]


def test_a_payout_is_judged_against_the_bet_it_settles(tmp_path):
    """docs/log-format.md: one settlement per bet, named by its key. The stake is the bet's, not what the settlement
    repeats; a bet settled twice is judged on all it was paid; a bet never settled, or a settlement of no bet,
    cannot be judged and says so (the payout rules read only the settlements before)."""
    rows = baccarat_coup()  # Player wins; p1's Player bet of 100 is settled win, payout 100
    bet, settle = rows[2], rows[8]
    rows[8] = dict(settle, amount="10", payout="10")  # p1 bet 100: underpaid, the settlement says a bet of 10
    rows[3:3] = [dict(bet, player="p2", spot=2, amount="200"),  # paid twice
                 dict(bet, player="p3", spot=3, amount="300")]  # never settled
    rows[-1:-1] = [dict(settle, player="p2", spot=2, amount="200", payout="200"),
                   dict(settle, player="p2", spot=2, amount="200", payout="200"),
                   dict(settle, player="p4", spot=4, amount="400", payout="400")]  # no such bet
    rows = [dict(r, seq=i) for i, r in enumerate(rows, 1)]
    _, con = audit([write_jsonl(tmp_path / "t.jsonl", rows)], load_rulesets())
    assert con.execute("SELECT rule, line, expected, found FROM findings ORDER BY line").fetchall() == [
        ("BAC-17.1", 11, "win, payout 100", "win, payout 10"),
        ("BAC-17.1", 12, "win, payout 200", "win x2, payout 400")]
    assert con.execute("SELECT missing, units FROM coverage WHERE rule = 'BAC-17.1' ORDER BY ALL").fetchall() == [
        ("bet never settled in the log", 1),
        ("settlement of no logged bet (docs/log-format.md: one settlement per bet)", 1), (None, 2)]


FIXTURES = Path(__file__).parent / "fixtures" / "baccarat"


def _fixture(rule: str) -> list[dict]:
    return [json.loads(line) for line in (FIXTURES / rule / "clean.jsonl").read_text(encoding="utf-8").splitlines()]


def test_a_table_that_logs_no_burn_is_not_judged_on_its_burns(tmp_path):
    """docs/readings.md: "a file with no burn events" is not evaluated, not a burn of 0 cards (BAC-2.2)."""
    rows = [r for r in _fixture("BAC-2.2") if r["event"] != "burn"]
    _, con = audit([write_jsonl(tmp_path / "t.jsonl", rows)], load_rulesets())
    assert con.execute("SELECT count(*) FROM findings WHERE rule = 'BAC-2.2'").fetchone()[0] == 0
    assert {m for (m,) in con.execute("SELECT missing FROM coverage WHERE rule = 'BAC-2.2'").fetchall()} == {
        "no burn event logged at this table"}


def test_an_automatic_shuffler_dealer_may_deal_a_card_any_number_of_times(tmp_path):
    """Art. 7(2): the cards return to the machine after each coup, so BAC-1.2 has no shoe to count them in: its
    shoes are not applicable (neither evaluated nor not evaluated)."""
    rows = [r for r in _fixture("BAC-7.3") if r["table_id"] == "T1"]  # its automatic shuffler-dealer table
    coups = [r["hand_id"] for r in rows if r["event"] == "coup_start"]
    first = [r for r in rows if r.get("hand_id") == coups[0]]
    deals = [r["card"] for r in first if r["event"] == "deal"]
    for r in rows:  # every coup deals the first coup's cards again
        if r["event"] == "deal" and r.get("hand_id") != coups[0]:
            r["card"] = deals[0]
    decks = rows[0]["config"]["decks"]
    extra = [dict(r, hand_id=f"X{n}", seq=100_000 + 100 * n + i) for n in range(decks + 1)
             for i, r in enumerate(first)]
    end = next(i for i, r in enumerate(rows) if r["event"] == "shoe_end")
    rows[end:end] = extra
    rows[end + len(extra):] = [dict(r, seq=200_000 + i) for i, r in enumerate(rows[end + len(extra):])]
    _, con = audit([write_jsonl(tmp_path / "t.jsonl", rows)], load_rulesets())
    assert con.execute("SELECT count(*) FROM quarantine").fetchone()[0] == 0
    assert con.execute("SELECT count(*) FROM findings WHERE rule = 'BAC-1.2'").fetchone()[0] == 0
    assert con.execute("SELECT count(*) FROM coverage WHERE rule = 'BAC-1.2' AND units > 0").fetchone()[0] == 0


def test_the_card_handler_is_not_judged_when_a_bettor_status_is_unknown(tmp_path):
    """Art. 16(2) names the largest *seated* bet: a bet whose status is not logged may be it (it was counted seated)."""
    rows = _fixture("BAC-16.1")
    bettor = next(r for r in rows if r["event"] == "bet" and r["standing"])  # C1's standing W201, the largest stake
    del bettor["standing"]
    _, con = audit([write_jsonl(tmp_path / "t.jsonl", rows)], load_rulesets())
    assert con.execute("SELECT count(*) FROM findings WHERE rule = 'BAC-16.1'").fetchone()[0] == 0
    assert ("a bettor status (seated or standing) not logged", 1) in con.execute(
        "SELECT missing, units FROM coverage WHERE rule = 'BAC-16.1'").fetchall()


def test_the_card_handler_is_not_judged_where_no_seated_player_bets(tmp_path):
    """Art. 16(2): where nobody seated bets, nobody has "the largest bet": the coup is not evaluated (it was counted
    evaluated, with no finding). C3's two bets are made standing; C4 gets a handler and loses its bets."""
    rows = _fixture("BAC-16.1")
    for r in rows:
        if r["event"] == "bet" and r["hand_id"] == "C3":
            r["standing"] = True
    rows = [r for r in rows if not (r.get("hand_id") == "C4" and r["event"] in ("bet", "settle"))]
    start = next(i for i, r in enumerate(rows) if r["event"] == "coup_start" and r["hand_id"] == "C4")
    rows.insert(start + 1, dict(rows[start], seq=rows[start]["seq"] + 1, event="card_handler", player="M101",
                                shoe_id=None, demo=None))
    _, con = audit([write_jsonl(tmp_path / "t.jsonl", [{k: v for k, v in r.items() if v is not None}
                                                       for r in rows])], load_rulesets())
    assert con.execute("SELECT count(*) FROM quarantine").fetchone()[0] == 0
    assert con.execute("SELECT rule, hand FROM findings").fetchall() == []
    assert con.execute("SELECT missing, units FROM coverage WHERE rule = 'BAC-16.1' ORDER BY ALL").fetchall() == [
        ("no seated bet", 2), (None, 2)]


def _stake_readings_apart() -> list[dict]:
    """The BAC-16.1 clean log where the stake readings part: C2, M101 (banker 1000, player pair 2500) handles the
    cards against M102 (player 3000); C3, M101 adds a tie bet of 500 to his player 1000 against handler M103 (banker
    1000); C4, only M103's tie bet of 100 is seated, and he handles the cards."""
    rows = _fixture("BAC-16.1")
    for r in rows:
        if r["event"] == "card_handler" and r["hand_id"] == "C2":
            r["player"] = "M101"
        if r["event"] in ("bet", "settle") and r["hand_id"] == "C2" and r["bet_type"] == "player_pair":
            r["amount"] = "2500"
        if r["event"] == "bet" and r["hand_id"] == "C4" and r["bet_type"] != "tie":
            r["standing"] = True
    at = {(r["event"], r["hand_id"], r.get("player")): i for i, r in enumerate(rows) if r.get("hand_id")}
    c3_bet, c3_settle = rows[at[("bet", "C3", "M101")]], rows[at[("settle", "C3", "M101")]]
    c4 = rows[at[("coup_start", "C4", None)]]
    for i, extra in sorted([
        (at[("settle", "C3", "M101")] + 1, dict(c3_settle, seq=c3_settle["seq"] + 1, bet_type="tie", amount="500")),
        (at[("bet", "C3", "M101")] + 1, dict(c3_bet, seq=c3_bet["seq"] + 1, bet_type="tie", amount="500")),
        (at[("bet", "C4", "M103")] + 1, {**{k: c4[k] for k in ("table_id", "game", "hand_id")},
                                        "seq": rows[at[("bet", "C4", "M103")]]["seq"] + 1, "event": "card_handler",
                                        "player": "M103"}),
    ], key=lambda item: -item[0]):
        rows.insert(i, extra)
    return rows


@pytest.mark.parametrize("reading, findings, missing", [
    ("total", [("C3", "M101", "M103", "cards handled by M103 (stake 1000); the seated player with the largest bet "
                "is M101 (1500)")], []),
    ("main", [("C2", "M102", "M101", "cards handled by M101 (Player/Banker stake 1000); the seated player with the "
               "largest bet on Player or Banker is M102 (3000)")], [("no seated Player or Banker bet", 1)]),
])
def test_the_card_handler_stake_is_read_as_the_ruleset_says(tmp_path, reading, findings, missing):
    """Art. 16(2) "the largest bet": handler_stake = total (default) sums all of a seated player's bets in the coup,
    main only his Player and Banker bets (his tie and pair bets left out)."""
    log = write_jsonl(tmp_path / "t.jsonl", _stake_readings_apart())
    rulesets = load_rulesets(overrides={"baccarat.handler_stake": reading})
    if reading == "total":
        assert load_rulesets()["baccarat"].param("handler_stake") == "total"
    _, con = audit([log], rulesets)
    assert con.execute("SELECT count(*) FROM quarantine").fetchone()[0] == 0
    assert con.execute("SELECT rule, hand, message FROM findings WHERE rule <> 'BAC-16.1'").fetchall() == []
    assert con.execute("SELECT hand, expected, found, message FROM findings").fetchall() == findings
    assert con.execute("SELECT missing, units FROM coverage WHERE rule = 'BAC-16.1' AND missing IS NOT NULL "
                       "ORDER BY ALL").fetchall() == missing


def test_a_cut_without_its_position_says_so(tmp_path):
    rows = _fixture("BAC-2.1")
    del next(r for r in rows if r["event"] == "cut")["position"]
    _, con = audit([write_jsonl(tmp_path / "t.jsonl", rows)], load_rulesets())
    assert ("cut position not logged", 1) in con.execute(
        "SELECT missing, units FROM coverage WHERE rule = 'BAC-2.1'").fetchall()


def _unlogged_third_card(table: str, *, voided: bool = False) -> list[dict]:
    """A coup of Player 4h Ad (5) against Banker 2c 3s (5) in which the Player draws a card that is not logged;
    ``voided``: the Banker draws too, his card comes out face up, and the coup is voided and its bet refunded."""
    rows = baccarat_coup(table)
    envelope = {"table_id": table, "game": "baccarat", "hand_id": "C1"}
    rows[5] = dict(rows[5], card="Ad")
    rows[7:7] = [{**envelope, "event": "deal", "to": "player", "face": "up"}]
    if voided:
        rows[8:9] = [{**envelope, "event": "card_exposed", "card": "9h"},
                     {**envelope, "event": "deal", "card": "9h", "to": "banker", "face": "up"},
                     {**envelope, "event": "void", "reason": "card exposed"}]
        rows[-2] = dict(rows[-2], result="refund", payout="0")
    return [dict(r, seq=i) for i, r in enumerate(rows, 1)]


def test_a_card_not_logged_leaves_the_winner_and_the_dealing_unknown(tmp_path):
    """Missing data is not compliance (docs/readings.md): a third card that is not logged is not a card of value 0.
    T1: the winner is unknown (it was read as a 5-5 tie, and the Player bet's win judged as a push), so the bet is
    not evaluated by any rule it may fall under, for that reason; nor is whether the Banker's stand broke art. 9
    (BAC-10.1). T2: whether the Banker's draw broke art. 9, so whether the void was art. 10's or breaks art. 4, is
    unknown (BAC-4.1)."""
    rows = _unlogged_third_card("T1") + _unlogged_third_card("T2", voided=True)
    _, con = audit([write_jsonl(tmp_path / "t.jsonl", rows)], load_rulesets())
    assert con.execute("SELECT count(*) FROM quarantine").fetchone()[0] == 0
    assert con.execute("SELECT rule, \"table\", message FROM findings").fetchall() == []
    coups = con.execute("SELECT table_id, winner, player_total, banker_total FROM bac_coups ORDER BY ALL")
    assert coups.fetchall() == [
        ("T1", None, None, None), ("T2", None, None, None)]
    unknown = con.execute("SELECT rule, table_id, units FROM coverage WHERE missing = 'a dealt card is not logged' "
                          "AND rule NOT LIKE 'BAC-9.%' AND rule <> 'BAC-11.1' ORDER BY ALL").fetchall()
    assert unknown == [("BAC-10.1", "T1", 1), ("BAC-12.1", "T1", 1), ("BAC-17.1", "T1", 1), ("BAC-17.5", "T1", 1),
                       ("BAC-18.2", "T1", 1), ("BAC-4.1", "T2", 1)]


def test_a_demonstration_coup_after_the_first_coup_of_its_shoe_is_one_finding(tmp_path):
    """Art. 2(2): demonstration coups are dealt "each time dealing starts from a new shoe", so one that follows a
    coup of its shoe is a breach; as the shoe's fourth demonstration coup it is one finding, not two."""
    rows = _fixture("BAC-2.3")  # S1: demonstration coups D1-D3, then C1 and C2
    demo = [dict(r, hand_id="D4", seq=441 + i)  # D3's events again, as D4, after C1's coup_end (seq 440)
            for i, r in enumerate(r for r in rows if r.get("hand_id") == "D3")]
    end = next(i for i, r in enumerate(rows) if r["event"] == "coup_end" and r["hand_id"] == "C1")
    rows[end + 1:end + 1] = demo
    _, con = audit([write_jsonl(tmp_path / "t.jsonl", rows)], load_rulesets())
    assert con.execute("SELECT count(*) FROM quarantine").fetchone()[0] == 0
    assert con.execute("SELECT rule, hand, seq, line, message, expected, found FROM findings").fetchall() == [
        ("BAC-2.3", "D4", 441, end + 2,
         "demonstration coup D4 dealt after coup C1 of its shoe; art. 2(2): demonstration coups are dealt when "
         "dealing starts from a new shoe, before its first coup", "before coup C1", "after coup C1")]
