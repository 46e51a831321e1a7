"""How fast the seating planner is, and how even its plans are.

    python benchmarks/seating.py [--repeat 3] [--check [--headroom 1.5]]
    python benchmarks/seating.py --grid [--jobs 2]

The default run times :func:`scorekeeper.evenings.seating.plan` on evenings a club would ask for
(3 to 40 players, up to 12 rounds, every table size, in pairs too) and the slowest the planner
can be (the search's whole work limit on a large evening). Times are milliseconds of process
time, the least of ``--repeat`` runs (a slow moment of the machine says nothing about the
planner). The budget is issue 17's: every evening a club would give under a second.
``--check`` exits with status 1 when a plan takes longer than BUDGET_MS times ``--headroom``.

``--grid`` plans every input with 2 to 40 players and 1 to 12 rounds at tables of two, three
and four and four in pairs (1812 plans, several minutes) and prints the table in the
planner's docstring: how many are even (meetings spread at most one), how many have no pair
meeting twice while another has not met, and how many cannot be even by the two counting
arguments given there; then the uneven ones no argument explains, and the slowest plans.
"""

from __future__ import annotations

import argparse
import gc
import sys
import time
from multiprocessing import Pool
from pathlib import Path
from typing import NamedTuple

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from scorekeeper.evenings.seating import plan

BUDGET_MS = 1000

#: (players, table size, pairs, rounds): Bismarck (3), Klaberjass (2), Sviten Special (4 in
#: pairs) and tables of four without pairs; perfect designs, near misses, sit-outs, the largest.
CASES = [
    (9, 3, False, 4),
    (10, 3, False, 4),
    (12, 3, False, 5),
    (15, 3, False, 7),
    (18, 3, False, 8),
    (21, 3, False, 10),
    (24, 3, False, 11),
    (31, 3, False, 12),
    (40, 3, False, 12),
    (6, 2, False, 5),
    (11, 2, False, 11),
    (40, 2, False, 12),
    (8, 4, True, 7),
    (9, 4, True, 6),
    (12, 4, True, 11),
    (14, 4, True, 8),
    (20, 4, True, 12),
    (31, 4, True, 11),
    (40, 4, True, 12),
    (16, 4, False, 5),
    (24, 4, False, 7),
    (36, 4, False, 12),
    (38, 4, False, 12),
    (7, 4, False, 12),
]


class Row(NamedTuple):
    players: int
    size: int
    pairs: bool
    rounds: int
    method: str
    ms: float
    meetings: tuple[int, int]
    partners: tuple[int, int] | None


def measure(case: tuple[int, int, bool, int], repeat: int = 1) -> Row:
    players, size, pairs, rounds = case
    best = float("inf")
    for _ in range(repeat):
        gc.collect()
        start = time.process_time()
        result = plan(players, rounds, size, pairs=pairs)
        best = min(best, (time.process_time() - start) * 1000)
    met, partnered = result.meeting_spread(), result.partnership_spread()
    return Row(
        players,
        size,
        pairs,
        rounds,
        result.method,
        best,
        (met.fewest, met.most),
        (partnered.fewest, partnered.most) if pairs else None,
    )


def cannot_be_even(players: int, size: int, rounds: int) -> bool:
    """Whether one of the two counting arguments of the planner's docstring forbids an even
    plan (meetings spread at most one)."""
    tables, out = divmod(players, size)
    pairs = players * (players - 1) // 2
    total = rounds * tables * size * (size - 1) // 2
    low, high = total // pairs, -(-total // pairs)
    slots = rounds * out
    played = {rounds - slots // players, rounds - -(-slots // players)}
    if any(not low * (players - 1) <= p * (size - 1) <= high * (players - 1) for p in played):
        return True
    return high <= 1 and rounds >= 2 and size > tables and out < tables * (size - tables)


def spread_text(spread: tuple[int, int] | None) -> str:
    return "" if spread is None else f"{spread[0]}–{spread[1]}"


def kind(size: int, pairs: bool) -> str:
    return f"{size} in pairs" if pairs else str(size)


def benchmark(repeat: int, check: bool, headroom: float) -> int:
    print(f"plan(): ms of CPU, least of {repeat}; budget {BUDGET_MS} ms")
    header = f"{'players':>7}  {'table':<10}  {'rounds':>6}  {'ms':>7}  meet  partners  method"
    print(header)
    print("-" * len(header))
    slow = []
    for case in CASES:
        row = measure(case, repeat)
        print(
            f"{row.players:>7}  {kind(row.size, row.pairs):<10}  {row.rounds:>6}  {row.ms:>7.1f}"
            f"  {spread_text(row.meetings):<4}  {spread_text(row.partners):<8}  {row.method}"
        )
        if row.ms > BUDGET_MS * headroom:
            slow.append(row)
    if check and slow:
        print(f"over budget ({BUDGET_MS} ms x {headroom}): {len(slow)}", file=sys.stderr)
        return 1
    return 0


def grid(jobs: int) -> int:
    cases = [
        (players, size, pairs, rounds)
        for size, pairs in ((2, False), (3, False), (4, False), (4, True))
        for players in range(size, 41)
        for rounds in range(1, 13)
    ]
    with Pool(jobs) as pool:
        rows = pool.map(measure, cases, chunksize=4)
    print(f"{'tables':<18} {'inputs':>6} {'even':>5} {'no pair twice':>14} {'provably not':>13}")
    unexplained = []
    for size, pairs in ((2, False), (3, False), (4, False), (4, True)):
        mine = [r for r in rows if r.size == size and r.pairs == pairs]
        even = [r for r in mine if r.meetings[1] - r.meetings[0] <= 1]
        fair = [r for r in mine if not (r.meetings[1] >= 2 and r.meetings[0] == 0)]
        proved = [r for r in mine if r not in even and cannot_be_even(r.players, size, r.rounds)]
        unexplained += [r for r in mine if r not in even and r not in proved]
        print(
            f"{'of ' + kind(size, pairs):<18} {len(mine):>6} {len(even):>5} {len(fair):>14}"
            f" {len(proved):>13}"
        )
        if pairs:
            partners = [r for r in mine if r.partners and r.partners[1] - r.partners[0] <= 1]
            print(f"  partnerships even: {len(partners)} of {len(mine)}")
    print("\nuneven, and no counting argument says it must be (players, table, rounds: spread):")
    print(
        ", ".join(
            f"{r.players}/{kind(r.size, r.pairs)}/{r.rounds}: {spread_text(r.meetings)}"
            for r in unexplained
        )
    )
    print("\nslowest (ms, with other plans running alongside):")
    for r in sorted(rows, key=lambda r: -r.ms)[:5]:
        print(f"  {r.players}/{kind(r.size, r.pairs)}/{r.rounds}: {r.ms:.0f} ms ({r.method})")
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--check", action="store_true")
    parser.add_argument("--headroom", type=float, default=1.5)
    parser.add_argument("--grid", action="store_true")
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    if args.grid:
        return grid(args.jobs)
    return benchmark(args.repeat, args.check, args.headroom)


if __name__ == "__main__":
    sys.exit(main())
