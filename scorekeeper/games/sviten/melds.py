"""Rummy melds for Sviten Special: an exact, fast solver and the checks for laid melds.

A **set** is 3 or 4 cards of one rank (5 or 10 points). A **run** is n >= 3 cards of one suit in
a row, worth 5n - 10 points; the ace is high (Q-K-A) or low (A-2-3), never both (no K-A-2). Runs
in the trump suit count ``trump_run_factor`` times (2, or 3 for double-trump runs); sets never
do. With the joker variant a joker stands for any one card of its meld (even one the pair holds
and lays elsewhere); a meld holds at most one joker and at least two natural cards.

Every meld is worth 5 x (its cards, joker included) - 10, times the factor for a trump run. The
solver works in *units* of 5 points.

How :func:`best_melds` is exact and fast
----------------------------------------
A search over the 14 rank *positions* (1 is the ace low, 2..13 the two to the king, 14 the ace
high), then a step that closes every run. Its state code holds, for each suit, the run open in
that suit: none; one or two natural cards (they must go on; two may also close with a joker
at the end); three or more (may go on or close); a run that holds its joker and needs one more
natural card; one that holds its joker and may close. Position by position, and suit by suit
within a position, each card goes on an open run, starts a run, goes into the rank's set or
stays out; a run may close and a new one start at once (a long run laid as several). Within a
position the code also holds the suits whose card goes into the rank's set.

The *value* of a state code is a Python integer used as a bit set with one bit for each
reachable (loss, melds, jokers used, aces kept back for the high end): a step is a shift and
an OR of whole integers, done in C. The *loss* is what the cards could at best have added
(their suit's multiplier each, the largest multiplier per joker) minus what they did add; it
is stored less two units per meld, so that a meld never looks like a loss of its own. It
never goes down along a path, and each suit's state gives lower bounds on what it will still
lose (worked out per suit, backwards, once per suit pattern), so a search told the most loss
worth finding for each meld count drops everything that cannot end within it.

:func:`best_melds` first runs a quick search that keeps only a few likely states per step, to
find a good arrangement with enough melds. Lower bounds for the whole pile (for several losses
per meld, following the ace and sharing the jokers out between the suits) then leave out every
meld count that cannot beat it; the exact search looks only for a strictly better arrangement
(less loss, or as little with more melds) at the counts left, and its own bounds usually rule
that out within a few steps. When no quick arrangement has enough melds, exact searches look
from the lower bound up. :func:`meld_tradeoff` finds arrangements for many counts quickly
(dropping the cheapest melds for fewer, splitting long runs for more), proves most of them by
the lower bounds and searches only the rest (a start of sets of three and short runs, joined
run by run, gives many counts a witness no quick search finds); those exact searches only
count, so they merge the states of suits that hold the same cards and can trade places (the
whole pack's three or four). The melds are rebuilt by walking back through the stored steps
of the search that found them.

Jokers take no position of their own. A set's joker is an extra card. A joker at the *end* of
a run is added when the run closes (it can stand for a card the pair lays elsewhere); a suit
held whole takes it when the run starts instead, below its first card, so that A..K and 2..A
never get one. Only a joker filling a *gap* inside a run takes the run's place at that rank,
and the natural card of the gap may still join the rank's set. Once every joker is used, a run
holding one is folded into the natural run it now behaves like. Any arrangement can be
rewritten into this form with the same melds count and points.

Every call is bounded (:data:`WORK_LIMIT`, about a quarter of a second; meld_tradeoff, which no
request calls, :data:`TRADEOFF_WORK_LIMIT`): past it the solver gives up with a RuleError rather
than hold a server thread. Answers are remembered (the last :data:`MEMO_SIZE` piles, whatever
the order of their cards), so the melds shown and the hand recorded for the same pile cost one
search.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from typing import NamedTuple

from scorekeeper.games.cards import Card, Suit, parse_card, parse_cards
from scorekeeper.games.events import RuleError
from scorekeeper.games.text import T_, Text, Tn_

__all__ = [
    "JOKER",
    "MeldPlan",
    "best_melds",
    "meld_label",
    "meld_points",
    "meld_tradeoff",
    "parse_trump",
    "validate_meld",
]

#: How a joker is written inside a meld.
JOKER = "JOKER"
_JOKER_NAMES = frozenset({"JOKER", "JK", "*"})

_SUITS: tuple[Suit, ...] = tuple(Suit)
_SUIT_INDEX = {suit: i for i, suit in enumerate(_SUITS)}
#: Rank -> position (the ace is 14 here; it is also position 1).
_POSITION = {
    "2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "8": 8, "9": 9, "10": 10,
    "J": 11, "Q": 12, "K": 13, "A": 14,
}  # fmt: skip
_RANK_AT = {position: rank for rank, position in _POSITION.items()} | {1: "A"}
MAX_JOKERS = 2


@dataclass(frozen=True)
class MeldPlan:
    """An arrangement of melds: each meld a tuple of card codes (a joker is ``"JOKER"``)."""

    melds: tuple[tuple[str, ...], ...]
    points: int
    count: int


# --- arguments -------------------------------------------------------------------------------


def parse_trump(trump: str | Suit | None) -> Suit | None:
    """A trump suit from its name (``"hearts"``), letter or symbol; None for no-trump."""
    if trump is None or isinstance(trump, Suit):
        return trump
    if not isinstance(trump, str):
        raise RuleError(
            T_("%(name)s is not a suit (spades, hearts, diamonds or clubs).", name=repr(trump))
        )
    if trump.strip().lower() in ("", "none", "no-trump", "notrump", "nt"):
        return None
    return Suit.from_name(trump)


def _check_int(value: object, name: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise ValueError(f"{name} must be a whole number from {low} to {high}, not {value!r}.")
    return value


def _multipliers(trump: Suit | None, factor: int) -> tuple[int, int, int, int]:
    m = [1, 1, 1, 1]
    if trump is not None:
        m[_SUIT_INDEX[trump]] = factor
    return (m[0], m[1], m[2], m[3])


def _is_joker(code: object) -> bool:
    return isinstance(code, str) and code.strip().upper() in _JOKER_NAMES


# --- the solver: run states and what one suit can do at one position ------------------------

# Run states of one suit (four bits of a state code each).
_N = 0  # no open run
_R1 = 1  # a natural run of one card: must go on
_R2 = 2  # a natural run of two cards: must go on, or close with an end joker
_R3 = 3  # a natural run of three or more: may go on or close (with or without an end joker)
_G = 4  # a run that holds its joker and needs one more natural card before it may close
_Q = 5  # a run that holds its joker and may close
_STATES = 6
_CONTINUE = {_R1: _R2, _R2: _R3, _R3: _R3, _G: _Q, _Q: _Q}
_GAP_FROM = frozenset({_R1, _R2, _R3})
# Once every joker is used, a run that holds one is like a natural run.
_NATURAL_TWIN = {_G: _R2, _Q: _R3}

# What happens to the natural card of the position.
_NONE, _RUN, _SET = 0, 1, 2

_SET_SHIFT = 16  # bits 16-19 of a state code: the suits whose card goes into the rank's set
_SET_FIELD = 15 << _SET_SHIFT
# The ways to lay k natural cards of one rank as sets: (melds, jokers).
_SET_WAYS: dict[int, tuple[tuple[int, int], ...]] = {
    2: ((1, 1),),
    3: ((1, 0), (1, 1)),
    4: ((1, 0), (2, 2)),
}
_REFUND = 2  # units of loss refunded per meld in the stored (adjusted) loss
_LOW, _HIGH, _END = 1, 14, 15  # the ace low, the ace high, the closing of every run
_DEAD = 5000  # a lower bound this large marks a state that cannot finish
# Packed lower bounds on what a state still loses, added up from three tables (by the low byte
# of its code, the high byte, and its set bits): half units with every meld refunded _REFUND
# (bits 0-15), half units (16-31), the jokers it needs (32-35), and from bit 36, one 16-bit
# field per way to share out the jokers between the low and the high byte's suits (k jokers
# to the first two, at most jokers - k to the others): thirds of units with _STEEP units
# refunded per meld, each table adding _STEEP_OFFSET so that they stay positive.
_STEEP = 4
_STEEP_OFFSET = 600
_NEED_SHIFT = 32
_DEAD_PACKED = 1 << 100
_BEAM_SLACK = 4  # in a quick search, a state keeps only bits this close to its least loss


class _Option(NamedTuple):
    """One thing one suit can do at one position."""

    new: int  # the run state after
    use: int  # what becomes of the natural card: _NONE, _RUN or _SET
    jokers: int  # jokers it uses
    melds: int  # melds it starts (a run counts when it starts)
    loss: int  # units of loss (real, not adjusted)
    keep_ace: bool  # the ace is kept back for the high end
    need_ace: bool  # the ace must have been kept back
    no_ace: bool  # the ace must not have been kept back
    close: str  # "", "close", or "closeJ" (closed with an end joker)
    action: str  # "cont", "gap", "start", "pre", "set", "free", "defer", "drop", "none"


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
        self._boundary_tables: dict[tuple[int, int], tuple[dict[int, int], ...]] = {}
        self.suit_bounds = [_suit_bounds(suit) for suit in self.suits]
        self.steep_bound = [_suit_rate_bounds(suit, _STEEP) for suit in self.suits] if steep else []
        # Natural cards at positions >= p (the ace counted at both ends).
        self.remaining = [
            sum(_count_bits(h >> p) for h in held) if p <= _HIGH else 0 for p in range(17)
        ]

    def bound_tables(
        self, position: int, s: int
    ) -> tuple[dict[int, int], dict[int, int], dict[int, int]]:
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


class _Suit(NamedTuple):
    """What the options of one suit depend on."""

    held: int  # bit p: the card at position p is held (2..14; 1 too for the ace)
    mult: int  # what a run of the suit counts
    joker_value: int  # the most a joker can add anywhere
    jokers: int
    whole: bool  # all 13 cards held (with jokers: see _closings)
    ace_high: bool  # the ace may be kept back for the high end


def _available(suit: _Suit, position: int) -> bool:
    """Can the suit have a natural card at this position (the ace high only if kept back)?"""
    if position > _HIGH:
        return False
    if position == _HIGH:
        return suit.ace_high
    return bool(suit.held >> position & 1)


def _closings(suit: _Suit, state: int, last: int) -> list[tuple[int, str]]:
    """The ways to close the open run (ending at position ``last``): (jokers, tag)."""
    if state == _N:
        return [(0, "")]
    # A suit held whole may not take an end joker on a run reaching the king or the ace:
    # A..K and 2..A would be 14 cards. Its runs that need one there take it when they start
    # ("pre"), below their first card.
    end_joker = suit.jokers > 0 and (last <= 12 or not suit.whole)
    if state in (_R3, _Q):
        ways = [(0, "close")]
        if state == _R3 and end_joker:
            ways.append((1, "closeJ"))
        return ways
    if state == _R2 and end_joker:
        return [(1, "closeJ")]
    return []


@lru_cache(maxsize=16384)  # small: the entries share _local_options' tuples
def _options(suit: _Suit, position: int, state: int) -> tuple[_Option, ...]:
    """The useful things a suit in run state ``state`` can do at ``position``."""
    # They depend only on the cards at the position and the next two: share them.
    local = suit._replace(held=suit.held & (0b111 << position) if position < _HIGH else 0)
    return _local_options(local, position, state)


@cache
def _local_options(suit: _Suit, position: int, state: int) -> tuple[_Option, ...]:
    """The useful things a suit in run state ``state`` can do at ``position``."""
    m, jokers = suit.mult, suit.jokers
    joker_loss = suit.joker_value - m  # a joker in a run of this suit adds m of its value
    found: list[_Option] = []
    if position == _END:
        for dj, tag in _closings(suit, state, _HIGH):
            found.append(
                _Option(_N, _NONE, dj, 0, dj * joker_loss, False, False, False, tag, "none")
            )
        return tuple(found)
    if position == _HIGH:
        closings = _closings(suit, state, _HIGH - 1)
        if not suit.ace_high:
            for dj, tag in closings:
                loss = dj * joker_loss
                found.append(_Option(_N, _NONE, dj, 0, loss, False, False, False, tag, "none"))
            return tuple(found)
        if state in _CONTINUE:
            found.append(_Option(_CONTINUE[state], _RUN, 0, 0, 0, False, True, False, "", "cont"))
        for dj, tag in closings:
            loss = dj * joker_loss
            found.append(_Option(_N, _NONE, dj, 0, loss + m, False, True, False, tag, "drop"))
            found.append(_Option(_N, _NONE, dj, 0, loss, False, False, True, tag, "none"))
        return tuple(found)
    held = _available(suit, position) if position > _LOW else bool(suit.held >> 1 & 1)
    next1, next2 = _available(suit, position + 1), _available(suit, position + 2)
    can_start = held and ((next1 and (next2 or jokers > 0)) or (jokers > 0 and next2))
    can_continue = held and state in _CONTINUE
    if can_continue:
        found.append(_Option(_CONTINUE[state], _RUN, 0, 0, 0, False, False, False, "", "cont"))
    if jokers and state in _GAP_FROM and next1:
        # A joker fills the gap; a natural card held here goes into the rank's set.
        use, loss = (_SET, m - 1) if held else (_NONE, 0)
        found.append(_Option(_G, use, 1, 0, loss + joker_loss, False, False, False, "", "gap"))
    for dj, tag in _closings(suit, state, position - 1):
        loss = dj * joker_loss
        if not held:
            found.append(_Option(_N, _NONE, dj, 0, loss, False, False, False, tag, "none"))
            continue
        if can_start:
            found.append(_Option(_R1, _RUN, dj, 1, loss + 2 * m, False, False, False, tag, "start"))
            if suit.whole and position > _LOW and dj < jokers and next1:
                # The end joker below the first card; below a two it is the ace low, so the
                # ace must not be kept back for the high end of the same run.
                no_ace = position == 2 and suit.ace_high
                loss_pre = loss + 2 * m + joker_loss
                found.append(
                    _Option(_G, _RUN, dj + 1, 1, loss_pre, False, False, no_ace, tag, "pre")
                )
        found.append(_Option(_N, _SET, dj, 0, loss + m - 1, False, False, False, tag, "set"))
        if position == _LOW and suit.ace_high:
            found.append(_Option(_N, _NONE, dj, 0, loss, True, False, False, tag, "defer"))
        elif not can_continue:
            # Leaving a card out is only useful when no open run could take it.
            found.append(_Option(_N, _NONE, dj, 0, loss + m, False, False, False, tag, "free"))
    return tuple(found)


def _set_shares(joker_value: int, rate: int) -> tuple[int, int]:
    """What a card going into a set pays, in thirds of a unit with ``rate`` units refunded
    per meld: its share of a set of three or four (the less), and, carrying the set's joker,
    the rest of a set of two and a joker (or of three and a joker, the less)."""
    plain = min(2 - rate, 3 * (2 - rate) // 4)
    whole = 3 * (1 + joker_value - rate)  # a set of two (or three) and a joker
    return plain, min(whole - plain, whole - 2 * plain)


@lru_cache(maxsize=256)  # a table is some 15 KB: the suits of the last piles, every rate
def _suit_rate_bounds(suit: _Suit, rate: int) -> tuple[tuple[tuple[int, ...], ...], ...]:
    """``bound[p][state][k]``: a lower bound, in thirds of a unit, on what the suit still loses
    from position p on less ``rate`` units per meld it makes (more per meld if negative), using
    exactly k jokers. Unlike _suit_bounds it follows the ace (kept back for the high end or
    not), so that it is never laid twice: the ace low and the ace high would each make a meld."""
    jokers = suit.jokers
    plain_share, joker_share = _set_shares(suit.joker_value, rate)
    kepts = (0, 1) if suit.ace_high else (0,)
    # after[kept][state][k]: the least cost to go using exactly k jokers.
    after = [
        [[0] + [_DEAD] * jokers] + [[_DEAD] * (jokers + 1) for _ in range(_STATES - 1)]
        for _ in range(2)
    ]

    def column(rows: list[list[list[int]]], first: bool) -> tuple[tuple[int, ...], ...]:
        return tuple(
            tuple(
                min(rows[kept][state][k] for kept in ((0,) if first else kepts))
                for k in range(jokers + 1)
            )
            for state in range(_STATES)
        )

    table = [column(after, False)]
    for position in range(_END, 0, -1):
        current = [[[_DEAD] * (jokers + 1) for _ in range(_STATES)] for _ in range(2)]
        for kept in kepts:
            for state in range(_STATES):
                row = current[kept][state]
                for option in _options(suit, position, state):
                    if (option.need_ace and not kept) or (option.no_ace and kept):
                        continue
                    base = 3 * (option.loss - rate * option.melds)
                    ways = [(base, option.jokers)]
                    if option.use == _SET:
                        ways = [(base + plain_share, option.jokers)]
                        if jokers:
                            ways.append((base + joker_share, option.jokers + 1))
                    target = after[1 if option.keep_ace else kept][option.new]
                    for cost, used in ways:
                        for k in range(used, jokers + 1):
                            value = cost + target[k - used]
                            if value < row[k]:
                                row[k] = value
        after = current
        table.append(column(current, position == _LOW))
    table.append(column([[[_DEAD] * (jokers + 1) for _ in range(_STATES)]] * 2, False))
    return tuple(reversed(table))


@lru_cache(maxsize=512)  # a table is some 15 KB: the suits of the last 128 piles
def _suit_bounds(suit: _Suit) -> tuple[tuple[tuple[int, int, int], ...], ...]:
    """``bound[p][state]``: lower bounds on what the suit still does from position p on:
    half units lost (a card going into a set paying half a unit of the set's cost); the same
    with every meld refunded _REFUND units; the fewest jokers it needs (3: more than there are).
    Every option is allowed, whatever the jokers and aces, so they never overestimate."""
    after: tuple[tuple[int, int, int], ...] = ((0, 0, 0),) + ((_DEAD, _DEAD, 3),) * (_STATES - 1)
    table = [after]
    for position in range(_END, 0, -1):
        row = []
        for state in range(_STATES):
            low = adjusted = _DEAD
            need = 3
            for option in _options(suit, position, state):
                next_low, next_adjusted, next_need = after[option.new]
                loss = 2 * option.loss
                share = 1 if option.use == _SET else 0
                low = min(low, loss + share + next_low)
                adjusted = min(adjusted, loss - 2 * _REFUND * option.melds + next_adjusted)
                need = min(need, option.jokers + next_need)
            row.append((min(low, _DEAD), min(adjusted, _DEAD), min(need, 3)))
        after = tuple(row)
        table.append(after)
    table.append(((_DEAD, _DEAD, 3),) * _STATES)  # position 0 is never asked for
    return tuple(reversed(table))


class _Search:
    """The exact search over positions 1 (ace low) to 14 (ace high), then closing every run.

    A state code holds each suit's run state (four bits each) and, within a position, the
    suits whose card goes into the rank's set. Its value is a bit set with one bit for each
    reachable (adjusted loss, melds, jokers used, aces kept back). The adjusted loss is the
    real loss minus ``_REFUND`` units per meld; it never goes down along a path. ``bounds``
    gives, for each meld count, the most real loss an arrangement with that count may have to
    be wanted (None: not wanted); every partial arrangement that cannot end within them is
    dropped, using lower bounds on what each suit still loses.
    """

    def __init__(
        self,
        problem: _Problem,
        bounds: Sequence[int | None],
        work_limit: int,
        *,
        beam: int = 0,
        want: int = 0,
        push: int = _REFUND,
        symmetric: bool = False,
    ):
        self.problem = problem
        self.bounds = list(bounds)
        self.work = 0
        self.work_limit = work_limit
        self.beam = beam
        self.want = want
        self.push = push
        p = problem
        # Meld counts 0 .. two past the largest wanted (a step adds at most two, and the
        # next pruning drops them): the fewer, the shorter the bit sets.
        wanted = [final for final, bound in enumerate(self.bounds) if bound is not None]
        self.rows = min(p.rows, max(wanted, default=0) + 3)
        self.loss_stride = self.rows * p.row_stride
        top = max((b for b in self.bounds if b is not None), default=-1)
        self.top = max(top, 0)
        size = (self.top + 1) * self.loss_stride
        self._size_factor = 1 + size // 8192
        block = (1 << p.row_stride) - 1
        self._repeat = _repeat(p.row_stride, size)
        first_row = block * _repeat(self.loss_stride, size)  # a short factor: a quick product
        self._row_masks = [first_row << (r * p.row_stride) for r in range(self.rows)]
        self._room_masks: dict[tuple[int, ...], int] = {}
        # For each meld count, the final counts worth looking at: those whose bound is more
        # than every bound between (a larger count with no larger bound is no easier).
        self._finals: list[list[tuple[int, int]]] = []
        for row in range(self.rows):
            finals, record = [], -1
            for final in range(row, self.rows):
                bound = self.bounds[final]
                if bound is not None and bound > record:
                    finals.append((final, bound))
                    record = bound
            self._finals.append(finals)
        self._block_masks: dict[tuple[int, bool, bool, int], int] = {}
        self._keep: dict[int, int] = {}
        self._below = [(1 << ((loss + 1) * self.loss_stride)) - 1 for loss in range(self.top + 1)]
        self._keep_main: dict[int, int] = {}
        self._keep_rates: dict[int, int] = {}
        self._moves: dict[tuple[int, int, int], list[tuple[int, int, int]]] = {}
        self.steps: list[tuple[str, int, int, dict[int, int]]] = []
        self.final = 0
        # Suits holding the same cards at the same multiplier can trade places: a search that
        # only counts (frontier, no rebuild) keeps one state of each such trade (see _canonical).
        self._swaps = self._suit_swaps() if symmetric else {}
        self._canonical_ways: dict[int, dict[int, tuple[int, tuple[tuple[int, int], ...]]]] = {}
        if top >= 0:
            self._run()

    # -- bit sets --------------------------------------------------------------------------

    def index(self, loss: int, row: int, used: int, kept: int) -> int:
        p = self.problem
        return loss * self.loss_stride + row * p.row_stride + used * p.used_stride + kept

    def split(self, bit: int) -> tuple[int, int, int, int]:
        p = self.problem
        loss, rest = divmod(bit, self.loss_stride)
        row, rest = divmod(rest, p.row_stride)
        used, kept = divmod(rest, p.used_stride)
        return loss, row, used, kept

    def _block_mask(self, jokers: int, need: int, absent: int, used: int = -1) -> int:
        """The bits a move may start from: at most ``jokers_total - jokers`` used (or exactly
        ``used`` when given), the aces ``need`` kept back and the aces ``absent`` not."""
        key = (jokers, need, absent, used)
        found = self._block_masks.get(key)
        if found is None:
            p = self.problem
            pattern = 0
            for u in range(p.jokers + 1 - jokers) if used < 0 else (used,):
                for kept in range(p.kept_slots):
                    if kept & need == need and not kept & absent:
                        pattern |= 1 << (u * p.used_stride + kept)
            found = self._block_masks[key] = pattern * self._repeat
        return found

    def _keep_mask(self, packed: int, more: int) -> int:
        """The bits worth keeping in a state with these packed lower bounds (see _STEEP) when
        at most ``more`` melds can still be made: those that can still end within the bound
        of some final meld count by every lower bound (each lower bound on its own, which
        loses little and needs far fewer masks)."""
        if packed >= _DEAD_PACKED:
            self._keep[packed * 64 + more] = 0
            return 0
        need = (packed >> _NEED_SHIFT) & 15
        low = (((packed >> 16) & 0xFFFF) + 1) // 2
        adjusted = ((packed & 0xFFFF) + 1) // 2
        main_key = ((need * 0x10000 + low) * 0x10000 + adjusted) * 64 + more  # in whole units
        mask = self._keep_main.get(main_key)
        if mask is None:
            mask = 0
            if need <= self.problem.jokers:
                mask = self._mask_for(low, adjusted, 0, 0, more)
                if need:  # only bits with that many jokers left
                    mask &= self._block_mask(need, 0, 0)
            self._keep_main[main_key] = mask
        steep = (
            min((packed >> (36 + 16 * k)) & 0xFFFF for k in range(self.problem.jokers + 1))
            - 3 * _STEEP_OFFSET
        )
        steep_key = steep * 64 + more
        rated = self._keep_rates.get(steep_key)
        if rated is None:
            value = -(-steep // 3)  # in units, rounded up
            rated = self._keep_rates[steep_key] = self._mask_for(
                -_DEAD, -_DEAD, _STEEP, value, more
            )
        mask &= rated
        self._keep[packed * 64 + more] = mask
        return mask

    def _mask_for(self, low: int, adjusted: int, rate: int, rated: int, more: int) -> int:
        """The bits whose adjusted loss leaves room, for some final meld count at most
        ``more`` above their row, for what is still to be lost: at least ``low``, at least
        ``adjusted`` plus the refunds of the melds still to make, and at least ``rated`` plus
        ``rate`` units per meld still to make."""
        bests = []
        for row, finals in enumerate(self._finals):
            best = -1
            for final, bound in finals:
                if final > row + more:
                    break
                most = bound - _REFUND * row
                least = max(low, _REFUND * (final - row) + adjusted, rate * (final - row) + rated)
                if most - least > best:
                    best = most - least
            bests.append(min(best, self.top))
        # Many bounds give the same room row by row: build each mask once, the rows with the
        # same room at once.
        key = tuple(bests)
        mask = self._room_masks.get(key)
        if mask is None:
            rows_by_room: dict[int, int] = {}
            for row, best in enumerate(bests):
                if best >= 0:
                    rows_by_room[best] = rows_by_room.get(best, 0) | self._row_masks[row]
            mask = 0
            for best, rows in rows_by_room.items():
                mask |= rows & self._below[best]
            self._room_masks[key] = mask
        return mask

    # -- suits that can trade places -------------------------------------------------------

    def _suit_swaps(self) -> dict[int, list[tuple[int, int, int, int]]]:
        """For the states after suit s of a position (s = 0..3), the comparisons of a sorting
        network over each group of suits that can trade places there: the same cards, the same
        multiplier, and both already past the position. Each is (suit a, suit b > a, the
        distance between their kept-ace bits, the mask of the bits whose kept field has
        a's ace and not b's; 0 when neither ace can be kept back)."""
        p = self.problem
        swaps: dict[int, list[tuple[int, int, int, int]]] = {}
        for last in range(4):
            # Suits not yet past the position were sorted between positions and are unchanged.
            groups: dict[tuple[int, int], list[int]] = {}
            for s in range(last + 1):
                groups.setdefault((p.held[s], p.mult[s]), []).append(s)
            found = []
            for group in groups.values():
                n = len(group)
                for i in range(n - 1):  # a bubble sort: enough for four suits
                    for j in range(n - 1 - i):
                        found.append(self._swap(group[j], group[j + 1]))
            if found:
                swaps[last] = found
        return swaps

    def _swap(self, a: int, b: int) -> tuple[int, int, int, int]:
        p = self.problem
        slot_a, slot_b = p.ace_slot[a], p.ace_slot[b]
        distance = mask = 0
        if slot_a >= 0:  # then so is slot_b (the same cards), and slot_b > slot_a
            distance = (1 << slot_b) - (1 << slot_a)
            pattern = 0
            for used in range(p.jokers + 1):
                for kept in range(p.kept_slots):
                    if kept >> slot_a & 1 and not kept >> slot_b & 1:
                        pattern |= 1 << (used * p.used_stride + kept)
            mask = pattern * self._repeat
        return a, b, distance, mask

    def _canonical(self, layer: dict[int, int], last: int) -> dict[int, int]:
        """Each state with the run states (and set bits) of the suits that can trade places
        sorted, the larger first, its kept aces following their suits; the states that become
        the same are merged. Any arrangement from one state is one from the other with those
        suits traded, of the same loss and melds, so the frontier does not change."""
        ways = self._canonical_ways.setdefault(last, {})
        result: dict[int, int] = {}
        get = result.get
        for code, value in layer.items():
            way = ways.get(code)
            if way is None:
                way = ways[code] = self._canonical_way(code, last)
            target, flips = way
            for distance, mask in flips:
                flip = ((value >> distance) ^ value) & mask
                value ^= flip ^ (flip << distance)
            result[target] = get(target, 0) | value
        return result

    def _canonical_way(self, code: int, last: int) -> tuple[int, tuple[tuple[int, int], ...]]:
        """The sorted state code, and the kept-ace swaps that take a value along."""
        flips = []
        for a, b, distance, mask in self._swaps[last]:
            key_a = (code >> (4 * a)) & 15 | ((code >> (_SET_SHIFT + a)) & 1) << 4
            key_b = (code >> (4 * b)) & 15 | ((code >> (_SET_SHIFT + b)) & 1) << 4
            if key_a < key_b:
                diff, in_set = (key_a ^ key_b) & 15, (key_a ^ key_b) >> 4
                code ^= diff << (4 * a) | diff << (4 * b)
                code ^= in_set << (_SET_SHIFT + a) | in_set << (_SET_SHIFT + b)
                if mask:
                    flips.append((distance, mask))
        return code, tuple(flips)

    # -- the forward pass ------------------------------------------------------------------

    def _suit_moves(self, position: int, s: int, state: int) -> list[tuple[int, int, int]]:
        key = (position, s, state)
        found = self._moves.get(key)
        if found is None:
            p = self.problem
            found = []
            slot = p.ace_slot[s]
            ace = 1 << slot if slot >= 0 else 0
            for option in p.options(position, s, state):
                dcode = (option.new - state) << (4 * s)
                if option.use == _SET:
                    dcode += 1 << (_SET_SHIFT + s)
                adjusted = option.loss - _REFUND * option.melds
                shift = (
                    adjusted * self.loss_stride
                    + option.melds * p.row_stride
                    + option.jokers * p.used_stride
                    + (ace if option.keep_ace else 0)
                )
                need = ace if option.need_ace else 0
                absent = ace if option.no_ace else 0
                mask = 0
                if option.jokers or need or absent:
                    mask = self._block_mask(option.jokers, need, absent)
                found.append((dcode, shift, mask))
            self._moves[key] = found
        return found

    def _count(self, layer: dict[int, int], moves: int) -> None:
        """Count the work of a step: moves per state, more for long bit sets."""
        self.work += moves * len(layer) * self._size_factor
        if self.work > self.work_limit:
            raise _TooMuchWork

    def _run(self) -> None:
        p = self.problem
        start = 1 << self.index(0, 0, 0, 0)
        layer = self._prune({0: start}, _LOW, -1)
        self.steps.append(("start", 0, -1, layer))
        for position in range(_LOW, _END + 1):
            for s in range(4):
                shift4 = 4 * s
                if position in (_END, _HIGH):
                    has_card = position == _HIGH and p.ace_slot[s] >= 0
                elif position == _LOW:
                    has_card = bool(p.held[s] >> 1 & 1)
                else:
                    has_card = bool(p.held[s] >> position & 1)
                if not has_card and not any((code >> shift4) & 15 for code in layer):
                    continue
                nxt: dict[int, int] = {}
                get = nxt.get
                by_state: list[list[tuple[int, int, int]] | None] = [None] * _STATES
                for code, value in layer.items():
                    state = (code >> shift4) & 15
                    moves = by_state[state]
                    if moves is None:
                        moves = by_state[state] = self._suit_moves(position, s, state)
                    for dcode, shift, mask in moves:
                        target = code + dcode
                        if mask:
                            moved = value & mask
                            if moved:
                                nxt[target] = get(target, 0) | (moved << shift)
                        else:
                            nxt[target] = get(target, 0) | (value << shift)
                self._count(layer, 3)
                layer = self._prune(nxt, position, s)
                self.steps.append(("suit", position, s, layer))
                if s in self._swaps and position < _END:
                    layer = self._canonical(layer, s)
                    self.steps.append(("canonical", position, s, layer))
            if position < _HIGH and any(code & _SET_FIELD for code in layer):
                layer = self._prune(self._sets(layer), position, 4)
                self.steps.append(("set", position, -1, layer))
            if p.jokers and position < _END and any(self._has_joker_run(code) for code in layer):
                layer = self._merge(layer)
                self.steps.append(("merge", position, -1, layer))
            if 3 in self._swaps and position < _END:
                layer = self._canonical(layer, 3)
                self.steps.append(("canonical", position, -1, layer))
        # Every joker not used loses what it could have added; then only what is within the
        # bounds counts.
        value = layer.get(0, 0)
        final = 0
        for used in range(p.jokers + 1):
            spent = value & self._block_mask(0, 0, 0, used)
            final |= spent << ((p.jokers - used) * p.joker_value * self.loss_stride)
        self.final = final & self._keep_mask(0, 0)

    def _sets(self, layer: dict[int, int]) -> dict[int, int]:
        p = self.problem
        nxt: dict[int, int] = {}
        get = nxt.get
        for code, value in layer.items():
            suits = (code >> _SET_SHIFT) & 15
            if not suits:
                nxt[code] = get(code, 0) | value
                continue
            target = code & ~_SET_FIELD
            for melds, jokers in _SET_WAYS.get(_count_bits(suits), ()):
                if jokers > p.jokers:
                    continue
                shift = (
                    jokers * (p.joker_value - 1) * self.loss_stride
                    + melds * p.row_stride
                    + jokers * p.used_stride
                )
                if jokers:
                    moved = value & self._block_mask(jokers, 0, 0)
                    if moved:
                        nxt[target] = get(target, 0) | (moved << shift)
                else:
                    nxt[target] = get(target, 0) | (value << shift)
        self._count(layer, 2)
        return nxt

    @staticmethod
    def _has_joker_run(code: int) -> bool:
        return any((code >> (4 * s)) & 15 >= _G for s in range(4))

    @staticmethod
    def _natural(code: int) -> int:
        """The state code with every run that holds a joker shown as a natural run."""
        for s in range(4):
            state = (code >> (4 * s)) & 15
            if state in _NATURAL_TWIN:
                code += (_NATURAL_TWIN[state] - state) << (4 * s)
        return code

    def _merge(self, layer: dict[int, int]) -> dict[int, int]:
        """Once every joker is used, a run that holds one is like a natural run: fold it."""
        spent = self._block_mask(0, 0, 0, self.problem.jokers)
        nxt: dict[int, int] = {}
        for code, value in layer.items():
            natural = self._natural(code)
            if natural != code:
                moved = value & spent
                if moved:
                    value ^= moved
                    nxt[natural] = nxt.get(natural, 0) | moved
            if value:
                nxt[code] = nxt.get(code, 0) | value
        return nxt

    def _prune(self, layer: dict[int, int], position: int, s: int) -> dict[int, int]:
        """Drop every bit that cannot end within the bounds, by the suits' lower bounds on
        what is still to be lost; in a beam search keep only the ``beam`` likeliest states."""
        low_byte, high_byte, set_bits = self.problem.bound_tables(position, s)
        more = self.problem.more_melds(position, s)
        keep = self._keep
        keep_mask = self._keep_mask
        result: dict[int, int] = {}
        for code, value in layer.items():
            packed = (
                low_byte[code & 255]
                + high_byte[(code >> 8) & 255]
                + set_bits[(code >> _SET_SHIFT) & 15]
            )
            mask = keep.get(packed * 64 + more)
            if mask is None:
                mask = keep_mask(packed, more)
            value &= mask
            if value:
                result[code] = value
        if self.beam:
            # A quick search for a good arrangement keeps only the bits close to the best.
            stride = self.loss_stride
            for code, value in result.items():
                least = ((value & -value).bit_length() - 1) // stride
                result[code] = value & ((1 << ((least + _BEAM_SLACK + 1) * stride)) - 1)
        if self.beam and len(result) > self.beam:
            result = self._narrow(result, low_byte, high_byte, set_bits)
        return result

    def _narrow(
        self, layer: dict[int, int], low_byte: list[int], high_byte: list[int], set_bits: list[int]
    ) -> dict[int, int]:
        """The ``beam`` states whose least loss is the lowest (ties by code)."""
        want = self.want
        loss_stride, row_stride = self.loss_stride, self.problem.row_stride
        fields = range(36, 36 + 16 * (self.problem.jokers + 1), 16) if self.problem.steep else ()
        scored = []
        for code, value in layer.items():
            packed = (
                low_byte[code & 255]
                + high_byte[(code >> 8) & 255]
                + set_bits[(code >> _SET_SHIFT) & 15]
            )
            low = (((packed >> 16) & 0xFFFF) + 1) >> 1
            adjusted = ((packed & 0xFFFF) + 1) >> 1
            loss, rest = divmod((value & -value).bit_length() - 1, loss_stride)
            row = rest // row_stride
            missing = max(want - row, 0)
            ahead = max(low, self.push * missing + adjusted)
            if fields:
                steep = min((packed >> shift) & 0xFFFF for shift in fields) - 3 * _STEEP_OFFSET
                ahead = max(ahead, _STEEP * missing + steep // 3)
            scored.append((loss + _REFUND * row + ahead, -min(row, want), code))
        scored.sort()
        return {code: layer[code] for _, _, code in scored[: self.beam]}

    # -- reading the result ----------------------------------------------------------------

    def _lowest(self, row: int) -> int:
        """The final bit of the least loss with ``row`` melds (then the fewest jokers used and
        aces kept back), or -1."""
        p = self.problem
        block = (1 << p.row_stride) - 1
        value = self.final >> (row * p.row_stride)
        loss = 0
        while value:
            chunk = value & block
            if chunk:
                return self.index(loss, row, 0, 0) + (chunk & -chunk).bit_length() - 1
            value >>= self.loss_stride
            loss += 1
        return -1

    def frontier(self) -> dict[int, int]:
        """Meld count -> the least real loss of an arrangement with exactly that many melds,
        for the counts found within the bounds."""
        found: dict[int, int] = {}
        for row in range(self.rows):
            bit = self._lowest(row)
            if bit >= 0:
                found[row] = self.split(bit)[0] + _REFUND * row
        return found

    def rebuild(self, row: int) -> list[tuple[str, ...]]:
        """The melds of the arrangement of least loss with ``row`` melds (found by walking
        back from its final bit, taking the first way there in a fixed order)."""
        assert not self._swaps, "a search that traded suits cannot retrace its steps"
        p = self.problem
        bit = self._lowest(row)
        assert bit >= 0, "no arrangement with that many melds was found"
        loss, row, used, kept = self.split(bit)
        bit = self.index(loss - (p.jokers - used) * p.joker_value, row, used, kept)
        code = 0
        actions: dict[tuple[int, int], tuple[object, ...]] = {}
        for i in range(len(self.steps) - 1, 0, -1):
            kind, position, s, _ = self.steps[i]
            previous = self.steps[i - 1][3]
            if kind == "suit":
                code, bit, option = self._back_suit(previous, position, s, code, bit)
                actions[(position, s)] = (option.close, option.action, option.use)
            elif kind == "set":
                code, bit, way = self._back_set(previous, code, bit)
                actions[(position, -1)] = way
            else:
                code = self._back_merge(previous, code, bit)
        return _lay_out(actions)

    def _source(
        self, bit: int, loss: int, melds: int, jokers: int, ace: int, mask: int, value: int
    ) -> int:
        """The bit a move with these components came from, or -1 if not in ``value``."""
        a, r, u, k = self.split(bit)
        a, r, u = a - loss, r - melds, u - jokers
        if a < 0 or r < 0 or u < 0 or (ace and not k & ace):
            return -1
        source = self.index(a, r, u, k - ace)
        if mask and not mask >> source & 1:
            return -1
        return source if value >> source & 1 else -1

    def _back_suit(
        self, previous: dict[int, int], position: int, s: int, code: int, bit: int
    ) -> tuple[int, int, _Option]:
        p = self.problem
        slot = p.ace_slot[s]
        ace = 1 << slot if slot >= 0 else 0
        for state in range(_STATES):
            options = p.options(position, s, state)
            for option, (dcode, _, mask) in zip(
                options, self._suit_moves(position, s, state), strict=True
            ):
                if option.use == _SET and not code >> (_SET_SHIFT + s) & 1:
                    continue
                source = code - dcode
                if source < 0 or (source >> (4 * s)) & 15 != state:
                    continue
                value = previous.get(source)
                if value is None:
                    continue
                found = self._source(
                    bit,
                    option.loss - _REFUND * option.melds,
                    option.melds,
                    option.jokers,
                    ace if option.keep_ace else 0,
                    mask,
                    value,
                )
                if found >= 0:
                    return source, found, option
        raise AssertionError("the meld search could not retrace its steps")  # pragma: no cover

    def _back_set(
        self, previous: dict[int, int], code: int, bit: int
    ) -> tuple[int, int, tuple[int, int]]:
        p = self.problem
        if previous.get(code, 0) >> bit & 1:
            return code, bit, (0, 0)
        for suits in range(3, 16):
            ways = _SET_WAYS.get(suits.bit_count(), ())
            source = code | suits << _SET_SHIFT
            value = previous.get(source)
            if value is None:
                continue
            for melds, jokers in ways:
                if jokers > p.jokers:
                    continue
                mask = self._block_mask(jokers, 0, 0) if jokers else 0
                loss = jokers * (p.joker_value - 1)
                found = self._source(bit, loss, melds, jokers, 0, mask, value)
                if found >= 0:
                    return source, found, (melds, jokers)
        raise AssertionError("the meld search could not retrace its steps")  # pragma: no cover

    def _back_merge(self, previous: dict[int, int], code: int, bit: int) -> int:
        p = self.problem
        candidates = [code]
        if self.split(bit)[2] == p.jokers:
            for s in range(4):
                state = (code >> (4 * s)) & 15
                twin = {_R2: _G, _R3: _Q}.get(state)
                if twin is not None:
                    candidates += [c + ((twin - state) << (4 * s)) for c in candidates]
        for candidate in candidates:
            if previous.get(candidate, 0) >> bit & 1:
                return candidate
        raise AssertionError("the meld search could not retrace its steps")  # pragma: no cover


class _Table(dict):  # type: ignore[type-arg]
    """A dict that works out a missing entry when it is first read."""

    def __init__(self, work_out: Callable[[int], int]):
        super().__init__()
        self.work_out = work_out

    def __missing__(self, key: int) -> int:
        value = self[key] = self.work_out(key)
        return value


class _TooMuchWork(Exception):
    """A search went past its work limit."""


@cache
def _splits(jokers: int) -> tuple[tuple[int, int, int, int], ...]:
    """Every way to share out at most ``jokers`` jokers between the four suits."""
    return tuple(
        split for split in itertools.product(range(jokers + 1), repeat=4) if sum(split) <= jokers
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


def _code(position: int, s: int) -> str:
    return f"{_RANK_AT[position]}{_SUITS[s].value}"


def _lay_out(actions: dict[tuple[int, int], tuple[object, ...]]) -> list[tuple[str, ...]]:
    """Replay the actions of a path position by position into melds."""
    melds: list[tuple[str, ...]] = []
    open_runs: list[list[str] | None] = [None, None, None, None]
    for position in range(_LOW, _END + 1):
        in_set: list[str] = []
        for s in range(4):
            close, action, use = actions.get((position, s), ("", "none", _NONE))
            run = open_runs[s]
            if close:
                assert run is not None
                melds.append((JOKER, *run) if close == "closeJ" else tuple(run))
                open_runs[s] = run = None
            if position == _END:
                continue
            card = _code(position, s)
            if action == "cont":
                assert run is not None
                run.append(card)
            elif action == "gap":
                assert run is not None
                run.append(JOKER)
            elif action == "start":
                open_runs[s] = [card]
            elif action == "pre":
                open_runs[s] = [JOKER, card]
            if use == _SET:
                in_set.append(card)
        if in_set:
            melds_made, jokers = actions[(position, -1)]
            if jokers == 0:
                melds.append(tuple(in_set))
            elif melds_made == 1:
                melds.append((*in_set, JOKER))
            else:
                melds.append((in_set[0], in_set[1], JOKER))
                melds.append((in_set[2], in_set[3], JOKER))
    assert all(run is None for run in open_runs)
    return [_place_end_joker(meld) for meld in melds]


def _prepare(
    cards: Iterable[str], trump: str | Suit | None, jokers: int, factor: int
) -> tuple[tuple[int, int, int, int], tuple[int, int, int, int]]:
    _check_int(jokers, "jokers", 0, MAX_JOKERS)
    _check_int(factor, "trump_run_factor", 1, 3)
    suit = parse_trump(trump)
    if isinstance(cards, str):
        raise ValueError("cards must be a list of card codes, not one string.")
    held = [0, 0, 0, 0]
    for card in parse_cards(cards):
        position = _POSITION[card.rank]
        held[_SUIT_INDEX[card.suit]] |= 1 << position
        if card.rank == "A":
            held[_SUIT_INDEX[card.suit]] |= 1 << 1
    return (held[0], held[1], held[2], held[3]), _multipliers(suit, factor)


def _place_end_joker(meld: tuple[str, ...]) -> tuple[str, ...]:
    """A run's end joker is written at the end where it fits (after the top card if it can)."""
    if not meld or meld[0] != JOKER or len({code[-1] for code in meld[1:]}) != 1:
        return meld
    natural = meld[1:]
    if len({code[:-1] for code in natural}) == 1:
        return meld
    first = _POSITION[natural[0][:-1]] if natural[0][:-1] != "A" else 1
    last = _POSITION[natural[-1][:-1]]
    if last < 14 and not (first == 1 and last == 13) and last - first + 2 <= 13:
        return (*natural, JOKER)
    return meld


def _sort_melds(melds: Iterable[tuple[str, ...]]) -> tuple[tuple[str, ...], ...]:
    """Runs suit by suit from the lowest card, then sets by rank."""

    def key(meld: tuple[str, ...]) -> tuple[int, int, int, tuple[str, ...]]:
        natural = [parse_card(code) for code in meld if code != JOKER]
        if len({card.rank for card in natural}) == 1:
            return (1, _POSITION[natural[0].rank], 0, meld)
        low = 1 if natural[0].rank == "A" and natural[-1].rank != "A" else None
        start = low or _POSITION[natural[0].rank]
        return (0, _SUIT_INDEX[natural[0].suit], start, meld)

    return tuple(sorted(melds, key=key))


def best_melds(
    cards: Iterable[str],
    *,
    trump: str | Suit | None = None,
    min_melds: int = 0,
    jokers: int = 0,
    trump_run_factor: int = 2,
) -> MeldPlan:
    """The best way to lay ``cards`` (card codes like ``"QS"``, ``"10H"``) as melds.

    Among the arrangements with at least ``min_melds`` melds, one with the most points; if no
    arrangement has that many melds, one with the most points overall. Of those with the most
    points, one with the most melds; other ties are broken deterministically. ``trump``: a
    suit name or None for no-trump; ``jokers``: 0 to 2 wild cards; ``trump_run_factor``: 2, or
    3 for double-trump runs. Raises ValueError for unknown or repeated card codes and bad
    arguments, and :class:`RuleError` (a ValueError) when the answer would take too long to
    work out (see :data:`WORK_LIMIT`).

    Answers are remembered (the last :data:`MEMO_SIZE` piles), so asking again with the same
    cards in any order costs nothing.
    """
    _check_int(min_melds, "min_melds", 0, 1000)
    held, mult = _prepare(cards, trump, jokers, trump_run_factor)
    most = (sum(_count_bits(h >> 2) for h in held) + jokers) // 3
    return _plan(held, mult, jokers, min(min_melds, most + 1))


def meld_tradeoff(
    cards: Iterable[str],
    *,
    trump: str | Suit | None = None,
    jokers: int = 0,
    trump_run_factor: int = 2,
) -> dict[int, int]:
    """For each number of melds the cards can be laid as, the most points with exactly that many.

    A full suit in no-trump: ``{0: 0, 1: 55, 2: 45, 3: 35, 4: 25}``. Remembered like
    :func:`best_melds`; raises :class:`RuleError` when it would take too long to work out.
    """
    held, mult = _prepare(cards, trump, jokers, trump_run_factor)
    return dict(_tradeoff(held, mult, jokers))


#: How many piles' answers are remembered (each answer is small).
MEMO_SIZE = 256
#: The most work one call may do, in moves tried (weighted by the size of their bit sets): about
#: a fifth of a second of CPU (some 0.3 microseconds a unit on the 2-core reference machine).
#: No pile the rules can produce (bids of 1 to 6) comes near it: benchmarks/melds.py reports the
#: largest share used, a few per cent; past it the call gives up with a RuleError rather than
#: hold a server thread. Asking for 15 melds or more of a whole pack with a trump and two jokers
#: can reach it.
WORK_LIMIT = 650_000
#: The work limit of meld_tradeoff, which no request of the web app calls (random piles of 39
#: cards with two jokers take the most of benchmarks/melds.py's: about a tenth of this; the
#: whole pack, whose counts the quick searches and bounds settle, a few per cent).
TRADEOFF_WORK_LIMIT = 3_000_000
_TOO_LONG = T_(
    "Working out the best melds for these cards takes too long here; type the melds in instead."
)
_BEAM = 8  # states kept per step by a quick search
_STEEP_FROM = 13  # best_melds also bounds what many melds cost when asked for more than this
_RATES = (0, _REFUND, _STEEP)  # losses per meld for lower bounds on a whole pile
_MOST_BID = 6  # the highest bid (Sviten Special rulings, rule 2)
_PUSHES = (_REFUND, 4, 8)  # how eagerly successive quick searches make melds


class _Budget:
    """The work left to one call, shared by its searches."""

    def __init__(self, limit: int):
        self.limit = self.left = limit

    def search(self, problem: _Problem, bounds: Sequence[int | None], **quick: int) -> _Search:
        try:
            found = _Search(problem, bounds, self.left, **quick)
        except _TooMuchWork:
            raise RuleError(_TOO_LONG, field="melds") from None
        self.left -= found.work
        return found


@lru_cache(maxsize=MEMO_SIZE)
def _plan(
    held: tuple[int, int, int, int], mult: tuple[int, int, int, int], jokers: int, want: int
) -> MeldPlan:
    """The answer of :func:`best_melds`, remembered: a MeldPlan is immutable."""
    # Very many melds: also bound what many melds cost (it takes longer to set up).
    problem = _Problem(held, mult, jokers, steep=want > _STEEP_FROM)
    melds, units = _solve(problem, want, _Budget(WORK_LIMIT))
    laid = _sort_melds(melds)
    trump = next((_SUITS[s] for s in range(4) if mult[s] > 1), None)
    points = meld_points(laid, trump, trump_run_factor=max(mult), jokers=jokers)
    assert points == 5 * units, "the melds laid out must score what the search found"
    return MeldPlan(melds=laid, points=points, count=len(laid))


def _solve(problem: _Problem, want: int, budget: _Budget) -> tuple[list[tuple[str, ...]], int]:
    """The melds and units of the best arrangement with at least ``want`` melds.

    Quick searches (a few states per step) look for a good arrangement; the exact search then
    only looks for a strictly better one (less loss, or as little with more melds), which its
    lower bounds usually rule out within a few steps. When the quick searches find nothing
    (many melds asked for, or more than the cards can make), exact searches look from a lower
    bound up.
    """
    ceiling, rows = problem.ceiling, problem.rows
    if want >= rows:  # more melds than the cards can make: the most points
        want = 0
    loose = [ceiling if final >= want else None for final in range(rows)]
    for push in _PUSHES:
        quick = budget.search(problem, loose, beam=_BEAM, want=want, push=push)
        found = _best_reaching(quick, want)
        if found is not None:
            loss, count = found
            # Strictly better: less loss, or as little with more melds; counts whose lower
            # bound (for a whole pile, sharper than the search's own) rules that out are left out.
            rates = _RATES if want > _MOST_BID else _RATES[:2]
            strict = [
                None if final < want or problem.least_loss(final, rates) > most else most
                for final, most in (
                    (final, loss - 1 if final <= count else loss) for final in range(rows)
                )
            ]
            if all(bound is None for bound in strict):
                return quick.rebuild(count), ceiling - loss
            exact = budget.search(problem, strict)
            better = _best_reaching(exact, want)
            if better is not None:
                loss, count = better
                return exact.rebuild(count), ceiling - loss
            return quick.rebuild(count), ceiling - loss
    # No quick arrangement: look for the least loss from the lower bound up (the same most
    # loss for every count, so that the least found is the least there is).
    least = {final: problem.least_loss(final, _RATES) for final in range(want, rows)}
    most, step = min(least.values()), 1
    while True:
        bounds = [most if final >= want and least[final] <= most else None for final in range(rows)]
        exact = budget.search(problem, bounds)
        found = _best_reaching(exact, want)
        if found is not None:
            loss, count = found
            return exact.rebuild(count), ceiling - loss
        if most >= ceiling:  # no arrangement has that many melds: the most points
            return _solve(problem, 0, budget)
        most, step = min(ceiling, most + step), 2 * step


def _best_reaching(search: _Search, want: int) -> tuple[int, int] | None:
    """The least loss found with at least ``want`` melds, and the most melds with it."""
    found = {count: loss for count, loss in search.frontier().items() if count >= want}
    if not found:
        return None
    loss = min(found.values())
    return loss, max(count for count, value in found.items() if value == loss)


@lru_cache(maxsize=MEMO_SIZE)
def _tradeoff(
    held: tuple[int, int, int, int], mult: tuple[int, int, int, int], jokers: int
) -> tuple[tuple[int, int], ...]:
    """The answer of :func:`meld_tradeoff` as (melds, points) pairs, remembered."""
    problem = _Problem(held, mult, jokers, steep=True)
    losses = _tradeoff_losses(problem, _Budget(TRADEOFF_WORK_LIMIT))
    return tuple((count, 5 * (problem.ceiling - loss)) for count, loss in sorted(losses.items()))


def _tradeoff_losses(problem: _Problem, budget: _Budget) -> dict[int, int]:
    """Meld count -> the least loss with exactly that many melds, for every count possible.

    Quick searches find arrangements for many counts (the richest, and one with at least
    about half the melds; a third one aiming at the most melds seldom found what the exact
    search then did not have to find again); dropping the cheapest melds of the richest gives
    arrangements with fewer, splitting long runs ones with more. For the most melds, a start
    of sets of three and short runs (_many_melds), joined run by run for fewer (_join_runs).
    Lower bounds from the suits (for several rates of loss per meld) prove most counts (on the
    whole pack, every count: no exact search runs); exact searches then look for
    strictly better arrangements only for the others, and for the counts no quick search
    reached (first as cheap as the lower bound allows, then at any loss). They only count,
    so they merge the states of suits that trade places (see _Search._canonical).
    """
    ceiling, rows = problem.ceiling, problem.rows
    known: dict[int, int] = {0: ceiling}

    def learn(count: int, loss: int) -> None:
        if 0 <= count < rows and loss < known.get(count, ceiling + 1):
            known[count] = loss

    for want, push in ((0, _REFUND), (rows // 2, 4)):
        quick = budget.search(
            problem,
            [ceiling if final >= want else None for final in range(rows)],
            beam=2 * _BEAM,
            want=want,
            push=push,
        )
        found = quick.frontier()
        for count, loss in found.items():
            learn(count, loss)
        if found:  # fewer melds: drop the cheapest; more: split the longest runs
            for count in (min(found, key=lambda c: (found[c], -c)), max(found)):
                melds = quick.rebuild(count)
                loss = found[count]
                units = sorted(_units(meld, problem.mult) for meld in melds)
                for dropped, value in enumerate(units, 1):
                    loss += value
                    learn(count - dropped, loss)
                for extra, cost in enumerate(_split_costs(melds, problem.mult), 1):
                    found_loss = found[count] + cost
                    learn(count + extra, found_loss)
    # Very many melds: sets of three and short runs, then fewer by joining runs (checked like
    # laid melds, so that a slip here could never pass for an answer).
    trump = next((_SUITS[s] for s in range(4) if problem.mult[s] > 1), None)
    factor = max(problem.mult)
    melds = _many_melds(problem.held, problem.mult, problem.jokers)
    pile = [_code(p, s) for s in range(4) for p in range(2, _HIGH + 1) if problem.held[s] >> p & 1]
    meld_points(melds, trump, trump_run_factor=factor, cards=pile, jokers=problem.jokers)
    while melds:
        units = sum(validate_meld(meld, trump, trump_run_factor=factor) for meld in melds) // 5
        learn(len(melds), ceiling - units)
        melds = _join_runs(melds, trump, factor)
    ordered = sorted(known)
    rates = {0, _REFUND, _STEEP}
    for low, high in itertools.pairwise(ordered):
        if high == low + 1:
            rates.add(known[high] - known[low])
    bound = {count: problem.least_loss(count, sorted(rates)) for count in range(rows)}
    found = {count: loss for count, loss in known.items() if loss <= bound[count]}
    # Strictly better than the arrangements known, as good as the lower bound for the rest.
    wanted = [
        None if count in found else known[count] - 1 if count in known else bound[count]
        for count in range(rows)
    ]
    for _ in range(2):
        if all(value is None for value in wanted):
            break
        search = budget.search(problem, wanted, symmetric=True)
        for count, loss in search.frontier().items():
            if loss < known.get(count, ceiling + 1):
                known[count] = loss
        found.update(
            {
                count: known[count]
                for count in range(rows)
                if wanted[count] is not None and count in known
            }
        )
        # Counts still unknown: at any loss, to learn whether they can be made at all.
        wanted = [None if count in found else ceiling for count in range(rows)]
    return {count: loss for count, loss in known.items()}


def _many_melds(held: tuple[int, ...], mult: tuple[int, ...], jokers: int) -> list[tuple[str, ...]]:
    """An arrangement with many melds, most of three cards (a witness for the counts the quick
    searches seldom reach): rank by rank, sets of three from the suits that are not trumps;
    then each suit's cards left (trumps first), every row of cards in a row cut into as many
    runs as it can make, a joker completing a run of two; then pairs of a rank with a joker
    left. Not the best arrangement: a start for _join_runs. The ace is only high here."""
    left = [{p for p in range(2, _HIGH + 1) if h >> p & 1} for h in held]
    melds: list[tuple[str, ...]] = []
    plain = [s for s in range(4) if mult[s] == 1]
    for position in range(2, _HIGH + 1):
        holders = [s for s in plain if position in left[s]]
        if len(holders) >= 3:
            melds.append(tuple(_code(position, s) for s in holders[:3]))
            for s in holders[:3]:
                left[s].discard(position)
    for s in sorted(range(4), key=lambda t: -mult[t]):
        rows: list[list[int]] = []
        for position in sorted(left[s]):
            if rows and position == rows[-1][-1] + 1:
                rows[-1].append(position)
            else:
                rows.append([position])
        for row in rows:
            n = len(row)
            runs = min(n // 2, (n + jokers) // 3)
            if not runs:
                continue
            with_joker = max(0, 3 * runs - n)
            jokers -= with_joker
            cuts = [2] * with_joker + [3] * (runs - with_joker)
            cuts[-1] += n - sum(cuts)  # the rest on the last run
            first = 0
            for size in cuts:
                cards = tuple(_code(p, s) for p in row[first : first + size])
                melds.append((*cards, JOKER) if size == 2 else cards)
                left[s].difference_update(row[first : first + size])
                first += size
    for position in range(2, _HIGH + 1):
        holders = [s for s in range(4) if position in left[s]]
        if len(holders) >= 2 and jokers:
            melds.append((*(_code(position, s) for s in holders[:2]), JOKER))
            jokers -= 1
    return melds


def _join_runs(
    melds: list[tuple[str, ...]], trump: Suit | None, factor: int
) -> list[tuple[str, ...]]:
    """One meld fewer, joining the two runs of a suit whose joined run adds the most (two runs
    of three in trumps: 2 x factor units), or [] when no two runs make one."""
    runs: dict[str, list[int]] = {}  # suit letter -> the runs of that suit
    for i, meld in enumerate(melds):
        natural = [code for code in meld if code != JOKER]
        if len({code[:-1] for code in natural}) > 1:  # a run, not a set
            runs.setdefault(natural[0][-1], []).append(i)
    best, pair = 0, None
    for members in runs.values():
        for i, j in itertools.combinations(members, 2):
            first, second = melds[i], melds[j]
            if JOKER in first and JOKER in second:
                continue
            try:
                joined = validate_meld(first + second, trump, trump_run_factor=factor)
            except ValueError:
                continue
            gain = joined - validate_meld(first, trump, trump_run_factor=factor)
            gain -= validate_meld(second, trump, trump_run_factor=factor)
            if pair is None or gain > best:
                best, pair = gain, (i, j)
    if pair is None:
        return []
    i, j = pair
    return [meld for k, meld in enumerate(melds) if k not in pair] + [melds[i] + melds[j]]


def _split_costs(melds: list[tuple[str, ...]], mult: tuple[int, ...]) -> list[int]:
    """The extra loss of laying ``melds`` as one, two, ... more melds by splitting runs of six
    cards or more into three and the rest, the cheapest first (two units times the trump
    factor each)."""
    runs = []
    for meld in melds:
        natural = [parse_card(code) for code in meld if code != JOKER]
        if len({card.rank for card in natural}) > 1:
            runs.append((mult[_SUIT_INDEX[natural[0].suit]], len(meld)))
    costs, total = [], 0
    while True:
        splittable = [(m, n) for m, n in runs if n >= 6]
        if not splittable:
            return costs
        m, n = min(splittable)
        runs.remove((m, n))
        runs += [(m, 3), (m, n - 3)]
        total += 2 * m
        costs.append(total)


def _units(meld: tuple[str, ...], mult: tuple[int, ...]) -> int:
    """What one laid meld adds, in units: its cards less two, times the trump factor for a
    run of the trump suit."""
    natural = [parse_card(code) for code in meld if code != JOKER]
    if len({card.rank for card in natural}) == 1:
        return len(meld) - 2
    return mult[_SUIT_INDEX[natural[0].suit]] * (len(meld) - 2)


# --- checking melds that players lay ---------------------------------------------------------


def _said(error: ValueError) -> Text:
    """What a refusal says: a RuleError's text, or any other error's English."""
    return error.text if isinstance(error, RuleError) else T_(str(error))


def meld_label(meld: Sequence[str | Card]) -> str:
    """How a player reads a meld: ``7♣ 8♣ 9♣`` (a joker shows as ``Joker``)."""
    parts = []
    for item in meld:
        if isinstance(item, Card):
            parts.append(item.label)
        elif _is_joker(item):
            parts.append("Joker")
        else:
            try:
                parts.append(parse_card(item).label)
            except ValueError:
                parts.append(str(item))
    return " ".join(parts)


def _run_positions(positions: list[int], joker: bool) -> bool:
    """Do these distinct positions (1..14, ace as one of its two) make a run with the joker?"""
    low, high = min(positions), max(positions)
    span = high - low + 1
    if low == 1 and high == 14:
        return False
    if span == len(positions):
        if not joker:
            return span >= 3
        # The joker goes on one end, without making the ace both low and high.
        up = high < 14 and not (low == 1 and high == 13)
        down = low > 1 and not (low == 2 and high == 14)
        return span + 1 >= 3 and (up or down)
    return joker and span == len(positions) + 1 and span >= 3


def validate_meld(
    meld: Sequence[str],
    trump: str | Suit | None = None,
    *,
    trump_run_factor: int = 2,
    field: str | None = "melds",
    deal: int | None = None,
) -> int:
    """Check one laid meld (card codes, a joker as ``"JOKER"``) and return its points.

    Raises :class:`RuleError` with a sentence for the players: ``"7♣ 8♣ 10♣ is not a run or a
    set"``, ``"a run cannot turn the corner K-A-2"`` ...
    """
    where = {"field": field, "deal": deal}
    suit = parse_trump(trump)
    if isinstance(meld, str) or not isinstance(meld, Sequence):
        raise RuleError(T_("A meld must be a list of cards."), **where)
    natural: list[Card] = []
    joker_count = 0
    for code in meld:
        if _is_joker(code):
            joker_count += 1
            continue
        try:
            card = code if isinstance(code, Card) else parse_card(code)
        except ValueError as error:
            raise RuleError(_said(error), **where) from None
        if card in natural:
            raise RuleError(T_("%(card)s is listed twice in one meld", card=card.label), **where)
        natural.append(card)
    label = meld_label(meld)
    if joker_count > 1:
        raise RuleError(T_("%(meld)s: a meld may hold only one joker", meld=label), **where)
    if len(natural) + joker_count < 3 or len(natural) < 2:
        if len(natural) + joker_count < 3:
            raise RuleError(
                T_("%(meld)s is not a run or a set: a meld needs three cards", meld=label), **where
            )
        raise RuleError(
            T_("%(meld)s: a meld needs at least two cards besides the joker", meld=label), **where
        )
    size = len(natural) + joker_count
    ranks = {card.rank for card in natural}
    if len(ranks) == 1:
        if size > 4:
            raise RuleError(
                T_("%(meld)s is not a run or a set: a set has at most four cards", meld=label),
                **where,
            )
        return 5 * size - 10
    suits = {card.suit for card in natural}
    if len(suits) != 1:
        raise RuleError(T_("%(meld)s is not a run or a set", meld=label), **where)
    if size > 13:
        raise RuleError(
            T_("%(meld)s is not a run or a set: a run has at most 13 cards", meld=label), **where
        )
    raw = [_POSITION[card.rank] for card in natural]
    candidates = [raw]
    if 14 in raw:
        candidates.append([1 if p == 14 else p for p in raw])
    if not any(_run_positions(c, joker_count == 1) for c in candidates):
        if _turns_corner(raw, joker_count == 1):
            raise RuleError(T_("a run cannot turn the corner K-A-2"), **where)
        raise RuleError(T_("%(meld)s is not a run or a set", meld=label), **where)
    factor = _check_int(trump_run_factor, "trump_run_factor", 1, 3)
    multiplier = factor if suit is not None and natural[0].suit is suit else 1
    return multiplier * (5 * size - 10)


def _turns_corner(positions: list[int], joker: bool) -> bool:
    """Would these ranks (ace as 14) be a run if the ranks went round the corner K-A-2?"""
    circular = sorted((p - 2) % 13 for p in positions)  # 2 -> 0 ... K -> 11, A -> 12
    n = len(circular)
    for start in range(n):
        rotated = [(c - circular[start]) % 13 for c in circular]
        span = max(rotated) + 1
        if span == n or (joker and span == n + 1):
            return True
    return False


def meld_points(
    melds: Iterable[Sequence[str]],
    trump: str | Suit | None = None,
    *,
    trump_run_factor: int = 2,
    cards: Iterable[str | Card] | None = None,
    jokers: int | None = None,
    owner: str = T_("The pair"),
    field: str | None = "melds",
    deal: int | None = None,
) -> int:
    """Check an arrangement of laid melds and return its points.

    Each meld must be legal (:func:`validate_meld`) and no card may be in two melds. When
    ``cards`` is given every natural card must be among them (the pair's captured cards); when
    ``jokers`` is given the melds may use at most that many jokers.
    """
    where = {"field": field, "deal": deal}
    seen: set[Card] = set()
    total = 0
    used_jokers = 0
    pile: set[Card] | None = None
    if cards is not None:
        pile = {card if isinstance(card, Card) else parse_card(card) for card in cards}
    for meld in melds:
        total += validate_meld(
            meld, trump, trump_run_factor=trump_run_factor, field=field, deal=deal
        )
        for code in meld:
            if _is_joker(code):
                used_jokers += 1
                continue
            card = code if isinstance(code, Card) else parse_card(code)  # type: ignore[arg-type]
            if card in seen:
                raise RuleError(T_("%(card)s is in two melds", card=card.label), **where)
            seen.add(card)
            if pile is not None and card not in pile:
                raise RuleError(
                    T_("%(owner)s did not capture %(card)s", owner=owner, card=card.label), **where
                )
    if jokers is not None and used_jokers > jokers:
        held = T_("no jokers") if jokers == 0 else Tn_("%(num)s joker", "%(num)s jokers", jokers)
        raise RuleError(
            Tn_(
                "%(owner)s laid %(num)s joker but held %(held)s",
                "%(owner)s laid %(num)s jokers but held %(held)s",
                used_jokers,
                owner=owner,
                held=held,
            ),
            **where,
        )
    return total
