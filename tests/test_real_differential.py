"""Real hands of every PHH source, replayed by PokerKit (``tests/phh_oracle.py``, strictly: no action inserted) and
by the auditor: whose turn it is at every betting action, what the player owes, the smallest raise, the pots and
who wins what must agree, except where a named quirk of the source makes them differ (docs/real-data.md):

- A post out of turn (a negative entry of ``blinds_or_straddles``): PokerKit reads all of it as a live bet; the
  auditor reads the common site rule (live up to the big blind, the rest dead), which the records' finishing stacks
  bear out (``test_finishing_stacks_bear_out_the_dead_post``). Hands with a dead post are not compared for amounts.
- The rake: the sites (ONG's finishing stacks) take one, PokerKit replays without: each winner may get less than
  PokerKit gives, by a total within art. 16's largest rake (5% of the pot, at most five big blinds).
- The split pots of Pluribus: the record halves the odd chip (10112.5 each); PokerKit gives it whole to one player.

PokerKit's refusals are the auditor's findings (the WSOP hand with a missing action), and a hand the auditor
quarantines as cut off is one PokerKit finds unfinished; the other quarantined hands are contradictions inside the
record in fields PokerKit does not read. The default tier: every HandHQ, WSOP and famous hand and every 50th
Pluribus hand (about 1,550 hands); the slow tier: every Pluribus hand."""

from __future__ import annotations

import os
from dataclasses import dataclass
from decimal import Decimal
from pathlib import Path

import pytest

from auditor.engine.audit import audit
from auditor.engine.ruleset import load_rulesets
from auditor.games.holdem.replay import replay as holdem_replay
from auditor.games.poker.hand import Hand
from auditor.games.poker.pots import build_pots, uncalled
from auditor.ingest.audit_names import LogFile
from auditor.ingest.discover import discover
from auditor.ingest.phh_map import BETTING
from auditor.ingest.phh_parse import HandSource, load_hands
from tests import phh_oracle

DATA = Path(__file__).resolve().parents[2] / "shared" / "data" / "phh"
# The rules whose findings are an action PokerKit refuses (out of turn, or of a wrong size).
BETTING_RULES = {"THE-6.2", "THE-6.3", "THE-6.5", "THE-7.2", "THE-7.3", "THE-8.3", "THE-11.2", "THE-11.3",
                 "THE-12.1", "THE-12.2"}
CUT_OFF = "it does not end (truncated?)"
RAKE_RATE_MAX, RAKE_CAP_BIG_BLINDS = Decimal("0.05"), 5


@dataclass
class Compared:
    file: LogFile
    src: HandSource
    ours: Hand | None  # None: quarantined
    reason: str | None  # why it was quarantined
    pokerkit: phh_oracle.Replay

    @property
    def where(self) -> str:
        return f"{self.file.name}:{self.src.header_line}"


def _start_line(src: HandSource) -> int:
    """The line of the hand's ``hand_start`` (docs/log-format.md, PHH files): the ``hand`` field, else ``actions``."""
    return src.line_of("hand") if "hand" in src.fields else src.line_of("actions")


def compare(paths: list[Path]) -> tuple[list[Compared], list[dict]]:
    """Every hold'em hand of ``paths``, audited (common profile) and replayed by PokerKit; and the findings."""
    if not DATA.is_dir():
        if os.environ.get("CI"):
            pytest.fail(f"the real hands are missing at {DATA}")
        pytest.skip(f"no PHH data at {DATA}")
    rulesets = load_rulesets(profile="common")
    result, con = audit(paths, rulesets)
    try:
        ours = {(h.start.file, h.start.line): h for h in holdem_replay(con, rulesets["holdem"])}
    finally:
        con.close()
    refused = {(q.file, q.line): q.reason for q in result.quarantine}
    compared = []
    for file in discover(paths):
        several = file.path.suffix == ".phhs"
        for src in load_hands(file.path.read_text(encoding="utf-8"), several):
            if isinstance(src, HandSource) and src.fields.get("variant") in BETTING:
                reason = next((r for (f, line), r in refused.items() if f == file.name
                               and src.header_line <= line <= max(src.field_lines.values(), default=0)), None)
                compared.append(Compared(file, src, ours.get((file.name, _start_line(src))), reason,
                                         phh_oracle.replay(src)))
    return compared, result.findings


def sample() -> list[Path]:
    pluribus = sorted(DATA.glob("pluribus/*/*.phh"))
    return [DATA / "handhq", DATA / "wsop", DATA / "famous", *pluribus[::50]]


@pytest.fixture(scope="module")
def audited() -> tuple[list[Compared], list[dict]]:
    return compare(sample())


@pytest.fixture(scope="module")
def hands(audited) -> list[Compared]:
    return audited[0]


def _betting(hand: Hand) -> list:
    return [a for a in hand.actions if not a.kind.startswith("post_")]


def _dead_post(hand: Hand) -> bool:
    return any(a.kind == "post_dead" for a in hand.actions)


def turn_problems(hands: list[Compared]) -> list[str]:
    """Whose turn it was at each betting action, by the auditor and by PokerKit, up to PokerKit's first refusal."""
    problems = []
    for c in hands:
        if c.ours is None:
            continue
        for ours, theirs in zip(_betting(c.ours), c.pokerkit.steps, strict=c.pokerkit.refused is None):
            if (ours.src.line, ours.seat) != (theirs.line, theirs.seat) or ours.expected_seat != theirs.turn:
                problems.append(f"{c.where} line {theirs.line}: seat {ours.seat} acted ({ours.kind}); the auditor's "
                                f"turn: seat {ours.expected_seat}, PokerKit's: seat {theirs.turn}")
    return problems


def amount_problems(hands: list[Compared]) -> list[str]:
    """What each player owed and the smallest bet or raise to, where PokerKit and the auditor read the posts alike."""
    problems = []
    for c in hands:
        if c.ours is None or _dead_post(c.ours):
            continue
        for ours, theirs in zip(_betting(c.ours), c.pokerkit.steps):
            if theirs.turn is None or theirs.chips is None or ours.expected_seat != ours.seat:
                continue
            owed = min(ours.to_call, theirs.chips)
            if owed != theirs.owed:
                problems.append(f"{c.where} line {theirs.line}: owed {owed} (auditor), {theirs.owed} (PokerKit)")
            if ours.kind in ("bet", "raise") and theirs.min_to is not None:
                smallest = min(ours.current_bet + ours.min_increment, ours.total - ours.amount + theirs.chips)
                if smallest != theirs.min_to:
                    problems.append(f"{c.where} line {theirs.line}: smallest {ours.kind} to {smallest} (auditor), "
                                    f"{theirs.min_to} (PokerKit)")
    return problems


def our_pots(hand: Hand) -> list[tuple[Decimal, tuple[int, ...]]]:
    """The pots as the award rules build them (``auditor/games/poker/showdown.py``, ``review``)."""
    contributions = hand.betting_contributions()
    back = uncalled(contributions)
    if back:
        contributions[back[0]] -= back[1]
    return [(p.amount, tuple(sorted(p.eligible))) for p in build_pots(contributions, hand.folded, dead=hand.antes)]


def _put(hand: Hand) -> dict[int, Decimal]:
    """Each seat's chips in the pots: its contributions less the uncalled bet returned."""
    put = {s: hand.contributions.get(s, Decimal(0)) for s in hand.seats}
    back = uncalled(hand.betting_contributions())
    if back:
        put[back[0]] -= back[1]
    return put


def _payoffs(hand: Hand) -> dict[int, Decimal]:
    paid = {s: Decimal(0) for s in hand.seats}
    for money in [*hand.awards, *hand.refunds]:
        paid[money.seat] += money.amount
    return {s: paid[s] - hand.contributions.get(s, Decimal(0)) for s in hand.seats}


def _rake_or_odd_chip(ours: dict[int, Decimal], theirs: dict[int, Decimal], pot: Decimal, big: Decimal) -> bool:
    """The payoffs differ only by a rake the winners paid, within art. 16's largest, or by a halved odd chip."""
    diff = {s: ours[s] - theirs[s] for s in ours}
    rake = -sum(diff.values())
    if rake == 0:
        return all(abs(d) <= Decimal("0.5") for d in diff.values())
    return (all(d <= 0 and (d == 0 or theirs[s] > 0) for s, d in diff.items())
            and rake <= min(RAKE_RATE_MAX * pot, RAKE_CAP_BIG_BLINDS * big))


def chip_problems(hands: list[Compared]) -> tuple[list[str], int]:
    """Pots and payoffs, where the hand is over for PokerKit; the payoffs where the record gives the awards."""
    problems, paid = [], 0
    for c in hands:
        if c.ours is None or _dead_post(c.ours) or not c.pokerkit.over:
            continue
        pots = our_pots(c.ours)
        live = [s for s in c.ours.seats if s not in c.ours.folded]
        if len(live) > 1 and pots != c.pokerkit.pots:
            problems.append(f"{c.where}: pots {pots} (auditor), {c.pokerkit.pots} (PokerKit)")
        elif len(live) == 1 and sum(a for a, _ in pots) - _put(c.ours)[live[0]] != c.pokerkit.payoffs[live[0]]:
            # PokerKit pushes an uncontested pot without collecting the winner's last bet: only what he won counts
            problems.append(f"{c.where}: seat {live[0]} wins {sum(a for a, _ in pots)} uncontested (auditor), "
                            f"{c.pokerkit.payoffs[live[0]]} over his own chips (PokerKit)")
        if c.ours.awards:
            paid += 1
            ours, theirs = _payoffs(c.ours), c.pokerkit.payoffs
            big = c.ours.table.money("big_blind", Decimal(0))
            if ours != theirs and not _rake_or_odd_chip(ours, theirs, sum(a for a, _ in pots), big):
                problems.append(f"{c.where}: payoffs {ours} (auditor), {theirs} (PokerKit)")
    return problems, paid


def test_every_source_is_compared(hands):
    sources = {c.file.name.split("/")[0] for c in hands}
    assert sources == {"handhq", "wsop", "famous", "pluribus"}, sources
    sites = {c.file.path.name.split("_")[0] for c in hands if "handhq" in c.file.path.parts}
    assert sites == {"ABS", "FTP", "IPN", "ONG", "PS", "PTY"}
    assert len(hands) > 1500 and sum(c.ours is not None for c in hands) == len(hands) - 11


def test_whose_turn_it_is_agrees_at_every_action(hands):
    problems = turn_problems(hands)
    assert sum(len(c.pokerkit.steps) for c in hands) > 10_000
    assert not problems, f"{len(problems)} action(s):\n" + "\n".join(problems[:20])


def test_what_a_player_owes_and_the_smallest_raise_agree(hands):
    problems = amount_problems(hands)
    assert not problems, f"{len(problems)} action(s):\n" + "\n".join(problems[:20])


def test_pots_and_payoffs_agree(hands):
    problems, paid = chip_problems(hands)
    assert paid > 400  # ONG, WSOP, famous and Pluribus hands give their finishing stacks
    assert not problems, f"{len(problems)} hand(s):\n" + "\n".join(problems[:20])


def test_pokerkit_refuses_exactly_the_actions_the_auditor_reports(audited):
    """PokerKit's first refusal in a hand is the auditor's first betting finding there, at the same line."""
    hands, findings = audited
    first: dict[tuple[str, str], int] = {}
    for f in findings:
        if f["rule"] in BETTING_RULES:
            first.setdefault((f["file"], f["hand"]), f["line"])
    refused = {(c.file.name, c.pokerkit.refused[0]) for c in hands if c.pokerkit.refused and c.ours is not None}
    assert refused == set((file, line) for (file, _), line in first.items())
    assert refused == {("wsop/2019-event42-day3/00-01-07.phh", 7)}


def test_every_audited_hand_ends_for_pokerkit_and_the_cut_off_ones_do_not(hands):
    """A hand the auditor replays ends for PokerKit too (or PokerKit refuses an action in it); the hands the
    auditor quarantines as cut off are the ones PokerKit leaves with a player to act. The other quarantined hands
    PokerKit plays to the end: their faults lie in fields it does not read (docs/real-data.md)."""
    unfinished = [c.where for c in hands if c.ours is not None and not c.pokerkit.over and not c.pokerkit.refused]
    assert not unfinished
    quarantined = [c for c in hands if c.ours is None]
    assert [c.where for c in quarantined if (CUT_OFF in (c.reason or "")) == c.pokerkit.over] == []


def test_finishing_stacks_bear_out_the_dead_post(hands):
    """ONG R5-1714502-73: p3 (seat 4) posts 5 out of turn at blinds 5/10 (``-5``), then calls, bets 11 and calls 21.
    Read dead (the auditor), he put in 5 + 10 + 11 + 21 = 47; read live (PokerKit), 5 + 5 + 11 + 21 = 42. The record's
    finishing stack, 1000 - 47 = 953, is the dead reading's."""
    hand = next(c for c in hands if c.src.fields.get("hand") == "R5-1714502-73")
    assert hand.ours is not None and _dead_post(hand.ours)
    assert hand.ours.contributions[4] == 47 and hand.pokerkit.payoffs[4] == -42
    assert hand.src.fields["finishing_stacks"][2] == 953


@pytest.mark.slow
def test_every_pluribus_hand_agrees_with_pokerkit():
    hands, findings = compare([DATA / "pluribus"])
    assert findings == []
    assert len(hands) == 10_000 and all(c.ours is not None and c.pokerkit.over for c in hands)
    problems = turn_problems(hands) + amount_problems(hands) + chip_problems(hands)[0]
    assert not problems, f"{len(problems)}:\n" + "\n".join(problems[:20])
