"""Art. 9 (補牌), the tableau: "Each hand may draw at most one additional card; the Player draws first." The Player
draws on 0–5 and stands on 6–7; neither draws when either hand has a natural 8 or 9; the Banker then draws by the
table of n.º 3 and n.º 4 (``tableau.csv``). Only coups whose cards read as P1 B1 P2 B2 [P3] [B3] are judged here, each
rule on the coups of its case (a natural; no natural; the Player standing; the Player drawing): not applicable to the
others."""

from auditor.engine.registry import SqlRule, UnitBreach, register
from auditor.games.baccarat.scopes import DEALT_COUPS, tableau_coups

_NATURAL = "(p2 >= 8 OR b2 >= 8)"

register(SqlRule(
    id="BAC-9.1", game="baccarat", scope=DEALT_COUPS,
    findings=UnitBreach(
        when="counts_ok AND first_four_ok AND NOT thirds_ok",
        seq="bac_deal_seq(u.hand_key, b3_nth)", line="bac_deal_line(u.hand_key, b3_nth)",
        message="'the Banker''s third card was dealt before the Player''s; art. 9: the Player draws first'",
        expected="'player third card first'", found="'banker third card first'",
    ),
))

register(SqlRule(
    id="BAC-9.2", game="baccarat", scope=tableau_coups(_NATURAL),
    findings=UnitBreach(
        when=f"{_NATURAL} AND n_player + n_banker > 4",
        seq="bac_deal_seq(u.hand_key, coalesce(p3_nth, b3_nth))",
        line="bac_deal_line(u.hand_key, coalesce(p3_nth, b3_nth))",
        message="'a third card was dealt although ' || CASE WHEN p2 >= 8 THEN 'the Player' ELSE 'the Banker' END "
                "|| ' has a natural (Player ' || p2 || ', Banker ' || b2 || '); art. 9(2), 9(4)(6)'",
        expected="'no third card'", found="n_player + n_banker - 4 || ' third card(s)'",
    ),
))

register(SqlRule(
    id="BAC-9.3", game="baccarat", scope=tableau_coups(f"NOT {_NATURAL}"),
    findings=UnitBreach(
        when=f"NOT {_NATURAL} AND (p2 <= 5) <> (n_player = 3)",
        seq="bac_deal_seq(u.hand_key, coalesce(p3_nth, 4))", line="bac_deal_line(u.hand_key, coalesce(p3_nth, 4))",
        message="'the Player ' || CASE WHEN n_player = 3 THEN 'drew' ELSE 'stood' END || ' on ' || p2 "
                "|| '; art. 9(1)-(2): draw on 0-5, stand on 6-7'",
        expected="CASE WHEN p2 <= 5 THEN 'draw' ELSE 'stand' END",
        found="CASE WHEN n_player = 3 THEN 'draw' ELSE 'stand' END",
    ),
))

register(SqlRule(
    id="BAC-9.4", game="baccarat", scope=tableau_coups(f"NOT {_NATURAL} AND n_player = 2"),
    findings=UnitBreach(
        when=f"NOT {_NATURAL} AND n_player = 2 AND banker_must_draw <> (n_banker = 3)",
        seq="bac_deal_seq(u.hand_key, coalesce(b3_nth, 4))", line="bac_deal_line(u.hand_key, coalesce(b3_nth, 4))",
        message="'the Player stood and the Banker ' || CASE WHEN n_banker = 3 THEN 'drew' ELSE 'stood' END || ' on ' "
                "|| b2 || '; art. 9(3)(6), 9(4): the Banker draws on 0-5 when the Player stood'",
        expected="CASE WHEN banker_must_draw THEN 'draw' ELSE 'stand' END",
        found="CASE WHEN n_banker = 3 THEN 'draw' ELSE 'stand' END",
    ),
))

register(SqlRule(
    id="BAC-9.5", game="baccarat", scope=tableau_coups(f"NOT {_NATURAL} AND n_player = 3"),
    findings=UnitBreach(
        when=f"NOT {_NATURAL} AND n_player = 3 AND banker_must_draw <> (n_banker = 3)",
        seq="bac_deal_seq(u.hand_key, coalesce(b3_nth, p3_nth))",
        line="bac_deal_line(u.hand_key, coalesce(b3_nth, p3_nth))",
        message="'the Player drew a third card worth ' || p3 || ' and the Banker ' "
                "|| CASE WHEN n_banker = 3 THEN 'drew' ELSE 'stood' END || ' on ' || b2 || '; art. 9(3)-(4) tableau'",
        expected="CASE WHEN banker_must_draw THEN 'draw' ELSE 'stand' END",
        found="CASE WHEN n_banker = 3 THEN 'draw' ELSE 'stand' END",
    ),
))
