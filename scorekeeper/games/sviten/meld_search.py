"""The meld solver's exact search (:mod:`.melds`): positions 1 (the ace low) to 14 (the ace
high), then the closing of every run, over bit sets of what is reachable; the melds rebuilt by
walking back through its steps; and the work budget every call shares."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from scorekeeper.games.events import RuleError
from scorekeeper.games.sviten.meld_check import _POSITION, _RANK_AT, _SUITS, JOKER
from scorekeeper.games.sviten.meld_problem import _count_bits, _Problem, _repeat
from scorekeeper.games.sviten.meld_steps import (
    _BEAM_SLACK,
    _DEAD,
    _DEAD_PACKED,
    _END,
    _G,
    _HIGH,
    _LOW,
    _NATURAL_TWIN,
    _NEED_SHIFT,
    _NONE,
    _Q,
    _R2,
    _R3,
    _REFUND,
    _SET,
    _SET_FIELD,
    _SET_SHIFT,
    _SET_WAYS,
    _STATES,
    _STEEP,
    _STEEP_OFFSET,
    _Option,
)
from scorekeeper.games.text import T_

#: How many piles' answers are remembered (each answer is small).
MEMO_SIZE = 256
_TOO_LONG = T_(
    "Working out the best melds for these cards takes too long here; type the melds in instead."
)
_BEAM = 8  # states kept per step by a quick search


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
        self._block_masks: dict[tuple[int, int, int, int], int] = {}
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
        self,
        layer: dict[int, int],
        low_byte: Mapping[int, int],
        high_byte: Mapping[int, int],
        set_bits: Mapping[int, int],
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


class _TooMuchWork(Exception):
    """A search went past its work limit."""


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


class _Budget:
    """The work left to one call, shared by its searches."""

    def __init__(self, limit: int):
        self.limit = self.left = limit

    def search(
        self,
        problem: _Problem,
        bounds: Sequence[int | None],
        *,
        beam: int = 0,
        want: int = 0,
        push: int = _REFUND,
        symmetric: bool = False,
    ) -> _Search:
        """A search within the work left (RuleError past it); the keywords as for _Search."""
        try:
            found = _Search(
                problem, bounds, self.left, beam=beam, want=want, push=push, symmetric=symmetric
            )
        except _TooMuchWork:
            raise RuleError(_TOO_LONG, field="melds") from None
        self.left -= found.work
        return found
