"""Slow models of the meld search the tests compare it with: a plan's points counted by hand and
every trade-off found by brute force."""

from __future__ import annotations

from functools import cache

from scorekeeper.games.cards import Suit, parse_cards
from scorekeeper.games.sviten.meld_check import meld_points
from scorekeeper.games.sviten.melds import MeldPlan


def legal_points(plan: MeldPlan, cards, trump=None, jokers=0, factor=2) -> int:
    """The plan's melds are legal, disjoint, from ``cards``, and score what the plan says."""
    points = meld_points(plan.melds, trump, trump_run_factor=factor, cards=cards, jokers=jokers)
    assert points == plan.points
    assert plan.count == len(plan.melds)
    return points


POSITION = {"J": 11, "Q": 12, "K": 13, "A": 14} | {str(n): n for n in range(2, 11)}


def _brute_units(cards, joker: int, trump, factor) -> int | None:
    """What a meld of these natural cards (and ``joker`` jokers) is worth in fives, or None."""
    size = len(cards) + joker
    if len({card.rank for card in cards}) == 1:
        return size - 2 if 3 <= size <= 4 and len({c.suit for c in cards}) == len(cards) else None
    if len({card.suit for card in cards}) != 1:
        return None
    multiplier = factor if cards[0].suit is trump else 1
    ranks = [POSITION[card.rank] for card in cards]
    for ace in (14, 1):
        positions = [ace if p == 14 else p for p in ranks]
        fillers = [None] if not joker else [p for p in range(1, 15) if p not in positions]
        for filler in fillers:
            every = positions + ([] if filler is None else [filler])
            if min(every) == 1 and max(every) == 14:
                continue  # the ace both low and high
            if len(set(every)) == len(every) >= 3 and max(every) - min(every) + 1 == len(every):
                return multiplier * (size - 2)
    return None


def brute_tradeoff(codes, trump=None, jokers=0, factor=2) -> dict[int, int]:
    """Every meld of every subset, then every way to combine disjoint ones: melds -> points."""
    cards = parse_cards(codes)
    suit = None if trump is None else Suit.from_name(trump)
    n = len(cards)
    melds_from: list[list[tuple[int, int, int]]] = [[] for _ in range(n)]
    for mask in range(1, 1 << n):
        chosen = [i for i in range(n) if mask >> i & 1]
        if len(chosen) < 2:
            continue
        for joker in (0, 1) if jokers else (0,):
            units = _brute_units([cards[i] for i in chosen], joker, suit, factor)
            if units is not None:
                melds_from[chosen[0]].append((mask, joker, units))

    @cache
    def best(rest: int, left: int) -> dict[int, int]:
        if not rest:
            return {0: 0}
        low = (rest & -rest).bit_length() - 1
        found = dict(best(rest & ~(1 << low), left))
        for mask, joker, units in melds_from[low]:
            if mask & rest == mask and joker <= left:
                for count, points in best(rest & ~mask, left - joker).items():
                    if found.get(count + 1, -1) < points + units:
                        found[count + 1] = points + units
        return found

    return {count: 5 * units for count, units in sorted(best((1 << n) - 1, jokers).items())}
