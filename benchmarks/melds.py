"""How fast the Sviten Special meld solver is: ``python benchmarks/melds.py [--hands N]``.

Times :func:`best_melds` on random hands (a seeded random generator, so every run sees the same
hands) of 13, 26, 39 and 52 cards, the 52-card hands being the whole pack with a random trump
suit, and the whole pack with two jokers; each once as the solver is called for the most
points (no minimum) and once with a declarer's bid (a minimum of 1 to 6 melds). Prints the
median and the worst time of each, in milliseconds of process time. Targets: the whole pack
under 20 ms, under 100 ms with two jokers.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from scorekeeper.games.cards import full_pack
from scorekeeper.games.melds import best_melds, meld_tradeoff

PACK = [card.code for card in full_pack()]
TRUMPS = [None, "spades", "hearts", "diamonds", "clubs"]


def _row(label: str, times: list[float]) -> str:
    return f"{label:<44} {len(times):>5} {statistics.median(times):>9.2f} {max(times):>9.2f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=200, help="hands per row (default 200)")
    parser.add_argument("--seed", type=int, default=20240607)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    cases: list[tuple[str, int, int]] = [
        ("13 cards", 13, 0),
        ("26 cards", 26, 0),
        ("39 cards", 39, 0),
        ("52 cards (the whole pack)", 52, 0),
        ("the whole pack, two jokers", 52, 2),
        ("26 cards, two jokers", 26, 2),
        ("39 cards, two jokers", 39, 2),
    ]
    print(f"{'hand':<44} {'hands':>5} {'median':>9} {'worst':>9}   (ms of process time)")
    for label, size, jokers in cases:
        count = args.hands if jokers == 0 or size < 52 else max(20, args.hands // 4)
        for bid in (False, True):
            times = []
            for _ in range(count):
                cards = rng.sample(PACK, size)
                trump = rng.choice(TRUMPS)
                wanted = rng.randint(1, 6) if bid else 0
                start = time.process_time()
                best_melds(cards, trump=trump, jokers=jokers, min_melds=wanted)
                times.append((time.process_time() - start) * 1000)
            print(_row(f"{label}{', a bid of 1-6' if bid else ''}", times))
    for size, jokers in ((26, 0), (39, 2)):
        times = []
        for _ in range(max(10, args.hands // 10)):
            cards = rng.sample(PACK, size)
            start = time.process_time()
            meld_tradeoff(cards, jokers=jokers)
            times.append((time.process_time() - start) * 1000)
        print(_row(f"meld_tradeoff, {size} cards, {jokers} jokers", times))


if __name__ == "__main__":
    main()
