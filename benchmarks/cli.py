"""How long ``scorekeeper score RECORD`` takes, against ``python -c pass``: a command that needs
no database must not pay for importing one (issue 24: it took 33x, importing SQLAlchemy and
Alembic for the backup commands).

Both run as fresh processes, alternately, ``--repeat`` times; the ratio is of the medians of
their wall-clock times.

    python benchmarks/cli.py [--repeat 9] [--check]

``--check`` exits 1 when ``scorekeeper score`` takes more than BUDGET times ``python -c pass``
(not in CI yet: the backup commands now import the database only when run, 25x -> 21x here, but
Flask, the engines and qrcode still come with every command).
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RECORD = ROOT / "tests" / "records" / "issue-example.json"
BUDGET = 10.0
SCORE = [sys.executable, "-c", "from scorekeeper.cli import main; main()", "score", str(RECORD)]
PASS = [sys.executable, "-c", "pass"]


def seconds(command: list[str]) -> float:
    began = time.perf_counter()
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL, cwd=ROOT)
    return time.perf_counter() - began


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=9)
    parser.add_argument("--check", action="store_true")
    args = parser.parse_args()
    seconds(SCORE)  # the first run fills the file cache (and writes .pyc files)
    score, empty = [], []
    for _ in range(args.repeat):
        score.append(seconds(SCORE))
        empty.append(seconds(PASS))
    ratio = statistics.median(score) / statistics.median(empty)
    print(
        f"scorekeeper score: {1000 * statistics.median(score):.0f} ms, python -c pass: "
        f"{1000 * statistics.median(empty):.0f} ms: {ratio:.1f}x (budget {BUDGET:.0f}x; "
        f"load average {os.getloadavg()[0]:.1f})"
    )
    return 1 if args.check and ratio > BUDGET else 0


if __name__ == "__main__":
    sys.exit(main())
