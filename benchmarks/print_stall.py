"""Whether long PDFs stall the players' pages: game page loads while table-card PDFs are drawn.

Serves the real app as ``scorekeeper serve --host 127.0.0.1`` (its default threads) on a
temporary SQLite database, seeded with a finished 12-deal Bismarck game and a Bismarck evening
of 75 players (25 tables a round) with all four rounds started. Then, in one run:

- **quiet**: 20 loads of the game page, one every 0.1 s, nothing else going on;
- **printing**: the same 20 loads while eight table-card PDFs (rounds 1–4, A4 and Letter: eight
  different drawings) are asked for at once, and again as soon as each answers, until the
  game page's 20 loads are done.

It prints each side's p50/p99/max of the game page, the PDFs' answers (drawn, busy, kept) and
the time of a drawing, and the ratio of the p99s.

    python benchmarks/print_stall.py [--check]

``--check`` exits 1 when the game page's p99 while printing is over 250 ms, or when a PDF answer
is neither a PDF nor the app's "busy, try again" (503 with Retry-After).
"""

from __future__ import annotations

import argparse
import http.client
import os
import statistics
import sys
import tempfile
import threading
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # for the tests' seeding helpers

from benchmarks.server import APP_SERVER, Store, free_port, serving  # noqa: E402

PLAYERS = tuple(f"Player {n}" for n in range(1, 76))  # 25 Bismarck tables a round
LOADS = 20
MAX_P99_MS = 250.0


def seed(database: Path) -> tuple[str, str]:
    """The finished game's token and the evening's."""
    from tests.e2e.evening_table import seed_evening
    from tests.e2e.table import seed_game

    store = Store(database)
    try:
        game = seed_game(store, 12)
        evening = seed_evening(store, played=3, deals=0, players=PLAYERS, rounds=4)
    finally:
        store.close()
    return game, evening


def get(port: int, path: str) -> tuple[int, float, str]:
    """Status, seconds and content type of one GET on a fresh connection."""
    started = time.perf_counter()
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    try:
        connection.request("GET", path, headers={"Accept-Encoding": "gzip"})
        response = connection.getresponse()
        response.read()
        kind = response.getheader("Content-Type", "")
        if response.status == 503 and not response.getheader("Retry-After"):
            kind = "503 without Retry-After"
        return response.status, time.perf_counter() - started, kind
    finally:
        connection.close()


def page_loads(port: int, path: str) -> list[float]:
    times = []
    for _ in range(LOADS):
        status, seconds, _kind = get(port, path)
        assert status == 200, (path, status)
        times.append(seconds)
        time.sleep(0.1)
    return times


def printing(
    port: int, paths: list[str], stop: threading.Event
) -> tuple[Counter[str], list[float], list[threading.Thread]]:
    """Each path asked for by its own thread, again and again until ``stop``."""
    answers: Counter[str] = Counter()
    drawn: list[float] = []
    lock = threading.Lock()

    def ask(path: str) -> None:
        while not stop.is_set():
            status, seconds, kind = get(port, path)
            with lock:
                if status == 200 and kind == "application/pdf":
                    answers["PDF"] += 1
                    drawn.append(seconds)
                elif status == 503 and kind != "503 without Retry-After":
                    answers["busy, try again"] += 1
                    time.sleep(0.5)
                else:
                    answers[f"{status} {kind}"] += 1

    threads = [threading.Thread(target=ask, args=(path,)) for path in paths]
    for thread in threads:
        thread.start()
    return answers, drawn, threads


def summary(times: list[float]) -> str:
    ms = sorted(1000 * t for t in times)
    p99 = ms[min(len(ms) - 1, round(0.99 * (len(ms) - 1)))]
    return f"p50 {statistics.median(ms):7.1f} ms  p99 {p99:7.1f} ms  max {ms[-1]:7.1f} ms"


def p99(times: list[float]) -> float:
    ms = sorted(1000 * t for t in times)
    return ms[min(len(ms) - 1, round(0.99 * (len(ms) - 1)))]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="exit 1 over budget")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="bench-print-") as tmp:
        work = Path(tmp)
        print("seeding a game and an evening of 75 players ...", file=sys.stderr)
        game, evening = seed(work / "bench.sqlite3")
        port = free_port()
        env = {
            **os.environ,
            "SCOREKEEPER_DATABASE_URL": f"sqlite:///{work / 'bench.sqlite3'}",
            "SCOREKEEPER_SECRET_KEY": "bench",
        }
        command = [sys.executable, "-c", APP_SERVER, "serve", "--host", "127.0.0.1"]
        command += ["--port", str(port)]
        with serving("scorekeeper", command, port, work / "app.log", env):
            page = f"/g/{game}"
            page_loads(port, page)  # warm: the page kept, the code loaded
            quiet = page_loads(port, page)
            paths = [
                f"/e/{evening}/round/{number}/cards.pdf?paper={paper}"
                for number in range(1, 5)
                for paper in ("a4", "letter")
            ]
            stop = threading.Event()
            answers, drawn, threads = printing(port, paths, stop)
            time.sleep(0.2)  # the drawings under way
            loud = page_loads(port, page)
            stop.set()
            for thread in threads:
                thread.join()
    print(f"game page, nothing else:        {summary(quiet)}")
    print(f"game page, 8 table-card PDFs:   {summary(loud)}")
    print(f"p99 while printing / quiet:     {p99(loud) / p99(quiet):.1f}×")
    print("PDF answers: " + ", ".join(f"{n} {what}" for what, n in sorted(answers.items())))
    if drawn:
        print(f"a 25-table round's cards:       {summary(drawn)}")
    wrong = [what for what in answers if what not in ("PDF", "busy, try again")]
    broken = []
    if p99(loud) > MAX_P99_MS:
        broken.append(f"game page p99 {p99(loud):.0f} ms while printing (budget {MAX_P99_MS})")
    if wrong:
        broken.append(f"PDF answers neither a PDF nor busy: {wrong}")
    for line in broken:
        print(f"BUDGET BROKEN: {line}", file=sys.stderr)
    return 1 if broken and args.check else 0


if __name__ == "__main__":
    sys.exit(main())
