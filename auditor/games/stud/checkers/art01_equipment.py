"""Art. 1 (Material / 用具): "a) The pack of cards used for the game has four suits: spades, hearts, clubs and
diamonds. Each suit has ten cards. The Ace is the highest card; the others, from highest to lowest, are K, Q, J,
10, 9, 8, 7, 6, 5."

The cards of a hand are those burned and dealt from its one pack: none outside the 40 (5CS-1.1; shown and exposed
cards are held to the set too), none twice (5CS-1.2). A burned or dealt card the log does not give may be either:
the hand is then not evaluated, unless another of its cards already breaches the rule."""

from auditor.engine.registry import SqlRule, register
from auditor.games.stud.scopes import CORRECTED, hands, judged, said

UNKNOWN_CARD = said("a burned or dealt card of the hand is not logged")

_FORTY = hands(("unknown_cards > 0 AND foreign_cards = 0", UNKNOWN_CARD))

register(SqlRule(
    id="5CS-1.1", game="stud", scope=_FORTY,
    findings=f"""
    SELECT e.table_id, h.shoe_id, e.hand_id, e.seq, e.file, e.line,
           'card ' || e.card || ' (' || e.event || ') in hand ' || e.hand_id || ' is not of the 40-card pack; '
             || 'art. 1 a): A, K, Q, J, 10, 9, 8, 7, 6 and 5 of four suits' AS message,
           'A K Q J T 9 8 7 6 5' AS expected, e.card AS found
    FROM stud_events e JOIN {judged(_FORTY)} h ON e.hand_key = h.hand_key
    WHERE h.foreign_cards > 0 AND e.event IN ('burn', 'deal', 'show', 'card_exposed') AND NOT stud_in_pack(e.card)
    """,
))

_ONCE = hands(CORRECTED, ("unknown_cards > 0 AND repeated_cards = 0", UNKNOWN_CARD))

# One finding per card seen again, at its second sighting.
register(SqlRule(
    id="5CS-1.2", game="stud", scope=_ONCE,
    findings=f"""
    WITH seen AS (
      SELECT e.*, row_number() OVER (PARTITION BY e.hand_key, e.card ORDER BY e.seq) AS n,
        min(e.seq) OVER (PARTITION BY e.hand_key, e.card) AS first_seq
      FROM stud_events e JOIN {judged(_ONCE)} h ON e.hand_key = h.hand_key
      WHERE h.repeated_cards > 0 AND e.event IN ('burn', 'deal') AND e.card IS NOT NULL
    )
    SELECT s.table_id, h.shoe_id, s.hand_id, s.seq, s.file, s.line,
           'card ' || s.card || ' ' || CASE s.event WHEN 'burn' THEN 'burned' ELSE 'dealt' END || ' again in hand '
             || s.hand_id || ' (first at seq ' || s.first_seq || '); art. 1: one pack of 40 cards' AS message,
           'once' AS expected, 'again at seq ' || s.seq AS found
    FROM seen s JOIN stud_hands h USING (hand_key) WHERE s.n = 2
    """,
))
