"""How long ``scorekeeper score RECORD`` takes, against ``python -c pass``: a command that needs
no database must not pay for importing one (issue 24: it took 33x, importing SQLAlchemy and
Alembic for the backup commands).

Both run as fresh processes, alternately, ``--repeat`` times; the ratio is of the medians of
the processor time each process took (its wall-clock time on a shared machine is mostly waiting).

    python benchmarks/cli.py [--repeat 9] [--check]

``--check`` exits 1 when ``scorekeeper score`` takes more than BUDGET times ``python -c pass``
(in CI). Each command's module is imported only when it runs, Flask only for the commands that
need the app, and a game's rules only for its records: 15.7x -> 6.3x here.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RECORD = ROOT / "tests" / "records" / "issue-example.json"
BUDGET = 10.0
SCORE = [sys.executable, "-c", "from scorekeeper.cli import main; main()", "score", str(RECORD)]
PASS = [sys.executable, "-c", "pass"]


def seconds(command: list[str]) -> float:
    """The processor time (user and system) the command's process took: on a shared machine
    its wall-clock time is mostly how long it waited for a core."""
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, cwd=ROOT)
    _pid, status, usage = os.wait4(process.pid, 0)
    if os.waitstatus_to_exitcode(status) != 0:
        raise SystemExit(f"{command} failed")
    return usage.ru_utime + usage.ru_stime


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
