"""Art. 10 (一般規定), a): "After all players' antes are in the pot, the dealer deals the first card face up (open
card) to each player, starting with the player on his right and going counterclockwise. The second card (the hole
card) is dealt face down to each player in the same way." b)-d): the third, fourth and fifth cards are dealt face up
to each player still in. e): at the showdown every player still in turns over his hole card.

Set-based here: that no card is dealt before an ante (5CS-10.1: a player who never posts is 5CS-6.3's) and each
player's pattern of faces (5CS-10.3). The order of the deal, of the betting and of the showdown is replayed."""

from auditor.engine.registry import SqlRule, register
from auditor.games.stud.scopes import CORRECTED, HANDS, hands, judged, said, unless_not_logged

register(SqlRule(
    id="5CS-10.1", game="stud", scope=HANDS,
    findings=f"""
    SELECT e.table_id, h.shoe_id, e.hand_id, e.seq, e.file, e.line,
           'seat ' || e.seat || ' posted his ante after the first card of hand ' || e.hand_id || ' was dealt (seq '
             || h.first_deal_seq || '); art. 10 a): the cards are dealt after all antes are in the pot' AS message,
           'before seq ' || h.first_deal_seq AS expected, 'seq ' || e.seq AS found
    FROM stud_events e JOIN {judged(HANDS)} h ON e.hand_key = h.hand_key
    WHERE e.event = 'action' AND e.action = 'post_ante' AND e.seq > h.first_deal_seq
    """,
))

# Each seat's cards in dealing order: up, down, up, up, up; a sixth card, or a player at the showdown without five
# cards, breaches the pattern too. A face not logged may be either: the hand is then not evaluated, unless another
# of its cards already breaches the rule.
_MOVED = ("seat_changes > 0", said("a player changed seat during the hand (5CS-3.3): his cards lie at two seats"))
_FACES = hands(unless_not_logged("deal_order"), CORRECTED, _MOVED,
               ("unseated_deals > 0", said("seat of a dealt card not logged")),
               ("unknown_faces > 0 AND face_breaches = 0", said("face of a dealt card not logged")))

register(SqlRule(
    id="5CS-10.3", game="stud", scope=_FACES,
    findings=f"""
    SELECT d.table_id, h.shoe_id, d.hand_id, d.seq, d.file, d.line,
           CASE WHEN d.nth_seat > 5 THEN 'a sixth card to seat ' || d.seat || ' in hand ' || d.hand_id
                ELSE 'card ' || d.nth_seat || ' of seat ' || d.seat || ' in hand ' || d.hand_id || ' dealt face '
                     || d.face END
             || '; art. 10: the first card up, the second (the hole card) down, the third to fifth up' AS message,
           CASE WHEN d.nth_seat > 5 THEN 'at most 5 cards' WHEN d.nth_seat = 2 THEN 'down' ELSE 'up' END AS expected,
           CASE WHEN d.nth_seat > 5 THEN '6 cards' ELSE d.face END AS found
    FROM stud_deals d JOIN {judged(_FACES)} h USING (hand_key)
    WHERE h.face_breaches > 0
      AND (d.nth_seat = 6 OR (d.nth_seat <= 5 AND d.face <> CASE d.nth_seat WHEN 2 THEN 'down' ELSE 'up' END))
    UNION ALL
    SELECT e.table_id, h.shoe_id, e.hand_id, e.seq, e.file, e.line,
           'seat ' || e.seat || ' shows at the showdown of hand ' || e.hand_id || ' holding ' || coalesce(r.cards, 0)
             || ' cards; art. 10: a player at the showdown holds one hole card and four open cards' AS message,
           '5 cards' AS expected, coalesce(r.cards, 0) || ' cards' AS found
    FROM stud_events e JOIN {judged(_FACES)} h ON e.hand_key = h.hand_key
    LEFT JOIN stud_seat_rows r ON r.hand_key = e.hand_key AND r.seat = e.seat
    WHERE e.event = 'show' AND coalesce(r.cards, 0) <> 5
      -- at the showdown: no card or betting action after it, and not a folded player's
      AND NOT EXISTS (SELECT 1 FROM stud_events f WHERE f.hand_key = e.hand_key AND (
            (f.seq > e.seq AND (f.event = 'deal' OR (f.event = 'action' AND f.action <> 'post_ante')))
            OR (f.seq < e.seq AND f.event = 'action' AND f.action = 'fold' AND f.seat = e.seat)))
    QUALIFY row_number() OVER (PARTITION BY e.hand_key, e.seat ORDER BY e.seq) = 1
    """,
))
