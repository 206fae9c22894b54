"""Art. 9 (補牌), the tableau: "Each hand may draw at most one additional card; the Player draws first." The Player
draws on 0–5 and stands on 6–7; neither draws when either hand has a natural 8 or 9; the Banker then draws by the
table of n.º 3 and n.º 4 (``tableau.csv``). Only coups whose cards read as P1 B1 P2 B2 [P3] [B3] are judged here."""

from auditor.engine.registry import SqlRule, register
from auditor.games.baccarat.scopes import DEALT_COUPS, TABLEAU_COUPS, TABLEAU_READY

_NATURAL = "(c.p2 >= 8 OR c.b2 >= 8)"

register(SqlRule(
    id="BAC-9.1", game="baccarat", scope=DEALT_COUPS,
    findings="""
    SELECT c.table_id, c.shoe_id, c.hand_id, c.bc[3].seq AS seq, c.file, c.bc[3].line AS line,
           'the Banker''s third card was dealt before the Player''s; art. 9: the Player draws first' AS message,
           'player third card first' AS expected, 'banker third card first' AS found
    FROM bac_coups c
    WHERE NOT c.demo AND NOT c.voided AND NOT c.corrected AND c.counts_ok AND c.first_four_ok AND NOT c.thirds_ok
      AND (c.table_id, c.hand_id) NOT IN (SELECT (table_id, hand_id) FROM bac_tainted)
    """,
))

register(SqlRule(
    id="BAC-9.2", game="baccarat", scope=TABLEAU_COUPS,
    findings=f"""
    SELECT c.table_id, c.shoe_id, c.hand_id, coalesce(c.pc[3].seq, c.bc[3].seq) AS seq, c.file,
           coalesce(c.pc[3].line, c.bc[3].line) AS line,
           'a third card was dealt although ' || CASE WHEN c.p2 >= 8 THEN 'the Player' ELSE 'the Banker' END
             || ' has a natural (Player ' || c.p2 || ', Banker ' || c.b2 || '); art. 9(2), 9(4)(6)' AS message,
           'no third card' AS expected, c.n_player + c.n_banker - 4 || ' third card(s)' AS found
    FROM ({TABLEAU_READY}) c WHERE {_NATURAL} AND c.n_player + c.n_banker > 4
    """,
))

register(SqlRule(
    id="BAC-9.3", game="baccarat", scope=TABLEAU_COUPS,
    findings=f"""
    SELECT c.table_id, c.shoe_id, c.hand_id, coalesce(c.pc[3].seq, c.deals[4].seq) AS seq, c.file,
           coalesce(c.pc[3].line, c.deals[4].line) AS line,
           'the Player ' || CASE WHEN c.n_player = 3 THEN 'drew' ELSE 'stood' END || ' on ' || c.p2
             || '; art. 9(1)-(2): draw on 0-5, stand on 6-7' AS message,
           CASE WHEN c.p2 <= 5 THEN 'draw' ELSE 'stand' END AS expected,
           CASE WHEN c.n_player = 3 THEN 'draw' ELSE 'stand' END AS found
    FROM ({TABLEAU_READY}) c WHERE NOT {_NATURAL} AND (c.p2 <= 5) <> (c.n_player = 3)
    """,
))

register(SqlRule(
    id="BAC-9.4", game="baccarat", scope=TABLEAU_COUPS,
    findings=f"""
    SELECT c.table_id, c.shoe_id, c.hand_id, coalesce(c.bc[3].seq, c.deals[4].seq) AS seq, c.file,
           coalesce(c.bc[3].line, c.deals[4].line) AS line,
           'the Player stood and the Banker ' || CASE WHEN c.n_banker = 3 THEN 'drew' ELSE 'stood' END || ' on '
             || c.b2 || '; art. 9(3)(6), 9(4): the Banker draws on 0-5 when the Player stood' AS message,
           CASE WHEN t.draws THEN 'draw' ELSE 'stand' END AS expected,
           CASE WHEN c.n_banker = 3 THEN 'draw' ELSE 'stand' END AS found
    FROM ({TABLEAU_READY}) c JOIN bac_tableau t ON t.banker_total = c.b2 AND t.player_third = '-'
    WHERE NOT {_NATURAL} AND c.n_player = 2 AND t.draws <> (c.n_banker = 3)
    """,
))

register(SqlRule(
    id="BAC-9.5", game="baccarat", scope=TABLEAU_COUPS,
    findings=f"""
    SELECT c.table_id, c.shoe_id, c.hand_id, coalesce(c.bc[3].seq, c.pc[3].seq) AS seq, c.file,
           coalesce(c.bc[3].line, c.pc[3].line) AS line,
           'the Player drew a ' || c.p3 || ' and the Banker ' || CASE WHEN c.n_banker = 3 THEN 'drew' ELSE 'stood' END
             || ' on ' || c.b2 || '; art. 9(3)-(4) tableau' AS message,
           CASE WHEN t.draws THEN 'draw' ELSE 'stand' END AS expected,
           CASE WHEN c.n_banker = 3 THEN 'draw' ELSE 'stand' END AS found
    FROM ({TABLEAU_READY}) c JOIN bac_tableau t
      ON t.banker_total = c.b2 AND (t.player_third = '*' OR t.player_third = CAST(c.p3 AS VARCHAR))
    WHERE NOT {_NATURAL} AND c.n_player = 3 AND t.draws <> (c.n_banker = 3)
    """,
))
