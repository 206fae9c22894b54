"""Art. 6 (家數): "Only two hands take part: (1) Banker (莊); (2) Player (閒)." """

from auditor.engine.registry import SqlRule, register
from auditor.games.baccarat.scopes import COUPS

# The deal events are read only for the coups that have a card for neither hand.
register(SqlRule(
    id="BAC-6.1", game="baccarat", scope=COUPS,
    findings="""
    SELECT e.table_id, c.shoe_id, e.hand_id, e.seq, e.file, e.line,
           'card ' || e.card || ' dealt to "' || e.target || '"; art. 6: only Player and Banker hands' AS message,
           'player or banker' AS expected, e.target AS found
    FROM bac_events e
    JOIN (SELECT hand_key, shoe_id FROM bac_coups
          WHERE n_deals > n_player + n_banker AND NOT demo AND NOT tainted) c USING (hand_key)
    WHERE e.event = 'deal' AND e.target NOT IN ('player', 'banker')
    """,
))
