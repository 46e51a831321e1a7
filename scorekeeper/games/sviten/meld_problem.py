"""One pile as the meld solver (:mod:`.melds`) sees it: its cards by suit and position, and
the lower bounds of its searches, for the whole pile and for the states of a search."""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable, Sequence
from functools import cache

from scorekeeper.games.sviten.meld_steps import (
    _DEAD,
    _DEAD_PACKED,
    _HIGH,
    _LOW,
    _N,
    _NEED_SHIFT,
    _STEEP,
    _STEEP_OFFSET,
    _Option,
    _options,
    _set_shares,
    _Suit,
    _suit_bounds,
    _suit_rate_bounds,
)

#: The packed lower-bound tables of a search step: by the low byte of a state code, by its
#: high byte, and by its set bits (see :meth:`_Problem.bound_tables`).
_BoundTables = tuple[dict[int, int], dict[int, int], dict[int, int]]


class _Problem:
    """Everything about one pile that does not depend on the bounds of a search.

    ``held[s]``: bit p set when the pair holds the card of suit s at position p (2..14, and 1
    for the ace low); ``mult[s]``: what a run of suit s counts (the trump factor or 1).
    """

    def __init__(
        self, held: tuple[int, ...], mult: tuple[int, ...], jokers: int, *, steep: bool = False
    ):
        self.held = held
        self.steep = steep  # also bound what many melds cost (see _STEEP)
        self.mult = mult
        self.jokers = jokers
        self.joker_value = max(mult)  # the most a joker can add, per joker
        self.cards = sum(_count_bits(h >> 2) for h in held)
        self.ceiling = _ceiling(held, mult) + jokers * self.joker_value
        self.rows = (self.cards + jokers) // 3 + 1  # meld counts 0 .. the most possible
        self.ace_slot = [-1, -1, -1, -1]
        slots = 0
        for s, h in enumerate(held):
            king, queen = h >> 13 & 1, h >> 12 & 1
            if h >> 14 & 1 and ((king and queen) or (jokers and (king or queen))):
                self.ace_slot[s] = slots
                slots += 1
        self.suits = [
            _Suit(
                held=h,
                mult=m,
                joker_value=self.joker_value,
                jokers=jokers,
                whole=bool(jokers) and (h >> 2) & 0x1FFF == 0x1FFF,
                ace_high=self.ace_slot[s] >= 0,
            )
            for s, (h, m) in enumerate(zip(held, mult, strict=True))
        ]
        # Bit set layout: index = ((loss * rows + melds) * (jokers + 1) + used) * KS + kept.
        self.kept_slots = 1 << slots
        self.used_stride = self.kept_slots
        self.row_stride = (jokers + 1) * self.kept_slots
        self._bound_tables: dict[tuple[int, int, int], dict[int, int]] = {}  # see bound_tables
        self._boundary_tables: dict[tuple[int, int], _BoundTables] = {}
        self.suit_bounds = [_suit_bounds(suit) for suit in self.suits]
        self.steep_bound = [_suit_rate_bounds(suit, _STEEP) for suit in self.suits] if steep else []
        # Natural cards at positions >= p (the ace counted at both ends).
        self.remaining = [
            sum(_count_bits(h >> p) for h in held) if p <= _HIGH else 0 for p in range(17)
        ]

    def bound_tables(self, position: int, s: int) -> _BoundTables:
        """For the states after suit ``s`` at ``position`` (-1: before the position; 3: after
        its suits; 4: after its set): the packed lower bounds on what is still to be lost (see
        _STEEP) by the low byte (suits 0, 1) and the high byte (suits 2, 3) of a state code,
        and by its set bits; each table is filled as it is read."""
        found = self._boundary_tables.get((position, s))
        if found is None:
            columns = [position + 1 if t <= s else position for t in range(4)]
            found = self._boundary_tables[(position, s)] = (
                self._table((0, columns[0], columns[1])),
                self._table((2, columns[2], columns[3])),
                self._table((-1, position, s)),
            )
        return found

    def _table(self, key: tuple[int, int, int]) -> dict[int, int]:
        table = self._bound_tables.get(key)
        if table is None:
            if key[0] < 0:
                table = self._bound_tables[key] = _Table(lambda bits: self._set_bound(key, bits))
            else:
                table = self._bound_tables[key] = _Table(lambda byte: self._pair_bound(key, byte))
        return table

    def _set_bound(self, key: tuple[int, int, int], bits: int) -> int:
        """For the set bits: half a unit still to be lost per card waiting for its set, or dead
        when too few suits are left to join them (two cards need a joker)."""
        _, position, s = key
        later = 0
        if 1 <= position <= 13:
            bit = 1 if position == _LOW else position
            later = sum(1 for t in range(s + 1, 4) if self.held[t] >> bit & 1)
        waiting = bits.bit_count()
        most = waiting + later
        if waiting and (most < 2 or (most < 3 and not self.jokers)):
            return _DEAD_PACKED
        need = 1 if waiting and most == 2 else 0  # two cards, no more to come: a joker
        packed = need << _NEED_SHIFT | waiting << 16
        if self.steep:  # thirds, as in _suit_rate_bounds; a card may carry a set's joker
            share, carried = _set_shares(self.joker_value, _STEEP)
            cost = waiting * share + min(waiting, self.jokers) * min(0, carried - share)
            for k in range(self.jokers + 1):
                packed |= (cost + _STEEP_OFFSET) << (36 + 16 * k)
        return packed

    def _pair_bound(self, key: tuple[int, int, int], byte: int) -> int:
        """For two suits' run states (a byte of a state code): their lower bounds, packed."""
        first, column, next_column = key
        x, y = byte & 15, byte >> 4
        a_low, a_adj, a_need = self.suit_bounds[first][column][x]
        b_low, b_adj, b_need = self.suit_bounds[first + 1][next_column][y]
        low, adj, need = a_low + b_low, a_adj + b_adj, a_need + b_need
        if low >= _DEAD or adj >= _DEAD or need > self.jokers:
            return _DEAD_PACKED
        packed = need << _NEED_SHIFT | low << 16 | adj
        if self.steep:
            a_steep = self.steep_bound[first][column][x]
            b_steep = self.steep_bound[first + 1][next_column][y]
            jokers = self.jokers
            for k in range(jokers + 1):
                # At most k jokers for the two suits: field k of the low byte's table, field
                # jokers - k of the high byte's (so that the sum's fields share them out).
                field = k if first == 0 else jokers - k
                steep = min(a_steep[i] + b_steep[u] for i in range(k + 1) for u in range(k + 1 - i))
                steep = min(steep, 0xFFFF - _STEEP_OFFSET) + _STEEP_OFFSET
                packed |= steep << (36 + 16 * field)
        return packed

    def least_loss(self, melds: int, rates: Iterable[int]) -> int:
        """A lower bound on the loss of any arrangement with exactly ``melds`` melds: for each
        rate, what the suits lose less ``rate`` units per meld (sharing the jokers out, each
        joker left over losing its value), plus the refunds of the melds."""
        best = 0
        jokers = self.jokers
        for rate in rates:
            tables = [_suit_rate_bounds(suit, rate)[_LOW][_N] for suit in self.suits]
            least = min(
                sum(table[k] for table, k in zip(tables, split, strict=True))
                + 3 * self.joker_value * (jokers - sum(split))
                for split in _splits(jokers)
            )
            best = max(best, -(-least // 3) + rate * melds)
        return best

    def more_melds(self, position: int, s: int) -> int:
        """At most how many melds can still be counted after suit ``s`` at ``position`` (-1:
        before it; 4: after its set): each has three cards, two of them natural, and none
        starts at the ace high."""
        first = position + 1 if s == 4 else position
        if first >= _HIGH:
            return 0
        return (self.remaining[first] + self.jokers) // 3

    def options(self, position: int, s: int, state: int) -> tuple[_Option, ...]:
        return _options(self.suits[s], position, state)


class _Table(dict[int, int]):
    """A dict that works out a missing entry when it is first read."""

    def __init__(self, work_out: Callable[[int], int]):
        super().__init__()
        self.work_out = work_out

    def __missing__(self, key: int) -> int:
        value = self[key] = self.work_out(key)
        return value


@cache
def _splits(jokers: int) -> tuple[tuple[int, int, int, int], ...]:
    """Every way to share out at most ``jokers`` jokers between the four suits."""
    counts = range(jokers + 1)
    return tuple(
        (a, b, c, d)
        for a, b, c, d in itertools.product(counts, repeat=4)
        if a + b + c + d <= jokers
    )


def _repeat(stride: int, size: int) -> int:
    """One bit every ``stride`` bits, below bit ``size``."""
    pattern, span = 1, stride
    while span < size:
        pattern |= pattern << span
        span *= 2
    return pattern & ((1 << size) - 1)


def _count_bits(value: int) -> int:
    return value.bit_count()


def _ceiling(held: Sequence[int], mult: Sequence[int]) -> int:
    """The most units the natural cards could add: each suit's multiplier per card."""
    return sum(m * _count_bits(h >> 2) for m, h in zip(mult, held, strict=True))
