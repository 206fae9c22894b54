"""Logs that lack one kind of data, built by hand: each rule that needs it is not evaluated (with the reason),
never evaluated and passed, never reported as a breach (docs/log-format.md, "When the system does not record
something")."""

from __future__ import annotations

from test_holdem_robustness import checked_down, run

NO_BUTTON = "button not logged"


def without_button(rows: list[dict]) -> list[dict]:
    return [{k: v for k, v in r.items() if not (r["event"] == "hand_start" and k == "seat")} for r in rows]


def test_a_hand_without_its_button_is_not_judged_on_the_order_of_the_later_rounds(tmp_path):
    """From the flop on the first to act is the first player left of the button (arts. 7(2), 8(2)): a hand whose
    button is not logged cannot say whose turn it was. It was reported out of turn on the flop, turn and river."""
    findings, rules = run(tmp_path, without_button(checked_down("h1", 1, 10, 1)), rake_rate="0.05")
    assert findings == []
    for rule in ("THE-7.2", "THE-8.3"):
        assert (rules[rule].evaluated, rules[rule].not_evaluated_reasons) == (0, {NO_BUTTON: 1}), rule
    assert rules["THE-7.3"].evaluated == rules["THE-15.1"].evaluated == 1

