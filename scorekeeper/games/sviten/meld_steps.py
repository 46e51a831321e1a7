"""The meld solver's steps (:mod:`.melds`): the run states of one suit, what one suit can do
at one position, and the lower bounds, worked out per suit backwards, on what it will still
lose. Shared by the solver's modules; nothing here is for other callers."""

from __future__ import annotations

from functools import cache, lru_cache
from typing import NamedTuple

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
