"""Art. 6 (家數): "Only two hands take part: (1) Banker (莊); (2) Player (閒)." """

from auditor.engine.registry import SqlRule, register
from auditor.games.baccarat.scopes import COUPS

register(SqlRule(
    id="BAC-6.1", game="baccarat", scope=COUPS,
    findings="""
    SELECT e.table_id, c.shoe_id, e.hand_id, e.seq, e.file, e.line,
           'card ' || e.card || ' dealt to "' || e.target || '"; art. 6: only Player and Banker hands' AS message,
           'player or banker' AS expected, e.target AS found
    FROM bac_events e JOIN bac_coups c USING (table_id, hand_id)
    WHERE e.event = 'deal' AND e.target NOT IN ('player', 'banker') AND NOT c.demo
      AND (e.table_id, e.hand_id) NOT IN (SELECT (table_id, hand_id) FROM bac_tainted)
    """,
))
