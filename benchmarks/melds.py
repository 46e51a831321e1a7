"""How fast the Sviten Special meld solver is, and whether it keeps issue 12's budgets.

    python benchmarks/melds.py [--hands 40] [--repeat 3] [--check [--headroom 1.5]]

Times :func:`best_melds` and :func:`meld_tradeoff` in milliseconds of process time (CPU time
is steadier than wall time on a shared machine). Each pile is timed ``--repeat`` times with
the solver's memo emptied first and the least time counts (a slow moment of the machine says
nothing about the solver); a table gives the median and the worst pile of each case.

The cases: random piles (a seeded generator, so every run sees the same piles) of 13, 26 and
39 cards with no joker, one or two, and the whole pack with a random trump, each for the most
points (no bid) and with a bid of 1 to 6 melds; issue 12's table (the whole pack with 0, 1 or
2 jokers, no trump and hearts, no bid, a bid of 6 and at least 13 melds); a pile asked for
again (served from the memo); and ``meld_tradeoff`` on the whole pack and on random piles.

Issue 12's budgets: every ``best_melds`` call at most 100 ms, the median of every case at most
25 ms, and ``meld_tradeoff`` on the whole pack with two jokers at most 100 ms (about 45 ms, with
or without trumps). ``--check`` exits with status 1 when a budget times ``--headroom`` (default
1.5, for noisy shared CI machines) is broken. The last column is the largest share of the
solver's work limit a pile used: the guard that stops any one call (a RuleError) is far from
the piles measured here.
"""

from __future__ import annotations

import argparse
import gc
import random
import statistics
import sys
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from scorekeeper.games.cards import full_pack
from scorekeeper.games.sviten import melds
from scorekeeper.games.sviten.melds import best_melds, meld_tradeoff

PACK = [card.code for card in full_pack()]
TRUMPS = [None, "spades", "hearts", "diamonds", "clubs"]
MEDIAN_BUDGET_MS = 25  # the median of every best_melds case
WORST_BUDGET_MS = 100  # every best_melds call
TRADEOFF_BUDGET_MS = 100  # meld_tradeoff on the whole pack with two jokers: issue 12's target

Call = Callable[[], object]


class Case:
    """A row of the table: calls to time and the budgets they are held to (ms)."""

    def __init__(self, label: str, calls: list[Call], median: float | None, worst: float | None):
        self.label, self.calls, self.median_budget, self.worst_budget = label, calls, median, worst
        self.times: list[float] = []
        self.work = 0.0


def _forget() -> None:
    """Empty the solver's memo (the code before issue 12 had none)."""
    for name in ("_plan", "_tradeoff"):
        cached = getattr(melds, name, None)
        if cached is not None:
            cached.cache_clear()


class _WorkMeter:
    """The share of the work limit one call used (a diagnostic: it peeks at the solver)."""

    def __init__(self) -> None:
        self.budgets: list[object] = []
        budget_class = getattr(melds, "_Budget", None)
        if budget_class is None:
            return
        original = budget_class.__init__

        def record(budget: object, limit: int) -> None:
            original(budget, limit)
            self.budgets.append(budget)

        budget_class.__init__ = record

    def share(self) -> float:
        shares = [
            (budget.limit - budget.left) / budget.limit  # type: ignore[attr-defined]
            for budget in self.budgets
        ]
        self.budgets.clear()
        return max(shares, default=0.0)


def time_call(call: Call, repeat: int, meter: _WorkMeter, cold: bool = True) -> tuple[float, float]:
    """The least process time of ``repeat`` runs (ms), and the share of the work limit used
    (more than 1 when the solver gave up with a RuleError)."""
    best = float("inf")
    share = 0.0
    for _ in range(repeat):
        if cold:
            _forget()
        gc.disable()  # a collection of someone else's garbage is not the solver's time
        start = time.process_time()
        try:
            call()
        except ValueError:  # a RuleError: the work limit was reached
            share = 2.0
        finally:
            spent = (time.process_time() - start) * 1000
            gc.enable()
        best = min(best, spent)
        share = max(share, meter.share())
    return best, share


def build_cases(hands: int, seed: int) -> list[Case]:
    rng = random.Random(seed)
    cases: list[Case] = []
    for size in (13, 26, 39, 52):
        for jokers in (0, 1, 2):
            for bid in (False, True):
                calls: list[Call] = []
                for _ in range(hands):
                    cards = rng.sample(PACK, size)
                    trump = rng.choice(TRUMPS)
                    wanted = rng.randint(1, 6) if bid else 0
                    calls.append(
                        partial(best_melds, cards, trump=trump, jokers=jokers, min_melds=wanted)
                    )
                what = "the whole pack" if size == 52 else f"{size} cards"
                label = f"{what}, {jokers} joker{'s' if jokers != 1 else ''}"
                label += ", bid 1-6" if bid else ", no bid"
                cases.append(Case(label, calls, MEDIAN_BUDGET_MS, WORST_BUDGET_MS))
    for jokers in (0, 1, 2):
        for trump in (None, "hearts"):
            for wanted, what in ((0, "no bid"), (6, "bid 6"), (13, "13 melds")):
                call: Call = partial(best_melds, PACK, trump=trump, jokers=jokers, min_melds=wanted)
                label = f"issue: pack, {jokers} j, {trump or 'no trump'}, {what}"
                cases.append(Case(label, [call], MEDIAN_BUDGET_MS, WORST_BUDGET_MS))
    for jokers in (0, 1, 2):
        for trump in (None, "hearts"):
            call = partial(meld_tradeoff, PACK, trump=trump, jokers=jokers)
            budget = TRADEOFF_BUDGET_MS if jokers == 2 else None
            label = f"tradeoff: pack, {jokers} j, {trump or 'no trump'}"
            cases.append(Case(label, [call], budget, budget))
    for size, jokers in ((26, 0), (39, 2)):
        calls = []
        for _ in range(max(3, hands // 4)):
            cards = rng.sample(PACK, size)
            trump = rng.choice(TRUMPS)
            calls.append(partial(meld_tradeoff, cards, trump=trump, jokers=jokers))
        cases.append(Case(f"tradeoff: {size} cards, {jokers} j", calls, None, None))
    return cases


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=40, help="random piles per case (40)")
    parser.add_argument("--repeat", type=int, default=3, help="runs per pile, least counts (3)")
    parser.add_argument("--seed", type=int, default=20240607)
    parser.add_argument("--check", action="store_true", help="exit 1 if a budget is broken")
    parser.add_argument("--headroom", type=float, default=1.5, help="budget factor for --check")
    args = parser.parse_args()
    meter = _WorkMeter()
    cases = build_cases(args.hands, args.seed)
    head = f"{'case':<44} {'calls':>5} {'median':>8} {'worst':>8} {'budget':>11} {'work':>5}"
    print(f"{head}   (ms of process time; budget: median/worst)")
    broken: list[str] = []
    every_call: list[float] = []
    for case in cases:
        for call in case.calls:
            spent, share = time_call(call, args.repeat, meter)
            case.times.append(spent)
            case.work = max(case.work, share)
        median, worst = statistics.median(case.times), max(case.times)
        if not case.label.startswith("tradeoff"):
            every_call += case.times
        budget = (
            f"{case.median_budget:.0f}/{case.worst_budget:.0f}"
            if case.median_budget is not None and case.worst_budget is not None
            else "-"
        )
        flags = []
        if case.median_budget is not None and median > case.median_budget * args.headroom:
            flags.append("median")
        if case.worst_budget is not None and worst > case.worst_budget * args.headroom:
            flags.append("worst")
        over = [
            name
            for name, value, limit in (
                ("median", median, case.median_budget),
                ("worst", worst, case.worst_budget),
            )
            if limit is not None and value > limit
        ]
        if case.work > 1:
            over.append("work limit")
            broken.append(f"{case.label}: the solver gave up (work limit)")
        mark = f"  over {'+'.join(over)}" if over else ""
        print(
            f"{case.label:<44} {len(case.times):>5} {median:>8.1f} {worst:>8.1f} {budget:>11}"
            f" {min(case.work, 1):>5.0%}{mark}"
        )
        broken += [f"{case.label}: {flag} over budget x {args.headroom}" for flag in flags]
    repeated = partial(best_melds, PACK, trump="hearts", jokers=2, min_melds=13)
    repeated()
    memo, _ = time_call(repeated, args.repeat, meter, cold=False)
    print(f"{'the same pile again (memo)':<44} {1:>5} {memo:>8.2f} {memo:>8.2f}")
    overall = statistics.median(every_call)
    print(f"\nall best_melds calls: median {overall:.1f} ms, worst {max(every_call):.1f} ms")
    if overall > MEDIAN_BUDGET_MS * args.headroom:
        broken.append(f"median of all best_melds calls over budget x {args.headroom}")
    if args.check:
        for line in broken:
            print(f"BUDGET BROKEN: {line}", file=sys.stderr)
        if not broken:
            print(f"all meld budgets met (with headroom x {args.headroom})")
        return 1 if broken else 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
