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
A dynamic programme over the 14 rank *positions*: 1 is the ace low, 2..13 the two to the king,
14 the ace high. Its state is, for each suit, the run open in that suit (none; one or two
natural cards, which must go on; three or more, which may stop; and the joker variants: a
joker just filled a gap, so a natural card must follow; a run that holds its joker already).
Position by position, and suit by suit within a position, each card goes on an open run,
starts a run, goes into the rank's set or stays out; a run may stop and a new one start at
once, which is how a long run is laid as several shorter ones. The state also carries the
suits whose card goes into the current rank's set and, when a minimum is asked for, the melds
so far (capped at that minimum).

Everything else lives in the *value* of a state: a Python integer used as a bit set with one
bit for each reachable combination of (loss, melds, jokers used, aces kept back for the high
end). A step is a shift and an OR on the whole integer, done in C. The *loss* is what the
cards seen so far could at best have scored (their suit's multiplier each, the largest
multiplier per joker used) minus what they did score, plus a lower bound on what is still to
be lost (an idle suit will lose a little; a one-card run loses its second card). It never goes
down along a path, so a quick legal arrangement (:func:`_greedy`) gives an exact bound: any
partial arrangement whose loss already exceeds the quick one's can be dropped. A state whose
joker run could as well be a natural run is dropped when the natural twin does at least as
well. The answer is read off the last layer and the melds are rebuilt by walking back.

Jokers need no position of their own. A set's joker is an extra card. A joker at the *end* of
a run is taken when the run starts, wherever it will stand (so it can stand for a card the
pair lays in another run of the same suit); only a joker filling a *gap* inside a run takes
the run's place at that rank, and the natural card of the gap may still join the rank's set.
Any arrangement can be rewritten into this form with the same melds count and points.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache

from scorekeeper.games.cards import Card, Suit, parse_card, parse_cards
from scorekeeper.games.events import RuleError

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
        raise ValueError(f"{trump!r} is not a suit (spades, hearts, diamonds or clubs).")
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


# --- the solver: per-suit run states and their options ---------------------------------------

# Run states of one suit (four bits of a state code each).
_N = 0  # no open run
_R1 = 1  # a natural run of one card: must go on
_R2 = 2  # a natural run of two cards: must go on
_R3 = 3  # a natural run of three or more: may close
_GB = 4  # a joker just filled a gap after 2+ cards: a natural card must follow (meld counted)
_GA = 5  # a run with its joker and one natural card: must go on (not counted yet)
_Q = 6  # a run that holds its joker and may close
# The same for a run of a suit holding all of 2..K that took its end joker while starting
# at the ace low (it may not reach the king) or at the two (it may not reach the ace high):
# otherwise it could grow into a 14-card "run".
_GA1, _Q1, _GA2, _Q2 = 7, 8, 9, 10
_STATES = 11

# Position classes.
_FIRST, _SECOND, _MID, _KING, _LAST = 0, 1, 2, 3, 4

# What happens to the natural card of the rank.
_NONE, _RUN, _SET = 0, 1, 2

# Continuing a run with the natural card: new state, melds counted, units (x multiplier).
_CONTINUE = {
    _R1: (_R2, 0, 0),
    _R2: (_R3, 1, 1),
    _R3: (_R3, 0, 1),
    _GB: (_Q, 0, 1),
    _GA: (_Q, 1, 1),
    _Q: (_Q, 0, 1),
    _GA1: (_Q1, 1, 1),
    _Q1: (_Q1, 0, 1),
    _GA2: (_Q2, 1, 1),
    _Q2: (_Q2, 0, 1),
}
# A joker filling the gap at this rank (a natural card must follow).
_GAP = {_R1: (_GA, 0, 0), _R2: (_GB, 1, 1), _R3: (_GB, 0, 1)}
_CLOSABLE = frozenset({_N, _R3, _Q, _Q1, _Q2})
# Sets of k natural cards of one rank: (melds, units, jokers) for each way to lay them.
_SET_WAYS: dict[int, tuple[tuple[int, int, int], ...]] = {
    0: ((0, 0, 0),),
    1: (),
    2: ((1, 1, 1),),
    3: ((1, 1, 0), (1, 2, 1)),
    4: ((1, 2, 0), (2, 2, 2)),
}
_SETBIT = 1 << 16  # bits 16-19 of a state code: the suits whose card goes into the rank's set
_SET_FIELD = 15 * _SETBIT
_SUIT_FIELD = 0xF


def _canon(state: int, jokers: int) -> int:
    """With at most one joker a run's joker never matters again: fold those states."""
    if jokers <= 1:
        if state == _GA:
            return _R2
        if state == _Q:
            return _R3
    return state


# One option for one suit: (new state, use of the natural card, jokers, melds, units
# (x multiplier), ace kept back for the high end, needs a kept-back ace, action tag).
_Option = tuple[int, int, int, int, int, int, int, tuple[str, str]]


@cache
def _suit_options(
    pclass: int,
    state: int,
    held: bool,
    next1: bool,
    next2: bool,
    full_middle: bool,
    high_ace: bool,
    jokers: int,
) -> tuple[_Option, ...]:
    """The useful things one suit can do at one rank position, from run state ``state``.

    ``held``: the pair holds the natural card here; ``next1``/``next2``: it holds the next
    two of the suit (runs that cannot be completed are not started).
    """
    options: list[_Option] = []
    can_start = held and (next1 or (jokers > 0 and next2))
    can_pre = held and jokers > 0 and next1
    if pclass == _FIRST:  # the ace low; every suit starts with no run
        if held:
            if can_start:
                options.append((_R1, _RUN, 0, 0, 0, 0, 0, ("", "start")))
            if can_pre:
                new = _GA1 if full_middle else _canon(_GA, jokers)
                options.append((new, _RUN, 1, 0, 0, 0, 0, ("", "pre")))
            options.append((_N, _SET, 0, 0, 0, 0, 0, ("", "set")))
            keep = 1 if high_ace else 0
            options.append((_N, _NONE, 0, 0, 0, keep, 0, ("", "defer" if keep else "free")))
        else:
            options.append((_N, _NONE, 0, 0, 0, 0, 0, ("", "none")))
        return tuple(options)
    last = pclass == _LAST
    can_continue = (
        held
        and state in _CONTINUE
        and not (state == _Q1 and pclass == _KING)
        and not (state == _Q2 and last)
    )
    if can_continue:
        new, melds, units = _CONTINUE[state]
        need = 1 if last else 0
        options.append((_canon(new, jokers), _RUN, 0, melds, units, 0, need, ("", "cont")))
    if jokers and not last and next1 and state in _GAP:
        new, melds, units = _GAP[state]
        use = _SET if held else _NONE
        options.append((_canon(new, jokers), use, 1, melds, units, 0, 0, ("", "gap")))
    if state in _CLOSABLE:
        close = "" if state == _N else "close"
        if held and not last:
            if can_start:
                options.append((_R1, _RUN, 0, 0, 0, 0, 0, (close, "start")))
            if can_pre:
                new = _GA2 if (pclass == _SECOND and full_middle) else _canon(_GA, jokers)
                options.append((new, _RUN, 1, 0, 0, 0, 0, (close, "pre")))
            options.append((_N, _SET, 0, 0, 0, 0, 0, (close, "set")))
            if not can_continue:
                # Leaving a card out is only useful when no open run could take it.
                options.append((_N, _NONE, 0, 0, 0, 0, 0, (close, "free")))
        else:
            options.append((_N, _NONE, 0, 0, 0, 0, 0, (close, "none")))
    return tuple(options)


# --- the solver: the dynamic programme over positions ----------------------------------------


class _Layout:
    """Where each (loss, melds, jokers used, aces kept back) combination lives in a bit set.

    The *loss* of a partial arrangement is what its cards could at best have added (a suit's
    multiplier per natural card, the largest multiplier per joker used) minus the units it
    did add. It never goes down along a path, which is what makes pruning exact.
    """

    def __init__(self, jokers: int, rows: int, aces: int, width: int, count_melds: bool):
        self.jokers = jokers
        self.rows = rows
        self.aces = aces  # how many aces have a "kept back for the high end" bit
        self.width = width  # loss values 0 .. width - 1
        self.count_melds = count_melds
        self.ace_slots = 1 << aces
        self.block = (jokers + 1) * self.ace_slots  # one row: (jokers used, aces kept)
        self.loss_stride = rows * self.block
        self.size = width * self.loss_stride
        self._repeat = ((1 << self.size) - 1) // ((1 << self.block) - 1)
        self._masks: dict[tuple[int, int, int], int] = {}

    def index(self, loss: int, row: int, used: int, kept: int) -> int:
        return loss * self.loss_stride + row * self.block + used * self.ace_slots + kept

    def split(self, bit: int) -> tuple[int, int, int, int]:
        loss, rest = divmod(bit, self.loss_stride)
        row, rest = divmod(rest, self.block)
        used, kept = divmod(rest, self.ace_slots)
        return loss, row, used, kept

    def shift(self, loss: int, melds: int, used: int, kept: int) -> int:
        return self.index(loss, melds if self.count_melds else 0, used, kept)

    def mask(self, used: int, needed: int = 0, absent: int = 0) -> int:
        """The bits a step may start from that uses ``used`` more jokers, needs the kept-back
        aces ``needed`` and must not have the aces ``absent`` kept back."""
        key = (used, needed, absent)
        found = self._masks.get(key)
        if found is None:
            pattern = 0
            for j in range(self.jokers + 1 - used):
                for kept in range(self.ace_slots):
                    if kept & needed == needed and not kept & absent:
                        pattern |= 1 << (j * self.ace_slots + kept)
            found = self._masks[key] = pattern * self._repeat
        return found

    def joker_slice(self, used: int) -> int:
        """Every bit with exactly ``used`` jokers used."""
        key = (-1, used, 0)
        found = self._masks.get(key)
        if found is None:
            pattern = ((1 << self.ace_slots) - 1) << (used * self.ace_slots)
            found = self._masks[key] = pattern * self._repeat
        return found

    def below(self, loss: int) -> int:
        """Every bit with at most ``loss`` loss."""
        return (1 << ((loss + 1) * self.loss_stride)) - 1

    def cell(self, row: int, used: int) -> int:
        """Every bit of one (melds, jokers used) cell, whatever the loss and the aces."""
        pattern = ((1 << self.ace_slots) - 1) << (row * self.block + used * self.ace_slots)
        repeat = ((1 << self.size) - 1) // ((1 << self.loss_stride) - 1)
        return pattern * repeat


# A move of one sub-step: (change of the state code, bit shift, mask or 0, the components
# (loss, melds, jokers, aces kept, aces needed, aces absent), action).
_Move = tuple[int, int, int, tuple[int, int, int, int, int, int], object]


@dataclass
class _Step:
    kind: str  # "suit", "set", "merge" or "end"
    position: int
    suit: int
    key: tuple[int, ...]  # what the moves of a suit step depend on
    layer: dict[int, int]


_COUNT = 1 << 20  # bits 20 on of a state code: the melds so far, when the state counts them


class _Solver:
    """One run of the dynamic programme over the positions 1 (ace low) to 14 (ace high).

    ``rows``: count the melds in the bit sets, exactly (for the trade-off table).
    ``count_to``: count the melds in the state, up to this many ("at least" from there on).
    ``limit``: drop every partial arrangement whose loss exceeds it (None: keep all).
    ``need``: the limit only has to keep arrangements with at least this many melds.
    """

    def __init__(
        self,
        held: tuple[int, int, int, int],
        mult: tuple[int, int, int, int],
        jokers: int,
        *,
        rows: bool = False,
        count_to: int = 0,
        limit: int | None = None,
        need: int = 0,
    ):
        self.held = held
        self.mult = mult
        self.jokers = jokers
        self.joker_value = max(mult)
        self.count_to = count_to
        self.need = need
        self.ace_bit = [-1, -1, -1, -1]
        aces = 0
        self.full_middle = [False] * 4
        middle = sum(1 << p for p in range(2, 14))
        for s in range(4):
            h = held[s]
            king, queen = bool(h >> 13 & 1), bool(h >> 12 & 1)
            if h >> 14 & 1 and ((king and queen) or (jokers and (king or queen))):
                self.ace_bit[s] = aces
                aces += 1
            self.full_middle[s] = bool(jokers) and h & middle == middle
        self.potential = _potential(held, mult)
        width = 2 * (self.potential + jokers * self.joker_value) + 1  # loss in half units
        height = _most_melds(held, jokers) + 1 if rows else 1
        self.layout = _Layout(jokers, height, aces, width, rows)
        self.limit = 2 * limit if limit is not None else None  # in half units
        self.keep = self.layout.below(self.limit) if self.limit is not None else 0
        self._below: dict[int, int] = {}
        self.moves: dict[tuple[int, ...], list[_Move]] = {}
        self.steps: list[_Step] = []
        self.final: dict[int, int] = {}
        self._run()

    # -- moves ----------------------------------------------------------------------------

    def _suit_key(self, position: int, s: int) -> tuple[int, ...]:
        h = self.held[s]
        idle = (
            min(4 * self.mult[s], bin(h & _MIDDLE & ~((1 << start) - 1)).count("1"))
            for start in (position, position + 1)
        )
        if position == 1:
            pclass = _FIRST
        elif position == 2:
            pclass = _SECOND
        elif position == 13:
            pclass = _KING
        elif position == 14:
            pclass = _LAST
        else:
            pclass = _MID
        held = int(self.ace_bit[s] >= 0) if position == 14 else h >> position & 1
        next1 = h >> (position + 1) & 1 if position < 14 else 0
        next2 = h >> (position + 2) & 1 if position < 13 else 0
        return (pclass, s, held, next1, next2, *idle)

    def _counted(self, count: int, melds: int) -> int:
        """The change of the state code's meld count (it stops at ``count_to``)."""
        return (min(count + melds, self.count_to) - count) * _COUNT

    def _suit_moves(self, key: tuple[int, ...], state: int, count: int) -> list[_Move]:
        """The moves of one suit at one position, with the loss in half units and the lower
        bound :func:`_ahead` folded in (so that every move's loss stays non-negative)."""
        full = (*key, state, count)
        found = self.moves.get(full)
        if found is not None:
            return found
        pclass, s, held, next1, next2, idle_before, idle_after = key
        layout = self.layout
        m = self.mult[s]
        bit = 1 << self.ace_bit[s] if self.ace_bit[s] >= 0 else 0
        moves: list[_Move] = []
        for new, use, dj, dm, du, keep, need, tag in _suit_options(
            pclass,
            state,
            bool(held),
            bool(next1),
            bool(next2),
            self.full_middle[s],
            bit != 0,
            self.jokers,
        ):
            dcode = ((new - state) << (4 * s)) + ((_SETBIT << s) if use == _SET else 0)
            dcode += self._counted(count, dm)
            action = (*tag, use)
            ahead = _ahead(new, m, idle_after) - _ahead(state, m, idle_before)
            if pclass == _LAST and held and use != _RUN:
                # The ace high, not laid: lost if it was kept back, counted already if not.
                for needed, absent, loss in ((bit, 0, 2 * m), (0, bit, 0)):
                    loss += ahead
                    comps = (loss, dm, dj, 0, needed, absent)
                    shift = layout.shift(loss, dm, dj, 0)
                    moves.append((dcode, shift, layout.mask(dj, needed, absent), comps, action))
                continue
            # A card going into the set loses half a unit now, the rest when the set is laid.
            loss = 1 if use == _SET else 2 * m if held and not keep else 0
            loss += 2 * (dj * self.joker_value - du * m) + ahead
            assert loss >= 0, "a move must never lower the loss"
            kept = bit if keep else 0
            needed = bit if need else 0
            comps = (loss, dm, dj, kept, needed, 0)
            shift = layout.shift(loss, dm, dj, kept)
            mask = layout.mask(dj, needed) if (dj or needed) else 0
            moves.append((dcode, shift, mask, comps, action))
        self.moves[full] = moves
        return moves

    def _set_moves(self, suits: int, count: int) -> list[_Move]:
        key = (-1, suits, count)
        found = self.moves.get(key)
        if found is None:
            found = []
            k = bin(suits).count("1")
            potential = sum(self.mult[s] for s in range(4) if suits >> s & 1)
            for way, (dm, du, dj) in enumerate(_SET_WAYS[k]):
                if dj > self.jokers:
                    continue
                loss = 2 * (potential + dj * self.joker_value - du) - k
                shift = self.layout.shift(loss, dm, dj, 0)
                mask = self.layout.mask(dj) if dj else 0
                dcode = -suits * _SETBIT + self._counted(count, dm)
                found.append((dcode, shift, mask, (loss, dm, dj, 0, 0, 0), way))
            self.moves[key] = found
        return found

    # -- the forward pass -------------------------------------------------------------------

    def _start(self) -> dict[int, int]:
        """The empty arrangement, its loss being the lower bound of what is still to come."""
        bound = sum(
            min(4 * m, bin(h & _MIDDLE).count("1"))
            for m, h in zip(self.mult, self.held, strict=True)
        )
        return {0: 1 << self.layout.index(bound, 0, 0, 0)}

    def _run(self) -> None:
        current = self._start()
        for position in range(1, 15):
            quiet = not any(h >> position & 1 for h in self.held) and not any(
                code & 0xFFFF for code in current
            )
            if quiet and (position < 14 or self.layout.aces == 0):
                continue  # no card and no open run: nothing can happen here
            for s in range(4):
                key = self._suit_key(position, s)
                shift4 = 4 * s
                nxt: dict[int, int] = {}
                get = nxt.get
                by_state: dict[int, list[_Move]] = {}
                for code, value in current.items():
                    state = (code >> shift4) & _SUIT_FIELD
                    count = code >> 20
                    selector = state | count << 4
                    moves = by_state.get(selector)
                    if moves is None:
                        moves = by_state[selector] = self._suit_moves(key, state, count)
                    for dcode, shift, mask, _, _ in moves:
                        target = code + dcode
                        if mask:
                            moved = value & mask
                            if moved:
                                nxt[target] = get(target, 0) | (moved << shift)
                        else:
                            nxt[target] = get(target, 0) | (value << shift)
                current = self._prune(nxt)
                self.steps.append(_Step("suit", position, s, key, current))
            if position == 14:
                break
            if not any(code & _SET_FIELD for code in current):
                continue  # no card goes into a set at this rank (and no joker run to fold)
            nxt = {}
            get = nxt.get
            for code, value in current.items():
                for dcode, shift, mask, _, _ in self._set_moves((code >> 16) & 15, code >> 20):
                    target = code + dcode
                    if mask:
                        moved = value & mask
                        if moved:
                            nxt[target] = get(target, 0) | (moved << shift)
                    else:
                        nxt[target] = get(target, 0) | (value << shift)
            current = self._prune(nxt)
            if self.need and self.limit is not None:
                current = self._prune_short(current, position)
            self.steps.append(_Step("set", position, -1, (0, 0, 0, 0, 0), current))
            if self.jokers >= 2:
                current = self._merge(current)
                self.steps.append(_Step("merge", position, -1, (0, 0, 0, 0, 0), current))
        final: dict[int, int] = {}
        for code, value in current.items():
            if all((code >> (4 * s)) & _SUIT_FIELD in _CLOSABLE for s in range(4)):
                count = code >> 20 << 20
                final[count] = final.get(count, 0) | value
        self.final = final
        self.steps.append(_Step("end", 14, -1, (0, 0, 0, 0, 0), final))

    def _prune(self, layer: dict[int, int]) -> dict[int, int]:
        """Drop what can no longer beat the limit, and states another state dominates."""
        keep = self.keep
        if keep:
            result = {c: v & keep for c, v in layer.items() if v & keep}
        else:
            result = {c: v for c, v in layer.items() if v}
        return self._drop_dominated(result) if self.jokers else result

    def _prune_short(self, layer: dict[int, int], position: int) -> dict[int, int]:
        """At the end of a rank: drop what cannot reach ``need`` melds within the limit.

        Each meld still to start loses at least 2; that loss falls on the same cards as an
        idle suit's, so only the excess over the idle suits' bound counts.
        """
        assert self.limit is not None
        idle_of = [
            min(4 * m, bin(h & _MIDDLE & ~((1 << (position + 1)) - 1)).count("1"))
            for m, h in zip(self.mult, self.held, strict=True)
        ]
        result: dict[int, int] = {}
        extras: dict[int, int] = {}
        for code, value in layer.items():
            extra = extras.get(code)
            if extra is None:
                idle = pending = 0
                for s in range(4):
                    state = (code >> (4 * s)) & _SUIT_FIELD
                    if state == _N:
                        idle += idle_of[s]
                    elif state in _PENDING:
                        pending += 1
                extra = extras[code] = 4 * (self.need - (code >> 20) - pending) - idle
            if extra > 0:
                limit = self.limit - extra
                keep = self._below.get(limit)
                if keep is None:
                    keep = self._below[limit] = self.layout.below(limit) if limit >= 0 else 0
                value &= keep
            if value:
                result[code] = value
        return result

    def _closure(self, value: int) -> int:
        """Everything ``value`` dominates: more loss, or a joker fewer kept for that much
        less loss (a joker used adds up to ``joker_value`` units)."""
        layout = self.layout
        step = layout.ace_slots + 2 * self.joker_value * layout.loss_stride
        spread = value
        for _ in range(self.jokers):
            spread |= (spread & layout.mask(1)) << step
        k = layout.loss_stride
        while k < layout.size:
            spread |= spread << k
            k *= 2
        return spread

    def _drop_dominated(self, layer: dict[int, int]) -> dict[int, int]:
        """Drop a state with a run that holds its joker when the same state with natural runs
        instead (which may do all it may, with the same effect) is at least as good."""
        closures: dict[int, int] = {}
        table = _UNFLAG_BYTE
        for code in list(layer):
            plain = (code & ~0xFFFF) | table[code & 0xFF] | table[(code >> 8) & 0xFF] << 8
            if plain == code:
                continue
            other = layer.get(plain)
            if other is None:
                continue
            closure = closures.get(plain)
            if closure is None:
                closure = closures[plain] = self._closure(other)
            if layer[code] | closure == closure:
                del layer[code]
        return layer

    def _merge(self, layer: dict[int, int]) -> dict[int, int]:
        """Once both jokers are used, a run holding one is a run like any other: fold it."""
        both = self.layout.joker_slice(2)
        result: dict[int, int] = {}
        for code, value in layer.items():
            plain = _unflag(code)
            if plain != code:
                spent = value & both
                if spent:
                    value ^= spent
                    result[plain] = result.get(plain, 0) | spent
            if value:
                result[code] = result.get(code, 0) | value
        return result

    # -- reading the result -----------------------------------------------------------------

    def frontier(self) -> dict[int, int]:
        """Meld count (capped at ``count_to`` when the state counts) -> the most units."""
        layout = self.layout
        best: dict[int, int] = {}
        for code, value in self.final.items():
            for row in range(layout.rows):
                count = row if layout.count_melds else code >> 20
                for used in range(layout.jokers + 1):
                    bits = value & layout.cell(row, used)
                    if bits:
                        loss = layout.split((bits & -bits).bit_length() - 1)[0]
                        units = self.potential + used * self.joker_value - loss // 2
                        if units > best.get(count, -1):
                            best[count] = units
        return best

    def find(self, count: int, units: int) -> tuple[int, int]:
        """The final state code and bit of an arrangement with these melds and units."""
        layout = self.layout
        row = count if layout.count_melds else 0
        code = 0 if layout.count_melds else count * _COUNT
        value = self.final.get(code, 0)
        for used in range(layout.jokers + 1):
            loss = 2 * (self.potential + used * self.joker_value - units)
            if not 0 <= loss < layout.width:
                continue
            start = layout.index(loss, row, used, 0)
            chunk = (value >> start) & ((1 << layout.ace_slots) - 1)
            if chunk:
                return code, start + (chunk & -chunk).bit_length() - 1
        raise AssertionError("no such arrangement")  # pragma: no cover

    def _source(self, bit: int, move: _Move, value: int) -> int:
        """The bit a move came from, or -1 when it cannot have produced ``bit``."""
        layout = self.layout
        loss, row, used, kept = layout.split(bit)
        dloss, dm, dj, dkept, needed, absent = move[3]
        loss -= dloss
        used -= dj
        if layout.count_melds:
            row -= dm
        if loss < 0 or used < 0 or row < 0 or dkept & ~kept:
            return -1
        kept &= ~dkept
        if needed & ~kept or absent & kept:
            return -1
        source = layout.index(loss, row, used, kept)
        if not value >> source & 1 or (move[2] and not move[2] >> source & 1):
            return -1
        return source

    def rebuild(self, code: int, bit: int) -> list[tuple[str, ...]]:
        """Walk back from ``bit`` of final state ``code`` and lay out the melds of that path."""
        actions: dict[tuple[int, int], object] = {}
        for index in range(len(self.steps) - 1, -1, -1):
            step = self.steps[index]
            previous = self.steps[index - 1].layer if index else self._start()
            code, bit, action = self._back(step, previous, code, bit)
            if step.kind == "suit":
                actions[(step.position, step.suit)] = action
            elif step.kind == "set":
                actions[(step.position, -1)] = action
        return _lay_out(actions)

    def _back(
        self, step: _Step, previous: dict[int, int], code: int, bit: int
    ) -> tuple[int, int, object]:
        counts = range(self.count_to + 1)
        if step.kind == "end":
            for source, value in previous.items():
                if (
                    source >> 20 << 20 == code
                    and all((source >> (4 * s)) & _SUIT_FIELD in _CLOSABLE for s in range(4))
                    and value >> bit & 1
                ):
                    return source, bit, None
        elif step.kind == "merge":
            spent = self.layout.joker_slice(2) >> bit & 1
            if _unflag(code) != code:
                if not spent and previous.get(code, 0) >> bit & 1:
                    return code, bit, None
            else:
                for source in (code, *(_flagged(code) if spent else ())):
                    if previous.get(source, 0) >> bit & 1:
                        return source, bit, None
        elif step.kind == "set":
            for suits in range(16):
                for count in counts:
                    for move in self._set_moves(suits, count):
                        source = code - move[0]
                        if (source >> 16) & 15 != suits or source >> 20 != count:
                            continue
                        value = previous.get(source)
                        if value is None:
                            continue
                        found = self._source(bit, move, value)
                        if found >= 0:
                            return source, found, move[4]
        else:
            s = step.suit
            for state in range(_STATES):
                for count in counts:
                    for move in self._suit_moves(step.key, state, count):
                        source = code - move[0]
                        if (
                            source < 0
                            or (source >> (4 * s)) & _SUIT_FIELD != state
                            or source >> 20 != count
                        ):
                            continue
                        value = previous.get(source)
                        if value is None:
                            continue
                        found = self._source(bit, move, value)
                        if found >= 0:
                            return source, found, move[4]
        raise AssertionError("meld solver could not retrace its steps")  # pragma: no cover


_MIDDLE = sum(1 << p for p in range(2, 14))  # the two to the king (aces are left out)
# Runs whose meld is not counted yet: it will be, without further loss.
_PENDING = frozenset({_R1, _R2, _GA, _GA1, _GA2})


def _ahead(state: int, m: int, idle: int) -> int:
    """A lower bound (in half units) on what a suit in run state ``state`` will still lose.

    A suit with no open run loses at least 2 x its multiplier more if a run of it starts
    later, or else half a unit per card it still holds (a card in a set of four loses that
    much): ``idle`` is the smaller. A run of one card loses its second card.
    """
    if state == _N:
        return idle
    if state == _R1:
        return 2 * m
    return 0


def _most_melds(held: tuple[int, int, int, int], jokers: int) -> int:
    """An upper bound on the melds: each has three cards, at most one of them a joker."""
    n_cards = sum(bin(h >> 2).count("1") for h in held)
    return (n_cards + jokers) // 3


def _potential(held: tuple[int, int, int, int], mult: tuple[int, int, int, int]) -> int:
    """The most units the natural cards could add: each suit's multiplier per card."""
    return sum(m * bin(h >> 2).count("1") for m, h in zip(mult, held, strict=True))


def _unflag(code: int) -> int:
    """The state code with every plain joker run (GA, Q) shown as a natural one (R2, R3)."""
    result = code
    for s in range(4):
        state = (code >> (4 * s)) & _SUIT_FIELD
        if state == _GA:
            result += (_R2 - _GA) << (4 * s)
        elif state == _Q:
            result += (_R3 - _Q) << (4 * s)
    return result


_JOKER_RUNS = {_GA: _R2, _Q: _R3, _GA1: _R2, _Q1: _R3, _GA2: _R2, _Q2: _R3}


# Two suits' run states (one byte of a state code) with every run that holds its joker
# shown as a natural run.
_UNFLAG_BYTE = [
    _JOKER_RUNS.get(b & 15, b & 15) | _JOKER_RUNS.get(b >> 4, b >> 4) << 4 for b in range(256)
]


def _flagged(code: int) -> list[int]:
    """Every state code that :func:`_unflag` turns into ``code`` (other than itself)."""
    results = [code]
    for s in range(4):
        state = (code >> (4 * s)) & _SUIT_FIELD
        if state in (_R2, _R3):
            other = _GA if state == _R2 else _Q
            results += [c + ((other - state) << (4 * s)) for c in results]
    return results[1:]


def _greedy(
    held: tuple[int, int, int, int], mult: tuple[int, int, int, int], jokers: int, min_melds: int
) -> int | None:
    """The units of a quick, legal arrangement with at least ``min_melds`` melds (None if this
    simple method finds none). Only used to bound the exact search."""
    runs: list[list[int]] = []  # [multiplier, length, holds a joker]
    free: set[tuple[int, int]] = set()  # (suit, position with the ace as 14) no run took
    for s in range(4):
        h, m = held[s], mult[s]
        best: tuple[int, list[tuple[int, int]]] | None = None
        for low in (False, True):
            positions = [p for p in range(2, 14) if h >> p & 1]
            if h >> 14 & 1:
                positions.append(1 if low else 14)
            positions.sort()
            segments: list[tuple[int, int]] = []
            for p in positions:
                if segments and segments[-1][1] == p - 1:
                    segments[-1] = (segments[-1][0], p)
                else:
                    segments.append((p, p))
            value = sum(m * (b - a - 1) for a, b in segments if b - a >= 2)
            if best is None or value > best[0]:
                best = (value, segments)
        assert best is not None
        for a, b in best[1]:
            if b - a >= 2:
                runs.append([m, b - a + 1, 0])
            else:
                free |= {(s, 14 if p == 1 else p) for p in range(a, b + 1)}
    sets: list[list[int]] = []  # [size, holds a joker]
    for rank in range(2, 15):
        suits = [s for s in range(4) if (s, rank) in free]
        if len(suits) >= 3:
            sets.append([len(suits), 0])
            free -= {(s, rank) for s in suits}
    units = sum(m * (n - 2) for m, n, _ in runs) + sum(k - 2 for k, _ in sets)
    count = len(runs) + len(sets)
    for _ in range(jokers):
        # (gain, more melds, what to change)
        options: list[tuple[int, int, tuple[str, int, tuple[tuple[int, int], ...]]]] = []
        for i, (m, n, j) in enumerate(runs):
            if not j and n <= 12:
                options.append((m, 0, ("run", i, ())))
        for i, (k, j) in enumerate(sets):
            if not j and k == 3:
                options.append((1, 0, ("set", i, ())))
        for a in sorted(free):
            for b in sorted(free):
                if a >= b:
                    continue
                if a[1] == b[1]:
                    options.append((1, 1, ("pair", 0, (a, b))))
                elif a[0] == b[0] and (b[1] - a[1] <= 2 or (b[1] == 14 and a[1] <= 3)):
                    options.append((mult[a[0]], 1, ("pair", 0, (a, b))))
        if not options:
            break
        gain, more, (what, i, cards) = max(options, key=lambda o: (o[0], o[1]))
        units += gain
        count += more
        if what == "run":
            runs[i][2] = 1
        elif what == "set":
            sets[i] = [4, 1]
        else:
            free -= set(cards)
    # More melds: split natural runs of six or more (the cheapest first).
    splits = sorted((m, n) for m, n, j in runs if not j and n >= 6)
    while count < min_melds and splits:
        m, n = splits.pop(0)
        units -= 2 * m
        count += 1
        if n - 3 >= 6:
            splits.append((m, n - 3))
            splits.sort()
    return units if count >= min_melds else None


def _prepare(
    cards: Iterable[str], trump: str | Suit | None, jokers: int, factor: int
) -> tuple[tuple[int, int, int, int], tuple[int, int, int, int], int]:
    _check_int(jokers, "jokers", 0, MAX_JOKERS)
    _check_int(factor, "trump_run_factor", 1, 3)
    suit = parse_trump(trump)
    if isinstance(cards, str):
        raise ValueError("cards must be a list of card codes, not one string.")
    parsed = parse_cards(cards)
    held = [0, 0, 0, 0]
    for card in parsed:
        position = _POSITION[card.rank]
        held[_SUIT_INDEX[card.suit]] |= 1 << position
        if card.rank == "A":
            held[_SUIT_INDEX[card.suit]] |= 1 << 1
    return (held[0], held[1], held[2], held[3]), _multipliers(suit, factor), len(parsed)


def _code(position: int, s: int) -> str:
    return f"{_RANK_AT[position]}{_SUITS[s].value}"


def _lay_out(actions: dict[tuple[int, int], object]) -> list[tuple[str, ...]]:
    """Replay the actions of a path position by position into melds."""
    melds: list[tuple[str, ...]] = []
    open_runs: list[list[str] | None] = [None, None, None, None]
    for position in range(1, 15):
        in_set: list[str] = []
        for s in range(4):
            close, action, use = actions.get((position, s), ("", "none", _NONE))  # type: ignore[misc]
            run = open_runs[s]
            if close == "close":
                assert run is not None
                melds.append(tuple(run))
                open_runs[s] = run = None
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
            way = actions[(position, -1)]
            dj = _SET_WAYS[len(in_set)][way][2]  # type: ignore[index]
            if dj == 0:
                melds.append(tuple(in_set))
            elif dj == 1:
                melds.append((*in_set, JOKER))
            else:
                melds.append((in_set[0], in_set[1], JOKER))
                melds.append((in_set[2], in_set[3], JOKER))
    for run in open_runs:
        if run is not None:
            melds.append(tuple(run))
    return [_place_end_joker(meld) for meld in melds]


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
    arrangement has that many melds, one with the most points overall (and of those, the
    most melds). Other ties are broken deterministically. ``trump``: a suit name or None for
    no-trump; ``jokers``: 0 to 2 wild cards; ``trump_run_factor``: 2, or 3 for double-trump
    runs. Raises ValueError for unknown or repeated card codes and bad arguments.
    """
    _check_int(min_melds, "min_melds", 0, 1000)
    held, mult, _ = _prepare(cards, trump, jokers, trump_run_factor)
    found, units = _search(held, mult, jokers, min_melds)
    melds = _sort_melds(found)
    points = meld_points(melds, trump, trump_run_factor=trump_run_factor, jokers=jokers)
    assert points == 5 * units, "the melds laid out must score what the search found"
    return MeldPlan(melds=melds, points=points, count=len(melds))


def _search(
    held: tuple[int, int, int, int], mult: tuple[int, int, int, int], jokers: int, min_melds: int
) -> tuple[list[tuple[str, ...]], int]:
    """The exact search, pruned by quick arrangements' scores: the melds and their units.

    First the most units whatever the melds count; if that arrangement has too few melds, a
    second search that counts melds, bounded by the better of two quick arrangements with
    enough melds (the best one with runs split, and :func:`_greedy`).
    """
    ceiling = _potential(held, mult) + jokers * max(mult)
    quick = _greedy(held, mult, jokers, 0)
    solver = _Solver(held, mult, jokers, limit=None if quick is None else ceiling - quick)
    units = solver.frontier().get(0, 0)
    melds = solver.rebuild(*solver.find(0, units))
    if len(melds) >= min_melds:
        return melds, units
    wanted = min(min_melds, _most_melds(held, jokers) + 1)
    known = [
        u
        for u in (_greedy(held, mult, jokers, min_melds), _split(melds, mult, jokers, min_melds))
        if u is not None
    ]
    if known:
        limit, need = ceiling - max(known), wanted
    else:
        limit, need = None, 0
    solver = _Solver(held, mult, jokers, count_to=wanted, limit=limit, need=need)
    frontier = solver.frontier()
    if wanted in frontier:
        top, count = frontier[wanted], wanted
    else:  # no arrangement has that many melds: the most points, then the most melds
        assert limit is None and max(frontier.values()) == units
        top, count = units, max(c for c, u in frontier.items() if u == units)
    return solver.rebuild(*solver.find(count, top)), top


def _split(
    melds: list[tuple[str, ...]], mult: tuple[int, int, int, int], jokers: int, wanted: int
) -> int | None:
    """The units of ``melds`` with the cheapest runs split to reach ``wanted`` melds, and the
    jokers they leave unused added to runs without one (each piece can take one now)."""
    units = 0
    costs: list[tuple[int, int]] = []  # (cost of a split, index of the run)
    runs: list[tuple[int, int, bool]] = []  # (multiplier, length, holds a joker)
    for meld in melds:
        natural = [parse_card(code) for code in meld if code != JOKER]
        if len({card.rank for card in natural}) == 1:
            units += len(meld) - 2
            continue
        m = mult[_SUIT_INDEX[natural[0].suit]]
        units += m * (len(meld) - 2)
        costs += [(2 * m, len(runs))] * (len(meld) // 3 - 1)  # each piece keeps three cards
        runs.append((m, len(meld), JOKER in meld))
    missing = wanted - len(melds)
    if missing > len(costs):
        return None
    pieces = [1] * len(runs)
    for cost, run in sorted(costs)[: max(missing, 0)]:
        units -= cost
        pieces[run] += 1
    spare = jokers - sum(meld.count(JOKER) for meld in melds)
    takers = sorted(
        (
            m
            for (m, length, joker), n in zip(runs, pieces, strict=True)
            if not joker
            for _ in range(n)
            if n > 1 or length <= 12
        ),
        reverse=True,
    )
    return units + sum(takers[:spare])


def meld_tradeoff(
    cards: Iterable[str],
    *,
    trump: str | Suit | None = None,
    jokers: int = 0,
    trump_run_factor: int = 2,
) -> dict[int, int]:
    """For each number of melds the cards can be laid as, the most points with exactly that many.

    A full suit in no-trump: ``{0: 0, 1: 55, 2: 45, 3: 35, 4: 25}``.
    """
    held, mult, _ = _prepare(cards, trump, jokers, trump_run_factor)
    solver = _Solver(held, mult, jokers, rows=True)
    return {row: 5 * units for row, units in sorted(solver.frontier().items())}


# --- checking melds that players lay ---------------------------------------------------------


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
        raise RuleError("A meld must be a list of cards.", **where)
    natural: list[Card] = []
    joker_count = 0
    for code in meld:
        if _is_joker(code):
            joker_count += 1
            continue
        try:
            card = code if isinstance(code, Card) else parse_card(code)
        except ValueError as error:
            raise RuleError(str(error), **where) from None
        if card in natural:
            raise RuleError(f"{card.label} is listed twice in one meld", **where)
        natural.append(card)
    label = meld_label(meld)
    if joker_count > 1:
        raise RuleError(f"{label}: a meld may hold only one joker", **where)
    if len(natural) + joker_count < 3 or len(natural) < 2:
        if len(natural) + joker_count < 3:
            raise RuleError(f"{label} is not a run or a set: a meld needs three cards", **where)
        raise RuleError(f"{label}: a meld needs at least two cards besides the joker", **where)
    size = len(natural) + joker_count
    ranks = {card.rank for card in natural}
    if len(ranks) == 1:
        if size > 4:
            raise RuleError(f"{label} is not a run or a set: a set has at most four cards", **where)
        return 5 * size - 10
    suits = {card.suit for card in natural}
    if len(suits) != 1:
        raise RuleError(f"{label} is not a run or a set", **where)
    if size > 13:
        raise RuleError(f"{label} is not a run or a set: a run has at most 13 cards", **where)
    raw = [_POSITION[card.rank] for card in natural]
    candidates = [raw]
    if 14 in raw:
        candidates.append([1 if p == 14 else p for p in raw])
    if not any(_run_positions(c, joker_count == 1) for c in candidates):
        if _turns_corner(raw, joker_count == 1):
            raise RuleError("a run cannot turn the corner K-A-2", **where)
        raise RuleError(f"{label} is not a run or a set", **where)
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
    owner: str = "The pair",
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
                raise RuleError(f"{card.label} is in two melds", **where)
            seen.add(card)
            if pile is not None and card not in pile:
                raise RuleError(f"{owner} did not capture {card.label}", **where)
    if jokers is not None and used_jokers > jokers:
        held = "no jokers" if jokers == 0 else f"{jokers} joker" + ("s" if jokers > 1 else "")
        raise RuleError(
            f"{owner} laid {used_jokers} joker{'s' if used_jokers > 1 else ''} but held {held}",
            **where,
        )
    return total
