"""How fast the Bismarck pages are: median time to render a finished 12-deal game's page and to
record one deal, next to a trivial route (the polling endpoint) in the same run.

    python benchmarks/bismarck_pages.py [--rounds 200]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # for the tests' table driver

from scorekeeper import create_app
from tests.web.bismarck_client import Table
from tests.web.test_bismarck_pages import play_modern_game


def timed(call, rounds: int) -> list[float]:
    samples = []
    for _ in range(rounds):
        start = time.perf_counter()
        call()
        samples.append((time.perf_counter() - start) * 1000)
    return samples


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rounds", type=int, default=200)
    rounds = parser.parse_args().rounds
    with tempfile.TemporaryDirectory() as tmp:
        app = create_app(
            {"SECRET_KEY": "bench", "DATABASE_URL": f"sqlite:///{Path(tmp) / 'bench.sqlite3'}"}
        )
        client = app.test_client()
        finished = Table(client)
        finished.start()
        play_modern_game(finished)
        page = client.get(finished.url)
        assert page.status_code == 200 and "Game over" in page.get_data(as_text=True)

        # Games waiting for deal 1's tricks, one per recording to time.
        waiting = []
        for _ in range(rounds):
            table = Table(client)
            table.start()
            table.token = finished.token
            table.announce(1, "sang")
            waiting.append(table)

        def record_one():
            table = waiting.pop()
            response = table.record(1, (8, 4, 4), seq=1)
            assert response.status_code == 303

        results = {
            "game page, finished 12-deal game (GET)": timed(
                lambda: client.get(finished.url), rounds
            ),
            "record one deal (POST + redirect)": timed(record_one, rounds),
            "trivial route: polling endpoint (GET)": timed(
                lambda: client.get(f"{finished.url}/seq"), rounds
            ),
        }
        print(f"{'what':45} {'median ms':>10} {'p90 ms':>8}   ({rounds} rounds)")
        for name, samples in results.items():
            p90 = statistics.quantiles(samples, n=10)[-1]
            print(f"{name:45} {statistics.median(samples):10.2f} {p90:8.2f}")
        print(f"game page size: {len(page.data)} bytes of HTML")


if __name__ == "__main__":
    main()
