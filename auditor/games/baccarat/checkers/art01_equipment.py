"""Art. 1 (Material / 用具): "six to twelve decks of 52 cards … a gaming table … with seven or more seats"."""

from auditor.engine.registry import Scope, SqlRule, UnitBreach, register
from auditor.games.baccarat.scopes import SHOES, TABLES, UNJUDGED_SHOE

register(SqlRule(
    id="BAC-1.1", game="baccarat", scope=TABLES,
    findings=UnitBreach(
        when="decks NOT BETWEEN {{decks_min}} AND {{decks_max}}",
        shoe="NULL", hand="NULL", seq="NULL", line="line",
        message="'the table declares ' || decks || ' decks per shoe; art. 1 allows {{decks_min}} to {{decks_max}}'",
        expected="'{{decks_min}}..{{decks_max}}'", found="decks",
    ),
))

# Art. 1(1): a shoe of N decks holds each card (rank and suit) N times; the (N+1)-th sighting is the breach. A
# dealt card belongs to its coup's shoe, a burned one to the shoe it names or else the shoe in use (``open_shoe``).
# Cards are counted per shoe from the coups' packed deals (deals past the sixth, which no valid coup has, and
# burns come from the events); only the cards seen too often are then followed through the events in order. An
# automatic shuffler-dealer takes the cards back after each coup (art. 7(2)): a card may come out any number of times,
# and its shoes are not applicable.
# An exposed card (art. 4) is a card out of the shoe: it counts, unless it is the card dealt or burned after it in
# its coup. Its ``card_exposed`` and the later deals and burns of that card in the coup pair up like brackets, each
# deal or burn with the latest exposure before it not yet paired: an exposure is left unpaired when more exposures
# than deals and burns follow from it to the end of the coup than from any later event (``after`` > ``peak``).
_STRAY_EXPOSURES = """
    marks AS (
      SELECT e.hand_key, e.card, e.seq, e.event, e.hand_id, e.file, e.line
      FROM bac_events e WHERE e.event IN ('card_exposed', 'deal', 'burn') AND e.card IS NOT NULL
        AND e.hand_key IN (SELECT hand_key FROM bac_events WHERE event = 'card_exposed' AND card IS NOT NULL)
      UNION ALL
      SELECT c.hand_key, b.card, b.seq, b.event, b.hand_id, b.file, b.line
      FROM bac_shoe_events b JOIN bac_coups c ON c.table_id = b.table_id AND c.hand_id = b.open_coup
      WHERE b.event = 'burn' AND b.hand_id IS NULL AND b.card IS NOT NULL
    ), after AS (
      SELECT *, sum(CASE WHEN event = 'card_exposed' THEN 1 ELSE -1 END)
                  OVER (PARTITION BY hand_key, card ORDER BY seq DESC ROWS UNBOUNDED PRECEDING) AS after
      FROM marks
    ), peaks AS (
      SELECT *, max(after) OVER (PARTITION BY hand_key, card ORDER BY seq DESC
                                 ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING) AS peak
      FROM after
    ), stray AS (
      SELECT c.table_id, c.shoe_id, p.hand_id, p.card, p.seq, p.file, p.line
      FROM peaks p JOIN bac_coups c USING (hand_key)
      WHERE p.event = 'card_exposed' AND p.after > greatest(coalesce(p.peak, 0), 0)
    ),"""

register(SqlRule(
    id="BAC-1.2", game="baccarat",
    scope=Scope("bac_shoes", "tainted OR NOT auto_shuffler", SHOES.missing),
    findings="WITH" + _STRAY_EXPOSURES + """
    seen AS (
      SELECT table_id, shoe_id, unnest([bac_unpack(packed, 1), bac_unpack(packed, 2), bac_unpack(packed, 3),
                                        bac_unpack(packed, 4), bac_unpack(packed, 5), bac_unpack(packed, 6)]) % 64
        AS code FROM bac_coups
      UNION ALL
      SELECT c.table_id, c.shoe_id, bac_card_code(e.card) FROM bac_events e JOIN bac_coups c USING (hand_key)
      WHERE e.event = 'deal' AND e.nth > 6 AND c.n_deals > 6
      UNION ALL
      SELECT table_id, coalesce(shoe_id, open_shoe), bac_card_code(card) FROM bac_shoe_events WHERE event = 'burn'
      UNION ALL
      SELECT table_id, shoe_id, bac_card_code(card) FROM stray
    ), over AS (
      SELECT s.table_id, s.shoe_id, bac_code_card(s.code) AS card, t.decks
      FROM seen s JOIN bac_tables t USING (table_id)
      WHERE s.code > 0 AND NOT t.auto_shuffler GROUP BY s.table_id, s.shoe_id, s.code, t.decks HAVING count(*) > t.decks
    ), sightings AS (
      SELECT c.table_id, c.shoe_id, e.hand_id, e.card, e.seq, e.file, e.line
      FROM bac_events e JOIN bac_coups c USING (hand_key)
      WHERE e.event = 'deal' AND e.card IN (SELECT card FROM over)
      UNION ALL
      SELECT table_id, coalesce(shoe_id, open_shoe), hand_id, card, seq, file, line FROM bac_shoe_events
      WHERE event = 'burn' AND card IN (SELECT card FROM over)
      UNION ALL
      SELECT table_id, shoe_id, hand_id, card, seq, file, line FROM stray WHERE card IN (SELECT card FROM over)
    ), counted AS (
      SELECT s.*, o.decks, row_number() OVER (PARTITION BY s.table_id, s.shoe_id, s.card ORDER BY s.seq) AS n
      FROM sightings s JOIN over o USING (table_id, shoe_id, card)
    )
    SELECT table_id, shoe_id, hand_id, seq, file, line,
           'card ' || card || ' seen ' || n || ' times in a shoe of ' || decks || ' decks' AS message,
           'at most ' || decks AS expected, n AS found
    FROM counted c WHERE n = decks + 1
      AND NOT EXISTS (SELECT 1 FROM bac_shoes s WHERE s.table_id = c.table_id AND s.shoe_id = c.shoe_id
                      AND """ + UNJUDGED_SHOE + ")",
))

register(SqlRule(
    id="BAC-1.3", game="baccarat", scope=TABLES,
    findings=UnitBreach(
        when="seats < {{min_seats}}",
        shoe="NULL", hand="NULL", seq="NULL", line="line",
        message="'the table declares ' || seats || ' seats; art. 1(5) requires at least {{min_seats}}'",
        expected="'>= {{min_seats}}'", found="seats",
    ),
))
