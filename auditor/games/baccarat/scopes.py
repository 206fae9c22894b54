"""What one evaluation of a baccarat rule covers, and when it cannot be made (``not_evaluated`` reasons).

Each scope returns ``table_id, unit_id, missing``; ``missing`` is NULL for a unit that was evaluated."""

INPUT_ERROR_COUP = "input error in coup (quarantined record)"
UNREADABLE_CARDS = "cards do not form a valid coup (reported under BAC-7.1, 7.2 or 9.1)"
UNKNOWN_CARD = "a dealt card is not logged"

TABLES = "SELECT table_id, table_id AS unit_id, NULL::VARCHAR AS missing FROM bac_tables"

SHOES = """
SELECT table_id, shoe_id AS unit_id, CASE WHEN tainted THEN 'input error in shoe (quarantined record)' END AS missing
FROM bac_shoes
"""

COUPS = f"""
SELECT c.table_id, c.hand_id AS unit_id,
       CASE WHEN t.hand_id IS NOT NULL THEN '{INPUT_ERROR_COUP}' END AS missing
FROM bac_coups c LEFT JOIN bac_tainted t USING (table_id, hand_id)
WHERE NOT c.demo
"""

# Arts. 7 and 9 judge the cards of coups that were neither voided nor corrected (those are art. 10's).
DEALT_COUPS = f"""
SELECT c.table_id, c.hand_id AS unit_id, CASE
    WHEN t.hand_id IS NOT NULL THEN '{INPUT_ERROR_COUP}'
    WHEN c.voided OR c.corrected THEN 'coup voided or corrected (judged under art. 10)'
  END AS missing
FROM bac_coups c LEFT JOIN bac_tainted t USING (table_id, hand_id)
WHERE NOT c.demo
"""

TABLEAU_COUPS = f"""
SELECT c.table_id, c.hand_id AS unit_id, CASE
    WHEN t.hand_id IS NOT NULL THEN '{INPUT_ERROR_COUP}'
    WHEN c.voided OR c.corrected THEN 'coup voided or corrected (judged under art. 10)'
    WHEN NOT (c.counts_ok AND c.first_four_ok AND c.thirds_ok) THEN '{UNREADABLE_CARDS}'
    WHEN NOT c.cards_known THEN '{UNKNOWN_CARD}'
  END AS missing
FROM bac_coups c LEFT JOIN bac_tainted t USING (table_id, hand_id)
WHERE NOT c.demo
"""

# The coups whose tableau is judged: the rows of TABLEAU_COUPS with no reason.
TABLEAU_READY = """
SELECT c.* FROM bac_coups c
WHERE NOT c.demo AND NOT c.voided AND NOT c.corrected AND c.counts_ok AND c.first_four_ok AND c.thirds_ok
  AND c.cards_known AND (c.table_id, c.hand_id) NOT IN (SELECT (table_id, hand_id) FROM bac_tainted)
"""


def settlements(where: str) -> str:
    """Scope over the settlements of played (not voided, not demonstration) coups that match ``where``."""
    return f"""
SELECT table_id, hand_id || '#' || seq AS unit_id, CASE
    WHEN tainted THEN '{INPUT_ERROR_COUP}'
    WHEN NOT cards_readable THEN '{UNREADABLE_CARDS}'
  END AS missing
FROM bac_settlements WHERE NOT voided AND NOT demo AND ({where})
"""


def judged_settlements(where: str) -> str:
    """The settlements a settlement rule judges: in scope, with readable cards and no input error."""
    return f"""
SELECT * FROM bac_settlements
WHERE NOT voided AND NOT demo AND NOT tainted AND cards_readable AND ({where})
"""
