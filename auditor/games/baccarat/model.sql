-- The baccarat model: per-table, per-shoe, per-coup and per-settlement tables built once from ``events``.
-- Every checker of auditor/games/baccarat/checkers/ reads these. Card values follow art. 5 (A = 1, 2-9 face value,
-- T J Q K = 0); a pair compares ranks (art. 13). NULL-safe: a missing card stays NULL, never a zero-valued card.

CREATE OR REPLACE MACRO bac_value(c) AS
  CASE WHEN c IS NULL THEN NULL WHEN left(c, 1) = 'A' THEN 1 WHEN left(c, 1) IN ('T', 'J', 'Q', 'K') THEN 0
       ELSE CAST(left(c, 1) AS INTEGER) END;

CREATE OR REPLACE MACRO bac_floor_unit(x, unit) AS floor(x / unit) * unit;

CREATE OR REPLACE TABLE bac_tables AS
SELECT table_id, file, line,
  CAST(config->>'decks' AS INTEGER) AS decks,
  config->>'commission_scheme' AS commission_scheme,
  config->>'burn_method' AS burn_method,
  TRY_CAST(config->>'burn_count' AS INTEGER) AS burn_count,
  CAST(config->>'chip_unit' AS DECIMAL(18,4)) AS chip_unit,
  CAST(config->>'auto_shuffler' AS BOOLEAN) AS auto_shuffler,
  CAST(config->>'seats' AS INTEGER) AS seats,
  list_transform(string_split(coalesce(config->>'bets_allowed', {{bets_allowed_default}}), ','), lambda b: trim(b))
    AS bets_allowed,
  TRY_CAST(config->>'max_difference' AS DECIMAL(18,4)) AS max_difference,
  coalesce(TRY_CAST(config->>'coups_after_cut_card' AS INTEGER), {{coups_after_cut_card}}) AS coups_after_cut_card
FROM tables WHERE game = 'baccarat';

-- Views, not copies: a temporary table lives in memory, and the events of a day are the bulk of the data.
CREATE OR REPLACE TEMP VIEW bac_events AS
SELECT e.* FROM events e WHERE e.game = 'baccarat';

CREATE OR REPLACE TEMP VIEW bac_bets AS
SELECT * FROM bac_events WHERE event = 'bet';

-- One row per coup, with its cards in dealing order.
CREATE OR REPLACE TABLE bac_coups AS
WITH g AS (
  SELECT table_id, hand_id,
    any_value(shoe_id) FILTER (WHERE event = 'coup_start') AS shoe_id,
    coalesce(bool_or(demo) FILTER (WHERE event = 'coup_start'), false) AS demo,
    min(seq) FILTER (WHERE event = 'coup_start') AS start_seq,
    min(line) FILTER (WHERE event = 'coup_start') AS start_line,
    any_value(file) FILTER (WHERE event = 'coup_start') AS file,
    min(seq) FILTER (WHERE event = 'coup_end') AS end_seq,
    min(line) AS min_line, max(line) AS max_line,
    coalesce(list(struct_pack(card := card, target := target, face := face, seq := seq, line := line) ORDER BY seq)
      FILTER (WHERE event = 'deal'), []) AS deals,
    min(seq) FILTER (WHERE event = 'void') AS void_seq,
    min(line) FILTER (WHERE event = 'void') AS void_line,
    count(*) FILTER (WHERE event = 'correction') > 0 AS corrected,
    count(*) FILTER (WHERE event = 'card_exposed') > 0 AS exposed,
    count(*) FILTER (WHERE event = 'cut_card') > 0 AS cut_card_out,
    any_value(result) FILTER (WHERE event = 'result') AS declared,
    min(seq) FILTER (WHERE event = 'result') AS result_seq,
    min(line) FILTER (WHERE event = 'result') AS result_line,
    count(*) FILTER (WHERE event = 'settle' AND result <> 'refund') > 0 AS settled
  FROM bac_events WHERE hand_id IS NOT NULL
  GROUP BY table_id, hand_id
), h AS (
  SELECT *,
    list_filter(deals, lambda d: d.target = 'player') AS pc,
    list_filter(deals, lambda d: d.target = 'banker') AS bc,
    list_transform(deals, lambda d: d.target) AS targets
  FROM g
), t AS (
  SELECT *, len(pc) AS n_player, len(bc) AS n_banker,
    (bac_value(pc[1].card) + bac_value(pc[2].card)) % 10 AS p2,
    (bac_value(bc[1].card) + bac_value(bc[2].card)) % 10 AS b2,
    bac_value(pc[3].card) AS p3,
    bac_value(bc[3].card) AS b3
  FROM h
)
SELECT t.*,
  void_seq IS NOT NULL AS voided,
  len(list_filter(deals, lambda d: d.card IS NULL)) = 0 AS cards_known,
  -- art. 7(1): P, B, P, B first; art. 9: P3 before B3.
  n_player BETWEEN 2 AND 3 AND n_banker BETWEEN 2 AND 3 AS counts_ok,
  targets[1:4] = ['player', 'banker', 'player', 'banker'] AS first_four_ok,
  NOT (n_player = 3 AND n_banker = 3 AND pc[3].seq > bc[3].seq) AS thirds_ok,
  (p2 + coalesce(p3, 0)) % 10 AS player_total,
  (b2 + coalesce(b3, 0)) % 10 AS banker_total,
  CASE WHEN p2 IS NULL OR b2 IS NULL THEN NULL
       WHEN (p2 + coalesce(p3, 0)) % 10 > (b2 + coalesce(b3, 0)) % 10 THEN 'player'
       WHEN (p2 + coalesce(p3, 0)) % 10 < (b2 + coalesce(b3, 0)) % 10 THEN 'banker'
       ELSE 'tie' END AS winner,
  -- art. 13: a pair is two first cards of the same rank (pair_match = 'rank'), or of the same value ('value').
  CASE {{pair_match}} WHEN 'value' THEN bac_value(pc[1].card) = bac_value(pc[2].card)
       ELSE left(pc[1].card, 1) = left(pc[2].card, 1) END AS player_pair,
  CASE {{pair_match}} WHEN 'value' THEN bac_value(bc[1].card) = bac_value(bc[2].card)
       ELSE left(bc[1].card, 1) = left(bc[2].card, 1) END AS banker_pair
FROM t;

-- Coups that carry an input error: a quarantined record of the coup, or one lying inside its lines of a file.
CREATE OR REPLACE TABLE bac_tainted AS
SELECT DISTINCT c.table_id, c.hand_id
FROM bac_coups c JOIN quarantine q
  ON (q.table_id = c.table_id AND q.hand_id = c.hand_id)
  OR (q.file = c.file AND q.line BETWEEN c.min_line AND c.max_line);

-- The shoe's own events (shoe_start, shuffle, cut, burn, shoe_end), each with the shoe last started at its table
-- (``open_shoe``) and the coup it falls inside, if any (``open_coup``: after its coup_start, before its coup_end):
-- ASOF joins on seq, never range joins.
CREATE OR REPLACE TEMP TABLE bac_shoe_events AS
WITH s AS (
  SELECT * FROM bac_events WHERE event IN ('shoe_start', 'shuffle', 'cut', 'burn', 'shoe_end')
), starts AS (
  SELECT table_id, shoe_id AS open_shoe, seq AS shoe_seq FROM bac_events WHERE event = 'shoe_start'
), spans AS (
  SELECT table_id, hand_id AS coup, start_seq, end_seq FROM bac_coups WHERE start_seq IS NOT NULL
)
SELECT s.*, st.open_shoe, CASE WHEN s.seq < sp.end_seq THEN sp.coup END AS open_coup
FROM s ASOF LEFT JOIN starts st ON s.table_id = st.table_id AND s.seq >= st.shoe_seq
ASOF LEFT JOIN spans sp ON s.table_id = sp.table_id AND s.seq > sp.start_seq;

-- One row per shoe: its opening (shuffle, cut, burns before the first coup) and its coups.
CREATE OR REPLACE TABLE bac_shoes AS
WITH s AS (
  SELECT table_id, shoe_id, min(seq) AS start_seq, min(line) AS start_line, any_value(file) AS file
  FROM bac_events WHERE event = 'shoe_start' GROUP BY table_id, shoe_id
), first_coup AS (
  SELECT table_id, shoe_id, min(start_seq) AS first_coup_seq FROM bac_coups GROUP BY table_id, shoe_id
), opening AS (
  SELECT s.table_id, s.shoe_id,
    count(*) FILTER (WHERE e.event = 'burn') AS burns,
    -- arg_min_null: the card of the first burn even when it is not logged (arg_min would skip to a later card).
    arg_min_null(e.card, e.seq) FILTER (WHERE e.event = 'burn') AS first_burn,
    min(e.seq) FILTER (WHERE e.event = 'burn') AS first_burn_seq,
    min(e.line) FILTER (WHERE e.event = 'burn') AS first_burn_line,
    any_value(e.position) FILTER (WHERE e.event = 'cut') AS cut_position,
    min(e.seq) FILTER (WHERE e.event = 'cut') AS cut_seq,
    min(e.line) FILTER (WHERE e.event = 'cut') AS cut_line,
    any_value(e.method) FILTER (WHERE e.event = 'shuffle') AS shuffle_method
  FROM s JOIN first_coup f USING (table_id, shoe_id)
  JOIN bac_shoe_events e ON e.table_id = s.table_id AND e.open_shoe = s.shoe_id
   AND e.seq > s.start_seq AND e.seq < f.first_coup_seq
  GROUP BY s.table_id, s.shoe_id
), ends AS (
  SELECT table_id, shoe_id, max(line) AS end_line FROM bac_events WHERE event = 'shoe_end' GROUP BY ALL
)
SELECT s.*, f.first_coup_seq, o.burns, o.first_burn, o.first_burn_seq, o.first_burn_line, o.cut_position, o.cut_seq,
       o.cut_line, o.shuffle_method, coalesce(n.end_line, s.start_line) AS end_line,
       EXISTS (SELECT 1 FROM quarantine q
               WHERE (q.table_id = s.table_id AND q.shoe_id = s.shoe_id)
                  OR (q.file = s.file AND q.line BETWEEN s.start_line AND coalesce(n.end_line, s.start_line))) AS tainted
FROM s LEFT JOIN first_coup f USING (table_id, shoe_id) LEFT JOIN opening o USING (table_id, shoe_id)
LEFT JOIN ends n USING (table_id, shoe_id);

-- One row per settlement, with what the cards say it should have been.
CREATE OR REPLACE TABLE bac_settlements AS
SELECT s.table_id, s.hand_id, c.shoe_id, s.seq, s.line, s.file, s.player, s.spot, s.bet_type, s.amount, s.result,
  coalesce(s.payout, 0) AS payout, coalesce(s.commission, 0) AS commission,
  c.winner, c.banker_total, c.player_pair, c.banker_pair, c.voided, c.demo,
  t.commission_scheme, t.chip_unit,
  CASE
    WHEN s.bet_type IN ('player', 'banker') AND c.winner = 'tie' THEN 'push'
    WHEN s.bet_type IN ('player', 'banker') THEN CASE WHEN c.winner = s.bet_type THEN 'win' ELSE 'lose' END
    WHEN s.bet_type = 'tie' THEN CASE WHEN c.winner = 'tie' THEN 'win' ELSE 'lose' END
    WHEN s.bet_type = 'player_pair' THEN CASE WHEN c.player_pair THEN 'win' ELSE 'lose' END
    WHEN s.bet_type = 'banker_pair' THEN CASE WHEN c.banker_pair THEN 'win' ELSE 'lose' END
  END AS expected_result,
  (c.table_id, c.hand_id) IN (SELECT (table_id, hand_id) FROM bac_tainted) AS tainted,
  c.counts_ok AND c.first_four_ok AND c.thirds_ok AND c.cards_known AS cards_readable
FROM bac_events s JOIN bac_coups c USING (table_id, hand_id) JOIN bac_tables t USING (table_id)
WHERE s.event = 'settle';
