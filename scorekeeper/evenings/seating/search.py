"""The seating search (:mod:`scorekeeper.evenings.seating`): a greedy start, then moves that
lower a penalty which is zero exactly when meetings (and partnerships) are even. It proves
nothing; it is bounded by a count of moves, never by a clock."""

from __future__ import annotations

import random
from collections.abc import Sequence
from itertools import combinations
from typing import Any

from scorekeeper.evenings.seating.designs import RawRound, _sit_out_schedule

#: The seats of a table when players sit in pairs: N, E, S, W, partners opposite.
PARTNER_SEAT = (2, 3, 0, 1)


# --- the search ---------------------------------------------------------------------------------


def _band(total: int, pairs: int) -> tuple[int, int]:
    """The counts an even spread of ``total`` meetings over ``pairs`` pairs takes: all ``low``,
    or ``low`` and ``low + 1``."""
    low = total // pairs
    return low, low + (1 if total % pairs else 0)


def _penalties(low: int, high: int, most: int) -> list[int]:
    """What a pair that meets c times costs, c = 0 .. most + 1: nothing inside [low, high],
    then more steeply the further outside (so one pair three times away costs more than three
    pairs one away)."""
    costs = []
    for count in range(most + 2):
        gap = low - count if count < low else max(count - high, 0)
        costs.append(gap**3 + gap)
    return costs


def _greedy(n: int, rounds: int, k: int, pairs: bool) -> list[RawRound]:
    """A first plan, round by round: the sit-outs in turn, and each player (in a shuffled but
    fixed order) at the table where they have met the others least so far."""
    rng = random.Random(n * 1000 + k)
    t = n // k
    met = [0] * (n * n)
    partnered = [0] * (n * n)
    plan: list[RawRound] = []
    for out in _sit_out_schedule(n, k, rounds):
        present = [p for p in range(n) if p not in out]
        rng.shuffle(present)
        tables: list[list[int]] = [[] for _ in range(t)]
        for p in present:
            best, where = -1, 0
            for index, table in enumerate(tables):
                if len(table) == k:
                    continue
                score = sum(met[p * n + x] for x in table) * 4
                if pairs and len(table) >= 2:
                    score += partnered[p * n + table[len(table) - 2]] * 3
                if best < 0 or score < best:
                    best, where = score, index
            tables[where].append(p)
        for table in tables:
            for a, b in combinations(table, 2):
                met[a * n + b] += 1
                met[b * n + a] += 1
            if pairs:
                for a, b in ((table[0], table[2]), (table[1], table[3])):
                    partnered[a * n + b] += 1
                    partnered[b * n + a] += 1
        plan.append((tables, out))
    return plan


class _Search:
    """Local search over whole plans: late-acceptance hill climbing (accept a move that is no
    worse than now or than the plan of ``HISTORY`` moves ago) on the penalty of
    :func:`_penalties`, with three moves: two players of a round change tables; a sitting-out
    player takes a seated player's place (only where the sit-outs stay fair); and, in pairs,
    the four at a table change partners. Half the moves start from a pair that meets more
    often than the even spread allows."""

    HISTORY = 10  # moves: a longer memory accepts worse plans for longer, and did worse
    HOT = 0.5  # the share of moves that start from a pair meeting too often
    SIT = 0.2  # of the other moves: sit-out exchanges (when some sit out) ...
    REPAIR = 0.4  # ... and, up to this share, new partners at a table (in pairs)

    def __init__(self, n: int, k: int, pairs: bool, start: list[RawRound]):
        self.n, self.k, self.pairs = n, k, pairs
        self.tables = [[list(table) for table in tables] for tables, _ in start]
        self.out = [list(out) for _, out in start]
        rounds = len(start)
        self.at = [[-1] * n for _ in range(rounds)]
        for r, tables in enumerate(self.tables):
            for index, table in enumerate(tables):
                for p in table:
                    self.at[r][p] = index
        self.met = [0] * (n * n)
        self.partnered = [0] * (n * n)
        for tables in self.tables:
            for table in tables:
                for a, b in combinations(table, 2):
                    self.met[a * n + b] += 1
                    self.met[b * n + a] += 1
                if pairs:
                    for a, b in ((table[0], table[2]), (table[1], table[3])):
                        self.partnered[a * n + b] += 1
                        self.partnered[b * n + a] += 1
        all_pairs = n * (n - 1) // 2
        t = n // k
        low, self.high = _band(rounds * t * k * (k - 1) // 2, all_pairs)
        self.pen = _penalties(low, self.high, rounds)
        plow, self.phigh = _band(rounds * t * 2, all_pairs)
        self.ppen = _penalties(plow, self.phigh, rounds) if pairs else [0] * (rounds + 2)
        self.cost = sum(
            self.pen[self.met[a * n + b]] + self.ppen[self.partnered[a * n + b]]
            for a, b in combinations(range(n), 2)
        )
        self.hot: list[int] = []  # pairs (a * n + b, a < b) meeting or partnered too often
        self.hot_at: dict[int, int] = {}
        for a, b in combinations(range(n), 2):
            self._heat(a, b)
        self.best = self.cost  # the least penalty run() has seen

    def _heat(self, a: int, b: int) -> None:
        key = a * self.n + b if a < b else b * self.n + a
        hot = self.met[key] > self.high or self.partnered[key] > self.phigh
        if hot and key not in self.hot_at:
            self.hot_at[key] = len(self.hot)
            self.hot.append(key)
        elif not hot and key in self.hot_at:
            index = self.hot_at.pop(key)
            last = self.hot.pop()
            if index < len(self.hot):
                self.hot[index] = last
                self.hot_at[last] = index

    def result(self) -> list[RawRound]:
        return [(self.tables[r], self.out[r]) for r in range(len(self.tables))]

    def run(self, work: int, rng: random.Random) -> None:
        """Try ``work`` moves; then :meth:`result` is the best plan seen (and ``best`` its
        penalty; the counts are left as they were after the last move)."""
        rounds = len(self.tables)
        t = self.n // self.k
        swaps = t > 1
        sit_outs = bool(self.out[0])
        if not (swaps or sit_outs or self.pairs) or self.cost == 0:
            return
        best = self.cost
        best_plan = self._copy()
        history = [self.cost] * self.HISTORY
        rand = rng.random
        for step in range(work):
            r = int(rand() * rounds)
            move: tuple[Any, ...] | None
            if swaps and self.hot and rand() < self.HOT:
                move = self._hot_swap(rng)
            else:
                choice = rand()
                if sit_outs and (choice < self.SIT or not (swaps or self.pairs)):
                    move = self._sit_out_move(r, rng)
                elif self.pairs and (choice < self.REPAIR or not swaps):
                    move = self._repair_move(r, rng)
                else:
                    move = self._swap_move(r, rng)
            if move is not None:
                delta = move[0]
                slot = step % self.HISTORY
                if delta <= 0 or self.cost + delta <= history[slot]:
                    self._apply(move)
                    if self.cost < history[slot]:
                        history[slot] = self.cost
                    if self.cost < best:
                        best = self.cost
                        best_plan = self._copy()
                        if best == 0:
                            break
        self._restore(best_plan)
        self.best = best

    # - moves: (delta, kind, ...) ------------------------------------------------------------

    def _hot_swap(self, rng: random.Random) -> tuple[Any, ...] | None:
        n = self.n
        a, x = divmod(self.hot[_below(rng, len(self.hot))], n)
        if rng.random() < 0.5:
            a, x = x, a
        together = [r for r, at in enumerate(self.at) if at[a] >= 0 and at[a] == at[x]]
        if not together:
            return None
        r = together[_below(rng, len(together))]
        if self.pairs and rng.random() < 0.3:
            return self._repair_move(r, rng, self.at[r][a])
        return self._swap_move(r, rng, a)

    def _swap_move(self, r: int, rng: random.Random, a: int = -1) -> tuple[Any, ...] | None:
        tables = self.tables[r]
        count = len(tables)
        if count < 2:
            return None
        if a < 0:
            ta = _below(rng, count)
            i = _below(rng, self.k)
        else:
            ta = self.at[r][a]
            i = tables[ta].index(a)
        tb = _below(rng, count - 1)
        if tb >= ta:
            tb += 1
        j = _below(rng, self.k)
        A, B = tables[ta], tables[tb]
        a, b = A[i], B[j]
        n, met, pen = self.n, self.met, self.pen
        an, bn = a * n, b * n
        delta = 0
        for x in A:
            if x != a:
                delta += pen[met[an + x] - 1] - pen[met[an + x]]
                delta += pen[met[bn + x] + 1] - pen[met[bn + x]]
        for y in B:
            if y != b:
                delta += pen[met[bn + y] - 1] - pen[met[bn + y]]
                delta += pen[met[an + y] + 1] - pen[met[an + y]]
        if self.pairs:  # four different pairs: a and b sit at different tables
            partnered, ppen = self.partnered, self.ppen
            pa, pb = A[PARTNER_SEAT[i]], B[PARTNER_SEAT[j]]
            for now, step in (
                (partnered[an + pa], -1),
                (partnered[bn + pa], 1),
                (partnered[bn + pb], -1),
                (partnered[an + pb], 1),
            ):
                delta += ppen[now + step] - ppen[now]
        return (delta, "swap", r, ta, i, tb, j)

    def _repair_move(self, r: int, rng: random.Random, ta: int = -1) -> tuple[Any, ...]:
        tables = self.tables[r]
        if ta < 0:
            ta = _below(rng, len(tables))
        x0, x1, x2, x3 = tables[ta]
        seat = 2 if rng.random() < 0.5 else 3  # E and S change places, or S and W
        new = (x0, x1) if seat == 2 else (x0, x3)
        other = (x2, x3) if seat == 2 else (x1, x2)
        changes = ((x0, x2, -1), (x1, x3, -1), (*new, 1), (*other, 1))
        return (self._delta((), changes), "repair", r, ta, seat)

    def _sit_out_move(self, r: int, rng: random.Random) -> tuple[Any, ...] | None:
        """Player x, out in round r, plays there in y's seat and y sits out instead; unless the
        counts of sit-outs allow that alone, y in turn plays in x's seat in a round r2 where y
        sat out and x played."""
        out = self.out[r]
        x = out[_below(rng, len(out))]
        r2, y = -1, -1
        if rng.random() < 0.5:
            r2 = _below(rng, len(self.out))
            if r2 == r or self.at[r2][x] < 0:
                return None
            y = self.out[r2][_below(rng, len(self.out[r2]))]
            if self.at[r][y] < 0:
                return None
        else:
            ta = _below(rng, len(self.tables[r]))
            y = self.tables[r][ta][_below(rng, self.k)]
        if not self._fair_exchange(r, x, y, r2):
            return None
        meets: list[tuple[int, int, int]] = []
        partners: list[tuple[int, int, int]] = []
        seats = [(r, y, x)] + ([(r2, x, y)] if r2 >= 0 else [])
        for round_, leaves, takes in seats:
            table = self.tables[round_][self.at[round_][leaves]]
            for z in table:
                if z != leaves:
                    meets += ((leaves, z, -1), (takes, z, 1))
            if self.pairs:
                partner = table[PARTNER_SEAT[table.index(leaves)]]
                partners += ((leaves, partner, -1), (takes, partner, 1))
        return (self._delta(meets, partners), "sit out", seats, meets, partners)

    def _fair_exchange(self, r: int, x: int, y: int, r2: int) -> bool:
        """Whether x (out in round r) may play in y's place, and y (out in round r2, if any) in
        x's: every count of sit-outs after every round stays within one of every other. Counts
        within one before, that holds exactly when x has sat out more often than y after every
        round from r up to r2 (to the end if there is no r2), and y more often than x after
        every round from r2 up to r."""
        x_count = y_count = 0
        last = len(self.at) if r2 < 0 else max(r, r2)
        for index, at in enumerate(self.at[:last]):
            x_count += at[x] < 0
            y_count += at[y] < 0
            if r <= index and (r2 < 0 or index < r2) and x_count <= y_count:
                return False
            if r2 <= index < r and y_count <= x_count:
                return False
        return True

    def _delta(
        self, meets: Sequence[tuple[int, int, int]], partners: Sequence[tuple[int, int, int]]
    ) -> int:
        """What the plan's penalty changes by when these pairs meet (and partner) that many
        times more (a pair may be listed several times)."""
        n = self.n
        delta = 0
        for counts, pen, changes in (
            (self.met, self.pen, meets),
            (self.partnered, self.ppen, partners),
        ):
            steps: dict[int, int] = {}
            for a, b, step in changes:
                key = a * n + b if a < b else b * n + a
                steps[key] = steps.get(key, 0) + step
            for key, step in steps.items():
                delta += pen[counts[key] + step] - pen[counts[key]]
        return delta

    def _apply(self, move: tuple[Any, ...]) -> None:
        kind = move[1]
        if kind == "swap":
            _, _, r, ta, i, tb, j = move
            A, B = self.tables[r][ta], self.tables[r][tb]
            a, b = A[i], B[j]
            if self.pairs:
                pa, pb = A[PARTNER_SEAT[i]], B[PARTNER_SEAT[j]]
                self._partner(a, pa, -1)
                self._partner(b, pb, -1)
                self._partner(b, pa, 1)
                self._partner(a, pb, 1)
            for x in A:
                if x != a:
                    self._meet(a, x, -1)
                    self._meet(b, x, 1)
            for y in B:
                if y != b:
                    self._meet(b, y, -1)
                    self._meet(a, y, 1)
            A[i], B[j] = b, a
            self.at[r][a], self.at[r][b] = tb, ta
        elif kind == "repair":
            _, _, r, ta, seat = move
            table = self.tables[r][ta]
            x0, x1, x2, x3 = table
            self._partner(x0, x2, -1)
            self._partner(x1, x3, -1)
            if seat == 2:
                table[1], table[2] = x2, x1
            else:
                table[2], table[3] = x3, x2
            self._partner(table[0], table[2], 1)
            self._partner(table[1], table[3], 1)
        else:
            _, _, seats, meets, partners = move
            for a, b, step in meets:
                self._meet(a, b, step)
            for a, b, step in partners:
                self._partner(a, b, step)
            for round_, leaves, takes in seats:
                at = self.at[round_]
                table = self.tables[round_][at[leaves]]
                out = self.out[round_]
                table[table.index(leaves)] = takes
                out[out.index(takes)] = leaves
                at[takes], at[leaves] = at[leaves], -1
        self.cost += move[0]

    def _meet(self, a: int, b: int, step: int) -> None:
        n = self.n
        self.met[a * n + b] += step
        self.met[b * n + a] += step
        self._heat(a, b)

    def _partner(self, a: int, b: int, step: int) -> None:
        n = self.n
        self.partnered[a * n + b] += step
        self.partnered[b * n + a] += step
        self._heat(a, b)

    def _copy(self) -> tuple[list[list[list[int]]], list[list[int]]]:
        return [[list(t) for t in tables] for tables in self.tables], [list(o) for o in self.out]

    def _restore(self, saved: tuple[list[list[list[int]]], list[list[int]]]) -> None:
        self.tables, self.out = saved


def _below(rng: random.Random, count: int) -> int:
    """A number from 0 to count - 1 (``randrange`` is slow for a search's inner loop)."""
    return int(rng.random() * count)
