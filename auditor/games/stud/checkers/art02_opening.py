"""Art. 2 (Procedimento inicial / 開局): "Each pack is shuffled by the dealer and may be used for at most ten hands.
Players may cut as they wish, but with one hand only, and each cut must be of not less than six cards. At most two
players may cut in each hand. … Before dealing, the first card of the pack is taken out and placed in a suitable
container on the table. The dealer has the right to use a new pack at the end of each hand." (PT: «A casa reserva-se o
direito de utilizar novo baralho de cartas no fim de cada jogada»: the house; «Em cada jogada podem partir as cartas
dois jogadores, no máximo»: players, not cuts.)

Not checkable from the log: the shuffle's quality, that a cut is made with one hand, the metal box."""

from auditor.engine.registry import SqlRule, UnitBreach, register
from auditor.games.stud.scopes import NO_PACKS_LOGGED, PACKS, hands, judged, said, unless_not_logged

# A pack is known by its id: every hand naming it (or dealt while it is in use) counts, wherever it lies.
register(SqlRule(
    id="5CS-2.1", game="stud", scope=PACKS,
    findings=UnitBreach(
        when="over_seq IS NOT NULL",
        hand="over_hand", seq="over_seq", line="over_line", file="over_file",
        message="'pack ' || shoe_id || ' used for ' || hands || ' hands (hand ' || over_hand || ' is the first too "
                "many); art. 2: a pack is used for at most {{max_hands_per_pack}} hands'",
        expected="'<= {{max_hands_per_pack}}'", found="hands",
    ),
))

# At most two players cut (每局最多可由兩名博彩者割牌: players, not cuts), each cut of six cards or more. A cut of
# unlogged size may be small, and a cut whose player is not logged may be a third player's: the hand is then not
# evaluated, unless it already breaches the rule.
_BREACHED = "(cutters > {{max_cutters}} OR small_cuts > 0)"
_CUTS = hands((f"unsized_cuts > 0 AND NOT {_BREACHED}", said("cut size not logged")),
              (f"cutters + anonymous_cuts > {{{{max_cutters}}}} AND NOT {_BREACHED}",
               said("the player of a cut is not logged: more than {{max_cutters}} players may have cut")),
              premise="cutters + anonymous_cuts > 0")  # players "may" cut: a hand nobody cut is not applicable

register(SqlRule(
    id="5CS-2.2", game="stud", scope=_CUTS,
    findings=f"""
    WITH c AS (
      SELECT e.*, h.shoe_id AS pack, row_number() OVER (PARTITION BY e.hand_key, e.player ORDER BY e.seq) AS own_cut
      FROM stud_events e JOIN {judged(_CUTS)} h ON e.hand_key = h.hand_key
      WHERE e.event = 'cut' AND {_BREACHED}
    ), k AS (  -- the players in the order they first cut
      SELECT *, CASE WHEN player IS NOT NULL AND own_cut = 1
                     THEN count(*) FILTER (WHERE player IS NOT NULL AND own_cut = 1) OVER (PARTITION BY hand_key
                       ORDER BY seq) END AS cutter
      FROM c
    )
    SELECT table_id, pack AS shoe_id, hand_id, seq, file, line,
           CASE WHEN cutter = {{{{max_cutters}}}} + 1
                THEN 'cut by ' || player || ', the player number ' || cutter || ' to cut hand ' || hand_id
                     || '; art. 2: at most {{{{max_cutters}}}} players cut'
                ELSE 'cut of ' || position || ' cards' || coalesce(' by ' || player, '') || ' in hand ' || hand_id
                     || '; art. 2: each cut is of not less than {{{{min_cut_size}}}} cards' END AS message,
           CASE WHEN cutter = {{{{max_cutters}}}} + 1 THEN '<= {{{{max_cutters}}}} players'
                ELSE '>= {{{{min_cut_size}}}} cards' END AS expected,
           CASE WHEN cutter = {{{{max_cutters}}}} + 1 THEN cutter || ' players' ELSE position || ' cards' END AS found
    FROM k WHERE cutter = {{{{max_cutters}}}} + 1 OR position < {{{{min_cut_size}}}}
    """,
))

# Exactly one burn before the first card: none, a second, or one after the first card is a breach, reported once per
# hand at the burn after the first card, else the second burn, else the first card.
_BURN = hands(unless_not_logged("burns"), ("NOT burns_logged", said("no burn event logged at this table")))
_BURN_SEQ = ("CASE WHEN burns_after > 0 THEN burn_seqs[burns_before + 1] WHEN burns_before > 1 THEN burn_seqs[2] "
             "ELSE first_deal_seq END")

register(SqlRule(
    id="5CS-2.3", game="stud", scope=_BURN,
    findings=UnitBreach(
        when="burns_after > 0 OR burns_before > 1 OR (burns_before = 0 AND first_deal_seq IS NOT NULL)",
        seq=_BURN_SEQ, line=f"stud_line(hand_key, {_BURN_SEQ})",
        message="burns_before || ' card(s) burned before the first card and ' || burns_after || ' after it in hand ' "
                "|| hand_id || '; art. 2: the first card of the pack is burned, once, before dealing'",
        expected="'1 before the first card'",
        found="burns_before || ' before, ' || burns_after || ' after'",
    ),
))

_PACK_CHANGES = hands(NO_PACKS_LOGGED)

# A pack comes into or goes out of use inside a hand (between its hand_start and hand_end), or an event of the hand
# names another pack than its hand_start: one finding per hand, at the first such event (a pack changed once logs
# its end and the new one's start: one breach).
register(SqlRule(
    id="5CS-2.5", game="stud", scope=_PACK_CHANGES,
    findings=f"""
    SELECT * EXCLUDE (hand_key) FROM (
    SELECT h.hand_key, p.table_id, p.shoe_id, h.hand_id, p.seq, p.file, p.line,
           'pack ' || p.shoe_id || CASE p.event WHEN 'shoe_start' THEN ' brought into' ELSE ' taken out of' END
             || ' use during hand ' || h.hand_id || '; art. 2: a new pack is used only at the end of a hand'
             AS message,
           'between hands' AS expected, 'inside hand ' || h.hand_id AS found
    FROM stud_pack_events p ASOF JOIN {judged(_PACK_CHANGES)} h ON p.table_id = h.table_id AND p.seq > h.start_seq
    WHERE p.seq < h.end_seq
    UNION ALL
    SELECT h.hand_key, e.table_id, h.shoe_id, e.hand_id, e.seq, e.file, e.line,
           e.event || ' of hand ' || e.hand_id || ' names pack ' || e.shoe_id || ', the hand is dealt from '
             || h.shoe_id || '; art. 2: a new pack is used only at the end of a hand' AS message,
           h.shoe_id AS expected, e.shoe_id AS found
    FROM stud_events e JOIN {judged(_PACK_CHANGES)} h ON e.hand_key = h.hand_key
    WHERE e.shoe_id <> h.shoe_id AND e.event NOT IN ('shoe_start', 'shoe_end')
    ) QUALIFY row_number() OVER (PARTITION BY hand_key ORDER BY seq) = 1
    """,
))
