"""How long a backup and a restore of a big club's server take, next to exporting the same
games' records, in one process and one run.

Seeds a club of 60 members with ``--evenings`` Bismarck evenings (12 of the members each, four
tables of three, one round, every table's game played to its end: 12 deals, 24 entries), a
season, and a rename, a retirement and a merge in the register. Then times, the median of
``--repeat`` runs each:

- **export**: every game's record, as ``scorekeeper export`` and a game's *Download* write it
  (loaded and replayed, the replay cache emptied first): the baseline;
- **club record**: the club's record, as the organiser's *Download* writes it;
- **backup**: ``scorekeeper backup``'s work — every table, in one snapshot — to a file;
- **restore**: that backup into an empty database (a new SQLite file, or a new PostgreSQL
  schema with ``--database-url``).

Each is reported as wall-clock seconds and this process's processor seconds (PostgreSQL's own
work is outside it), and as a ratio to the export's wall clock.

    python benchmarks/backup.py [--evenings 100] [--repeat 3] [--database-url postgresql+psycopg://…]
"""

from __future__ import annotations

import argparse
import os
import secrets
import statistics
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import sqlalchemy as sa
from flask import Flask

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # for the tests' helpers

from scorekeeper import backup, create_app
from scorekeeper.clubs import services as clubs
from scorekeeper.data import models
from scorekeeper.data.db import db
from scorekeeper.evenings import services as evening_services
from scorekeeper.evenings import store as evenings
from scorekeeper.seasons import NO_SCORE, TOTAL, SeasonRule
from scorekeeper.table import services, store
from tests.e2e.table import example_events

SETTINGS = {"SECRET_KEY": "bench", "SQLITE_SYNCHRONOUS": "OFF"}


def seed(evenings_count: int, members: int = 60) -> str:
    """The club (its token), with its evenings played."""
    from scorekeeper.clubs.season import SeasonSpan

    club = clubs.create("Benchmark club", ["bismarck"], "4711", ["bismarck"], "bench")
    ids = [clubs.add_member(club, f"Member {n + 1}", "bench") for n in range(members)]
    events = example_events(12)
    for number in range(evenings_count):
        chosen = [ids[(number * 5 + k) % members] for k in range(12)]
        game = {"name": f"Evening {number + 1}", "kind": "bismarck", "rounds": 1,
                "scoring": "totals", "settings": {"variant": "modern"}}  # fmt: skip
        made = clubs.new_evening(club, chosen, [], game, "bench")
        evening = evenings.start_round(db.session, evening_services.load(made.token), 1, [0] * 4)
        for table in evening.tables(1):
            played = table.game
            assert played is not None
            for seq, event in enumerate(events):
                played = store.append(db.session, played, event, seq)
    clubs.rename_member(club, ids[0], "Member One", "bench")
    clubs.retire_member(club, ids[1], "bench")
    clubs.merge_members(club, ids[2], ids[3], "bench")
    clubs.save_season(club, None, "All", SeasonRule(TOTAL, NO_SCORE, 0), SeasonSpan(), "bench")
    return club.token


def median_of(repeat: int, run: Callable[[], object]) -> tuple[float, float]:
    """The median wall-clock and processor seconds of ``repeat`` runs."""
    walls, cpus = [], []
    for _ in range(repeat):
        wall, cpu = time.perf_counter(), time.process_time()
        run()
        walls.append(time.perf_counter() - wall)
        cpus.append(time.process_time() - cpu)
    return statistics.median(walls), statistics.median(cpus)


@contextmanager
def empty_database(server: str | None, folder: Path) -> Iterator[str]:
    """A new, empty database: an SQLite file in ``folder``, or a schema on ``server``."""
    if server is None:
        yield f"sqlite:///{folder / f'restored-{secrets.token_hex(4)}.sqlite3'}"
        return
    schema = f"bench_{secrets.token_hex(6)}"
    admin = sa.create_engine(server, isolation_level="AUTOCOMMIT", poolclass=sa.pool.NullPool)
    with admin.connect() as connection:
        connection.exec_driver_sql(f"CREATE SCHEMA {schema}")
    url = sa.engine.make_url(server).update_query_dict({"options": f"-csearch_path={schema}"})
    try:
        yield url.render_as_string(hide_password=False)
    finally:
        with admin.connect() as connection:
            connection.exec_driver_sql(f"DROP SCHEMA {schema} CASCADE")
        admin.dispose()


def measure(
    app: Flask, evenings_count: int, path: Path, repeat: int
) -> dict[str, tuple[float, float]]:
    """Seed the server, then time the export, the club record and the backup (to ``path``)."""
    with app.app_context():
        started = time.perf_counter()
        token = seed(evenings_count)
        tokens = list(db.session.execute(sa.select(models.Game.token)).scalars())
        with open(os.devnull, "w") as nowhere:
            rows = backup.back_up(db.engine, nowhere).total
        seconds = time.perf_counter() - started
        print(f"{len(tokens)} games, {rows} rows, seeded in {seconds:.0f} s")

        def export() -> None:
            store.REPLAYS.clear()
            for game in tokens:
                services.record_text(services.load(game))

        def back_up() -> None:
            with path.open("w", encoding="utf-8") as out:
                backup.back_up(db.engine, out)

        times = {
            "export": median_of(repeat, export),
            "club record": median_of(repeat, lambda: clubs.record_of(clubs.load(token))),
            "backup": median_of(repeat, back_up),
        }
        db.engine.dispose()
    return times


def restore_times(server: str | None, folder: Path, path: Path, repeat: int) -> tuple[float, float]:
    """The median wall-clock and processor seconds of restoring ``path`` into an empty
    database (migrated before the clock starts)."""
    walls, cpus = [], []
    for _ in range(repeat):
        with empty_database(server, folder) as target:
            restored = create_app({**SETTINGS, "DATABASE_URL": target})
            with restored.app_context(), path.open(encoding="utf-8") as lines:
                wall, cpu = time.perf_counter(), time.process_time()
                backup.restore(db.engine, lines)
                walls.append(time.perf_counter() - wall)
                cpus.append(time.process_time() - cpu)
                db.engine.dispose()
    return statistics.median(walls), statistics.median(cpus)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--evenings", type=int, default=100)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--database-url", help="a PostgreSQL server (default: SQLite files)")
    args = parser.parse_args()
    with (
        tempfile.TemporaryDirectory() as name,
        empty_database(args.database_url, Path(name)) as url,
    ):
        app = create_app({**SETTINGS, "DATABASE_URL": url})
        app.instance_path = name
        path = Path(name) / "server.backup"
        times = measure(app, args.evenings, path, args.repeat)
        times["restore"] = restore_times(args.database_url, Path(name), path, args.repeat)
        size = path.stat().st_size
    kind = "PostgreSQL" if args.database_url else "SQLite"
    print(f"backup file: {size / 2**20:.1f} MB ({kind}; load average {os.getloadavg()[0]:.1f})")
    base = times["export"][0]
    for label, (wall, cpu) in times.items():
        print(f"{label:12} {wall:7.2f} s wall {cpu:7.2f} s CPU   {wall / base:5.2f}x the export")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
