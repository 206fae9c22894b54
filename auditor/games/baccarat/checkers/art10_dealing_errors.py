"""Art. 10 (派牌錯誤): "If an error is made in dealing, or a card is drawn contrary to the rules, it shall be
corrected at once. If it cannot be corrected, the coup is cancelled and void." A coup whose cards break art. 7 or 9
and that was settled without a correction breaches it; so does a voided coup whose bets were not refunded in full,
without commission: each settled ``refund`` with payout 0, commission 0 and, where the log says how much it handed
back (``refunded``, log format version 2), exactly the bet's stake."""

from auditor.engine.registry import Scope, SqlRule, register
from auditor.games.baccarat.scopes import INPUT_ERROR_COUP, UNKNOWN_CARD

REFUND_UNLOGGED = "amount refunded not logged (log format version 1)"

# A coup settled as dealt is judged where its cards tell whether it broke art. 7 or 9 (``dealing_broken`` not NULL);
# a coup dealt without an error, neither voided nor corrected, is not applicable.
# The settlements and bets are read from the events only for the voided coups.
register(SqlRule(
    id="BAC-10.1", game="baccarat",
    scope=Scope("bac_coups", "NOT demo AND (tainted OR voided OR corrected OR coalesce(dealing_broken, true))", f"""CASE
        WHEN tainted THEN '{INPUT_ERROR_COUP}'
        WHEN NOT voided AND NOT corrected AND settled AND dealing_broken IS NULL THEN '{UNKNOWN_CARD}'
        WHEN voided AND refunds_unlogged THEN '{REFUND_UNLOGGED}'
      END"""),
    findings="""
    WITH voided AS (SELECT hand_key, shoe_id FROM bac_coups WHERE voided AND NOT demo AND NOT tainted),
    refunds AS (SELECT s.* FROM bac_events s JOIN voided USING (hand_key) WHERE s.event = 'settle')
    SELECT c.table_id, c.shoe_id, c.hand_id, c.result_seq AS seq, c.file, coalesce(c.result_line, c.start_line) AS line,
           'coup ' || c.hand_id || ' broke the dealing rules (art. 7 or 9) and was settled without a correction'
             AS message,
           'corrected, or voided and refunded' AS expected, 'settled as dealt' AS found
    FROM bac_coups c
    WHERE NOT c.demo AND NOT c.voided AND NOT c.corrected AND c.settled AND c.dealing_broken AND NOT c.tainted
    UNION ALL
    SELECT s.table_id, v.shoe_id, s.hand_id, s.seq, s.file, s.line,
           'voided coup ' || s.hand_id || ': ' || s.bet_type || ' bet of ' || fmt_money(s.amount) || ' settled '
             || s.result || ' (payout ' || fmt_money(coalesce(s.payout, 0)) || ', commission '
             || fmt_money(coalesce(s.commission, 0)) || ')' AS message,
           'refund ' || fmt_money(s.amount) || ', payout 0, commission 0' AS expected,
           s.result || ', payout ' || fmt_money(coalesce(s.payout, 0)) || ', commission '
             || fmt_money(coalesce(s.commission, 0)) AS found
    FROM refunds s JOIN voided v USING (hand_key)
    WHERE (s.result <> 'refund' OR coalesce(s.payout, 0) <> 0 OR coalesce(s.commission, 0) <> 0)
    UNION ALL
    -- A bet refunded (no payout, no commission) with another amount than its stake, where the log says how much.
    SELECT table_id, shoe_id, hand_id, seq, bac_file(hand_key, seq), bac_line(hand_key, seq),
           'voided coup ' || hand_id || ': ' || bet_type || ' bet of ' || fmt_money(amount) || ' by ' || player
             || ' refunded ' || fmt_money(refunded) AS message,
           'refund ' || fmt_money(amount) AS expected, 'refunded ' || fmt_money(refunded) AS found
    FROM bac_settlements
    WHERE voided AND NOT demo AND NOT tainted AND amount IS NOT NULL AND refunds_clean AND refunded <> amount
    UNION ALL
    -- A bet of a voided coup with no settlement at all was not refunded either (a settlement names its bet by
    -- hand, player, spot and bet type: docs/log-format.md).
    SELECT b.table_id, v.shoe_id, b.hand_id, b.seq, b.file, b.line,
           'voided coup ' || b.hand_id || ': ' || b.bet_type || ' bet of ' || fmt_money(b.amount) || ' by ' || b.player
             || ' was never settled' AS message,
           'refund ' || fmt_money(b.amount) || ', payout 0, commission 0' AS expected, 'no settlement' AS found
    FROM bac_events b JOIN voided v USING (hand_key)
    WHERE b.event = 'bet'
      AND NOT EXISTS (SELECT 1 FROM refunds s
                      WHERE s.hand_key = b.hand_key AND s.player = b.player
                        AND s.spot IS NOT DISTINCT FROM b.spot AND s.bet_type = b.bet_type)
    """,
))
