"""Requests per second with one app process and with two, on one database: what a club gains
from one server process per core behind its reverse proxy.

Seeds finished 12-deal games and starts two ``scorekeeper serve --processes 1`` (one gunicorn
worker of 4 threads each) on ports of 127.0.0.1, on the same database and secret key. Then,
turn about, it keeps one process busy, then both, for a few seconds each, from client threads
with keep-alive connections spread over the processes as a proxy would. Two workloads: game
pages (what a phone loads after every entry) and the poll (every phone, every two seconds; each
one asking the database here, ``POLL_FRESH_SECONDS=0``). Prints requests/s, the median of the
rounds, and the ratio of two processes to one. Taking turns, rather than one after the other,
keeps other work on the machine from favouring either side.

    python benchmarks/processes.py [--database-url URL] [--seconds 5] [--rounds 3]

The database is a temporary SQLite file unless ``--database-url`` names a PostgreSQL server
(for example what ``.ci/postgres start`` prints); there a schema of its own is used and
dropped. The load comes from this machine too, so the client's own share of the cores is
included in what the servers could not use.
"""

from __future__ import annotations

import argparse
import http.client
import os
import secrets
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # for the tests' helpers

import sqlalchemy as sa

from benchmarks.server import cpu_seconds, family
from scorekeeper import create_app
from scorekeeper.data.db import db
from scorekeeper.games import bismarck
from scorekeeper.games.events import Event
from scorekeeper.table import store
from tests.databases import schema_url
from tests.games.bismarck.examples import MODERN_GAME

ROOT = Path(__file__).resolve().parent.parent
GAMES = 20
THREADS_PER_PROCESS = 4


@contextmanager
def database(url: str | None, folder: Path) -> Iterator[str]:
    """A fresh database: an SQLite file in ``folder``, or a schema on a PostgreSQL server."""
    if url is None:
        yield f"sqlite:///{folder / 'bench.sqlite3'}"
        return
    schema = f"bench_{secrets.token_hex(4)}"
    admin = sa.create_engine(url, isolation_level="AUTOCOMMIT", poolclass=sa.pool.NullPool)
    with admin.connect() as connection:
        connection.exec_driver_sql(f"CREATE SCHEMA {schema}")
    try:
        yield schema_url(url, schema)
    finally:
        with admin.connect() as connection:
            connection.exec_driver_sql(f"DROP SCHEMA {schema} CASCADE")
        admin.dispose()


def seed(url: str) -> list[str]:
    """Finished games (the worked example), straight into the store; their tokens."""
    app = create_app({"SECRET_KEY": "bench", "DATABASE_URL": url})
    setup = bismarck.Setup(("Anna", "Ben", "Carla"))
    events = [
        event
        for number, (contract, trump, tricks) in enumerate(MODERN_GAME, 1)
        for event in (
            Event("announce", {"deal": number, "contract": contract, "trump": trump}),
            Event("record", {"deal": number, "tricks": list(tricks)}),
        )
    ]
    tokens = []
    with app.app_context():
        for _ in range(GAMES):
            tokens.append(store.import_game(db.session, bismarck.KIND, setup, events).token)
        db.engine.dispose()
    return tokens


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


@contextmanager
def servers(count: int, url: str, instance: Path) -> Iterator[list[tuple[int, int]]]:
    """``count`` × ``scorekeeper serve`` serving the app on one database; their ports and pids
    (each gunicorn's arbiter, which forked the one worker that serves)."""
    env = {
        **os.environ,
        "SCOREKEEPER_DATABASE_URL": url,
        "SCOREKEEPER_SECRET_KEY": "bench-" + "0" * 40,
        "PYTHONPATH": str(ROOT),
        # Every poll asks the database, as it did before the poll kept recent answers: this
        # measures how the database path scales over processes, not the memory of one.
        "SCOREKEEPER_POLL_FRESH_SECONDS": "0",
    }
    ports = [free_port() for _ in range(count)]
    processes = [
        subprocess.Popen(
            [
                str(Path(sys.executable).with_name("scorekeeper")),
                "serve",
                "--host=127.0.0.1",
                f"--port={port}",
                f"--threads={THREADS_PER_PROCESS}",
                "--processes=1",
            ],
            cwd=instance,
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        for port in ports
    ]
    try:
        for port, process in zip(ports, processes, strict=True):
            wait_for(port, process)
        yield [(port, process.pid) for port, process in zip(ports, processes, strict=True)]
    finally:
        for process in processes:
            process.terminate()
        for process in processes:
            process.wait(timeout=30)


def wait_for(port: int, process: subprocess.Popen[bytes], seconds: float = 60) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise SystemExit(f"a server process stopped (exit {process.returncode})")
        try:
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
            connection.request("GET", "/")
            connection.getresponse().read()
            connection.close()
            return
        except OSError:
            time.sleep(0.2)
    raise SystemExit(f"no server answered on port {port}")


def measure(
    servers: list[tuple[int, int]], paths: list[str], seconds: float, connections: int
) -> tuple[float, float]:
    """Requests/s, and how many cores the server processes used meanwhile."""
    pids = [each for _port, pid in servers for each in family(pid)]  # arbiters and workers
    before = sum(map(cpu_seconds, pids))
    began = time.monotonic()
    rate = load([port for port, _pid in servers], paths, seconds, connections)
    used = sum(map(cpu_seconds, pids)) - before
    return rate, used / (time.monotonic() - began)


def load(ports: list[int], paths: list[str], seconds: float, connections: int) -> float:
    """Requests per second answered 200, from ``connections`` keep-alive connections spread
    over the ports, each asking for ``paths`` in turn."""
    start = threading.Barrier(connections + 1)
    counts = [0] * connections
    failures: list[str] = []

    def client(index: int) -> None:
        port = ports[index % len(ports)]
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        headers = {"Accept-Encoding": "gzip"}
        start.wait()
        deadline = time.monotonic() + seconds
        done, turn = 0, index
        while time.monotonic() < deadline:
            connection.request("GET", paths[turn % len(paths)], headers=headers)
            response = connection.getresponse()
            response.read()
            if response.status != 200:
                failures.append(f"{paths[turn % len(paths)]}: {response.status}")
                break
            done += 1
            turn += 1
        counts[index] = done
        connection.close()

    threads = [threading.Thread(target=client, args=(i,)) for i in range(connections)]
    for thread in threads:
        thread.start()
    start.wait()
    began = time.monotonic()
    for thread in threads:
        thread.join()
    elapsed = time.monotonic() - began
    if failures:
        raise SystemExit(f"requests failed: {failures[:3]}")
    return sum(counts) / elapsed


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--database-url", help="a PostgreSQL server (default: SQLite)")
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--connections", type=int, default=16)
    args = parser.parse_args()
    busy = os.getloadavg()[0]
    with tempfile.TemporaryDirectory() as tmp, database(args.database_url, Path(tmp)) as url:
        tokens = seed(url)
        workloads = {
            "game page": [f"/g/{token}" for token in tokens],
            "poll": [f"/g/{token}/seq" for token in tokens],
        }
        kind = "PostgreSQL" if url.startswith("postgresql") else "SQLite"
        print(
            f"{kind}, {os.cpu_count()} cores, {args.connections} keep-alive connections, "
            f"{args.seconds:g} s per run, {THREADS_PER_PROCESS} threads per process"
        )
        if busy > 0.5:
            print(f"note: the machine was busy before the start (load average {busy:.1f})")
        rates: dict[tuple[str, int], list[float]] = {}
        cores: dict[tuple[str, int], list[float]] = {}
        with servers(2, url, Path(tmp)) as running:
            for name, paths in workloads.items():
                measure(running, paths, 1.0, args.connections)  # warm: each process replays
                for _round in range(args.rounds):
                    for count in (1, 2):
                        rate, used = measure(running[:count], paths, args.seconds, args.connections)
                        rates.setdefault((name, count), []).append(rate)
                        cores.setdefault((name, count), []).append(used)
        print(f"{'workload':12} {'1 process':>12} {'2 processes':>12} {'ratio':>7}   "
              "(cores the servers used: 1 / 2 processes)")  # fmt: skip
        for name in workloads:
            one, two = (statistics.median(rates[name, count]) for count in (1, 2))
            busy_one, busy_two = (statistics.median(cores[name, count]) for count in (1, 2))
            print(f"{name:12} {one:10.0f}/s {two:10.0f}/s {two / one:6.2f}x   "
                  f"({busy_one:.2f} / {busy_two:.2f})")  # fmt: skip
    return 0


if __name__ == "__main__":
    sys.exit(main())
