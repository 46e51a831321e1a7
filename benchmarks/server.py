"""How fast the app serves a table of phones, next to a trivial Flask app, in one run.

Both run as their own processes under the server and settings of ``scorekeeper serve`` (the app
*is* ``scorekeeper serve --host 127.0.0.1 --processes 1``, threads=8; the trivial app is one
route returning "ok" served by the same ``scorekeeper.server.serving.run``: gunicorn's gthread
worker, or waitress where the system cannot fork). Eight client threads (as many as the server
has threads: enough to keep either server busy on two cores) with keep-alive ``http.client``
connections, each carrying its own session cookie as a phone does, send requests as fast as the
server answers; each measurement is requests per second over a few seconds. The server's CPU
time per request (from ``/proc``, its processes summed) is printed beside it, steadier on a
busy machine. The app and the trivial app are measured back to back, alternating which goes first,
and every ratio is the median over the repetitions of that repetition's pair: many short pairs,
so that a noisy, shared machine shifts both sides of a ratio alike. Still, where other work
competes for the cores, the app (busy on the CPU) loses more than the trivial app (mostly
waiting on the network), so the ratios come out higher than on a quiet machine.

What is measured (the ratio is trivial requests/s ÷ app requests/s, "N× slower"):

- game page: ``GET /g/<token>`` of a finished 12-deal Bismarck game;
- POST + redirect: recording deal 12's tricks (``POST /g/<token>/record``) and following the 303
  to the game page, counted as one tap. Every tap goes to its own game, seeded at deal 12 with the
  contract announced (every entry made by Anna's phone, as the changes list says), whose page
  was loaded (untimed) just before, as the phone that records
  must have loaded it to get the form. Each write waits for SQLite to sync it to disk (the app's
  setting), so a disk busy with other work lowers this rate most; its CPU column does not move;
- POST + redirect, cold (shown, no budget): the same on games this server has not served yet, so
  the write replays the game's log from the database and encodes its QR code for the first time,
  as a restarted server or a second server process does;
- POST alone (shown, no budget): the same POST (page loaded just before), without following the
  redirect: what the write costs, apart from drawing the page at the new log position;
- the floor of POST + redirect (a line under the table, no budget): the server CPU of the POST
  alone plus the finished game's kept page, against the trivial app's CPU per request: what a
  tap would cost if drawing the page after a write cost no more than serving that page again;
- the live-refresh poll: ``GET /g/<token>/seq`` (eight phones polling one game, as a table's
  phones do: the answers within ``POLL_FRESH_SECONDS`` of the last database read come from the
  app's memory);
- the home page: ``GET /`` from a phone that has joined three games;
- an evening's page and its projector view: ``GET /e/<token>`` and ``GET /e/<token>/screen`` of
  a Bismarck evening of 24 players (8 tables a round) in its third round, 24 games in all
  (issue 24's organiser pages);
- a Klaberjass game page at hand 200 against one at hand 30 (the ratio of their requests/s);
- in a game whose phones confirm each other's entries (issue 26), with deals 1-11 confirmed:
  recording deal 12 from Anna's phone (the entry then waits), and *Confirm* of that deal from
  Ben's phone, each followed to the game page like POST + redirect. Each game goes to a phone
  that said, untimed before the measurement, which seat it is at and loaded the page. Below
  the table, each one's server CPU per tap against that of POST + redirect in the same
  repetition: waiting and confirming are to cost no more than today's entry.

The pages are read again and again, as the phones at a table reload them.

Games are seeded straight into the store with the browser tests' helpers before the servers start.

    python benchmarks/server.py [--seconds 1] [--repeat 9] [--clients 8] [--taps 100] [--check]

``--check`` exits 1 when a ratio breaks its budget twice: a run that breaks one is measured again
(servers, games and all), and only a budget broken both times fails, so a change that costs
fails while a shared machine's noise at the edge does not. The budgets are issue 11's targets
where they are met; where a target is not met yet, the report says so and the budget is looser
(BUDGETS).
"""

from __future__ import annotations

import argparse
import gzip
import http.client
import os
import re
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar
from urllib.parse import urlencode

T = TypeVar("T")
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # for the tests' seeding helpers

#: The targets of issue 11: the most "× slower" each ratio should be (None: shown only).
TARGETS: dict[str, float | None] = {
    "game page": 10.0,
    "POST + redirect": 15.0,
    "POST + redirect, cold": None,
    "POST alone": None,
    "poll": 1.5,
    "home page": 5.0,
    "evening page": 10.0,
    "projector view": 10.0,
    "Klaberjass 200 vs 30 hands": 1.5,
    "entry that waits + redirect": 15.0,
    "confirm + redirect": 15.0,
}

#: The most CPU per tap that entering in a confirming game, and confirming, may cost against
#: POST + redirect (today's entry) in the same repetition (issue 26: no more). Measured
#: 1.01-1.17x for an entry that waits (its page lists it, with Confirm), 0.99-1.02x for Confirm
#: when it was set; in December 2026 1.31-1.38x and 1.07-1.25x on the server, while in one
#: process (the test client, no threads) the same entry and page cost 1.07x those of today's
#: entry: the server's threads share the spread, not the code. Room for a noisy machine.
AGAINST_ENTRY = 1.5

#: What ``--check`` holds CI to: the targets where the app meets them with room for a noisy CI
#: machine, else the ratio measured when the target was missed, with about a third of headroom,
#: so that CI catches a step backwards while the report still says which targets are not met.
BUDGETS: dict[str, float | None] = TARGETS | {
    "game page": 14.0,  # measured 4.4-6x
    "POST + redirect": 40.0,  # measured 24-28x on busy runs (28-34x before the deal-row memo)
    # Each also waits for its write's fsync, so its requests/s follow the disk, not the code:
    # measured 35-43x on a quiet machine, 38-76x on a busy one (a confirmation's fsync behind
    # other processes' writes). Shown, not gated: the gate is the CPU per tap against the
    # entry's in the same repetition (AGAINST_ENTRY; measured 1.1-1.2x).
    "entry that waits + redirect": None,
    "confirm + redirect": None,
    "home page": 6.5,  # measured 3.0x (5.2-6.2x before kept pages were compressed once)
    "poll": 1.5,  # measured 0.6x since it answers from memory for a second (1.6-1.7x before)
}

TRIVIAL_APP = """
import sys
from flask import Flask
from scorekeeper.server import serving

app = Flask("trivial")
app.add_url_rule("/", "index", lambda: "ok")
capacity = serving.Capacity(serving.CONNECTIONS, serving.raise_file_limit())
port = int(sys.argv[1])
serving.run(app, serving.Server("127.0.0.1", port, 1, 8, capacity, forks=serving.can_fork()))
"""
APP_SERVER = "from scorekeeper.cli import main; main()"
SERVERS: dict[int, int] = {}  # port: process id
CSRF = re.compile(r'name="csrf_token" type="hidden" value="([^"]+)"')
#: The evening measured: 24 players, so 8 Bismarck tables a round.
EVENING_PLAYERS = tuple(f"Player {n}" for n in range(1, 25))
KLABERJASS_TARGET = 100_000  # no seeded game ends: every page shows a game in play


# --- servers ---------------------------------------------------------------------------------


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


@contextmanager
def serving(
    name: str, command: list[str], port: int, log: Path, env: dict[str, str]
) -> Iterator[None]:
    """Run a server process until the block ends; wait until it answers on ``port``."""
    with log.open("w") as out:
        process = subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT, env=env)
    SERVERS[port] = process.pid
    try:
        deadline = time.monotonic() + 60
        while True:
            if process.poll() is not None:
                raise SystemExit(f"{name} server exited:\n{log.read_text()}")
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                if time.monotonic() > deadline:
                    raise SystemExit(f"{name} server did not start:\n{log.read_text()}") from None
                time.sleep(0.05)
        yield
    finally:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


# --- a phone ----------------------------------------------------------------------------------


@dataclass
class Phone:
    """One keep-alive connection with its own session cookie."""

    port: int
    cookies: dict[str, str] = field(default_factory=dict)
    csrf: str = ""
    connection: http.client.HTTPConnection | None = None

    def request(self, method: str, path: str, body: str | None = None) -> tuple[int, str, bytes]:
        """Status, Location header and body of one request (reconnects if the server closed)."""
        headers = {
            "Accept": "text/html,*/*",
            "Accept-Encoding": "gzip, deflate, br",  # as every phone's browser says
            "User-Agent": "benchmarks/server.py",
        }
        if self.cookies:
            headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        if body is not None:
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        for attempt in (1, 2):
            if self.connection is None:
                self.connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=60)
            connection = self.connection
            try:
                connection.request(method, path, body=body, headers=headers)
                response = connection.getresponse()
                data = response.read()
                break
            except (http.client.RemoteDisconnected, ConnectionResetError, BrokenPipeError):
                connection.close()
                self.connection = None
                if attempt == 2:
                    raise
        for header in response.headers.get_all("Set-Cookie") or []:
            name, _, rest = header.partition("=")
            self.cookies[name.strip()] = rest.split(";", 1)[0]
        if response.will_close:
            connection.close()
            self.connection = None
        return response.status, response.headers.get("Location", ""), decoded(response, data)

    def get(self, path: str, expect: int = 200) -> bytes:
        """The body of ``path`` (decompressed, as a browser does)."""
        status, _, data = self.request("GET", path)
        if status != expect:
            raise SystemExit(f"GET {path}: {status}, not {expect}\n{data[:2000]!r}")
        return data

    def post(self, path: str, form: dict[str, Any]) -> str:
        """Where the POST of ``form`` to ``path`` redirects to (it must redirect)."""
        status, location, data = self.request("POST", path, urlencode(form))
        if status != 303:
            raise SystemExit(f"POST {path}: {status}, not 303\n{data[:2000]!r}")
        return location.removeprefix(f"http://127.0.0.1:{self.port}")

    def post_and_follow(self, path: str, form: dict[str, Any]) -> bytes:
        return self.get(self.post(path, form))

    def csrf_token(self, path: str) -> str:
        match = CSRF.search(self.get(path).decode())
        if not match:
            raise SystemExit(f"no CSRF token on {path}")
        return match.group(1)

    def close(self) -> None:
        if self.connection is not None:
            self.connection.close()


def decoded(response: http.client.HTTPResponse, data: bytes) -> bytes:
    """A body as the page reads it: pages, styles and scripts travel compressed (brotli or
    gzip), and a phone unpacks them, so the benchmark does too (a few microseconds)."""
    encoding = response.headers.get("Content-Encoding", "identity")
    if encoding == "br":
        import brotli

        unpacked: bytes = brotli.decompress(data)  # brotli has no types: Any to mypy
        return unpacked
    if encoding == "gzip":
        return gzip.decompress(data)
    return data


def cpu_seconds(pid: int) -> float:
    """The CPU seconds (user + system) process ``pid`` has used, from /proc (0 without it)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def family(pid: int) -> list[int]:
    """``pid`` and its children (gunicorn's workers under its arbiter, nginx's workers,
    PostgreSQL's backends), from /proc."""
    found = [pid]
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                parent = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                continue
            if parent == pid:
                found.append(int(entry.name))
    return found


def server_cpu(port: int) -> float:
    """CPU seconds the server on ``port`` has used so far: its process and those it forked
    (``scorekeeper serve``'s workers), summed (0 where /proc is missing)."""
    return sum(map(cpu_seconds, family(SERVERS[port])))


def rate(phones: list[Phone], tap: Callable[[Phone], bool], seconds: float) -> tuple[float, float]:
    """Taps per second, and the server's CPU milliseconds per tap: every phone taps as fast as
    the server answers until time is up (or until ``tap`` returns False: nothing left)."""
    start = threading.Barrier(len(phones) + 1)
    counts = [0] * len(phones)
    errors: list[BaseException] = []
    deadline = 0.0

    def run(index: int, phone: Phone) -> None:
        start.wait()
        try:
            while time.perf_counter() < deadline and tap(phone):
                counts[index] += 1
        except BaseException as error:  # reported by the main thread
            errors.append(error)

    threads = [
        threading.Thread(target=run, args=(i, phone), daemon=True) for i, phone in enumerate(phones)
    ]
    for thread in threads:
        thread.start()
    cpu = server_cpu(phones[0].port)
    began = time.perf_counter()
    deadline = began + seconds
    start.wait()
    for thread in threads:
        thread.join()
    elapsed = time.perf_counter() - began
    cpu = server_cpu(phones[0].port) - cpu
    if errors:
        raise errors[0]
    taps = sum(counts)
    return taps / elapsed, 1000 * cpu / max(taps, 1)


# --- the games ---------------------------------------------------------------------------------


class Store:
    """The tests' seeding helpers call ``server.in_app(call)``: here, an app on the same file."""

    def __init__(self, database: Path):
        import logging

        import sqlalchemy as sa

        from scorekeeper import create_app
        from scorekeeper.data.db import db

        logging.getLogger("alembic").setLevel(logging.WARNING)  # no migration chatter
        self.app = create_app({"SECRET_KEY": "bench", "DATABASE_URL": f"sqlite:///{database}"})
        with self.app.app_context():
            # Seeding only: skip the fsync of every commit (the server keeps SQLite's default).
            sa.event.listen(db.engine, "connect", _no_fsync)
            db.engine.dispose()

    def in_app(self, call: Callable[[], T]) -> T:
        with self.app.app_context():
            return call()

    def close(self) -> None:
        from scorekeeper.data.db import db

        with self.app.app_context():
            db.engine.dispose()


def _no_fsync(dbapi_connection: Any, _record: Any) -> None:
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA synchronous=OFF")
    cursor.close()


def klaberjass_hands(count: int) -> list[dict[str, Any]]:
    from tests.web.klaberjass.client import HANDS

    return [HANDS[i % len(HANDS)] for i in range(count)]


@dataclass
class Games:
    finished: str
    klaberjass_30: str
    klaberjass_200: str
    at_deal_12: list[str]
    deal_12_tricks: list[int]
    evening: str
    #: Confirming games, deals 1-11 entered from seat 0 and confirmed from seat 1: waiting for
    #: deal 12's tricks (its contract announced), and with deal 12 recorded, waiting for Confirm.
    confirming_at_12: list[str] = field(default_factory=list)
    confirming_done: list[str] = field(default_factory=list)


def seed_confirming(store: Store, deals: int, *, announce_next: bool) -> str:
    """A game whose phones confirm: the worked example's first ``deals`` deals entered from
    seat 0, each scoring entry confirmed from seat 1 but the last when ``announce_next`` is
    False (then deal ``deals`` waits)."""
    from scorekeeper.data.db import db
    from scorekeeper.games import bismarck
    from scorekeeper.table import store as log
    from tests.e2e.table import PLAYERS, example_events

    def seed() -> str:
        game = log.create_game(db.session, bismarck.KIND, bismarck.Setup(PLAYERS), confirms=True)
        events = example_events(deals, announce_next=announce_next)
        for seq, event in enumerate(events):
            game = log.append(db.session, game, event, seq, seat="0")
        for entry in game.waiting[: None if announce_next else -1]:
            game = log.confirm(db.session, game, entry.seq, "1")
        return game.token

    return store.in_app(seed)


def seed(database: Path, taps: int, seated: int) -> Games:
    from tests.e2e.evening_table import seed_evening
    from tests.e2e.klaberjass_table import seed_klaberjass
    from tests.e2e.table import seed_game
    from tests.games.bismarck.examples import MODERN_GAME

    store = Store(database)
    try:
        games = Games(
            finished=seed_game(store, 12),
            klaberjass_30=seed_klaberjass(store, klaberjass_hands(30), target=KLABERJASS_TARGET),
            klaberjass_200=seed_klaberjass(store, klaberjass_hands(200), target=KLABERJASS_TARGET),
            at_deal_12=[seed_game(store, 11, announce_next=True, seat="0") for _ in range(taps)],
            deal_12_tricks=list(MODERN_GAME[11][2]),
            evening=seed_evening(store, played=2, deals=5, players=EVENING_PLAYERS, rounds=3),
            confirming_at_12=[seed_confirming(store, 11, announce_next=True) for _ in range(taps)],
            confirming_done=[seed_confirming(store, 12, announce_next=False) for _ in range(taps)],
        )
    finally:
        store.close()
    return games


# --- measuring ---------------------------------------------------------------------------------


@dataclass
class Measurement:
    """One line of the table: the app's side against the other side, each (phones, tap)."""

    name: str
    app: tuple[list[Phone], Callable[[Phone], bool]]
    versus: tuple[list[Phone], Callable[[Phone], bool]]
    #: Untimed, before each repetition's measurement of the app side.
    before: Callable[[], None] = lambda: None
    #: Per repetition: (app taps/s, app CPU ms/tap), (other side's taps/s, its CPU ms/tap).
    runs: list[tuple[tuple[float, float], tuple[float, float]]] = field(default_factory=list)


class DealTwelve:
    """Games waiting for deal 12's tricks, handed out one per tap: each is recorded once."""

    def __init__(
        self,
        tokens: list[str],
        games: Games,
        per_round: int,
        warm: Phone | None,
        follow: bool = True,
    ):
        from tests.e2e.table import example_events

        self.unused = iter(tokens)
        self.ready: list[str] = []
        self.per_round = per_round
        self.warm = warm  # the phone that loads each game's page first, or None
        self.follow = follow  # whether a tap follows the redirect to the game page
        self.lock = threading.Lock()
        self.form: dict[str, int | str] = {
            "seq": len(example_events(11, announce_next=True)),
            "deal": 12,
        }
        self.form |= {f"tricks_{i}": str(t) for i, t in enumerate(games.deal_12_tricks)}

    def prepare(self, count: int | None = None) -> None:
        """The next games to record; with ``warm``, their pages loaded as at the table."""
        self.ready = [next(self.unused) for _ in range(count or self.per_round)]
        if self.warm is not None:
            for token in self.ready:
                self.warm.get(f"/g/{token}")

    def tap(self, phone: Phone) -> bool:
        with self.lock:
            if not self.ready:
                return False
            token = self.ready.pop()
        form = {"csrf_token": phone.csrf, **self.form}
        if not self.follow:
            phone.post(f"/g/{token}/record", form)
            return True
        page = phone.post_and_follow(f"/g/{token}/record", form)
        if b"Game over" not in page:
            raise SystemExit(f"recording deal 12 of /g/{token} did not end the game")
        return True


class Seated:
    """Games handed out to phones that said which seat they are at, one tap each: before each
    measurement (untimed) each phone says its ``seat`` in its next games and loads their pages,
    as a phone at the table has; a tap posts ``form`` to the game's ``action`` and follows the
    redirect to the game page, which must say ``done``."""

    def __init__(
        self,
        tokens: list[str],
        phones: list[Phone],
        per_round: int,
        seat: str,
        action: str,
        form: dict[str, Any],
        done: bytes,
    ):
        self.unused = iter(tokens)
        self.phones = phones
        self.per_round = per_round
        self.seat, self.action, self.form, self.done = seat, action, form, done
        self.ready: dict[int, list[str]] = {id(phone): [] for phone in phones}
        self.lock = threading.Lock()

    def prepare(self, count: int | None = None) -> None:
        self.ready = {id(phone): [] for phone in self.phones}
        for index in range(count or self.per_round):
            token, phone = next(self.unused), self.phones[index % len(self.phones)]
            phone.post(f"/g/{token}/seat", {"csrf_token": phone.csrf, "seat": self.seat})
            phone.get(f"/g/{token}")
            self.ready[id(phone)].append(token)

    def tap(self, phone: Phone) -> bool:
        with self.lock:
            mine = self.ready[id(phone)]
            if not mine:
                return False
            token = mine.pop()
        form = {"csrf_token": phone.csrf, **self.form}
        page = phone.post_and_follow(self.action.format(token=token), form)
        if self.done not in page:
            raise SystemExit(f"{self.action.format(token=token)}: no {self.done!r} on the page")
        return True


def fetch(path: str) -> Callable[[Phone], bool]:
    return lambda phone: bool(phone.get(path))


def measure(args: argparse.Namespace, work: Path) -> list[Measurement]:
    """Every measurement, with (app requests/s, other side's requests/s) per repetition."""
    warm_taps, cold_taps = args.taps, max(args.taps // 2, args.clients)
    needed = [args.repeat * taps + args.clients for taps in (warm_taps, cold_taps, warm_taps)]
    seated = args.repeat * warm_taps + args.clients
    print(f"seeding {sum(needed) + 2 * seated + 3} games, an evening of 24 ...", file=sys.stderr)
    games = seed(work / "bench.sqlite3", sum(needed), seated)
    app_port, trivial_port = free_port(), free_port()
    env = {
        **os.environ,
        "SCOREKEEPER_DATABASE_URL": f"sqlite:///{work / 'bench.sqlite3'}",
        "SCOREKEEPER_SECRET_KEY": "bench",
    }
    app_command = [sys.executable, "-c", APP_SERVER, "serve", "--host", "127.0.0.1"]
    app_command += ["--port", str(app_port), "--threads", "8", "--processes", "1"]
    trivial_command = [sys.executable, "-c", TRIVIAL_APP, str(trivial_port)]

    with (
        serving("scorekeeper", app_command, app_port, work / "app.log", env),
        serving("trivial", trivial_command, trivial_port, work / "trivial.log", env),
    ):
        trivial = [Phone(trivial_port) for _ in range(args.clients)]
        table = [Phone(app_port) for _ in range(args.clients)]
        recorders = [Phone(app_port) for _ in range(args.clients)]
        finished = f"/g/{games.finished}"
        for phone in table:  # a phone at the table: it has joined three games
            for token in (games.klaberjass_200, games.klaberjass_30, games.finished):
                phone.get(f"/g/{token}")
        annas, bens = ([Phone(app_port) for _ in range(args.clients)] for _ in range(2))
        for phone in (*recorders, *annas, *bens):
            phone.csrf = phone.csrf_token("/bismarck/new")
        assert b"Game over" in table[0].get(finished), "the 12-deal game is not finished"
        assert table[0].get(f"{finished}/seq").startswith(b"{"), "the poll is not JSON"
        assert trivial[0].get("/") == b"ok"
        evening = f"/e/{games.evening}"
        assert b"Round 3" in table[0].get(evening), "the evening page does not show round 3"

        loader = Phone(app_port)
        warm = DealTwelve(games.at_deal_12[: needed[0]], games, warm_taps, warm=loader)
        cold = DealTwelve(games.at_deal_12[needed[0] :][: needed[1]], games, cold_taps, warm=None)
        alone = DealTwelve(
            games.at_deal_12[needed[0] + needed[1] :], games, warm_taps, warm=loader, follow=False
        )

        tricks = {f"tricks_{i}": str(t) for i, t in enumerate(games.deal_12_tricks)}
        entry_form = {"seq": warm.form["seq"], "deal": 12, **tricks}
        waits = Seated(
            games.confirming_at_12,
            annas,
            warm_taps,
            "0",
            "/g/{token}/record",
            entry_form,
            b"Waiting for confirmation",
        )
        last = warm.form["seq"]  # deal 12's tricks go where the entry form was based
        confirms = Seated(
            games.confirming_done,
            bens,
            warm_taps,
            "1",
            f"/g/{{token}}/confirm/{last}",
            {},
            b"Confirmed: Deal 12",
        )
        ok = (trivial, fetch("/"))
        measurements = [
            Measurement("game page", (table, fetch(finished)), ok),
            Measurement("POST + redirect", (recorders, warm.tap), ok, warm.prepare),
            Measurement("POST + redirect, cold", (recorders, cold.tap), ok, cold.prepare),
            Measurement("POST alone", (recorders, alone.tap), ok, alone.prepare),
            Measurement("entry that waits + redirect", (annas, waits.tap), ok, waits.prepare),
            Measurement("confirm + redirect", (bens, confirms.tap), ok, confirms.prepare),
            Measurement("poll", (table, fetch(f"{finished}/seq")), ok),
            Measurement("home page", (table, fetch("/")), ok),
            Measurement("evening page", (table, fetch(evening)), ok),
            Measurement("projector view", (table, fetch(f"{evening}/screen")), ok),
            Measurement(
                "Klaberjass 200 vs 30 hands",
                (table, fetch(f"/g/{games.klaberjass_200}")),
                (table, fetch(f"/g/{games.klaberjass_30}")),
            ),
        ]
        for supply in (warm, cold, alone):  # warm up every path
            supply.prepare(args.clients)
            rate(recorders, supply.tap, 60)
        for seated, phones in ((waits, annas), (confirms, bens)):
            seated.prepare(args.clients)
            rate(phones, seated.tap, 60)
        taps = (warm.tap, cold.tap, alone.tap, waits.tap, confirms.tap)
        for measurement in measurements:
            for phones, tap in (measurement.app, measurement.versus):
                if tap not in taps:
                    rate(phones, tap, 0.2)

        for repetition in range(args.repeat):
            for measurement in measurements:
                first_app = repetition % 2 == 0  # alternate which side goes first
                if first_app:
                    measurement.before()
                    runs = [rate(*measurement.app, args.seconds)]
                    runs.append(rate(*measurement.versus, args.seconds))
                else:
                    runs = [rate(*measurement.versus, args.seconds)]
                    measurement.before()
                    runs.insert(0, rate(*measurement.app, args.seconds))
                measurement.runs.append((runs[0], runs[1]))
            print(f"repetition {repetition + 1}/{args.repeat} done", file=sys.stderr)
        for phone in (*trivial, *table, *recorders, *annas, *bens, loader):
            phone.close()
    return measurements


def report(measurements: list[Measurement]) -> dict[str, str]:
    """Print the table; return the budgets broken: each its name and a line saying by how much."""
    broken: dict[str, str] = {}
    print(
        f"{'':28} {'requests/s':>21}  {'server CPU ms/req':>19}\n"
        f"{'what':28} {'app':>10} {'vs':>10}  {'app':>9} {'vs':>9}"
        f" {'× slower':>9} {'target':>7} {'budget':>7}"
    )
    for measurement in measurements:
        runs = measurement.runs
        app, other = (statistics.median(run[side][0] for run in runs) for side in (0, 1))
        app_cpu, other_cpu = (statistics.median(run[side][1] for run in runs) for side in (0, 1))
        ratio = statistics.median(other / app for (app, _), (other, _) in runs)
        budget, target = BUDGETS[measurement.name], TARGETS[measurement.name]
        if budget is None or target is None:
            verdict, limit, aim = "", "-", "-"
        else:
            limit, aim = f"{budget:.1f}×", f"{target:.1f}×"
            verdict = (
                "BROKEN"
                if ratio > budget
                else "target met"
                if ratio <= target
                else "target not met"
            )
        print(
            f"{measurement.name:28} {app:10.1f} {other:10.1f}  {app_cpu:9.2f} {other_cpu:9.2f}"
            f" {ratio:8.1f}× {aim:>7} {limit:>7}  {verdict}"
        )
        if budget is not None and ratio > budget:
            broken[measurement.name] = f"{measurement.name}: {ratio:.1f}× slower, budget {budget}×"
    print(floor_line(measurements))
    for line, ratio in against_entry(measurements):
        print(line)
        if ratio > AGAINST_ENTRY:
            name = line.split("  ")[0].strip()
            broken[name] = f"{name}: {ratio:.2f}x, budget {AGAINST_ENTRY}x"
    print(
        "Medians of the repetitions; × slower is the median of each repetition's ratio of "
        "requests/s.\n'vs' is the trivial Flask app, or for Klaberjass the same game at hand 30. "
        "POST + redirect counts the POST and the page it leads to as one request."
    )
    return broken


def against_entry(measurements: list[Measurement]) -> list[tuple[str, float]]:
    """Entering in a confirming game and confirming, each against today's entry (POST +
    redirect): the median over the repetitions of the ratio of their server CPU per tap."""
    by_name = {measurement.name: measurement for measurement in measurements}
    entry = by_name["POST + redirect"].runs
    lines = []
    for name in ("entry that waits + redirect", "confirm + redirect"):
        pairs = zip(by_name[name].runs, entry, strict=True)
        ratio = statistics.median(run[0][1] / today[0][1] for run, today in pairs)
        lines.append((f"{name + ' vs entry':40} {ratio:.2f}× the server CPU per tap", ratio))
    return lines


def floor_line(measurements: list[Measurement]) -> str:
    """What a tap of deal 12 would cost if drawing the page after a write cost no more than
    serving the same page kept: the server CPU of the POST alone plus that of the finished
    game's kept page (the page such a tap leads to), and its ratio to the trivial app's CPU
    per request. In CPU time, not requests/s: the two were measured at different moments, and
    CPU time per request is the steadier of the two on a busy machine."""
    by_name = {measurement.name: measurement for measurement in measurements}
    pairs = zip(by_name["POST alone"].runs, by_name["game page"].runs, strict=True)
    cpus, ratios = [], []
    for ((_, post_cpu), (_, trivial_cpu)), ((_, page_cpu), _) in pairs:
        cpus.append(post_cpu + page_cpu)
        ratios.append((post_cpu + page_cpu) / trivial_cpu)
    return (
        f"{'floor of POST + redirect':28} {'':21}  {statistics.median(cpus):9.2f} {'':9}"
        f" {statistics.median(ratios):8.1f}×  in CPU time: POST alone + the kept game page"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=1.0, help="per measurement (1)")
    parser.add_argument("--repeat", type=int, default=9, help="repetitions (9)")
    parser.add_argument("--clients", type=int, default=8, help="phones at once (8)")
    parser.add_argument(
        "--taps",
        type=int,
        default=100,
        help="POSTs per repetition at most (100; half as many cold)",
    )
    parser.add_argument("--check", action="store_true", help="exit 1 when a budget is broken")
    args = parser.parse_args()
    started = time.perf_counter()
    broken = measure_and_report(args)
    if broken and args.check:
        # A shared machine's noise can push a ratio over its budget once; a change that costs
        # pushes it over every time. Measure again from scratch; fail on what breaks twice.
        print(f"\nover budget, measured again: {', '.join(broken)}", file=sys.stderr)
        again = measure_and_report(args)
        broken = {name: line for name, line in again.items() if name in broken}
    print(
        f"({args.clients} clients, {args.repeat} × {args.seconds:g} s each side, "
        f"{time.perf_counter() - started:.0f} s in all)"
    )
    if broken and args.check:
        print("budgets broken twice:\n  " + "\n  ".join(broken.values()), file=sys.stderr)
        return 1
    return 0


def measure_and_report(args: argparse.Namespace) -> dict[str, str]:
    """Seed, serve and measure once; print the table; return the budgets broken."""
    with tempfile.TemporaryDirectory(prefix="bench-server-") as tmp:
        return report(measure(args, Path(tmp)))


if __name__ == "__main__":
    sys.exit(main())
