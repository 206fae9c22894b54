"""Art. 11 (Regras adicionais / 補充規則), d): "If the hole (concealed) card is accidentally turned face up during
dealing, that hand is void, and the player takes back his ante." (PT: his hand is considered dead and the player
recovers his entry stake.)

Read as the Portuguese says: the exposed player's hand is dead, not the whole hand. An exposure is a
``card_exposed`` of the seat's hole card (the second card dealt to it) before that seat shows; the player then gets
back, in ``refund`` events, exactly the antes he posted, and neither acts (but to fold) nor wins anything after it.
The other rules of art. 11 (all-in, the two minutes, acting in turn, no agreed split) are replayed."""

from auditor.engine.registry import SqlRule, register
from auditor.games.stud.scopes import CORRECTED, hands, judged, said

_DEAD = hands(("voided", said("hand voided: every contribution is refunded")), CORRECTED,
              ("unplaced_exposures > 0", said("an exposed card without its card or seat, not dealt to that seat, "
                                              "or the seat's hole card not logged")),
              premise="exposures > 0")  # a hand in which no card was exposed: not applicable

register(SqlRule(
    id="5CS-11.4", game="stud", scope=_DEAD,
    findings=f"""
    WITH dead AS (
      SELECT r.*, h.shoe_id AS pack, min(e.seq) AS exposed_seq
      FROM stud_events e JOIN {judged(_DEAD)} h ON e.hand_key = h.hand_key
      JOIN stud_seat_rows r ON r.hand_key = e.hand_key AND r.seat = e.seat AND r.hole_card = e.card
      WHERE e.event = 'card_exposed' AND h.exposures > 0
        AND NOT EXISTS (SELECT 1 FROM stud_events s WHERE s.hand_key = e.hand_key AND s.event = 'show'
                        AND s.seat = e.seat AND s.seq < e.seq)
      GROUP BY ALL
    ), refunds AS (
      SELECT hand_key, seat, sum(amount) AS refunded, min(seq) AS refund_seq FROM stud_events
      WHERE event = 'refund' AND hand_key IN (SELECT hand_key FROM dead) GROUP BY ALL
    )
    SELECT d.table_id, d.pack AS shoe_id, d.hand_id, coalesce(f.refund_seq, d.exposed_seq) AS seq, d.file,
           e.line,
           'the hole card of seat ' || d.seat || ' was exposed in hand ' || d.hand_id || ' (seq ' || d.exposed_seq
             || ') and ' || fmt_money(coalesce(f.refunded, 0)) || ' refunded to him, who posted '
             || fmt_money(d.anted) || '; art. 11 d): his hand is dead and he takes back his ante' AS message,
           fmt_money(d.anted) AS expected, fmt_money(coalesce(f.refunded, 0)) AS found
    FROM dead d LEFT JOIN refunds f USING (hand_key, seat)
    LEFT JOIN stud_events e ON e.hand_key = d.hand_key AND e.seq = coalesce(f.refund_seq, d.exposed_seq)
    WHERE coalesce(f.refunded, 0) <> d.anted
    UNION ALL
    SELECT e.table_id, d.pack, e.hand_id, e.seq, e.file, e.line,
           CASE e.event WHEN 'award' THEN fmt_money(e.amount) || ' awarded to seat ' || e.seat
                ELSE 'seat ' || e.seat || ' ' || e.action || 's' END
             || ' after his hole card was exposed (seq ' || d.exposed_seq || '); art. 11 d): his hand is dead'
             AS message,
           'no part in the pot' AS expected, CASE e.event WHEN 'award' THEN 'award' ELSE e.action END AS found
    FROM stud_events e JOIN dead d ON e.hand_key = d.hand_key AND e.seat = d.seat AND e.seq > d.exposed_seq
    WHERE e.event = 'award' OR (e.event = 'action' AND e.action NOT IN ('fold', 'post_ante'))
    """,
))
