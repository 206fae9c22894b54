"""The straights of art. 5 read wrongly: the valuations an award may follow instead of the text's (5CS-5.2).

Art. 5(6): "Straights of equal rank are equal and tie. (In the combination A, 5, 6, 7, 8 the Ace may be used as a
4. This combination is the lowest straight.)" With the 40-card pack the straights run from A-K-Q-J-10 down to
9-8-7-6-5, then A-5-6-7-8, and no other wrap-around counts. Each misreading below changes only the hands it names;
every other hand keeps its value under ``evaluate.rank5``."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from auditor.games.poker.cards import ACE, RANKS, five_card_value, parse_card, rank_mask
from auditor.games.stud.evaluate import rank5

FIVE, EIGHT = RANKS.index("5"), RANKS.index("8")
_A5678 = rank_mask((ACE, FIVE, FIVE + 1, FIVE + 2, EIGHT))
# J-Q-K-A-5, Q-K-A-5-6, K-A-5-6-7: the Ace between a King and a 5, ranked below A-5-6-7-8.
_WRAPS: dict[int, int | None] = {
    rank_mask((*range(ACE - 3 + n, ACE + 1), *range(FIVE, FIVE + n + 1))): FIVE + n for n in range(3)}

Valuation = Callable[[Sequence[str]], int]


def _reading(named: dict[int, int | None], suited_a5678_is_straight_flush: bool) -> Valuation:
    """The hands whose ranks are a key of ``named`` valued as straights to the rank it gives (or as no straight when
    it gives None); every other hand as the text values it."""
    def value(cards: Sequence[str]) -> int:
        codes = [parse_card(card) for card in cards]
        ranks = [c // 4 for c in codes]
        mask = rank_mask(ranks)
        if mask not in named or len(set(ranks)) != 5:
            return rank5(cards, suited_a5678_is_straight_flush)
        tops = {mask: top} if (top := named[mask]) is not None else {}
        return five_card_value(ranks, len({c % 4 for c in codes}) == 1, tops)
    return value


def misreadings(suited_a5678_is_straight_flush: bool) -> list[tuple[str, Valuation]]:
    """(what the misreading does, its valuation of five cards) for each way of reading the straights wrongly."""
    flag = suited_a5678_is_straight_flush
    return [
        ("A-5-6-7-8 valued as no straight", _reading({_A5678: None}, flag)),
        ("A-5-6-7-8 valued as a straight to the Ace", _reading({_A5678: ACE}, flag)),
        ("a straight round the corner (J-Q-K-A-5, Q-K-A-5-6, K-A-5-6-7) counted", _reading(_WRAPS, flag)),
        ("a suited A-5-6-7-8 valued as " + ("a flush" if flag else "a straight flush"),
         lambda cards: rank5(cards, not flag)),
    ]


def misread(cards: dict[int, list[str]], contenders: set[int], recipients: set[int],
            suited_a5678_is_straight_flush: bool) -> str | None:
    """The misreading under which ``recipients``, and they alone, hold the best hands of ``contenders |
    recipients`` (a pot went to them as that reading would pay it), or None. Only hands holding an Ace and a 5 can
    be read otherwise."""
    seats = contenders | recipients
    if not any({"A", "5"} <= {card[0] for card in cards[s]} for s in seats):
        return None
    for what, value in misreadings(suited_a5678_is_straight_flush):
        values = {s: value(cards[s]) for s in seats}
        best = max(values.values())
        if {s for s, v in values.items() if v == best} == recipients:
            return what
    return None
