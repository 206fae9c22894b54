"""Real hands made, by hand, into violations: each must be found, under the right rule and no other, and PokerKit
(``tests/phh_oracle.py``) must see the same fault where it can (a betting action it refuses, payoffs that differ
from the record's). The hands as recorded give no finding but their own (``RECORDED``): a mutation is the only
difference.

Pluribus 30/27 (six players, blinds 50/100, button p6): p3 raises, p6 and p2 call; p2 folds on the flop; on the turn
p6 bets 975 and p3 raises to 2925; p3 is all-in on the river, p6 calls and wins the pot of 20,250 with three fives
against p3's ace high. Pluribus 30/35: p6 raises, p1 calls, and both check every later round to the showdown.
Pluribus 102/0: p1 and p5 split a pot of 1,349; the record halves the odd chip (+112.5 each, PokerKit gives it to p1,
the first winner left of the button). WSOP 2023 event 43, hand 34 (fixed limit 200,000/400,000): p2 bets the turn,
p4 calls; at the showdown p4 mucks (``p4 sm``), the record's own THE-8.4 finding, found with every mutation of it.
Two HandHQ hands, each taken alone from its file (``file@line``: the hand at that line): IPN 3406283750 (no stack
logged, ``inf``), where the first three players fold, the button calls, the small blind folds and the big blind
checks his option; ONG R5-1696618-702, where p3 (pair of aces) beats p4 (pair of sixes) at the showdown.
An edit that changes the chips put in drops ``finishing_stacks``: the awards are then not logged, and the award
rules are not evaluated (else the record would also contradict its own stacks)."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from auditor.engine.audit import audit
from auditor.engine.ruleset import load_rulesets
from auditor.ingest.phh_parse import HandSource, load_hands
from tests import phh_oracle

DATA = Path(__file__).resolve().parents[2] / "shared" / "data" / "phh"
P27, P35, W34 = "pluribus/30/27.phh", "pluribus/30/35.phh", "wsop/2023-event43-day5/34.phh"
IPN, ONG = "handhq/IPN_100NL_handhq_1.phhs@29", "handhq/ONG_600NL_handhq_1.phhs@184"
P102, HALVES = "pluribus/102/0.phh", "[10112.5, 9775.0, 10000.0, 10000.0, 10112.5, 10000.0]"
NO_STACKS = ("finishing_stacks = ", "_finishing_stacks = ")  # PHH: a field starting with _ is the user's own
RECORDED = {W34: Counter({"THE-8.4": 1})}  # the findings of a hand as recorded (p4 mucks at the showdown)

# (name, file, edits: (old, new) replaced once each, the findings expected, what PokerKit sees: "refuses" an action,
# "pays" other than the record, "agrees" with the record's payoffs, or None)
MUTATIONS = [
    ("action out of turn pre-flop", P27, [("'p4 f', 'p5 f'", "'p5 f', 'p4 f'")], {"THE-6.2": 1}, "refuses"),
    ("action out of turn pre-flop, stacks not logged", IPN, [("'p4 f', 'p5 f'", "'p5 f', 'p4 f'")], {"THE-6.2": 1},
     "refuses"),
    ("big blind's option skipped, stacks not logged", IPN, [("'p1 f', 'p2 cc', 'd db", "'p1 f', 'd db")],
     {"THE-6.4": 1}, "refuses"),
    ("action out of turn on the flop", P35, [("'p1 cc', 'p6 cc', 'd db 5h'", "'p6 cc', 'p1 cc', 'd db 5h'")],
     {"THE-7.2": 1}, "refuses"),
    ("action out of turn on the turn", P35, [("'p1 cc', 'p6 cc', 'd db Jd'", "'p6 cc', 'p1 cc', 'd db Jd'")],
     {"THE-8.3": 1}, "refuses"),
    ("action out of turn on the river", P35, [("'p1 cc', 'p6 cc', 'p1 sm", "'p6 cc', 'p1 cc', 'p1 sm")],
     {"THE-8.3": 1}, "refuses"),
    ("raise short of the last bet, not all-in", P27, [("'p3 cbr 2925'", "'p3 cbr 1500'"), NO_STACKS],
     {"THE-12.1": 1}, "refuses"),
    ("fixed-limit bet of the wrong unit", W34, [("'p2 cbr 400000', 'p4 cc', 'd db Qh'",
                                                 "'p2 cbr 600000', 'p4 cc', 'd db Qh'"), NO_STACKS],
     {"THE-11.2": 1}, "refuses"),
    ("small blind posted by the wrong seat", P35, [("[50, 100, 0, 0, 0, 0]", "[0, 100, 50, 0, 0, 0]"), NO_STACKS],
     {"THE-5.1": 1}, None),
    ("pot paid to the lower category", P27, [("[9950, 9800, 0, 10000, 10000, 20250]",
                                             "[9950, 9800, 20250, 10000, 10000, 0]")], {"THE-15.1": 1}, "pays"),
    ("pot paid to a player who folded", P27, [("[9950, 9800, 0, 10000, 10000, 20250]",
                                              "[9950, 30050, 0, 10000, 10000, 0]")], {"THE-13.3": 1}, "pays"),
    ("a folded player shows a hand and is paid the pot", P27,
     [("'p6 sm 5h5d'", "'p6 sm 5h5d', 'p2 sm Tc9c'"), ("[9950, 9800, 0, 10000, 10000, 20250]",
                                                     "[9950, 30050, 0, 10000, 10000, 0]")], {"THE-13.3": 1}, "refuses"),
    ("pot shared with a loser (of a lower category)", P27, [("[9950, 9800, 0, 10000, 10000, 20250]",
                                                             "[9950, 9800, 10125, 10000, 10000, 10125]")],
     {"THE-15.1": 1}, "pays"),
    ("pot paid to a weaker hand of the same category", ONG,
     [("[591, 1198.7, 442, 930.75]", "[591, 1198.7, 399, 973.75]"), ("[0, 0, 43, 0]", "[0, 0, 0, 43]")],
     {"THE-10.2": 1}, "pays"),
    ("rake above five big blinds", P27, [("[9950, 9800, 0, 10000, 10000, 20250]",
                                         "[9950, 9800, 0, 10000, 10000, 19749]")], {"THE-10.2": 1}, "pays"),
    ("rake of five big blinds: lawful", P27, [("[9950, 9800, 0, 10000, 10000, 20250]",
                                              "[9950, 9800, 0, 10000, 10000, 19750]")], {}, "pays"),
    ("split pot's odd chip to the first winner left of the button: lawful", P102, [(HALVES, "[10113, 9775, 10000, "
                                                                                       "10000, 10112, 10000]")],
     {}, "agrees"),
    ("split pot's odd chip to the other winner", P102, [(HALVES, "[10112, 9775, 10000, 10000, 10113, 10000]")],
     {"THE-10.4": 1}, "pays"),
    ("split pot shared unequally", P102, [(HALVES, "[10122.5, 9775.0, 10000.0, 10000.0, 10102.5, 10000.0]")],
     {"THE-10.3": 1}, "pays"),
    ("shown card not one the player was dealt", P27, [("'p6 sm 5h5d'", "'p6 sm 5h5s'")], {"THE-1.1": 1}, None),
]


def _original(file: str) -> str:
    """The text of a .phh file, or (``name@line``) of the hand of a .phhs file at that line, as a .phh."""
    name, _, line = file.partition("@")
    text = (DATA / name).read_text(encoding="utf-8")
    if not line:
        return text
    lines = text.split("\n")
    start = max(i for i in range(int(line)) if lines[i].startswith("["))
    end = next((i for i in range(int(line), len(lines)) if lines[i].startswith("[")), len(lines))
    return "\n".join(lines[start + 1:end])


def _mutated(tmp_path: Path, file: str, edits: list[tuple[str, str]]) -> tuple[Path, str]:
    text = _original(file)
    for old, new in edits:
        assert text.count(old) == 1, (file, old)
        text = text.replace(old, new)
    path = tmp_path / f"{Path(file.partition('@')[0]).stem}.phh"
    path.write_text(text, encoding="utf-8")
    return path, text


def _findings(path: Path) -> Counter:
    result, con = audit([path], load_rulesets(profile="common"))
    con.close()
    assert not result.quarantine, result.quarantine
    return Counter(f["rule"] for f in result.findings)


def _pokerkit(text: str) -> phh_oracle.Replay:
    src = load_hands(text, several=False)[0]
    assert isinstance(src, HandSource)
    return phh_oracle.replay(src)


@pytest.fixture(autouse=True)
def _data():
    if not DATA.is_dir():
        pytest.skip(f"no PHH data at {DATA}")


@pytest.mark.parametrize("file", sorted({m[1] for m in MUTATIONS}))
def test_the_hands_as_recorded_give_only_their_own_findings(file, tmp_path):
    path, text = _mutated(tmp_path, file, [])
    assert _findings(path) == RECORDED.get(file, Counter())
    oracle = _pokerkit(text)
    assert oracle.over and oracle.refused is None


@pytest.mark.parametrize("name,file,edits,expected,pokerkit", MUTATIONS, ids=[m[0] for m in MUTATIONS])
def test_a_mutated_real_hand_is_found_under_its_rule(name, file, edits, expected, pokerkit, tmp_path):
    path, text = _mutated(tmp_path, file, edits)
    assert _findings(path) == Counter(expected) + RECORDED.get(file, Counter())
    oracle = _pokerkit(text)
    if pokerkit == "refuses":
        assert oracle.refused is not None
    else:
        assert oracle.refused is None and oracle.over
    if pokerkit in ("pays", "agrees"):  # PokerKit pays the pot as it was played, whatever the record says
        assert oracle.payoffs == _pokerkit(_original(file)).payoffs
        src = load_hands(text, several=False)[0]
        assert isinstance(src, HandSource)
        recorded = [p - s for p, s in zip(src.fields["finishing_stacks"], src.fields["starting_stacks"])]
        assert (recorded == list(oracle.payoffs.values())) == (pokerkit == "agrees")
