"""Art. 5 (派牌前投注("盲注")): "Before dealing, the first and second players to the left of the indicator shall bet:
(1) the first … the small blind, generally about half of the big blind; (2) the second … the big blind." """

from __future__ import annotations

from decimal import Decimal

from auditor.engine.registry import register
from auditor.engine.replay_runner import ReplayRule, breach
from auditor.games.holdem.betting import blind_seats
from auditor.games.holdem.conditions import all_in_logged, seated, short_blind

NAMES = {"post_small_blind": "small blind", "post_big_blind": "big blind"}


def _posters(hand, ruleset):
    sb, bb = blind_seats(sorted(hand.seats), hand.button, ruleset.param("heads_up_button_posts"))
    for kind, seat in (("post_small_blind", sb), ("post_big_blind", bb)):
        posts = [a for a in hand.actions if a.kind == kind]
        if not posts:
            yield breach(hand.start, f"no {NAMES[kind]} posted; seat {seat} should post it (art. 5)", seat, "none")
        for a in posts:
            if a.seat != seat:
                yield breach(a.src, f"{NAMES[kind]} posted by seat {a.seat}; art. 5 (button on seat {hand.button}) "
                                    f"makes it seat {seat}", seat, a.seat)


def _before_deal(hand, ruleset):
    first = hand.first_deal_seq()
    for a in hand.actions:
        if a.kind in NAMES and first is not None and a.src.seq > first:
            yield breach(a.src, f"{NAMES[a.kind]} posted after the first hole card (art. 5: before dealing)",
                         f"before seq {first}", f"seq {a.src.seq}")


def _ratio(hand, ruleset):
    ratio = Decimal(str(ruleset.param("small_blind_ratio")))
    sb = next((a for a in hand.actions if a.kind == "post_small_blind"), None)
    bb = next((a for a in hand.actions if a.kind == "post_big_blind"), None)
    if sb and bb and not sb.all_in and not bb.all_in and sb.amount != bb.amount * ratio:
        yield breach(sb.src, f"small blind {sb.amount.normalize():f} is not {ratio} of the big blind "
                             f"{bb.amount.normalize():f} (art. 5(1): 'generally about half')",
                     f"{(bb.amount * ratio).normalize():f}", f"{sb.amount.normalize():f}")


def _both_posted(hand, ruleset):
    kinds = {a.kind for a in hand.actions}
    if not {"post_small_blind", "post_big_blind"} <= kinds:
        return "a blind was not posted (see THE-5.1)"
    return all_in_logged(short_blind)(hand, ruleset)


register(ReplayRule(id="THE-5.1", game="holdem", check=_posters,
                    applies=lambda h, r: seated(h, r) or ("button not logged" if h.button is None else None)))
register(ReplayRule(id="THE-5.2", game="holdem", check=_before_deal))
register(ReplayRule(id="THE-5.3", game="holdem", check=_ratio, applies=_both_posted))
