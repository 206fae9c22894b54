"""Art. 5 (派牌前投注("盲注")): "Before dealing, the first and second players to the left of the indicator shall bet:
(1) the first … the small blind, generally about half of the big blind; (2) the second … the big blind." """

from __future__ import annotations

from collections.abc import Iterator
from decimal import Decimal

from auditor.engine.registry import register
from auditor.engine.replay_runner import Breach, ReplayRule, breach
from auditor.engine.ruleset import Ruleset
from auditor.games.holdem.betting import blind_seats
from auditor.games.holdem.conditions import all_in_logged, all_of, button_logged, seated, short_blind
from auditor.games.holdem.hand import Hand
from auditor.games.poker.conditions import unless_not_logged, voided_before_the_deal

NAMES = {"post_small_blind": "small blind", "post_big_blind": "big blind"}


def _posters(hand: Hand, ruleset: Ruleset) -> Iterator[Breach]:
    """One finding per hand whose blinds are not each posted once, by its seat: who posted which blind, against
    art. 5's seats (a blind posted by the other blind's seat is one error, not a missing blind and a wrong one)."""
    due = blind_seats(sorted(hand.seats), hand.button, ruleset.str_param("heads_up_button_posts"))
    posts = [[a for a in hand.actions if a.kind == kind] for kind in NAMES]
    # Blinds are due "before dealing": a hand voided before its first card owes none, but those posted must be right.
    owed = not voided_before_the_deal(hand)
    if all([a.seat for a in p] == [seat] or (not owed and not p) for p, seat in zip(posts, due)):
        return
    posted = [", ".join(f"seat {a.seat}" for a in p) or "nobody" for p in posts]
    where = next((a.src for p, seat in zip(posts, due) for a in p if a.seat != seat), hand.start)
    wanted = (f"small blind seat {due[0]}, big blind seat {due[1]}" if due[0] is not None
              else "the first two players left of the button, and the hand has only one player")
    yield breach(where, f"blinds (button on seat {hand.button}): small blind posted by {posted[0]}, big blind by "
                        f"{posted[1]}; art. 5: {wanted}", wanted, f"{posted[0]}; {posted[1]}")


def _before_deal(hand: Hand, ruleset: Ruleset) -> Iterator[Breach]:
    first = hand.first_deal_seq()
    for a in hand.actions:
        if a.kind in NAMES and first is not None and a.src.seq > first:
            yield breach(a.src, f"{NAMES[a.kind]} posted after the first hole card (art. 5: before dealing)",
                         f"before seq {first}", f"seq {a.src.seq}")


def _ratio(hand: Hand, ruleset: Ruleset) -> Iterator[Breach]:
    ratio = Decimal(str(ruleset.param("small_blind_ratio")))
    sb = next((a for a in hand.actions if a.kind == "post_small_blind"), None)
    bb = next((a for a in hand.actions if a.kind == "post_big_blind"), None)
    if sb and bb and not sb.all_in and not bb.all_in and sb.amount != bb.amount * ratio:
        yield breach(sb.src, f"small blind {sb.amount.normalize():f} is not {ratio} of the big blind "
                             f"{bb.amount.normalize():f} (art. 5(1): 'generally about half')",
                     f"{(bb.amount * ratio).normalize():f}", f"{sb.amount.normalize():f}")


def _both_posted(hand: Hand, ruleset: Ruleset) -> str | None:
    kinds = {a.kind for a in hand.actions}
    if not {"post_small_blind", "post_big_blind"} <= kinds:
        return "a blind was not posted (see THE-5.1)"
    return all_in_logged(short_blind)(hand, ruleset)


register(ReplayRule[Hand](id="THE-5.1", game="holdem", check=_posters,
                          applies=all_of(seated, button_logged)))
# A source that does not log the deal in its order (PHH writes the blinds first whatever happened) cannot show
# whether the blinds came "before dealing".
register(ReplayRule[Hand](id="THE-5.2", game="holdem", check=_before_deal, applies=unless_not_logged("deal_order")))
register(ReplayRule[Hand](id="THE-5.3", game="holdem", check=_ratio, applies=_both_posted))
