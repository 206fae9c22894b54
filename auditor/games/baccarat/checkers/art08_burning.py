"""Art. 8 (銷牌): "In addition to art. 2, the house reserves the right to burn cards from the shoe at the start of
each coup." A burn after a coup's first card is dealt breaches it."""

from auditor.engine.registry import SqlRule, register
from auditor.games.baccarat.scopes import COUPS

register(SqlRule(
    id="BAC-8.1", game="baccarat", scope=COUPS,
    findings="""
    SELECT e.table_id, c.shoe_id, c.hand_id, e.seq, e.file, e.line,
           'card burned after the first card of coup ' || c.hand_id
             || ' was dealt; art. 8: burns only at the start of a coup' AS message,
           'before seq ' || c.first_deal_seq AS expected, 'seq ' || e.seq AS found
    FROM bac_shoe_events e JOIN bac_coups c ON e.table_id = c.table_id AND e.open_coup = c.hand_id
      AND e.seq > c.first_deal_seq
    WHERE e.event = 'burn' AND NOT c.demo AND c.n_deals > 0 AND NOT c.tainted
    """,
))
