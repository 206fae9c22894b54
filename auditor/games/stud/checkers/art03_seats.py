"""Art. 3 (Lugares na mesa / 門數): "Each table has a minimum of two and a maximum of [seven] seats. No player may
bet on more than one seat or change seat during a hand." The authentic Portuguese says seven («um mínimo de dois
lugares e máximo de sete»), the unofficial Chinese eight: parameter ``max_seats``.

A hand's seats are its ``seat`` events (the players dealt in); a table's are its declared ``config.seats``, and a
seat numbered above them is a seat the table does not have. A player changes seat when he is seated again, at
another seat, after the hand's first card (a second seat taken before it is a second seat bet on), or when an event
of the hand (an action, a card, a show, a refund, an award, a stack) names a seat that no player of the hand
occupies."""

from auditor.engine.registry import SqlRule, register
from auditor.games.stud.scopes import HANDS, judged

_SEATS = "BETWEEN {{min_seats}} AND {{max_seats}}"

# A table declaring more seats than art. 3 allows (at its table_open, no hand); a hand dealt to too many or too few
# (at its hand_start); in a hand not so reported, a player dealt in at a seat numbered above the table's seats, or
# above max_seats when the table declares none (at that seat event).
register(SqlRule(
    id="5CS-3.1", game="stud", scope=HANDS,
    findings=f"""
    SELECT table_id, NULL AS shoe_id, NULL AS hand_id, NULL AS seq, file, line,
           'the table declares ' || layout_seats || ' seats; art. 3: at least {{{{min_seats}}}} and at most '
             || '{{{{max_seats}}}}' AS message,
           '{{{{min_seats}}}}..{{{{max_seats}}}}' AS expected, layout_seats::VARCHAR AS found
    FROM stud_tables WHERE layout_seats NOT {_SEATS}
    UNION ALL
    SELECT table_id, shoe_id, hand_id, start_seq, file, start_line,
           'hand ' || hand_id || ' is dealt to ' || seats || ' occupied seats; art. 3: at least {{{{min_seats}}}} '
             || 'and at most {{{{max_seats}}}}',
           '{{{{min_seats}}}}..{{{{max_seats}}}}', seats::VARCHAR
    FROM {judged(HANDS)} h WHERE seats NOT {_SEATS}
    UNION ALL
    SELECT r.table_id, h.shoe_id, r.hand_id, r.seq, r.file, r.line,
           'player ' || r.player || ' is dealt in at seat ' || r.seat || ' of hand ' || r.hand_id || ', at a table of '
             || coalesce(t.layout_seats, {{{{max_seats}}}}) || ' seats; art. 3: the table has at most '
             || '{{{{max_seats}}}} seats',
           'seat 1..' || coalesce(t.layout_seats, {{{{max_seats}}}}), 'seat ' || r.seat
    FROM stud_seat_rows r JOIN {judged(HANDS)} h USING (hand_key) JOIN stud_tables t ON t.table_id = r.table_id
    WHERE h.seats {_SEATS} AND r.seat > coalesce(t.layout_seats, {{{{max_seats}}}})
    """,
))

# One finding per seat a player is dealt in at beyond his first in the hand (a seat he moves to is 5CS-3.3's).
register(SqlRule(
    id="5CS-3.2", game="stud", scope=HANDS,
    findings=f"""
    WITH s AS (
      SELECT r.*, h.shoe_id, row_number() OVER (PARTITION BY r.hand_key, r.player ORDER BY r.seq) AS n,
        first_value(r.seat) OVER (PARTITION BY r.hand_key, r.player ORDER BY r.seq) AS first_seat
      FROM stud_seat_rows r JOIN {judged(HANDS)} h USING (hand_key) WHERE NOT r.moved_in
    )
    SELECT table_id, shoe_id, hand_id, seq, file, line,
           'player ' || player || ' takes seat ' || seat || ' in hand ' || hand_id || ', besides seat ' || first_seat
             || '; art. 3: no player bets on more than one seat' AS message,
           'one seat' AS expected, 'seats ' || first_seat || ' and ' || seat AS found
    FROM s WHERE n > 1
    """,
))

# One finding per seat a player moves to (at its ``seat`` event), and per seat named but not occupied (at the
# first event naming it).
register(SqlRule(
    id="5CS-3.3", game="stud", scope=HANDS,
    findings=f"""
    WITH m AS (
      SELECT r.*, h.shoe_id AS pack,
        lag(r.seat) OVER (PARTITION BY r.hand_key, r.player ORDER BY r.seq) AS left_seat
      FROM stud_seat_rows r JOIN {judged(HANDS)} h USING (hand_key) WHERE h.seat_changes > 0
    ), e AS (
      SELECT e.*, h.shoe_id AS pack, row_number() OVER (PARTITION BY e.hand_key, e.seat ORDER BY e.seq) AS n
      FROM stud_events e JOIN {judged(HANDS)} h ON e.hand_key = h.hand_key
      WHERE e.event IN ('action', 'deal', 'show', 'card_exposed', 'refund', 'award', 'stack') AND e.seat IS NOT NULL
        AND NOT EXISTS (SELECT 1 FROM stud_seat_rows r WHERE r.hand_key = e.hand_key AND r.seat = e.seat)
    )
    SELECT table_id, pack AS shoe_id, hand_id, seq, file, line,
           event || ' at seat ' || seat || ', which no player of hand ' || hand_id || ' occupies; art. 3: no player '
             || 'changes seat during a hand' AS message,
           'a seat of the hand' AS expected, 'seat ' || seat AS found
    FROM e WHERE n = 1
    UNION ALL
    SELECT table_id, pack, hand_id, seq, file, line,
           'player ' || player || ' is seated at seat ' || seat || ' after the first card of hand ' || hand_id
             || ', having been dealt in at seat ' || left_seat || '; art. 3: no player changes seat during a hand',
           'seat ' || left_seat, 'seat ' || seat
    FROM m WHERE moved_in
    """,
))
