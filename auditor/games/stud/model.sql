-- The five-card stud model of one batch of tables, built from its events (the views ``stud_events`` and
-- ``stud_table_rows`` that model.py makes): one row per table, per hand, per seat of a hand and per pack. Every
-- checker of auditor/games/stud/checkers/ reads these. NULL-safe: a card, face or amount the log does not give stays
-- NULL, never a value.

-- Art. 1 a): a card of the 40-card pack (A, K, Q, J, 10, 9, 8, 7, 6, 5 of the four suits); NULL when not logged.
CREATE OR REPLACE MACRO stud_in_pack(card) AS instr('AKQJT98765', card[1]) > 0;

-- The line and file of a hand's event at ``seq``, read from the events only for the rows a finding is written for.
CREATE OR REPLACE MACRO stud_line(k, s) AS (SELECT e.line FROM stud_events e WHERE e.hand_key = k AND e.seq = s);

-- The table's configuration; ``buy_in_min`` and ``top_up_below`` are art. 6's amounts for its ante (NULL for an
-- ante that is neither 20 nor 100: 5CS-6.1 reports it).
CREATE OR REPLACE TEMP TABLE stud_tables AS
WITH t AS (
  SELECT table_id, file, line,
    TRY_CAST(config->>'ante' AS DECIMAL(18,4)) AS ante,
    TRY_CAST(config->>'seats' AS BIGINT) AS layout_seats,  -- the seats the table declares (art. 3)
    list_transform(string_split(coalesce(config->>'not_logged', ''), ','), lambda x: trim(x)) AS not_logged,
    -- a table that logs no burn (no first rake) at all does not log them: missing data is not a breach
    table_id IN (SELECT table_id FROM stud_events WHERE event = 'burn') AS burns_logged,
    table_id IN (SELECT table_id FROM stud_events WHERE event = 'rake' AND reason = 'first_rake') AS first_rakes_logged,
    -- nor does one that logs no pack coming into use: when its packs changed is not known
    table_id IN (SELECT table_id FROM stud_events WHERE event = 'shoe_start') AS packs_logged
  FROM stud_table_rows
)
SELECT *,
  CASE ante WHEN 20 THEN {{buy_in_min_ante_20}} WHEN 100 THEN {{buy_in_min_ante_100}} END AS buy_in_min,
  CASE ante WHEN 20 THEN {{top_up_threshold_ante_20}} WHEN 100 THEN {{top_up_threshold_ante_100}} END
    AS top_up_below
FROM t;

-- Every card dealt, with its number among the cards of its seat (``nth_seat``: 1 the first open card, 2 the hole
-- card, 3-5 the later open cards; NULL for a card whose seat is not logged).
CREATE OR REPLACE TEMP TABLE stud_deals AS
SELECT hand_key, table_id, hand_id, seq, line, file, seat, card, face,
  CASE WHEN seat IS NOT NULL THEN row_number() OVER (PARTITION BY hand_key, seat ORDER BY seq) END AS nth_seat
FROM stud_events WHERE event = 'deal' AND hand_key IS NOT NULL;

-- One row per seat of a hand (its ``seat`` event): the player, his stack before the hand (``amount``), his antes,
-- his stack after the hand (``stack`` event) and his hole card (the second card dealt to his seat). ``moved_in``:
-- a seat taken after the hand's first card by a player who already holds a seat of the hand (he changed seat,
-- art. 3; he was dealt in at his first seat).
CREATE OR REPLACE TEMP TABLE stud_seat_rows AS
WITH s AS (
  SELECT e.hand_key, e.table_id, e.hand_id, e.seat, e.player, e.amount, e.seq, e.line, e.file,
    coalesce(e.seq > d.first_deal_seq, false)
      AND row_number() OVER (PARTITION BY e.hand_key, e.player ORDER BY e.seq) > 1 AS moved_in
  FROM stud_events e
  LEFT JOIN (SELECT hand_key, min(seq) AS first_deal_seq FROM stud_deals GROUP BY hand_key) d USING (hand_key)
  WHERE e.event = 'seat'
), per_seat AS (
  SELECT e.hand_key, e.seat,
    count(*) FILTER (WHERE e.event = 'action' AND e.action = 'post_ante') AS antes,
    coalesce(sum(e.amount) FILTER (WHERE e.event = 'action' AND e.action = 'post_ante'), 0) AS anted,
    min(e.seq) FILTER (WHERE e.event = 'action' AND e.action = 'post_ante') AS ante_seq,
    arg_max(e.amount, e.seq) FILTER (WHERE e.event = 'stack') AS stack_after,
    count(*) FILTER (WHERE e.event = 'stack') AS stacks
  FROM stud_events e WHERE e.event IN ('action', 'stack') AND e.hand_key IS NOT NULL
  GROUP BY e.hand_key, e.seat
), holes AS (
  SELECT hand_key, seat, count(*) AS cards, any_value(card) FILTER (WHERE nth_seat = 2) AS hole_card,
    bool_or(nth_seat = 2 AND card IS NOT NULL) AS hole_logged
  FROM stud_deals GROUP BY hand_key, seat
)
SELECT s.*, coalesce(p.antes, 0) AS antes, coalesce(p.anted, 0) AS anted, p.ante_seq,
  CASE WHEN p.stacks = 1 THEN p.stack_after END AS stack_after, coalesce(c.cards, 0) AS cards, c.hole_card,
  coalesce(c.hole_logged, false) AS hole_logged
FROM s LEFT JOIN per_seat p USING (hand_key, seat) LEFT JOIN holes c USING (hand_key, seat);

-- One row per hand: its start and end, pack, seats, burns, cuts, first rakes and cards, and whether it carries an
-- input error (``tainted``: a quarantined record of the hand, one lying inside its lines of a file, or one of its
-- table between its start and end).
CREATE OR REPLACE TEMP TABLE stud_hands AS
WITH starts AS (
  SELECT hand_key, table_id, hand_id, shoe_id, seq AS start_seq, line AS start_line, file
  FROM stud_events WHERE event = 'hand_start'
), first_deals AS (
  SELECT hand_key, min(seq) AS first_deal_seq FROM stud_deals GROUP BY hand_key
), agg AS (
  SELECT hand_key,
    min(seq) FILTER (WHERE event = 'hand_end') AS end_seq,
    min(line) AS min_line, max(line) AS max_line,
    bool_or(event = 'void') AS voided,
    bool_or(event = 'correction') AS corrected,
    -- art. 1: the cards of the hand (burned and dealt; shown and exposed cards only for the 40-card set)
    count(*) FILTER (WHERE event IN ('burn', 'deal') AND card IS NULL) AS unknown_cards,
    count(*) FILTER (WHERE event IN ('burn', 'deal', 'show', 'card_exposed') AND NOT stud_in_pack(card))
      AS foreign_cards,
    count(card) FILTER (WHERE event IN ('burn', 'deal'))
      - coalesce(len(list_distinct(list(card) FILTER (WHERE event IN ('burn', 'deal')))), 0) AS repeated_cards,
    -- art. 2: the burns, counted before and after the first card below
    list_sort(list(seq) FILTER (WHERE event = 'burn')) AS burn_seqs,
    -- art. 2: cuts
    coalesce(len(list_distinct(list(player) FILTER (WHERE event = 'cut'))), 0) AS cutters,
    count(*) FILTER (WHERE event = 'cut' AND player IS NULL) AS anonymous_cuts,
    count(*) FILTER (WHERE event = 'cut' AND position IS NULL) AS unsized_cuts,
    count(*) FILTER (WHERE event = 'cut' AND position < {{min_cut_size}}) AS small_cuts,
    -- art. 8: the first rakes
    count(*) FILTER (WHERE event = 'rake' AND reason = 'first_rake') AS first_rakes,
    list_sort(list(seq) FILTER (WHERE event = 'rake' AND reason = 'first_rake')) AS first_rake_seqs,
    arg_min(amount, seq) FILTER (WHERE event = 'rake' AND reason = 'first_rake') AS first_rake,
    -- arts. 6 and 10 a): the antes
    count(*) FILTER (WHERE event = 'action' AND action = 'post_ante') AS antes,
    coalesce(len(list_distinct(list(seat) FILTER (WHERE event = 'action' AND action = 'post_ante'))), 0)
      AS ante_seats,
    min(amount) FILTER (WHERE event = 'action' AND action = 'post_ante') AS ante_low,
    max(amount) FILTER (WHERE event = 'action' AND action = 'post_ante') AS ante_high,
    min(seq) FILTER (WHERE event = 'action' AND action = 'post_ante') AS first_ante_seq,
    min(line) FILTER (WHERE event = 'action' AND action = 'post_ante') AS first_ante_line,
    count(*) FILTER (WHERE event = 'deal' AND face IS NULL) AS unknown_faces,
    count(*) FILTER (WHERE event = 'deal' AND seat IS NULL) AS unseated_deals,
    count(*) FILTER (WHERE event = 'card_exposed') AS exposures
  FROM stud_events WHERE hand_key IS NOT NULL GROUP BY hand_key
), seated AS (
  -- art. 3: the seats dealt in (a seat a player moved to during the hand is not one more)
  SELECT hand_key, count(*) FILTER (WHERE NOT moved_in) AS seats, count(*) FILTER (WHERE moved_in) AS seat_changes
  FROM stud_seat_rows GROUP BY hand_key
), faces AS (
  -- art. 10: the first card up, the second down, the third to fifth up, and no sixth card
  SELECT hand_key, count(*) FILTER (WHERE nth_seat > 5 OR face <> CASE nth_seat WHEN 2 THEN 'down' ELSE 'up' END)
    AS face_breaches
  FROM stud_deals GROUP BY hand_key
), exposed AS (
  -- art. 11 d): exposed cards that cannot be placed: no card or seat, a card not dealt to that seat, or the seat's
  -- hole card not logged
  SELECT e.hand_key, count(*) FILTER (WHERE NOT coalesce(r.hole_logged, false) OR NOT EXISTS (
      SELECT 1 FROM stud_deals d WHERE d.hand_key = e.hand_key AND d.seat = e.seat AND d.card = e.card))
    AS unplaced_exposures
  FROM stud_events e LEFT JOIN stud_seat_rows r ON r.hand_key = e.hand_key AND r.seat = e.seat
  WHERE e.event = 'card_exposed' GROUP BY e.hand_key
)
SELECT st.*, a.* EXCLUDE (hand_key, burn_seqs), coalesce(se.seats, 0) AS seats,
  coalesce(se.seat_changes, 0) AS seat_changes, d.first_deal_seq,
  coalesce(len(list_filter(a.burn_seqs, lambda s: s < d.first_deal_seq OR d.first_deal_seq IS NULL)), 0)
    AS burns_before,
  coalesce(len(list_filter(a.burn_seqs, lambda s: s > d.first_deal_seq)), 0) AS burns_after, a.burn_seqs,
  coalesce(f.face_breaches, 0) AS face_breaches,
  coalesce(x.unplaced_exposures, 0) AS unplaced_exposures, t.ante, t.not_logged, t.burns_logged,
  t.first_rakes_logged, t.packs_logged, t.buy_in_min, t.top_up_below,
  -- Art. 6: the ante the whole hand posted, where every seated player posted once and all the same amount.
  CASE WHEN a.antes = se.seats AND a.ante_seats = se.seats AND a.ante_low = a.ante_high THEN a.ante_low END
    AS hand_ante,
  false AS tainted, NULL::VARCHAR AS chain, false AS stacks_unlogged, false AS entry_unlogged,
  false AS buy_in_unlogged, false AS short_entry, false AS short_top_up, false AS withdrawn,
  false AS sitting_starts, false AS continuing, false AS top_up_due
FROM starts st JOIN agg a USING (hand_key) JOIN stud_tables t USING (table_id)
LEFT JOIN seated se USING (hand_key) LEFT JOIN first_deals d USING (hand_key)
LEFT JOIN faces f USING (hand_key) LEFT JOIN exposed x USING (hand_key);

UPDATE stud_hands SET tainted = true FROM (
  SELECT q.table_id, q.hand_id FROM quarantine q WHERE q.hand_id IS NOT NULL
  UNION
  SELECT h.table_id, h.hand_id FROM stud_hands h JOIN quarantine q ON q.file = h.file
    AND q.line BETWEEN h.min_line AND h.max_line
  UNION  -- a record of the table refused while the hand was in play, in whatever file
  SELECT h.table_id, h.hand_id FROM stud_hands h JOIN quarantine q ON q.table_id = h.table_id
    AND q.seq > h.start_seq AND q.seq < h.end_seq
) t WHERE stud_hands.table_id = t.table_id AND stud_hands.hand_id = t.hand_id;

-- The events between hands that move a player's chips (art. 6): buy-ins, top-ups and departures.
CREATE OR REPLACE TEMP TABLE stud_moves AS
SELECT table_id, seq, line, file, event, seat, player, amount FROM stud_events
WHERE event IN ('buy_in', 'top_up', 'leave');

-- Each seat of a hand with the player's previous hand at the table and what happened to his chips in between: a
-- ``sitting`` starts at his first hand at the table, or at his first hand after he left or bought in again. The
-- previous hand cannot be compared with this one (``chain``: why) when the source does not log the order of hands,
-- the previous hand has an input error, or a quarantined record of the table lies between the two.
CREATE OR REPLACE TEMP TABLE stud_seats AS
WITH h AS (
  -- the table's last quarantined record before each hand (ASOF: never a range join)
  SELECT h.hand_key, h.shoe_id, h.start_seq, h.end_seq, h.tainted, q.seq AS refused_seq
  FROM stud_hands h ASOF LEFT JOIN (SELECT table_id, seq FROM quarantine WHERE seq IS NOT NULL) q
    ON q.table_id = h.table_id AND h.start_seq > q.seq
), s AS (
  SELECT r.*, h.shoe_id, h.start_seq, h.end_seq, h.tainted, h.refused_seq,
    lag(r.hand_key) OVER w AS prev_key, lag(r.hand_id) OVER w AS prev_hand, lag(h.end_seq) OVER w AS prev_end_seq,
    lag(h.start_seq) OVER w AS prev_start_seq, lag(r.stack_after) OVER w AS prev_stack_after,
    lag(h.tainted) OVER w AS prev_tainted, lag(r.player_seats) OVER w AS prev_player_seats
  FROM (SELECT *, count(*) OVER (PARTITION BY hand_key, player) AS player_seats FROM stud_seat_rows) r
  JOIN h USING (hand_key)
  WINDOW w AS (PARTITION BY r.table_id, r.player ORDER BY h.start_seq, r.seq)
), m AS (
  SELECT s.hand_key, s.seat,
    count(*) FILTER (WHERE m.event = 'buy_in') AS buy_ins,
    count(*) FILTER (WHERE m.event = 'leave') AS leaves,
    coalesce(sum(m.amount) FILTER (WHERE m.event = 'top_up'), 0) AS topped_up
  FROM s JOIN stud_moves m ON m.table_id = s.table_id AND m.player = s.player
    AND m.seq > coalesce(s.prev_end_seq, -1) AND m.seq < s.start_seq
  GROUP BY s.hand_key, s.seat
)
SELECT s.* EXCLUDE (refused_seq), coalesce(m.buy_ins, 0) AS buy_ins, coalesce(m.leaves, 0) AS leaves,
  coalesce(m.topped_up, 0) AS topped_up,
  s.prev_key IS NULL OR coalesce(m.buy_ins, 0) + coalesce(m.leaves, 0) > 0 AS sitting_start,
  -- his first hand in the log without a buy-in before it: the log may start in the middle of his sitting
  s.prev_key IS NULL AND coalesce(m.buy_ins, 0) = 0 AS buy_in_unlogged,
  CASE
    WHEN s.prev_key IS NULL THEN NULL
    WHEN s.player_seats > 1 OR s.prev_player_seats > 1
      THEN 'the player sits at two seats of a hand (reported under 5CS-3.2 or 5CS-3.3)'
    WHEN list_contains(t.not_logged, 'hand_order') THEN 'hand order not logged by the source'
    WHEN s.prev_tainted THEN 'the player''s previous hand has a quarantined record'
    WHEN s.refused_seq > s.prev_start_seq
      THEN 'a quarantined record lies between this hand and the player''s previous one'
  END AS chain
FROM s LEFT JOIN m USING (hand_key, seat) JOIN stud_tables t USING (table_id);

-- Per hand, what art. 6's comparisons with the previous hand need: a player in the same sitting whose previous
-- hand cannot be compared (``chain``), or whose stacks are not logged; a player who sat down again without a logged
-- buy-in and whose stack is not logged (``entry_unlogged``); a player whose first hand in the log has no buy-in
-- before it (``buy_in_unlogged``: his buy-in and his previous hand are unknown); and whether a player of the hand
-- already breaches 5CS-6.2 (``short_entry``), 6.4 (``short_top_up``) or 6.6 (``withdrawn``), which no unknown
-- of another player's undoes. The premises of those rules: a player starts a sitting (``sitting_starts``), a player
-- plays on from his previous hand (``continuing``), one of them ended it below the top-up threshold, or the log
-- does not say whether (``top_up_due``).
UPDATE stud_hands SET chain = c.chain, stacks_unlogged = c.stacks_unlogged, entry_unlogged = c.entry_unlogged,
  buy_in_unlogged = c.buy_in_unlogged, short_entry = c.short_entry, short_top_up = c.short_top_up,
  withdrawn = c.withdrawn, sitting_starts = c.sitting_starts, continuing = c.continuing, top_up_due = c.top_up_due
FROM (
  SELECT s.hand_key,
    coalesce(bool_or(s.sitting_start), false) AS sitting_starts,
    coalesce(bool_or(NOT s.sitting_start), false) AS continuing,
    coalesce(bool_or(NOT s.sitting_start AND coalesce(s.prev_stack_after < h.top_up_below, true)), false)
      AS top_up_due,
    min(s.chain) FILTER (WHERE NOT s.sitting_start) AS chain,
    coalesce(bool_or(NOT s.sitting_start AND (s.prev_stack_after IS NULL OR s.amount IS NULL)), false)
      AS stacks_unlogged,
    coalesce(bool_or(s.sitting_start AND NOT s.buy_in_unlogged AND s.buy_ins = 0 AND s.amount IS NULL), false)
      AS entry_unlogged,
    coalesce(bool_or(s.buy_in_unlogged), false) AS buy_in_unlogged,
    coalesce(bool_or(s.sitting_start AND NOT s.buy_in_unlogged AND s.buy_ins = 0 AND s.amount < h.buy_in_min), false)
      AS short_entry,
    coalesce(bool_or(NOT s.sitting_start AND s.prev_stack_after < h.top_up_below AND s.amount < h.buy_in_min), false)
      AS short_top_up,
    coalesce(bool_or({{withdraw_only_when_leaving}} AND NOT s.sitting_start
                     AND s.amount < s.prev_stack_after + s.topped_up), false) AS withdrawn
  FROM stud_seats s JOIN stud_hands h USING (hand_key) GROUP BY s.hand_key
) c WHERE stud_hands.hand_key = c.hand_key;

-- Art. 2: each hand's pack is the one its hand_start names, else the pack in use at the table when it started
-- (the last shoe_start before it, not ended before it); one row per pack with its hands, the first hand too many
-- (``max_hands_per_pack`` + 1, in order) and whether a quarantined record may belong to it. The hands of a table
-- that name no pack, dealt while none is in use, form one row with ``shoe_id`` NULL.
CREATE OR REPLACE TEMP TABLE stud_pack_events AS
SELECT table_id, seq, line, file, event, shoe_id FROM stud_events WHERE event IN ('shoe_start', 'shoe_end');

CREATE OR REPLACE TEMP TABLE stud_packs AS
WITH hand_packs AS (
  SELECT h.hand_key, h.table_id, h.hand_id, h.start_seq, h.start_line, h.end_seq, h.file, h.min_line, h.max_line,
    h.tainted,
    coalesce(h.shoe_id, CASE WHEN p.event = 'shoe_start' THEN p.shoe_id END) AS pack
  FROM stud_hands h ASOF LEFT JOIN stud_pack_events p ON p.table_id = h.table_id AND h.start_seq >= p.seq
), hands AS (
  SELECT *, row_number() OVER (PARTITION BY table_id, pack ORDER BY start_seq) AS n FROM hand_packs
), packs AS (
  SELECT table_id, pack AS shoe_id, count(*) AS hands, bool_or(tainted) AS hand_tainted,
    min(start_seq) AS first_seq, max(end_seq) AS last_seq, arg_min(file, start_seq) AS file,
    min(start_line) AS first_line, min(min_line) AS min_line, max(max_line) AS max_line,
    any_value(hand_id) FILTER (WHERE n = {{max_hands_per_pack}} + 1) AS over_hand,
    any_value(start_seq) FILTER (WHERE n = {{max_hands_per_pack}} + 1) AS over_seq,
    any_value(start_line) FILTER (WHERE n = {{max_hands_per_pack}} + 1) AS over_line,
    any_value(file) FILTER (WHERE n = {{max_hands_per_pack}} + 1) AS over_file
  FROM hands GROUP BY table_id, pack
), marks AS (
  SELECT table_id, shoe_id, min(seq) FILTER (WHERE event = 'shoe_start') AS start_seq,
    max(seq) FILTER (WHERE event = 'shoe_end') AS end_seq
  FROM stud_pack_events GROUP BY table_id, shoe_id
), spans AS (
  SELECT p.*, least(p.first_seq, m.start_seq) AS from_seq, greatest(p.last_seq, m.end_seq) AS to_seq,
    m.start_seq IS NOT NULL AS started
  FROM packs p LEFT JOIN marks m USING (table_id, shoe_id)
)
SELECT s.*,
  s.hand_tainted OR EXISTS (
    SELECT 1 FROM quarantine q WHERE q.table_id = s.table_id
      AND (q.shoe_id = s.shoe_id OR q.seq BETWEEN s.from_seq AND s.to_seq)
    UNION ALL
    SELECT 1 FROM quarantine q WHERE q.file = s.file AND q.line BETWEEN s.min_line AND s.max_line) AS tainted,
  EXISTS (SELECT 1 FROM hand_packs h WHERE h.table_id = s.table_id AND h.pack IS NULL) AS packless_hands
FROM spans s;
