"""Art. 6 (入局金額, printed as a second 第五條 in the Chinese text): "Each player's entry amount (buy-in) is at
least $2,000 or $5,000, and the player must correspondingly put an ante of $20 or $100 into the pot. There is no upper
limit on the entry amount. If, during the game, a player's funds fall below $500 (where the ante is $20) or below
$1,000 (where the ante is $100), the player must, after that hand ends, add funds to reach the minimum entry
amount. Once a game has started, players may not in any circumstances increase or reduce the ante. Likewise,
players may not reduce, or withdraw in whole or in part, the stakes already put down, except when they quit the
game and leave the table."

The ante is 5CS-6.3 (each player posts the table's ante, before the first card) and 5CS-6.5 (a whole hand posting
another ante); a late ante is 5CS-10.1's too. A player's *sitting* starts at his first hand at the table, or at his
first hand after he left or bought in again; within a sitting each hand is compared with his previous one (5CS-6.4,
5CS-6.6)."""

from auditor.engine.registry import SqlRule, UnitBreach, register
from auditor.games.stud.scopes import (
    CHAINED,
    HANDS,
    NO_ANTE_CLASS,
    STACKS_UNLOGGED,
    TABLES,
    buy_in_unlogged,
    hands,
    judged,
    said,
)

register(SqlRule(
    id="5CS-6.1", game="stud", scope=TABLES,
    findings=UnitBreach(
        when="coalesce(NOT list_contains(list_transform(string_split({{antes_allowed}}, ','), "
             "lambda x: TRY_CAST(trim(x) AS DECIMAL(18,4))), ante), true)",
        shoe="NULL", hand="NULL", seq="NULL", line="line",
        message="'the table declares an ante of ' || coalesce(fmt_money(ante), 'none') || '; art. 6: the ante is ' "
                "|| replace({{antes_allowed}}, ',', ' or ')",
        expected="{{antes_allowed}}", found="coalesce(fmt_money(ante), 'none')",
    ),
))

# The buy-in is the amount of a ``buy_in``; a player who sits down again (after leaving) without one logged entered
# with his stack at that hand. A player's first hand in the log without a buy-in logged before it is not judged: the
# log may start in the middle of his sitting, after he won or lost.
_ENTRY = hands(NO_ANTE_CLASS, buy_in_unlogged("short_entry"),
               ("entry_unlogged", said("stack before the hand not logged for a player who sat down "
                                       "without a logged buy-in")),
               premise="sitting_starts")  # nobody sat down: not applicable

register(SqlRule(
    id="5CS-6.2", game="stud", scope=_ENTRY,
    findings=f"""
    SELECT m.table_id, NULL AS shoe_id, NULL AS hand_id, m.seq, m.file, m.line,
           'buy-in of ' || fmt_money(m.amount) || ' by ' || m.player || ' at seat ' || m.seat || ' of an ante-'
             || fmt_money(t.ante) || ' table; art. 6: at least ' || t.buy_in_min AS message,
           '>= ' || t.buy_in_min AS expected, fmt_money(m.amount) AS found
    FROM stud_moves m JOIN stud_tables t USING (table_id)
    WHERE m.event = 'buy_in' AND m.amount < t.buy_in_min
    UNION ALL
    SELECT s.table_id, s.shoe_id, s.hand_id, s.seq, s.file, s.line,
           s.player || ' sits down in hand ' || s.hand_id || ' with ' || fmt_money(s.amount) || ' and no buy-in '
             || 'logged; art. 6: a buy-in of at least ' || h.buy_in_min AS message,
           '>= ' || h.buy_in_min AS expected, fmt_money(s.amount) AS found
    FROM stud_seats s JOIN {judged(_ENTRY)} h USING (hand_key)
    WHERE s.sitting_start AND NOT s.buy_in_unlogged AND s.buy_ins = 0 AND s.amount < h.buy_in_min
    """,
))

# A player dealt in posts the table's ante, once, before the first card: a hand whose players all posted another
# ante breaches it for each of them (and 5CS-6.5 once), an ante posted late breaches it (and 5CS-10.1).
register(SqlRule(
    id="5CS-6.3", game="stud", scope=HANDS,
    findings=f"""
    WITH late AS (
      SELECT e.hand_key, e.seat, min(e.seq) AS late_seq
      FROM stud_events e JOIN stud_hands h USING (hand_key)
      WHERE e.event = 'action' AND e.action = 'post_ante' AND e.seq > h.first_deal_seq
      GROUP BY e.hand_key, e.seat
    )
    SELECT s.table_id, h.shoe_id, s.hand_id, coalesce(l.late_seq, s.ante_seq, s.seq) AS seq, s.file,
           e.line,
           'seat ' || s.seat || ' (' || s.player || ') put ' || fmt_money(s.anted) || ' in antes into hand '
             || s.hand_id || CASE WHEN l.late_seq IS NOT NULL THEN ', posted after the first card' ELSE '' END
             || '; art. 6: every player dealt in posts the ante of ' || fmt_money(h.ante) || ' before the first '
             || 'card' AS message,
           fmt_money(h.ante) || ' before the first card' AS expected,
           fmt_money(s.anted) || CASE WHEN l.late_seq IS NOT NULL THEN ' (seq ' || l.late_seq || ')' ELSE '' END
             AS found
    FROM stud_seat_rows s JOIN {judged(HANDS)} h USING (hand_key) LEFT JOIN late l USING (hand_key, seat)
    LEFT JOIN stud_events e ON e.hand_key = s.hand_key AND e.seq = coalesce(l.late_seq, s.ante_seq, s.seq)
    WHERE NOT s.moved_in AND (s.anted <> h.ante OR l.late_seq IS NOT NULL)
    """,
))

# Not applicable to a hand in which no player played on from a previous hand that he ended below the threshold.
_CHAIN = hands(NO_ANTE_CLASS, CHAINED, STACKS_UNLOGGED, buy_in_unlogged("short_top_up"),
               premise="top_up_due OR buy_in_unlogged OR chain IS NOT NULL")

register(SqlRule(
    id="5CS-6.4", game="stud", scope=_CHAIN,
    findings=f"""
    SELECT s.table_id, s.shoe_id, s.hand_id, s.seq, s.file, s.line,
           s.player || ' ended hand ' || s.prev_hand || ' with ' || fmt_money(s.prev_stack_after) || ', below '
             || h.top_up_below || ', and is dealt into hand ' || s.hand_id || ' with ' || fmt_money(s.amount)
             || '; art. 6: he tops up to at least ' || h.buy_in_min || ' after that hand' AS message,
           '>= ' || h.buy_in_min AS expected, fmt_money(s.amount) AS found
    FROM stud_seats s JOIN {judged(_CHAIN)} h USING (hand_key)
    WHERE NOT s.sitting_start AND s.prev_stack_after < h.top_up_below AND s.amount < h.buy_in_min
    """,
))

# The ante of a hand is what every seated player posted, once and alike; a hand whose players all posted another
# amount than the table's ante changed the ante (one finding per such hand, at its first ante).
register(SqlRule(
    id="5CS-6.5", game="stud", scope=TABLES,
    findings="""
    SELECT table_id, shoe_id, hand_id, first_ante_seq AS seq, file, first_ante_line AS line,
           'every player of hand ' || hand_id || ' posted an ante of ' || fmt_money(hand_ante) || ' at a table whose '
             || 'ante is ' || fmt_money(ante) || '; art. 6: the ante is not changed once the game has started'
             AS message,
           fmt_money(ante) AS expected, fmt_money(hand_ante) AS found
    FROM stud_hands WHERE NOT tainted AND hand_ante <> ante
    """,
))

# Only a decrease is a breach (chips withdrawn); under the other reading of art. 6 (withdraw_only_when_leaving =
# false: only the chips in the pot are held) no stack between hands is.
# Not applicable to a hand in which every player sat down (none played on from a previous hand).
_KEPT = hands(CHAINED, STACKS_UNLOGGED, buy_in_unlogged("withdrawn"), premise="continuing OR buy_in_unlogged")

register(SqlRule(
    id="5CS-6.6", game="stud", scope=_KEPT,
    findings=f"""
    SELECT s.table_id, s.shoe_id, s.hand_id, s.seq, s.file, s.line,
           s.player || '''s stack went from ' || fmt_money(s.prev_stack_after) || ' after hand ' || s.prev_hand
             || CASE WHEN s.topped_up > 0 THEN ' (and ' || fmt_money(s.topped_up) || ' topped up)' ELSE '' END
             || ' to ' || fmt_money(s.amount) || ' at hand ' || s.hand_id || ' without his leaving the table; '
             || 'art. 6: chips are withdrawn only when the player leaves' AS message,
           '>= ' || fmt_money(s.prev_stack_after + s.topped_up) AS expected, fmt_money(s.amount) AS found
    FROM stud_seats s JOIN {judged(_KEPT)} h USING (hand_key)
    WHERE {{{{withdraw_only_when_leaving}}}} AND NOT s.sitting_start AND s.amount < s.prev_stack_after + s.topped_up
    """,
))
