"""Which card points two players can have won in tricks, when only some of the pack is played.

In Klaberjass 18 of the 32 cards are played (both hands of nine, nine tricks of two cards). Each
player's card points are what their captured cards are worth, so a pair of totals is possible
exactly when some 18 cards of the pack can be split into two piles of whole tricks (an even
number of cards each) worth those totals, such that

* every card a player declared (a sequence, bella) is among the 18: all cards in the hands are
  played;
* cards known to be in a pile (tapped as captured) are in it;
* the player who took the last trick has at least one trick.

Which player can win which trick depends on how the cards are played (the lead, following
suit), which a score sheet does not record; that is not modelled: any trick may go to either
player. Cards of equal value are interchangeable here, so the search runs over value classes
(Klaberjass has eight: 20, 14, 11, 10, 4, 3, 2 and the cards worth nothing), not over cards,
and is exact. The cards worth nothing change no total: they only fill the piles up, so they
are counted at the end instead of searched.

Pure: no web, no database.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from functools import lru_cache

__all__ = ["CardClass", "possible"]


@dataclass(frozen=True, order=True)
class CardClass:
    """The cards of one value: how many are known to be in each pile, how many must be played
    (declared, pile unknown) and how many are free (played or not)."""

    value: int
    in_piles: tuple[int, int] = (0, 0)
    must: int = 0
    free: int = 0

    @property
    def size(self) -> int:
        return sum(self.in_piles) + self.must + self.free


Classes = tuple[CardClass, ...]


#: Pile sizes are kept as bits of one integer: bit ``n0 * _ROW + n1`` for (n0, n1) cards.
_ROW = 64  # above a pile's most (<= 52) plus one class (<= 11): rows never run together


@lru_cache(maxsize=8)
def _keep(most: int) -> int:
    """The bits of (n0, n1) with both at most ``most``."""
    return sum(((1 << (most + 1)) - 1) << (n0 * _ROW) for n0 in range(most + 1))


@lru_cache(maxsize=1 << 14)
def _counts(classes: Classes, i: int, left0: int, left1: int, most: int) -> int:
    """The (cards in pile 0, cards in pile 1), each at most ``most``, that ``classes[i:]``
    (all worth something) can put into the piles so that they are worth exactly ``left0`` and
    ``left1``, as bits."""
    if i == len(classes):
        return 1 if left0 == left1 == 0 else 0
    if left0 + left1 > sum(c.value * c.size for c in classes[i:]):
        return 0
    c = classes[i]
    open_ = c.must + c.free
    keep = _keep(most)
    found = 0
    for x in range(open_ + 1):
        n0 = c.in_piles[0] + x
        if c.value * n0 > left0:
            break
        for y in range(max(c.must - x, 0), open_ + 1 - x):
            n1 = c.in_piles[1] + y
            if c.value * n1 > left1:
                break
            rest = _counts(classes, i + 1, left0 - c.value * n0, left1 - c.value * n1, most)
            found |= (rest << (n0 * _ROW + n1)) & keep
    return found


def _pairs(bits: int) -> Iterator[tuple[int, int]]:
    while bits:
        low = bits & -bits
        index = low.bit_length() - 1
        yield divmod(index, _ROW)
        bits ^= low


def possible(
    classes: Iterable[CardClass],
    points: tuple[int, int],
    *,
    played: int,
    trick: int,
    last_trick: int,
) -> bool:
    """Whether ``played`` cards, drawn as the :class:`CardClass` es allow, split into the two
    players' captured piles (whole tricks of ``trick`` cards each; the pile of the player who
    took the last trick not empty) worth exactly ``points``."""
    classes = tuple(classes)
    if min(points) < 0:
        return False
    worth = tuple(sorted((c for c in classes if c.value > 0), reverse=True))
    blank = [c for c in classes if c.value == 0]
    fixed0 = sum(c.in_piles[0] for c in blank)
    fixed1 = sum(c.in_piles[1] for c in blank)
    must = sum(c.must for c in blank)
    spare = sum(c.must + c.free for c in blank)  # blank cards not yet in a pile
    for n0, n1 in _pairs(_counts(worth, 0, points[0], points[1], played)):
        n0, n1 = n0 + fixed0, n1 + fixed1
        extra = played - n0 - n1  # blank cards still to add to the piles
        if not must <= extra <= spare:
            continue
        # Add z0 blank cards to pile 0 and extra - z0 to pile 1: whole tricks in both, and
        # the last trick's taker holding at least one.
        for z0 in range(extra + 1):
            piles = (n0 + z0, n1 + extra - z0)
            if piles[0] % trick == 0 and piles[1] % trick == 0 and piles[last_trick] > 0:
                return True
    return False
