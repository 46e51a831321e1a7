"""How long a club's pages take next to a trivial route and a game page, in one process.

Seeds a club of 60 members with 40 Bismarck evenings (12 of the members each, four tables of
three, one round; every table's game played to its end: 160 games of 12 deals), then times,
through the app's test client (no network, no server threads: what the app itself costs), the
median of ``--repeat`` rounds of ``--requests`` requests each of:

- a trivial route added to the same app (``GET /trivial`` answering "ok"): the baseline;
- a finished table's game page (``/g/<token>``);
- the club's page (``/c/<token>``): the register and its 40 evenings;
- the season table (``/c/<token>/season``): derived from the 40 evenings' standings, and kept
  per process by the register and every game's log position (one query), so a reload reads
  the database a few times but replays and scores nothing again;
- the season table the first time (shown once): every evening's games replayed and scored,
  and every member's rating replayed from the finished games;
- a player's page (``/c/<token>/p/<member>``): one member's games, meetings and rating history,
  from the same kept games and ratings.

    python benchmarks/clubs.py [--evenings 40] [--members 60] [--repeat 5] [--requests 20]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # for the tests' helpers

from scorekeeper import create_app, store
from scorekeeper.clubs import services as clubs
from scorekeeper.clubs import store as club_store
from scorekeeper.db import db
from scorekeeper.evenings import store as evenings
from scorekeeper.evenings.setup import EveningSetup
from tests.e2e.table import example_events


def seed(members: int, count: int) -> tuple[str, str, int]:
    """The club's token, one finished game's token and a member's id."""
    club = clubs.create("Benchmark club", ["bismarck"], "4711", ["bismarck"], "bench")
    ids = [clubs.add_member(club, f"Member {n + 1}", "bench") for n in range(members)]
    names = [f"Member {n + 1}" for n in range(members)]
    game_token = ""
    for number in range(count):
        chosen = [(number * 5 + k) % members for k in range(12)]
        setup = EveningSetup(
            f"Evening {number + 1}", "bismarck", tuple(names[i] for i in chosen), 1, "totals"
        )
        evening = evenings.create_evening(db.session, setup, seed=number + 1)
        evening = evenings.start_round(db.session, evening, 1, [0] * 4)
        for table in evening.tables(1):
            game = table.game
            assert game is not None
            for seq, event in enumerate(example_events(12)):
                game = store.append(db.session, game, event, seq)
            game_token = game.token
        club_store.link_evening(db.session, club.id, evening.id, [ids[i] for i in chosen])
        db.session.commit()
    return club.token, game_token, ids[0]


def timed(client, url: str, requests: int, repeat: int) -> float:
    """Median milliseconds per request over ``repeat`` rounds."""
    rounds = []
    for _ in range(repeat):
        start = time.perf_counter()
        for _ in range(requests):
            response = client.get(url)
            assert response.status_code == 200, (url, response.status_code)
        rounds.append((time.perf_counter() - start) / requests * 1000)
    return statistics.median(rounds)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--evenings", type=int, default=40)
    parser.add_argument("--members", type=int, default=60)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--requests", type=int, default=20)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        app = create_app(
            {
                "SECRET_KEY": "benchmark",
                "DATABASE_URL": f"sqlite:///{Path(tmp) / 'clubs.sqlite3'}",
                "SQLITE_SYNCHRONOUS": "OFF",
            }
        )
        app.add_url_rule("/trivial", "trivial", lambda: "ok")
        started = time.perf_counter()
        with app.app_context():
            club, game, member = seed(args.members, args.evenings)
        print(f"seeded {args.evenings} evenings in {time.perf_counter() - started:.1f} s")
        client = app.test_client()
        first = time.perf_counter()
        client.get(f"/c/{club}/season")
        cold = (time.perf_counter() - first) * 1000
        pages = {
            "trivial route": "/trivial",
            "game page": f"/g/{game}",
            "club page": f"/c/{club}",
            "season table": f"/c/{club}/season",
            "player's page": f"/c/{club}/p/{member}",
        }
        times = {
            name: timed(client, url, args.requests, args.repeat) for name, url in pages.items()
        }
    base, game_ms = times["trivial route"], times["game page"]
    for name, ms in times.items():
        ratios = f"{ms / base:.1f}× the trivial route, {ms / game_ms:.2f}× the game page"
        print(f"{name}: {ms:.2f} ms  ({ratios})")
    print(f"season table, first time: {cold:.0f} ms ({cold / game_ms:.0f}× the game page)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
