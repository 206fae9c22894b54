"""Art. 2 (Operação inicial / 開始投注), n.º 1 as amended by Despacho n.º 83/2011, and n.ºs 2–3.

"…coloca uma carta branca antes das últimas doze cartas, aproximadamente … o «croupier» retira do distribuidor um
primeiro conjunto de cartas, a inutilizar … 1) Número igual ao dos baralhos; 2) Número igual ao valor facial da
primeira carta; 3) Número, de um a oito, previamente fixado pela casa." N.º 2: "each time dealing starts from a new
shoe", at most three demonstration coups. N.º 3: an automatic shuffler-dealer deals without that procedure."""

from auditor.engine.registry import Scope, SqlRule, UnitBreach, register
from auditor.games.baccarat.scopes import INPUT_ERROR_SHOE, NO_SHOE_START, SHOES, UNJUDGED_SHOE


def _opening(logged: str, extra: str) -> Scope:
    """The shoes whose opening (cut, burns) is judged: not those of an automatic shuffler-dealer, which deals without
    cut or burn (art. 2(3)), nor a shoe taken out of use before its first coup without ``logged`` (its cut, its
    burns): that part of its opening never happened."""
    return Scope("bac_shoes", f"tainted OR (NOT auto_shuffler AND (first_coup_seq IS NOT NULL OR {logged}))",
                 missing=f"""CASE
    WHEN tainted THEN '{INPUT_ERROR_SHOE}'
    WHEN NOT started THEN '{NO_SHOE_START}'
    {extra}
  END""")


# Art. 2(1) "before the last twelve cards, approximately" is a lower bound: fewer cards behind the cut card than
# cut_card_min_remaining less its tolerance is a breach; a cut card placed earlier (more behind it) is lawful.
_FEWEST_BEHIND = "({{cut_card_min_remaining}} - {{cut_card_tolerance}})"

register(SqlRule(
    id="BAC-2.1", game="baccarat",
    scope=_opening("cuts > 0", "WHEN cut_seq IS NULL THEN 'no cut event logged' "
                               "WHEN cut_position IS NULL THEN 'cut position not logged'"),
    findings=UnitBreach(
        when=f"cut_position < {_FEWEST_BEHIND}",
        hand="NULL", seq="cut_seq", line="cut_line",
        message="'cut card placed with ' || cut_position || ' cards behind it; art. 2(1): at least about "
                "{{cut_card_min_remaining}} (tolerance {{cut_card_tolerance}})'",
        expected=f"'>= ' || {_FEWEST_BEHIND}", found="cut_position",
    ),
))

# A shoe without a coup is judged on the burns before its shoe_end; without one, where its opening ends is not logged.
_UNBOUNDED = "shoe has no coup and no shoe_end: where its opening ends is not logged"

# The declared method fixes the size of the burn set. Face value: the first card's value (face_value_zero_burns for a
# value of 0: T, J, Q, K) is the size of the set, the first card included (face_value_burns = first_card_counted), or
# the number of cards burned after it (first_card_plus).
register(SqlRule(
    id="BAC-2.2", game="baccarat",
    scope=_opening("burns > 0", f"""WHEN first_coup_seq IS NULL AND end_seq IS NULL THEN '{_UNBOUNDED}'
      WHEN burn_method <> 'none' AND NOT burns_logged
        THEN 'no burn event logged at this table'
      WHEN burn_method = 'face_value' AND first_burn IS NULL
        THEN 'face-value burn: the first burned card is not logged'"""),
    findings="""
    WITH expected AS (
      SELECT *, CASE burn_method
          WHEN 'decks' THEN decks
          WHEN 'fixed' THEN CASE WHEN burn_count BETWEEN {{burn_fixed_min}} AND {{burn_fixed_max}} THEN burn_count END
          WHEN 'face_value' THEN CASE WHEN bac_value(first_burn) = 0 THEN {{face_value_zero_burns}}
                                      ELSE bac_value(first_burn) END
                                 + CASE {{face_value_burns}} WHEN 'first_card_plus' THEN 1 ELSE 0 END
          WHEN 'none' THEN 0
        END AS want
      FROM bac_shoes s
      WHERE started AND NOT tainted AND NOT auto_shuffler
        AND (first_coup_seq IS NOT NULL OR (burns > 0 AND end_seq IS NOT NULL))
        AND NOT (burn_method = 'face_value' AND first_burn IS NULL)
        AND (burn_method = 'none' OR burns_logged)
    )
    SELECT table_id, shoe_id, NULL AS hand_id, coalesce(first_burn_seq, start_seq) AS seq, file,
           coalesce(first_burn_line, start_line) AS line,
           CASE WHEN want IS NULL THEN 'the table declares a fixed burn of ' || coalesce(burn_count::VARCHAR, 'no')
                                        || ' cards; art. 2(1) 3) allows {{burn_fixed_min}} to {{burn_fixed_max}}'
                WHEN burn_method = 'none' THEN 'burn method none is only for an automatic shuffler-dealer (art. 2(3))'
                ELSE coalesce(burns, 0) || ' cards burned at the start of the shoe; the declared method ('
                     || burn_method || ') requires ' || want END AS message,
           coalesce(want::VARCHAR, '{{burn_fixed_min}}..{{burn_fixed_max}}') AS expected, coalesce(burns, 0) AS found
    FROM expected WHERE want IS NULL OR coalesce(burns, 0) <> want OR burn_method = 'none'
    """,
))

# Art. 2(2) allows demonstration coups "each time dealing starts from a new shoe": one after a coup of its shoe is a
# breach, reported once, whatever its number; the first demonstration coup over the limit is one. A demonstration
# coup's settlements are read from the events only where its coup says one was won or lost. A shoe without a
# demonstration coup is not applicable.
register(SqlRule(
    id="BAC-2.3", game="baccarat", scope=Scope("bac_shoes", "demo_coups > 0 OR tainted OR NOT started", SHOES.missing),
    findings="""
    WITH demos AS (
      SELECT c.*, row_number() OVER (PARTITION BY table_id, shoe_id ORDER BY start_seq) AS n
      FROM bac_coups c WHERE demo
    ), firsts AS (
      SELECT table_id, shoe_id, min(start_seq) AS first_seq, arg_min(hand_id, start_seq) AS first_coup
      FROM bac_coups WHERE NOT demo GROUP BY ALL
    ), judged AS (
      SELECT d.*, f.first_coup, coalesce(d.start_seq > f.first_seq, false) AS late
      FROM demos d LEFT JOIN firsts f USING (table_id, shoe_id)
      WHERE NOT EXISTS (SELECT 1 FROM bac_shoes s WHERE s.table_id = d.table_id AND s.shoe_id = d.shoe_id
                        AND """ + UNJUDGED_SHOE + """)
    )
    SELECT table_id, shoe_id, hand_id, start_seq AS seq, file, start_line AS line,
           CASE WHEN late THEN 'demonstration coup ' || hand_id || ' dealt after coup ' || first_coup || ' of its '
                               || 'shoe; art. 2(2): demonstration coups are dealt when dealing starts from a new '
                               || 'shoe, before its first coup'
                ELSE 'demonstration coup number ' || n || ' of the shoe; art. 2(2) allows at most {{max_demo_coups}}'
           END AS message,
           CASE WHEN late THEN 'before coup ' || first_coup ELSE '<= {{max_demo_coups}}' END AS expected,
           CASE WHEN late THEN 'after coup ' || first_coup ELSE n::VARCHAR END AS found
    FROM judged WHERE late OR n = {{max_demo_coups}} + 1
    UNION ALL
    SELECT s.table_id, c.shoe_id, s.hand_id, s.seq, s.file, s.line,
           'a bet of demonstration coup ' || s.hand_id || ' was settled ' || s.result AS message,
           'not settled' AS expected, s.result AS found
    FROM bac_events s JOIN (SELECT hand_key, shoe_id FROM bac_coups WHERE demo AND paid) c USING (hand_key)
    WHERE s.event = 'settle' AND s.result IN ('win', 'lose')
    """,
))
