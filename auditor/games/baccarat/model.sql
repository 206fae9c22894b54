-- The baccarat model of one batch of tables: per-table, per-shoe and per-coup tables, and the bet and settlement
-- views, built from the batch's events (the views ``bac_events`` and ``bac_table_rows`` that model.py makes).
-- Every checker of auditor/games/baccarat/checkers/ reads these. Card values follow art. 5 (``bac_rank_value``); a
-- pair compares ranks (art. 13). NULL-safe: a missing card stays NULL, never a zero-valued card.

-- A card as a number: 1..52, four per rank from A to K (suits s h d c); 0 when the card is not logged.
CREATE OR REPLACE MACRO bac_card_code(card) AS
  coalesce((instr('A23456789TJQK', card[1]) - 1) * 4 + instr('shdc', card[2]), 0);

CREATE OR REPLACE MACRO bac_code_card(code) AS
  CASE WHEN code > 0 THEN substr('A23456789TJQK', (code - 1) // 4 + 1, 1) || substr('shdc', (code - 1) % 4 + 1, 1) END;

-- Art. 5: the value of a rank (0 = A … 12 = K): A = 1, 2-9 their face value, T J Q K = 0; of a card, NULL when it is
-- not logged (never a zero-valued card).
CREATE OR REPLACE MACRO bac_rank_value(r) AS CASE WHEN r < 9 THEN r + 1 WHEN r >= 9 THEN 0 END;

CREATE OR REPLACE MACRO bac_value(c) AS
  CASE WHEN bac_card_code(c) > 0 THEN bac_rank_value((bac_card_code(c) - 1) // 4) END;

-- The line and file of a coup's event at ``seq``, read from the events only for the rows a finding is written for.
CREATE OR REPLACE MACRO bac_line(k, s) AS (SELECT e.line FROM bac_events e WHERE e.hand_key = k AND e.seq = s);

CREATE OR REPLACE MACRO bac_file(k, s) AS (SELECT e.file FROM bac_events e WHERE e.hand_key = k AND e.seq = s);

-- A logged amount as written in a finding; 'not logged' when the record lacks it.
CREATE OR REPLACE MACRO bac_logged(x) AS coalesce(fmt_money(x), 'not logged');

-- An amount rounded down to a multiple of the chip unit, in exact decimals: DuckDB divides DECIMALs in binary floating
-- point (floor(0.7 / 0.1) is 6), so the remainder is taken off instead (floored, as floor() would for x < 0).
CREATE OR REPLACE MACRO bac_floor_unit(x, unit) AS x - ((x % unit) + unit) % unit;

-- A deal in one byte: its card's code plus 64 times its hand (1 Player, 2 Banker, 3 any other). The first six deals of
-- a coup are packed into one integer, byte n for the n-th deal: one sum per coup instead of a dozen string
-- aggregates, read back by position.
CREATE OR REPLACE MACRO bac_deal_code(card, target) AS
  bac_card_code(card) + 64 * CASE target WHEN 'player' THEN 1 WHEN 'banker' THEN 2 ELSE 3 END;

CREATE OR REPLACE MACRO bac_unpack(packed, n) AS (packed >> (8 * (n - 1))) & 255;

-- The hand of the n-th deal: 0 (no such deal), 1 Player, 2 Banker, 3 other; the rank of its card (0 = A … 12 = K),
-- NULL when there is no such deal or its card is not logged.
CREATE OR REPLACE MACRO bac_unpack_hand(packed, n) AS bac_unpack(packed, n) // 64;

CREATE OR REPLACE MACRO bac_unpack_rank(packed, n) AS
  CASE WHEN bac_unpack(packed, n) % 64 > 0 THEN (bac_unpack(packed, n) % 64 - 1) // 4 END;

-- The evidence of a coup's n-th deal (its seq and line; the hands of its first n deals), read from the events only
-- for the few coups a finding is written for.
CREATE OR REPLACE MACRO bac_deal_seq(k, n) AS
  (SELECT e.seq FROM bac_events e WHERE e.hand_key = k AND e.event = 'deal' AND e.nth = n);

CREATE OR REPLACE MACRO bac_deal_line(k, n) AS
  (SELECT e.line FROM bac_events e WHERE e.hand_key = k AND e.event = 'deal' AND e.nth = n);

CREATE OR REPLACE MACRO bac_deal_targets(k, n) AS
  (SELECT string_agg(e.target, ', ' ORDER BY e.nth) FROM bac_events e
   WHERE e.hand_key = k AND e.event = 'deal' AND e.nth <= n);

CREATE OR REPLACE TEMP TABLE bac_tables AS
SELECT table_id, file, line,
  CAST(config->>'decks' AS BIGINT) AS decks,
  config->>'commission_scheme' AS commission_scheme,
  config->>'burn_method' AS burn_method,
  CAST(config->>'burn_count' AS BIGINT) AS burn_count,
  CAST(config->>'chip_unit' AS DECIMAL(18,4)) AS chip_unit,
  CAST(config->>'auto_shuffler' AS BOOLEAN) AS auto_shuffler,
  CAST(config->>'seats' AS BIGINT) AS seats,
  list_transform(string_split(coalesce(config->>'bets_allowed', {{bets_allowed_default}}), ','), lambda b: trim(b))
    AS bets_allowed,
  TRY_CAST(config->>'max_difference' AS DECIMAL(18,4)) AS max_difference,
  coalesce(CAST(config->>'coups_after_cut_card' AS BIGINT), {{coups_after_cut_card}}) AS coups_after_cut_card
FROM bac_table_rows;

-- One row per coup, joined on the coup's integer ``hand_key`` (given at ingest): its start, its first end, result and
-- void (``nth`` = 1, also given at ingest), and one aggregate per kind of event: its other marks, its deals, its bets
-- and its settlements. A deal's position in the coup is its ``nth``, so the first six deals are packed in ``packed``
-- (a hand has at most three cards: a seventh deal already breaks art. 7 or 9).
CREATE OR REPLACE TEMP TABLE bac_coups AS
WITH starts AS (
  SELECT hand_key, table_id, hand_id, shoe_id, coalesce(demo, false) AS demo, seq AS start_seq, line AS start_line, file
  FROM bac_events WHERE event = 'coup_start'
), ends AS (
  SELECT hand_key, seq AS end_seq, line AS end_line FROM bac_events WHERE event = 'coup_end' AND nth = 1
), results AS (
  SELECT hand_key, result AS declared, seq AS result_seq, line AS result_line
  FROM bac_events WHERE event = 'result' AND nth = 1
), voids AS (
  SELECT hand_key, seq AS void_seq, line AS void_line FROM bac_events WHERE event = 'void' AND nth = 1
), marks AS (
  SELECT hand_key,
    bool_or(event = 'correction') AS corrected,
    count(*) FILTER (WHERE event = 'card_exposed') AS n_exposed,
    bool_or(event = 'cut_card') AS cut_card_out,
    bool_or(event = 'card_handler') AS handled,
    min(line) AS min_line, max(line) AS max_line
  FROM bac_events WHERE event IN ('correction', 'card_exposed', 'cut_card', 'card_handler', 'result', 'void')
  GROUP BY hand_key
), deals AS (
  SELECT hand_key, count(*) AS n_deals,
    count(*) FILTER (WHERE target = 'player') AS n_player,
    count(*) FILTER (WHERE target = 'banker') AS n_banker,
    count(*) FILTER (WHERE card IS NULL) AS unknown_cards,
    count(*) FILTER (WHERE face IS NULL) AS unknown_faces,
    count(*) FILTER (WHERE face = 'down') AS faces_down,
    min(seq) AS first_deal_seq,
    CAST(sum(CASE WHEN nth <= 6 THEN CAST(bac_deal_code(card, target) AS BIGINT) << (8 * (nth - 1)) END) AS BIGINT)
      AS packed,
    min(line) AS min_line, max(line) AS max_line
  FROM bac_events WHERE event = 'deal'
  GROUP BY hand_key
), stakes AS (
  SELECT hand_key,
    coalesce(sum(amount) FILTER (WHERE bet_type = 'banker'), 0) AS banker_stake,
    coalesce(sum(amount) FILTER (WHERE bet_type = 'player'), 0) AS player_stake,
    max(seq) AS last_bet_seq, arg_max(line, seq) AS last_bet_line,
    min(line) AS min_line, max(line) AS max_line
  FROM bac_events WHERE event = 'bet'
  GROUP BY hand_key
), settles AS (
  SELECT hand_key, bool_or(result <> 'refund') AS settled, bool_or(result IN ('win', 'lose')) AS paid,
    min(line) AS min_line, max(line) AS max_line
  FROM bac_events WHERE event = 'settle'
  GROUP BY hand_key
), coups AS (
  SELECT st.*, e.end_seq, r.declared, r.result_seq, r.result_line, v.void_seq, v.void_line,
    coalesce(m.corrected, false) AS corrected, coalesce(m.n_exposed, 0) > 0 AS exposed,
    coalesce(m.n_exposed, 0) AS n_exposed,
    coalesce(m.cut_card_out, false) AS cut_card_out, coalesce(m.handled, false) AS handled,
    least(st.start_line, e.end_line, m.min_line, d.min_line, b.min_line, s.min_line) AS min_line,
    greatest(st.start_line, e.end_line, m.max_line, d.max_line, b.max_line, s.max_line) AS max_line,
    d.first_deal_seq,
    coalesce(d.n_deals, 0) AS n_deals, coalesce(d.n_player, 0) AS n_player, coalesce(d.n_banker, 0) AS n_banker,
    coalesce(d.unknown_cards, 0) AS unknown_cards, coalesce(d.unknown_faces, 0) AS unknown_faces,
    coalesce(d.faces_down, 0) AS faces_down,
    d.packed,
    coalesce(b.banker_stake, 0) AS banker_stake, coalesce(b.player_stake, 0) AS player_stake,
    b.last_bet_seq, b.last_bet_line, coalesce(s.settled, false) AS settled, coalesce(s.paid, false) AS paid,
    t.auto_shuffler, t.max_difference,
    -- art. 7(1): P, B, P, B first; art. 9: P3 before B3.
    coalesce(bac_unpack_hand(d.packed, 1) = 1 AND bac_unpack_hand(d.packed, 2) = 2
      AND bac_unpack_hand(d.packed, 3) = 1 AND bac_unpack_hand(d.packed, 4) = 2, false) AS first_four_ok
  FROM starts st
  LEFT JOIN ends e USING (hand_key)
  LEFT JOIN results r USING (hand_key)
  LEFT JOIN voids v USING (hand_key)
  LEFT JOIN marks m USING (hand_key)
  LEFT JOIN deals d USING (hand_key)
  LEFT JOIN stakes b USING (hand_key)
  LEFT JOIN settles s USING (hand_key)
  JOIN bac_tables t USING (table_id)
), hands AS (
  SELECT *,
    n_player BETWEEN 2 AND 3 AND n_banker BETWEEN 2 AND 3 AS counts_ok,
    NOT (n_player = 3 AND n_banker = 3 AND coalesce(bac_unpack_hand(packed, 5) = 2, false)) AS thirds_ok,
    CASE WHEN bac_unpack_hand(packed, 5) = 1 THEN 5 WHEN bac_unpack_hand(packed, 6) = 1 THEN 6 END AS p3_nth,
    CASE WHEN bac_unpack_hand(packed, 5) = 2 THEN 5 WHEN bac_unpack_hand(packed, 6) = 2 THEN 6 END AS b3_nth
  FROM coups
), ranks AS (
  -- The cards read as P1 B1 P2 B2 [P3] [B3], by rank: only where the first four are P, B, P, B (else NULL).
  SELECT *,
    CASE WHEN first_four_ok THEN bac_unpack_rank(packed, 1) END AS pr1,
    CASE WHEN first_four_ok THEN bac_unpack_rank(packed, 3) END AS pr2,
    CASE WHEN first_four_ok THEN bac_unpack_rank(packed, p3_nth) END AS pr3,
    CASE WHEN first_four_ok THEN bac_unpack_rank(packed, 2) END AS br1,
    CASE WHEN first_four_ok THEN bac_unpack_rank(packed, 4) END AS br2,
    CASE WHEN first_four_ok THEN bac_unpack_rank(packed, b3_nth) END AS br3
  FROM hands
), totals AS (
  SELECT *,
    (bac_rank_value(pr1) + bac_rank_value(pr2)) % 10 AS p2,
    (bac_rank_value(br1) + bac_rank_value(br2)) % 10 AS b2,
    bac_rank_value(pr3) AS p3,
    bac_rank_value(br3) AS b3
  FROM ranks
), drawing AS (
  -- art. 9(3)-(4): whether the Banker must draw, by the tableau (model.py keys it: -1 the Player stood, 0-9 the
  -- value of the Player's third card, -2 a third card not known, which only a row for any card matches).
  SELECT h.*, tb.draws AS banker_must_draw
  FROM totals h LEFT JOIN bac_tableau tb ON tb.banker_total = h.b2
   AND tb.player_third = CASE WHEN h.n_player = 2 THEN -1 ELSE coalesce(h.p3, -2) END
), finals AS (
  -- Art. 11: the final totals, only where the cards read as P1 B1 P2 B2 [P3] [B3] and every one is logged (else
  -- NULL: a third card that is not logged is not a card of value 0).
  SELECT *,
    CASE WHEN cards_readable THEN (p2 + coalesce(p3, 0)) % 10 END AS player_total,
    CASE WHEN cards_readable THEN (b2 + coalesce(b3, 0)) % 10 END AS banker_total
  FROM (SELECT *, counts_ok AND first_four_ok AND thirds_ok AND unknown_cards = 0 AS cards_readable FROM drawing)
)
SELECT *,
  void_seq IS NOT NULL AS voided,
  unknown_cards = 0 AS cards_known,
  -- art. 16: whether the table logs a card handler in any coup (one that logs none may not record them)
  bool_or(handled) OVER (PARTITION BY table_id) AS handlers_logged,
  CASE WHEN player_total > banker_total THEN 'player' WHEN player_total < banker_total THEN 'banker'
       WHEN player_total = banker_total THEN 'tie' END AS winner,
  -- art. 13: a pair is two first cards of the same rank (pair_match = 'rank'), or of the same value ('value').
  CASE {{pair_match}} WHEN 'value' THEN bac_rank_value(pr1) = bac_rank_value(pr2) ELSE pr1 = pr2 END AS player_pair,
  CASE {{pair_match}} WHEN 'value' THEN bac_rank_value(br1) = bac_rank_value(br2) ELSE br1 = br2 END AS banker_pair,
  -- Art. 10: the cards show a dealing error as BAC-6.1, 7.1, 7.2, 9.1 and 9.2-9.5 read them (used by BAC-10.1 and
  -- BAC-4.1); NULL where a card that is not logged leaves it open. A voided coup shows one where its deals are not
  -- the beginning of the lawful sequence P1 B1 P2 B2 [P3] [B3] for its cards: a card to the wrong hand or to
  -- neither, a third card after a natural or one the tableau forbids, the Banker's third card while the Player had
  -- to draw, a seventh card. A hand the void left short is no dealing error.
  CASE WHEN void_seq IS NULL THEN
      NOT (counts_ok AND first_four_ok AND thirds_ok)
      OR ((p2 >= 8 OR b2 >= 8) AND n_player + n_banker > 4)
      OR (NOT (p2 >= 8 OR b2 >= 8) AND ((p2 <= 5) <> (n_player = 3) OR banker_must_draw <> (n_banker = 3)))
    ELSE
      n_deals > 6
      OR bac_unpack_hand(coalesce(packed, 0), 1) NOT IN (0, 1) OR bac_unpack_hand(coalesce(packed, 0), 2) NOT IN (0, 2)
      OR bac_unpack_hand(coalesce(packed, 0), 3) NOT IN (0, 1) OR bac_unpack_hand(coalesce(packed, 0), 4) NOT IN (0, 2)
      OR (n_deals >= 5 AND CASE
            WHEN p2 >= 8 OR b2 >= 8 THEN true
            WHEN p2 IS NULL OR b2 IS NULL THEN NULL
            -- the fifth card: the Player's on 0-5, else the Banker's where he draws, else none
            ELSE bac_unpack_hand(packed, 5) <> CASE WHEN p2 <= 5 THEN 1 WHEN banker_must_draw THEN 2 ELSE 0 END
              -- the sixth: the Banker's, after the Player's third card, where the tableau makes him draw
              OR (n_deals = 6 AND (bac_unpack_hand(packed, 5) <> 1 OR bac_unpack_hand(packed, 6) <> 2
                                   OR NOT banker_must_draw))
          END)
  END AS dealing_broken,
  false AS tainted,
  false AS refunds_unlogged,
  false AS bets_unlogged
FROM finals;

-- Coups that carry an input error: a quarantined record of the coup, or one lying inside its lines of a file.
UPDATE bac_coups SET tainted = true FROM (
  SELECT q.table_id, q.hand_id FROM quarantine q WHERE q.hand_id IS NOT NULL
  UNION
  SELECT c.table_id, c.hand_id FROM bac_coups c JOIN quarantine q ON q.file = c.file
    AND q.line BETWEEN c.min_line AND c.max_line
) t WHERE bac_coups.table_id = t.table_id AND bac_coups.hand_id = t.hand_id;

-- The shoe's own events (shoe_start, shuffle, cut, burn, shoe_end), each with the shoe in use at its table
-- (``open_shoe``: the shoe of the table's last record naming one, started or not; the ingest refuses a burn naming no
-- shoe while none is in use) and the coup it falls inside, if any (``open_coup``: after its coup_start, before its
-- coup_end): ASOF joins on seq, never range joins.
CREATE OR REPLACE TEMP TABLE bac_shoe_events AS
WITH s AS (
  SELECT table_id, seq, file, line, event, shoe_id, hand_id, card, position, method
  FROM bac_events WHERE event IN ('shoe_start', 'shuffle', 'cut', 'burn', 'shoe_end')
), starts AS (
  SELECT table_id, shoe_id AS open_shoe, seq AS shoe_seq FROM bac_events WHERE shoe_id IS NOT NULL
), spans AS (
  SELECT table_id, hand_id AS coup, start_seq, end_seq FROM bac_coups WHERE start_seq IS NOT NULL
)
SELECT s.*, st.open_shoe, CASE WHEN s.seq < sp.end_seq THEN sp.coup END AS open_coup
FROM s ASOF LEFT JOIN starts st ON s.table_id = st.table_id AND s.seq >= st.shoe_seq
ASOF LEFT JOIN spans sp ON s.table_id = sp.table_id AND s.seq > sp.start_seq;

-- One row per shoe: its opening (cut, burns before the first coup) and its coups. A shoe that records name but its
-- table never started (``started`` false; the ingest accepts it only while no other shoe is in use) has no
-- ``start_seq``: its opening and the cards out of it before the log are not known, and it starts at its first record.
CREATE OR REPLACE TEMP TABLE bac_shoes AS
WITH started AS (
  SELECT table_id, shoe_id, min(seq) AS start_seq, arg_min(line, seq) AS start_line, arg_min(file, seq) AS file
  FROM bac_events WHERE event = 'shoe_start' GROUP BY table_id, shoe_id
), s AS (
  SELECT *, true AS started FROM started
  UNION ALL
  SELECT table_id, shoe_id, NULL, arg_min(line, seq), arg_min(file, seq), false
  FROM bac_events e WHERE shoe_id IS NOT NULL AND event <> 'shoe_start'
    AND NOT EXISTS (SELECT 1 FROM started x WHERE x.table_id = e.table_id AND x.shoe_id = e.shoe_id)
  GROUP BY table_id, shoe_id
), first_coup AS (
  SELECT table_id, shoe_id, min(start_seq) AS first_coup_seq, bool_or(cut_card_out) AS cut_card_out,
    count(*) FILTER (WHERE demo) AS demo_coups, sum(n_deals + n_exposed) AS dealt
  FROM bac_coups GROUP BY table_id, shoe_id
), burned AS (
  SELECT table_id, coalesce(shoe_id, open_shoe) AS shoe_id, count(*) AS burned
  FROM bac_shoe_events WHERE event = 'burn' GROUP BY ALL
), ends AS (
  SELECT table_id, shoe_id, max(seq) AS end_seq, max(line) AS end_line FROM bac_events WHERE event = 'shoe_end'
  GROUP BY ALL
), opening AS (
  -- The shoe's opening: its events before its first coup, or, in a shoe without a coup, before its shoe_end (in a
  -- shoe with neither, all of them: where its opening ends is not logged).
  SELECT s.table_id, s.shoe_id,
    count(*) FILTER (WHERE e.event = 'burn') AS burns,
    -- arg_min_null: the card of the first burn even when it is not logged (arg_min would skip to a later card).
    arg_min_null(e.card, e.seq) FILTER (WHERE e.event = 'burn') AS first_burn,
    min(e.seq) FILTER (WHERE e.event = 'burn') AS first_burn_seq,
    min(e.line) FILTER (WHERE e.event = 'burn') AS first_burn_line,
    -- A shoe cut more than once is judged on the cut that leaves the fewest cards behind the cut card (the first
    -- cut does not silently win); on none where a cut does not log its position.
    count(*) FILTER (WHERE e.event = 'cut') AS cuts, count(e.position) FILTER (WHERE e.event = 'cut') AS positions,
    min(e.position) FILTER (WHERE e.event = 'cut') AS fewest_behind,
    max(e.position) FILTER (WHERE e.event = 'cut') AS most_behind,
    coalesce(arg_min(e.seq, [e.position, e.seq]) FILTER (WHERE e.event = 'cut' AND e.position IS NOT NULL),
             min(e.seq) FILTER (WHERE e.event = 'cut')) AS cut_seq,
    coalesce(arg_min(e.line, [e.position, e.seq]) FILTER (WHERE e.event = 'cut' AND e.position IS NOT NULL),
             min(e.line) FILTER (WHERE e.event = 'cut')) AS cut_line
  FROM s LEFT JOIN first_coup f USING (table_id, shoe_id) LEFT JOIN ends n USING (table_id, shoe_id)
  JOIN bac_shoe_events e ON e.table_id = s.table_id AND e.open_shoe = s.shoe_id
   AND e.seq > s.start_seq AND e.seq < coalesce(f.first_coup_seq, n.end_seq, e.seq + 1)
  GROUP BY s.table_id, s.shoe_id
)
SELECT s.*, t.decks, t.auto_shuffler, t.burn_method, t.burn_count,
       f.first_coup_seq, coalesce(f.cut_card_out, false) AS cut_card_out, coalesce(f.demo_coups, 0) AS demo_coups,
       -- the cards that came out of the shoe: burned, dealt or exposed (an exposed card dealt after it counted twice)
       coalesce(b.burned, 0) + coalesce(f.dealt, 0) AS drawn,
       -- a table that logs no burn at all does not log its burns (missing data is not a burn of 0 cards)
       EXISTS (SELECT 1 FROM bac_shoe_events x WHERE x.table_id = s.table_id AND x.event = 'burn') AS burns_logged,
       coalesce(o.burns, 0) AS burns, coalesce(o.cuts, 0) AS cuts, o.first_burn,
       o.first_burn_seq, o.first_burn_line,
       CASE WHEN o.positions = o.cuts THEN o.fewest_behind END AS cut_position, o.cut_seq, o.cut_line,
       -- the fewest cards that may lie in front of the cut card (of several cuts, the one with the most behind it)
       CASE WHEN o.positions = o.cuts THEN t.decks * 52 - o.most_behind END AS fewest_in_front,
       n.end_seq, coalesce(n.end_line, s.start_line) AS end_line,
       EXISTS (SELECT 1 FROM quarantine q
               WHERE (q.table_id = s.table_id AND q.shoe_id = s.shoe_id)
                  OR (q.file = s.file AND q.line BETWEEN s.start_line AND coalesce(n.end_line, s.start_line))) AS tainted
FROM s JOIN bac_tables t USING (table_id) LEFT JOIN first_coup f USING (table_id, shoe_id)
LEFT JOIN opening o USING (table_id, shoe_id) LEFT JOIN ends n USING (table_id, shoe_id)
LEFT JOIN burned b USING (table_id, shoe_id);

-- Views, not copies, over the bulk of the data: each bet, and each bet with its settlements, with what its coup says. The SQL
-- runner reads each of them once for the coverage of all their rules and once for the breaches.
-- The bets a table allows, as written in a finding.
CREATE OR REPLACE MACRO bac_allowed(t) AS
  (SELECT array_to_string(bets_allowed, ', ') FROM bac_tables WHERE table_id = t);

CREATE OR REPLACE TEMP TABLE bac_allowed_bets AS
SELECT DISTINCT table_id, unnest(bets_allowed) AS bet_type FROM bac_tables;

CREATE OR REPLACE TEMP VIEW bac_bets AS
SELECT b.table_id, b.hand_id, b.hand_key, c.shoe_id, b.seq, b.line, b.file, b.player, b.spot, b.standing,
  b.bet_type, b.amount, c.demo, c.voided, c.tainted, a.bet_type IS NOT NULL AS allowed
FROM bac_events b JOIN bac_coups c USING (hand_key)
LEFT JOIN bac_allowed_bets a ON a.table_id = b.table_id AND a.bet_type = b.bet_type
WHERE b.event = 'bet';

-- One row per bet as its settlements settle it: the bets and settlements of a coup meet on the bet's key (player,
-- spot, bet type; docs/log-format.md: one settlement per bet), so a payout is judged against the stake the bet
-- placed (``amount``, the sum of the bet's chips), not the amount the settlement repeats, and a bet settled twice
-- is judged on all it was paid: its ``result`` is then 'win x2' (more settlements than bets of that key; two bets
-- of one key may be settled one by one), or 'lose and win' when the settlements differ.
-- ``amount`` is NULL for a settlement of no logged bet, ``settles`` 0 for a bet never settled; ``expected_result``
-- is NULL where the cards cannot tell it (``cards_readable`` false), never a bet lost by default. Its evidence is its
-- first settlement, else the bet: ``seq`` here, its line and file read back only for a finding (``bac_line``).
-- Money is widened to DECIMAL(38,4): DuckDB keeps DECIMAL(18,4) * DECIMAL(18,4) in 18 digits and stops the run on
-- overflow, and a legal stake of 14 integer digits times a payout ratio and a rate needs more. A payout or
-- commission that one of the settlements does not log is NULL (the rules judging it say so, scopes.settlements).
CREATE OR REPLACE TEMP TABLE bac_settlements AS
WITH g AS (
  SELECT hand_key, player, spot, bet_type,
    sum(amount) FILTER (WHERE event = 'bet') AS amount, count(*) FILTER (WHERE event = 'bet') AS bets,
    count(*) FILTER (WHERE event = 'settle') AS settles,
    min(result) FILTER (WHERE event = 'settle') AS first_result,
    max(result) FILTER (WHERE event = 'settle') AS last_result,
    sum(payout) FILTER (WHERE event = 'settle') AS payout, count(payout) FILTER (WHERE event = 'settle') AS payouts,
    sum(commission) FILTER (WHERE event = 'settle') AS commission,
    count(commission) FILTER (WHERE event = 'settle') AS commissions,
    sum(refunded) FILTER (WHERE event = 'settle') AS refunded,
    count(refunded) FILTER (WHERE event = 'settle') AS refundeds,
    count(*) FILTER (WHERE event = 'settle' AND result = 'refund' AND coalesce(payout, 0) = 0
                       AND coalesce(commission, 0) = 0) AS clean_refunds,
    coalesce(min(seq) FILTER (WHERE event = 'settle'), min(seq)) AS seq
  FROM bac_events WHERE event IN ('bet', 'settle')
  GROUP BY hand_key, player, spot, bet_type
), k AS (
  SELECT hand_key, player, spot, bet_type, amount, settles, seq,
    CASE WHEN first_result <> last_result THEN first_result || ' and ' || last_result
         WHEN settles > bets THEN first_result || ' x' || settles
         ELSE first_result END AS result,
    CASE WHEN payouts = settles THEN payout END AS payout,
    CASE WHEN commissions = settles THEN commission END AS commission,
    CASE WHEN refundeds = settles THEN refunded END AS refunded,
    settles > 0 AND clean_refunds = settles AS refunds_clean
  FROM g
)
SELECT c.table_id, c.hand_id, k.hand_key, c.shoe_id, k.seq, k.player, k.spot, k.bet_type,
  CAST(k.amount AS DECIMAL(38,4)) AS amount, k.settles, k.result, CAST(k.payout AS DECIMAL(38,4)) AS payout,
  CAST(k.commission AS DECIMAL(38,4)) AS commission, CAST(k.refunded AS DECIMAL(38,4)) AS refunded, k.refunds_clean,
  c.winner, c.banker_total, c.n_banker, c.player_pair, c.banker_pair, c.voided, c.corrected, c.demo, c.tainted,
  c.cards_readable,
  c.cards_known, t.commission_scheme, t.chip_unit,
  CASE
    WHEN NOT c.cards_readable THEN NULL
    WHEN k.bet_type IN ('player', 'banker') AND c.winner = 'tie' THEN 'push'
    WHEN k.bet_type IN ('player', 'banker') THEN CASE WHEN c.winner = k.bet_type THEN 'win' ELSE 'lose' END
    WHEN k.bet_type = 'tie' THEN CASE WHEN c.winner = 'tie' THEN 'win' ELSE 'lose' END
    WHEN k.bet_type = 'player_pair' THEN CASE WHEN c.player_pair THEN 'win' ELSE 'lose' END
    WHEN k.bet_type = 'banker_pair' THEN CASE WHEN c.banker_pair THEN 'win' ELSE 'lose' END
    -- art. 13(1)(4)(3), n.º 56/2018: Lucky 6 wins when the Banker wins with a total of 6, on two or three cards.
    WHEN k.bet_type = 'lucky6' THEN CASE WHEN c.winner = 'banker' AND c.banker_total = 6 THEN 'win' ELSE 'lose' END
  END AS expected_result
FROM k JOIN bac_coups c USING (hand_key) JOIN bac_tables t ON t.table_id = c.table_id;

-- Art. 10 (BAC-10.1): a voided coup whose bets were all refunded, with no payout and no commission, but whose
-- settlements do not say how much was handed back (``refunded``, log format version 2; a version 1 log has no such
-- field): whether each bet got its full stake back is unknown. A voided coup that shows another breach (a bet not
-- refunded, or refunded a wrong amount) is judged on it.
UPDATE bac_coups SET refunds_unlogged = true FROM (
  SELECT hand_key FROM bac_settlements WHERE voided GROUP BY hand_key
  HAVING bool_or(amount IS NOT NULL AND refunds_clean AND refunded IS NULL)
     AND NOT coalesce(bool_or((amount IS NOT NULL AND settles = 0) OR (settles > 0 AND NOT refunds_clean)
                              OR refunded <> amount), false)
) v WHERE bac_coups.hand_key = v.hand_key;

-- A coup with a settlement of no logged bet placed a bet the log does not give: its stakes are not known.
UPDATE bac_coups SET bets_unlogged = true FROM (
  SELECT DISTINCT hand_key FROM bac_settlements WHERE amount IS NULL
) v WHERE bac_coups.hand_key = v.hand_key;
