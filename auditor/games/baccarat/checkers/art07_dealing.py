"""Art. 7 (派牌): "Starting with the Player, cards are dealt alternately, one at a time, two to each hand" (n.º 1);
with an automatic shuffler-dealer "the cards dealt to Player and Banker must be face up" (n.º 2)."""

from auditor.engine.registry import Scope, SqlRule, UnitBreach, register
from auditor.games.baccarat.scopes import CORRECTED, DEALT_COUPS, INPUT_ERROR_COUP, PLAYED

register(SqlRule(
    id="BAC-7.1", game="baccarat", scope=DEALT_COUPS,
    findings=UnitBreach(
        when="counts_ok AND NOT first_four_ok",
        seq="bac_deal_seq(u.hand_key, 1)", line="bac_deal_line(u.hand_key, 1)",
        message="'the first four cards went to ' || bac_deal_targets(u.hand_key, 4) "
                "|| '; art. 7(1): Player, Banker, Player, Banker'",
        expected="'player, banker, player, banker'", found="bac_deal_targets(u.hand_key, 4)",
    ),
))

register(SqlRule(
    id="BAC-7.2", game="baccarat", scope=DEALT_COUPS,
    findings=UnitBreach(
        when="NOT counts_ok AND end_seq IS NOT NULL",
        seq="coalesce(bac_deal_seq(u.hand_key, n_deals), start_seq)",
        line="coalesce(bac_deal_line(u.hand_key, n_deals), start_line)",
        message="'Player received ' || n_player || ' and Banker ' || n_banker "
                "|| ' cards; each hand has two cards and at most one more (arts. 7(1), 9)'",
        expected="'2 or 3 cards per hand'", found="'player ' || n_player || ', banker ' || n_banker",
    ),
))

# One finding per card dealt face down: the deal events are read only for the coups that have one.
register(SqlRule(
    id="BAC-7.3", game="baccarat",
    scope=Scope("bac_coups", f"NOT demo AND auto_shuffler AND {PLAYED}", f"""CASE
        WHEN tainted THEN '{INPUT_ERROR_COUP}'
        WHEN corrected THEN '{CORRECTED}'
        WHEN unknown_faces > 0 THEN 'face of a dealt card not logged'
      END"""),
    findings="""
    SELECT e.table_id, c.shoe_id, e.hand_id, e.seq, e.file, e.line,
           'card ' || e.card || ' dealt face down by the automatic shuffler-dealer; art. 7(2): face up' AS message,
           'up' AS expected, e.face AS found
    FROM bac_events e
    JOIN (SELECT hand_key, shoe_id FROM bac_coups
          WHERE faces_down > 0 AND auto_shuffler AND NOT demo AND NOT voided AND NOT corrected AND NOT tainted) c
      USING (hand_key)
    WHERE e.event = 'deal' AND e.face = 'down'
    """,
))
