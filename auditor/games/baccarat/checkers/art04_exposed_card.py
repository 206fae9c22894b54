"""Art. 4 (陽反牌): "If … a card comes out of the shoe … face up, the exposed card and the bets of that coup remain
valid, and play continues." A coup voided after a card was exposed breaches it."""

from auditor.engine.registry import SqlRule, register
from auditor.games.baccarat.scopes import COUPS

register(SqlRule(
    id="BAC-4.1", game="baccarat", scope=COUPS,
    findings="""
    SELECT table_id, shoe_id, hand_id, void_seq AS seq, file, void_line AS line,
           'coup ' || hand_id || ' was voided after a card was exposed; art. 4: its bets remain valid' AS message,
           'played and settled' AS expected, 'voided' AS found
    FROM bac_coups
    WHERE exposed AND voided AND NOT demo
      AND (table_id, hand_id) NOT IN (SELECT (table_id, hand_id) FROM bac_tainted)
    """,
))
