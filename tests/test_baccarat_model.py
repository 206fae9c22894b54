"""The baccarat model's packed deals (model.sql): every card and hand survives the packing, a card that is not
logged stays unknown (never a zero-valued card), and the coup table reads the cards back in dealing order."""

from __future__ import annotations

import pytest

from auditor.engine.audit import audit
from auditor.engine.ruleset import load_rulesets
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
        )
        SELECT card, target, n, bac_unpack_card(packed, n), bac_unpack_target(packed, n)
        FROM (SELECT *, CAST(CAST(bac_deal_code(card, target) AS BIGINT) << (8 * (n - 1)) AS BIGINT) AS packed
              FROM deals)
        """,
        [CARDS],
    ).fetchall()
    assert len(rows) == 52 * 3 * 6
    for card, target, _, unpacked_card, unpacked_target in rows:
        assert unpacked_card == card
        assert unpacked_target == (target if target != "dealer" else "other")


def test_a_card_not_logged_stays_unknown(con):
    code = con.execute("SELECT bac_deal_code(NULL, 'banker')").fetchone()[0]
    assert code == 2 * 64
    assert con.execute(f"SELECT bac_unpack_card({code}, 1), bac_unpack_target({code}, 1)").fetchone() == (None, "banker")
    assert con.execute("SELECT bac_unpack_card(NULL, 1), bac_unpack_target(0, 2)").fetchone() == (None, None)


def test_the_coup_reads_its_cards_in_dealing_order(con):
    coup = con.execute(
        "SELECT c1, c2, c3, c4, c5, t1, t4, t5, first_four_ok, counts_ok, pc1, pc2, bc1, bc2, p2, b2, winner "
        "FROM bac_coups"
    ).fetchall()
    assert coup == [("4h", "2c", "5d", "3s", None, "player", "banker", None, True, True,
                     "4h", "5d", "2c", "3s", 9, 5, "player")]
