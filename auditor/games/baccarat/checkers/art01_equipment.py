"""Art. 1 (Material / 用具): "six to twelve decks of 52 cards … a gaming table … with seven or more seats"."""

from auditor.engine.registry import SqlRule, register
from auditor.games.baccarat.scopes import SHOES, TABLES

register(SqlRule(
    id="BAC-1.1", game="baccarat", scope=TABLES,
    findings="""
    SELECT table_id, NULL AS shoe_id, NULL AS hand_id, NULL::BIGINT AS seq, file, line,
           'the table declares ' || decks || ' decks per shoe; art. 1 allows {{decks_min}} to {{decks_max}}' AS message,
           '{{decks_min}}..{{decks_max}}' AS expected, decks AS found
    FROM bac_tables WHERE decks NOT BETWEEN {{decks_min}} AND {{decks_max}}
    """,
))

# Art. 1(1): a shoe of N decks holds each card (rank and suit) N times; the (N+1)-th sighting is the breach.
register(SqlRule(
    id="BAC-1.2", game="baccarat", scope=SHOES,
    findings="""
    WITH sightings AS (
      SELECT e.table_id, coalesce(e.shoe_id, c.shoe_id) AS shoe_id, e.hand_id, e.card, e.seq, e.file, e.line
      FROM bac_events e LEFT JOIN bac_coups c USING (table_id, hand_id)
      WHERE e.event IN ('deal', 'burn') AND e.card IS NOT NULL
    ), counted AS (
      SELECT s.*, t.decks, row_number() OVER (PARTITION BY s.table_id, s.shoe_id, s.card ORDER BY s.seq) AS n
      FROM sightings s JOIN bac_tables t USING (table_id)
    )
    SELECT table_id, shoe_id, hand_id, seq, file, line,
           'card ' || card || ' seen ' || n || ' times in a shoe of ' || decks || ' decks' AS message,
           'at most ' || decks AS expected, n AS found
    FROM counted c WHERE n = decks + 1
      AND NOT EXISTS (SELECT 1 FROM bac_shoes s WHERE s.table_id = c.table_id AND s.shoe_id = c.shoe_id AND s.tainted)
    """,
))

register(SqlRule(
    id="BAC-1.3", game="baccarat", scope=TABLES,
    findings="""
    SELECT table_id, NULL AS shoe_id, NULL AS hand_id, NULL::BIGINT AS seq, file, line,
           'the table declares ' || seats || ' seats; art. 1(5) requires at least {{min_seats}}' AS message,
           '>= {{min_seats}}' AS expected, seats AS found
    FROM bac_tables WHERE seats < {{min_seats}}
    """,
))
