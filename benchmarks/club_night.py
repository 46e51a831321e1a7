"""A club night, open loop: T tables of phones against one ``scorekeeper serve``.

Every table is a Bismarck game with 3 or 4 phones (every other table has a fourth, a player who
follows on their own phone: 3.5 a table on average). Each phone does what ``static/app.js`` does:

- it loads its game's page when it arrives (``--arrivals`` phones a second, in random order:
  512 tables take 30 s to sit down; these first visits, which start a session, are counted as
  "arrival"), then polls ``GET /g/<token>/seq`` every 2 s on **one keep-alive connection, kept open
  between polls**, as a browser keeps it;
- when the poll answers a longer log than its page has, it reloads the game page (``land()``:
  ``location.reload``), and its 2 s timer starts again from there, as the reloaded script's does;
- at each table one phone writes a deal a minute, as two real form POSTs 30 s apart (announce,
  then record the tricks), each with the CSRF token of the page it loaded and the log position
  it was typed against, and follows the 303 to the game page as a browser does.

Two projector views (``/e/<token>/screen``) of an evening whose round 1 is the first
``--evening-tables`` tables reload every 15 s. Static files are not fetched: their addresses
carry a content hash and a phone keeps them a year.

Open loop: a request is due at its time whether or not the server kept up, and its latency is
counted from when it was due, so a server that falls behind shows it in the percentiles (a
phone whose last request is still waiting sends the next one when that is answered). Errors are
timeouts (no answer within ``--timeout``), refused or reset connections, 5xx answers and any
other answer a phone did not expect (a POST that does not redirect, a poll that is not 200).

    python benchmarks/club_night.py [--tables 64] [--minutes 1] [--url URL [--pid PID]] [--check]

Without ``--url`` it starts ``scorekeeper serve --host 127.0.0.1`` with its default settings on
a temporary database and a free port, and reports its processes' CPU (gunicorn's arbiter and
workers, summed) and memory (each one's, and Pss in all: the pages the workers share with the
arbiter counted once), from /proc; with ``--url``, the games are made on that server through its
forms (so any server will do), and ``--pid`` names the process to watch (with the processes it
forked). The load comes from this machine too: the generator's own
CPU is reported beside the server's. ``--check`` exits 1 on any error or a p99 over its budget
(poll 100 ms, pages and POSTs 250 ms) in two nights: a night that breaks one is played again,
and only what both break fails; ``--summary FILE`` writes the night's numbers as JSON.
``benchmarks/proxy_night.py`` runs the same night over HTTPS through nginx to several processes.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import gzip
import json
import os
import random
import re
import signal
import ssl
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from types import FrameType
from urllib.parse import urlencode, urlsplit

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # for the tests' worked example

from benchmarks.server import APP_SERVER, SERVERS, cpu_seconds, family, free_port, serving
from tests.games.bismarck.examples import MODERN_GAME

ROOT = Path(__file__).resolve().parent.parent
POLL_SECONDS = 2.0
WRITE_SECONDS = 30.0  # a write every 30 s: announce, then record, one deal a minute
PROJECTOR_SECONDS = 15.0
PROJECTORS = 2
#: The p99 each kind of request must stay under with ``--check`` (milliseconds).
BUDGETS_MS = {"poll": 100.0, "page": 250.0, "arrival": 250.0, "post": 250.0, "projector": 250.0}
#: The worked example's deals: (contract, trump, tricks by seat). Bismarck's rules are the same
#: from every seat, so the same deals are legal whoever dealt first.
DEALS = MODERN_GAME
CSRF = re.compile(rb'name="csrf_token" type="hidden" value="([^"]+)"')
SEQ = re.compile(rb'data-seq="(\d+)"')
GAME_LINK = re.compile(rb'href="(?:https?://[^/"]+)?/g/([\w-]+)"')


class Failed(Exception):
    """A request that counts as an error; its text is the kind of error."""


# --- one phone's connection ------------------------------------------------------------------


@dataclass
class Answer:
    status: int
    headers: dict[str, str]
    body: bytes
    set_cookies: list[str] = field(default_factory=list)  # each Set-Cookie as sent

    def text(self) -> bytes:
        """The body as a page reads it (kept pages travel gzipped, others maybe brotli)."""
        encoding = self.headers.get("content-encoding", "identity")
        if encoding == "gzip":
            return gzip.decompress(self.body)
        if encoding == "br":
            import brotli

            unpacked: bytes = brotli.decompress(self.body)  # brotli has no types: Any to mypy
            return unpacked
        return self.body


@dataclass
class Connection:
    """One browser's keep-alive connection and its cookies: raw HTTP/1.1 over asyncio, in TLS
    when ``tls`` is a context (one that trusts the server's certificate)."""

    host: str
    port: int
    timeout: float
    tls: ssl.SSLContext | None = None
    cookies: dict[str, str] = field(default_factory=dict)
    reader: asyncio.StreamReader | None = None
    writer: asyncio.StreamWriter | None = None

    async def request(self, method: str, path: str, form: dict[str, str] | None = None) -> Answer:
        """One request, answered within the timeout; :class:`Failed` otherwise. A connection
        the server closed while idle is opened again, as a browser does, without an error."""
        try:
            # asyncio.timeout, not wait_for: Python 3.11's wait_for can swallow a cancellation.
            async with asyncio.timeout(self.timeout):
                return await self._request(method, path, form)
        except TimeoutError:
            self.close()
            raise Failed("timeout") from None
        except ConnectionRefusedError:
            self.close()
            raise Failed("refused") from None
        except (ConnectionError, asyncio.IncompleteReadError, OSError) as error:
            self.close()
            raise Failed(f"connection: {type(error).__name__}") from None

    async def _request(self, method: str, path: str, form: dict[str, str] | None) -> Answer:
        body = urlencode(form).encode() if form is not None else b""
        lines = [
            f"{method} {path} HTTP/1.1",
            f"Host: {self.host}:{self.port}",
            "User-Agent: benchmarks/club_night.py",
            "Accept: */*",
            "Accept-Encoding: gzip, deflate, br",
        ]
        if self.cookies:
            lines.append("Cookie: " + "; ".join(f"{k}={v}" for k, v in self.cookies.items()))
        if form is not None:
            lines += ["Content-Type: application/x-www-form-urlencoded"]
            lines += [f"Content-Length: {len(body)}"]
        data = ("\r\n".join(lines) + "\r\n\r\n").encode() + body
        reused = self.writer is not None
        try:
            return await self._exchange(data)
        except (ConnectionError, asyncio.IncompleteReadError):
            if not reused:
                raise
            self.close()  # closed by the server while idle: once more on a new connection
            return await self._exchange(data)

    async def _exchange(self, data: bytes) -> Answer:
        if self.writer is None:
            self.reader, self.writer = await asyncio.open_connection(
                self.host, self.port, ssl=self.tls
            )
        assert self.reader is not None
        self.writer.write(data)
        status_line = await self.reader.readline()
        if not status_line:
            raise ConnectionResetError("closed before answering")
        status = int(status_line.split()[1])
        headers: dict[str, str] = {}
        set_cookies = []
        while (line := await self.reader.readline()) not in (b"\r\n", b"\n", b""):
            name, _, value = line.decode("latin-1").partition(":")
            name = name.strip().lower()
            if name == "set-cookie":
                set_cookies.append(value.strip())
                key, _, rest = value.strip().partition("=")
                self.cookies[key] = rest.split(";", 1)[0]
            headers[name] = value.strip()
        body = await self._body(headers)
        if headers.get("connection", "").lower() == "close":
            self.close()
        return Answer(status, headers, body, set_cookies)

    async def _body(self, headers: dict[str, str]) -> bytes:
        assert self.reader is not None
        if "content-length" in headers:
            return await self.reader.readexactly(int(headers["content-length"]))
        if headers.get("transfer-encoding", "").lower() == "chunked":
            chunks = []
            while size := int((await self.reader.readline()).split(b";")[0], 16):
                chunks.append(await self.reader.readexactly(size))
                await self.reader.readline()
            await self.reader.readline()
            return b"".join(chunks)
        return await self.reader.read()

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
        self.reader = self.writer = None


@dataclass(frozen=True)
class Origin:
    """The server the phones talk to: ``http://`` or, with a context that trusts its
    certificate, ``https://``."""

    host: str
    port: int
    tls: ssl.SSLContext | None = None

    @classmethod
    def of(cls, url: str, tls: ssl.SSLContext | None = None) -> Origin:
        parts = urlsplit(url)
        secure = parts.scheme == "https"
        if secure and tls is None:
            raise ValueError(f"{url}: https needs a TLS context")
        port = parts.port or (443 if secure else 80)
        return cls(parts.hostname or "127.0.0.1", port, tls if secure else None)

    def connection(self, timeout: float) -> Connection:
        """A new browser (no cookies yet), connecting on its first request."""
        return Connection(self.host, self.port, timeout, self.tls)


# --- what is measured ------------------------------------------------------------------------


@dataclass
class Tally:
    """Latencies per kind of request (seconds) and errors per kind of error."""

    latencies: dict[str, list[float]] = field(default_factory=dict)
    errors: Counter[str] = field(default_factory=Counter)
    counting: bool = True

    def add(self, kind: str, seconds: float) -> None:
        if self.counting:
            self.latencies.setdefault(kind, []).append(seconds)

    def fail(self, kind: str, error: str) -> None:
        if self.counting:
            self.errors[f"{kind}: {error}"] += 1


async def timed(
    tally: Tally, kind: str, due: float, call: Connection, method: str, path: str, **kw: object
) -> Answer | None:
    """One request, its latency counted from ``due`` (when it should have been sent); None
    (and an error counted) when it failed or answered a status it should not have."""
    expect = kw.pop("expect", 200)
    form = kw.pop("form", None)
    assert isinstance(form, dict | None)
    try:
        answer = await call.request(method, path, form)
    except Failed as error:
        tally.fail(kind, str(error))
        return None
    tally.add(kind, time.monotonic() - due)
    if answer.status != expect:
        tally.fail(kind, "5xx" if answer.status >= 500 else f"status {answer.status}")
        return None
    return answer


# --- the phones ------------------------------------------------------------------------------


@dataclass
class Table:
    token: str
    seq: int = 0  # the log length as the writing phone last saw it


async def sleep_until(moment: float) -> None:
    await asyncio.sleep(max(0.0, moment - time.monotonic()))


async def load_page(
    tally: Tally, call: Connection, path: str, due: float, kind: str = "page"
) -> int | None:
    """The game page at ``path`` (a 303's target too): its log position, or None."""
    answer = await timed(tally, kind, due, call, "GET", path)
    if answer is None:
        return None
    found = SEQ.search(answer.text())
    return int(found.group(1)) if found else None


async def phone(
    tally: Tally, call: Connection, table: Table, arrive: float, write_at: float | None
) -> None:
    """One phone: arrives, polls every 2 s, reloads on news; the writer also writes. Until
    the night ends (``tally.counting`` is over)."""
    path = f"/g/{table.token}"
    await sleep_until(arrive)
    seq = await load_page(tally, call, path, arrive, "arrival")
    next_poll = time.monotonic() + POLL_SECONDS
    while tally.counting:
        if write_at is not None and write_at <= next_poll:
            await sleep_until(write_at)
            written = await write(tally, call, table, write_at)
            seq = written if written is not None else seq
            write_at += WRITE_SECONDS
            next_poll = time.monotonic() + POLL_SECONDS
            continue
        await sleep_until(next_poll)
        answer = await timed(tally, "poll", next_poll, call, "GET", f"{path}/seq")
        next_poll += POLL_SECONDS
        if answer is None or seq is None:
            seq = seq if seq is not None else 0
            continue
        polled = int(answer.body.split(b":")[1].strip(b" }"))
        if polled > seq:
            reloaded = await load_page(tally, call, path, time.monotonic())
            seq = reloaded if reloaded is not None else polled
            next_poll = time.monotonic() + POLL_SECONDS


async def write(tally: Tally, call: Connection, table: Table, due: float) -> int | None:
    """The next step of the table's game: announce a deal, or record its tricks; as a phone
    does, on the page it has (loaded again first for its CSRF token and log position), then
    following the redirect. The new log position, or None."""
    path = f"/g/{table.token}"
    answer = await timed(tally, "page", due, call, "GET", path)
    if answer is None:
        return None
    page = answer.text()
    token, seq = CSRF.search(page), SEQ.search(page)
    if token is None or seq is None:
        tally.fail("page", "no form on the game page")
        return None
    position = int(seq.group(1))
    number = position // 2 + 1
    if number > len(DEALS):
        return position  # the game is over: nothing more to write
    contract, trump, tricks = DEALS[number - 1]
    form = {"csrf_token": token.group(1).decode(), "seq": str(position), "deal": str(number)}
    if position % 2 == 0:
        action = "announce"
        form |= {"contract": contract} | ({"trump": trump} if trump else {})
    else:
        action = "record"
        form |= {f"tricks_{i}": str(t) for i, t in enumerate(tricks)}
    start = time.monotonic()
    posted = await timed(
        tally, "post", start, call, "POST", f"{path}/{action}", form=form, expect=303
    )
    if posted is None:
        return None
    return await load_page(tally, call, local(posted.headers.get("location", path)), start)


def local(location: str) -> str:
    """A redirect's target as the path a browser asks for (no fragment)."""
    parts = urlsplit(location)
    return parts.path + (f"?{parts.query}" if parts.query else "")


async def projector(tally: Tally, call: Connection, evening: str, arrive: float) -> None:
    due = arrive
    while tally.counting:
        await sleep_until(due)
        await timed(tally, "projector", due, call, "GET", f"/e/{evening}/screen")
        due += PROJECTOR_SECONDS


# --- the evening's games, made through the forms ---------------------------------------------


async def form_token(call: Connection, path: str) -> str:
    answer = await call.request("GET", path)
    found = CSRF.search(answer.text())
    if answer.status != 200 or found is None:
        raise SystemExit(f"GET {path}: {answer.status}, no form")
    return found.group(1).decode()


async def post_form(
    call: Connection, path: str, form: dict[str, str], page: str | None = None
) -> str:
    """Where the form ``path`` (on ``page``, if not its own) redirects to (it must)."""
    form = {"csrf_token": await form_token(call, page or path), **form}
    answer = await call.request("POST", path, form)
    if answer.status != 303:
        raise SystemExit(f"POST {path}: {answer.status}, not 303\n{answer.text()[:1000]!r}")
    return local(answer.headers["location"])


async def new_game(origin: Origin, number: int) -> str:
    call = origin.connection(60.0)  # a browser of its own: its session lists one game
    names = {f"player_{i}": f"Player {number}{'ABC'[i]}" for i in range(3)}
    try:
        where = await post_form(call, "/bismarck/new", names | {"first_dealer": "0"})
        await call.request("GET", where)  # its page, with the QR code the other phones scan
    finally:
        call.close()
    return where.split("/g/", 1)[1].split("/")[0]


async def new_evening(origin: Origin, tables: int) -> tuple[str, list[str]]:
    """An evening of ``tables`` Bismarck tables with round 1 started: its token and games."""
    call = origin.connection(60.0)
    players = "\n".join(f"Guest {n + 1}" for n in range(3 * tables))
    form = {"name": "Club night", "players": players, "rounds": "4", "scoring": "totals"}
    try:
        where = await post_form(call, "/evening/new/bismarck", form | {"variant": "modern"})
        evening = where.split("/e/", 1)[1].split("/")[0]
        await post_form(call, f"/e/{evening}/round/1/start", {}, f"/e/{evening}")
        page = (await call.request("GET", f"/e/{evening}")).text()
    finally:
        call.close()
    games = list(dict.fromkeys(m.decode() for m in GAME_LINK.findall(page)))
    if len(games) != tables:
        raise SystemExit(f"the evening's page links {len(games)} games, not {tables}")
    return evening, games


async def make_games(
    origin: Origin, tables: int, evening_tables: int, warm: list[Origin]
) -> tuple[str, list[str]]:
    evening, games = await new_evening(origin, min(evening_tables, tables))
    gate = asyncio.Semaphore(8)

    async def one(number: int) -> str:
        async with gate:
            return await new_game(origin, number)

    games += await asyncio.gather(*(one(n) for n in range(len(games), tables)))
    # The organiser looks at a table's game and the projector before the players arrive: the
    # server's first pages (templates compiled, bundles built) are not a phone's. Behind a
    # proxy, on each process (``warm``: their own addresses).
    for server in warm:
        organiser = server.connection(60.0)
        for path in (f"/g/{games[-1]}", f"/e/{evening}/screen"):
            await organiser.request("GET", path)
        organiser.close()
    return evening, games


# --- the server ------------------------------------------------------------------------------


@contextmanager
def scorekeeper_serve(work: Path, processes: int | None = None) -> Iterator[tuple[str, int]]:
    """``scorekeeper serve --host 127.0.0.1`` with its defaults (or ``--processes``) on a fresh
    database: the URL and the process id, until the block ends (started and stopped as
    ``benchmarks/server.py`` does)."""
    port = free_port()
    env = {
        **os.environ,
        "SCOREKEEPER_DATABASE_URL": f"sqlite:///{work / 'club.sqlite3'}",
        "SCOREKEEPER_SECRET_KEY": "club-night",
    }
    command = [sys.executable, "-c", APP_SERVER, "serve", "--host", "127.0.0.1"]
    command += ["--port", str(port)]
    if processes is not None:
        command += ["--processes", str(processes)]
    log = work / "serve.log"
    try:
        with serving("scorekeeper serve", command, port, log, env):
            yield f"http://127.0.0.1:{port}", SERVERS[port]
    finally:
        said = log.read_text().strip() if log.exists() else ""
        if said:
            print("--- scorekeeper serve said:\n" + "\n".join(said.splitlines()[-15:]))


def memory_mb(pid: int) -> dict[str, float]:
    """The resident memory now (VmRSS), at its peak (VmHWM) and its proportional share (Pss:
    pages shared with forked processes counted a share each), in MB."""
    found = {}
    for path, names in (
        (f"/proc/{pid}/status", ("VmRSS", "VmHWM")),
        (f"/proc/{pid}/smaps_rollup", ("Pss",)),
    ):
        try:
            for line in Path(path).read_text().splitlines():
                name, _, value = line.partition(":")
                if name in names:
                    found[name] = int(value.split()[0]) / 1024
        except OSError:
            pass
    return found


def open_files(pid: int) -> int:
    try:
        return len(os.listdir(f"/proc/{pid}/fd"))
    except OSError:
        return 0


@dataclass
class Watched:
    """The server's processes over the run (one, or several behind a proxy, each with the
    workers it forked: ``scorekeeper serve`` is gunicorn's arbiter and its workers): the CPU
    seconds they used together, each one's memory, the most open files seen in one; and the
    same for other processes that serve the night (``others``, by name: the proxy, the
    database; each a process and its children). No processes: a server elsewhere, nothing
    watched."""

    #: The server processes started (or given with ``--pid``): found again with what they
    #: forked when the night begins, once every worker has started.
    roots: list[int]
    others: dict[str, int] = field(default_factory=dict)
    pids: list[int] = field(default_factory=list)
    #: The processes that forked others and only wait (gunicorn's arbiter).
    parents: set[int] = field(default_factory=set)
    cpu: float = 0.0
    most_files: int = 0
    memory: list[dict[str, float]] = field(default_factory=list)
    others_cpu: dict[str, float] = field(default_factory=dict)
    others_memory: dict[str, float] = field(default_factory=dict)
    _before: dict[int, float] = field(default_factory=dict)

    def find(self) -> None:
        """The roots and the processes each forked."""
        self.pids, self.parents = [], set()
        for root in self.roots:
            forked = family(root)
            self.pids += forked
            if len(forked) > 1:
                self.parents.add(root)

    def serving(self) -> int:
        """How many of the processes answer requests (not the parents)."""
        return len([pid for pid in self.pids if pid not in self.parents])

    def begin(self) -> None:
        self.find()
        self.cpu = -sum(map(cpu_seconds, self.pids))
        self._before = {
            pid: cpu_seconds(pid) for root in self.others.values() for pid in family(root)
        }

    def end(self) -> None:
        self.cpu += sum(map(cpu_seconds, self.pids))
        self.memory = [memory_mb(pid) for pid in self.pids]
        for name, root in self.others.items():
            pids = family(root)  # a child started since counts from its start
            self.others_cpu[name] = sum(cpu_seconds(p) - self._before.get(p, 0.0) for p in pids)
            self.others_memory[name] = sum(memory_mb(p).get("VmRSS", 0.0) for p in pids)

    def pss_mb(self) -> float:
        """The memory of all the server's processes, pages they share counted once."""
        return sum(m.get("Pss", 0.0) for m in self.memory)

    async def watch(self) -> None:
        while self.roots:
            self.most_files = max(self.most_files, 0, *map(open_files, self.pids))
            await asyncio.sleep(1.0)


# --- the night -------------------------------------------------------------------------------


@dataclass
class Night:
    tables: int
    phones: int
    seconds: float
    tally: Tally
    server: Watched
    generator_cpu: float
    load_before: str
    ramp: float

    @property
    def requests(self) -> int:
        return sum(len(values) for values in self.tally.latencies.values())

    def cpu_per_request_ms(self) -> float:
        """The server processes' CPU (summed; the proxy's not) per request, in milliseconds."""
        return 1000 * self.server.cpu / max(self.requests, 1)

    def summary(self) -> dict[str, object]:
        """What ``--summary`` writes (JSON): enough for another run to compare itself with."""
        return {
            "tables": self.tables,
            "phones": self.phones,
            "seconds": round(self.seconds, 1),
            "requests": self.requests,
            "errors": sum(self.tally.errors.values()),
            "p99_ms": {
                kind: round(1000 * percentile(values, 0.99), 1)
                for kind, values in self.tally.latencies.items()
            },
            "server_processes": self.server.serving(),
            "server_cpu_ms_per_request": round(self.cpu_per_request_ms(), 3),
            "server_memory_mb": [round(m.get("VmRSS", 0.0)) for m in self.server.memory],
            "server_pss_mb": round(self.server.pss_mb()),
            "load_before": self.load_before,
        }


async def club_night(
    args: argparse.Namespace, origin: Origin, server: Watched, warm: list[Origin] | None = None
) -> Night:
    """The night against ``origin``, watching ``server``; ``warm``: the addresses of the
    processes behind ``origin`` (by default, ``origin`` itself)."""
    load_before = " ".join(f"{x:.2f}" for x in os.getloadavg())
    began = time.monotonic()
    evening, games = await make_games(origin, args.tables, args.evening_tables, warm or [origin])
    print(f"made {len(games)} games in {time.monotonic() - began:.1f} s", file=sys.stderr)
    tally, rng = Tally(), random.Random(args.seed)
    # The generator's own pauses must not look like the server's: its garbage (futures,
    # buffers) is freed as it goes, so the cycle collector's full passes over thousands of
    # phones are left out.
    gc.collect()
    gc.freeze()
    gc.disable()
    start = time.monotonic() + 0.5
    ramp = sum(3 + n % 2 for n in range(len(games))) / args.arrivals
    tasks, phones = [asyncio.create_task(server.watch())], 0
    for number, token in enumerate(games):
        table = Table(token)
        for seat in range(3 + number % 2):
            call = origin.connection(args.timeout)
            write_at = start + ramp + rng.uniform(0, WRITE_SECONDS) if seat == 0 else None
            arrive = start + rng.uniform(0, ramp)
            tasks.append(asyncio.create_task(phone(tally, call, table, arrive, write_at)))
            phones += 1
    for _ in range(PROJECTORS):
        call = origin.connection(args.timeout)
        tasks.append(asyncio.create_task(projector(tally, call, evening, start)))
    server.begin()
    own_cpu = time.process_time()
    await sleep_until(start + ramp + args.minutes * 60)
    tally.counting = False
    seconds = time.monotonic() - start
    server.end()
    own_cpu = time.process_time() - own_cpu
    for task in tasks:
        task.cancel()
    await asyncio.wait(tasks, timeout=args.timeout + 5)
    return Night(args.tables, phones, seconds, tally, server, own_cpu, load_before, ramp)


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def report(night: Night) -> list[str]:
    """Prints the night; returns what breaks the budgets (empty: it held)."""
    tally, broken = night.tally, []
    total = sum(len(v) for v in tally.latencies.values())
    print(
        f"club night: {night.tables} tables, {night.phones} phones, {PROJECTORS} projectors, "
        f"{night.seconds:.0f} s, arriving over the first {night.ramp:.0f} s "
        f"(load average before: {night.load_before})"
    )
    print(f"{'kind':<10} {'requests':>9} {'per s':>7} {'p50 ms':>7} {'p99 ms':>7} {'max ms':>7}")
    for kind, budget in BUDGETS_MS.items():
        values = tally.latencies.get(kind, [])
        if not values:
            continue
        p50, p99 = 1000 * percentile(values, 0.5), 1000 * percentile(values, 0.99)
        over = p99 > budget
        mark = f"  over the budget of {budget:.0f} ms" if over else ""
        print(
            f"{kind:<10} {len(values):>9} {len(values) / night.seconds:>7.1f} {p50:>7.1f} "
            f"{p99:>7.1f} {1000 * max(values):>7.1f}{mark}"
        )
        if over:
            broken.append(f"{kind} p99 {p99:.0f} ms > {budget:.0f} ms")
    errors = sum(tally.errors.values())
    print(f"all: {total} requests, {total / night.seconds:.1f}/s; errors: {errors}")
    for error, count in tally.errors.most_common():
        print(f"  {count:>7}  {error}")
    if errors:
        broken.append(f"{errors} errors")
    server = night.server
    if server.pids:
        count, parents = server.serving(), len(server.parents)
        processes = f"{count} processes, together " if count > 1 else ""
        if parents:
            forked_by = "the parent that forked them" if parents == 1 else f"{parents} parents"
            processes = f"{count} process{'es' if count > 1 else ''} and {forked_by}, together "
        memory = " + ".join(f"{m.get('VmRSS', 0):.0f}" for m in server.memory)
        peaks = " + ".join(f"{m.get('VmHWM', 0):.0f}" for m in server.memory)
        pss = server.pss_mb()
        # forked processes share their parent's pages: their proportional share, summed
        several = (count > 1 or parents) and pss
        shared = f"; {pss:.0f} MB in all, shared pages counted once" if several else ""
        print(
            f"server: {processes}CPU {100 * server.cpu / night.seconds:.0f}% of one core "
            f"({night.cpu_per_request_ms():.2f} ms a request), memory {memory} MB "
            f"(peak {peaks} MB{shared}), open files at most {server.most_files}"
            + (" in one" if count > 1 else "")
        )
    for name, cpu in server.others_cpu.items():
        print(
            f"{name}: CPU {100 * cpu / night.seconds:.0f}% of one core "
            f"({1000 * cpu / max(total, 1):.2f} ms a request), memory "
            f"{server.others_memory[name]:.0f} MB"
        )
    print(f"generator: CPU {100 * night.generator_cpu / night.seconds:.0f}% of one core")
    return broken


def raise_file_limit() -> None:
    """A phone is a socket: the generator needs a file descriptor for each."""
    import resource

    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft != hard:
        resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))


def night_arguments(parser: argparse.ArgumentParser, tables: int = 64) -> None:
    """The options of the night itself (``benchmarks/proxy_night.py`` has them too)."""
    parser.add_argument("--tables", type=int, default=tables)
    parser.add_argument(
        "--minutes", type=float, default=1.0, help="minutes of play once every phone arrived"
    )
    parser.add_argument("--arrivals", type=float, default=60.0, help="phones arriving a second")
    parser.add_argument("--timeout", type=float, default=10.0, help="seconds a request may take")
    parser.add_argument("--evening-tables", type=int, default=8, help="tables the projectors show")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--check", action="store_true", help="exit 1 on an error or a slow p99")
    parser.add_argument("--summary", type=Path, help="write the night's numbers here (JSON)")


def arguments() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    night_arguments(parser)
    parser.add_argument("--url", help="a server to use (default: start scorekeeper serve)")
    parser.add_argument("--pid", type=int, help="with --url: the server process to watch")
    parser.add_argument(
        "--processes", type=int, help="without --url: serve's --processes (default: its own)"
    )
    return parser.parse_args()


def default_server_night(args: argparse.Namespace) -> Night:
    """The night against ``scorekeeper serve`` on SQLite, started for it with its defaults (or
    ``--processes``), watching it and the processes it forked."""
    with (
        tempfile.TemporaryDirectory() as folder,
        scorekeeper_serve(Path(folder), args.processes) as served,
    ):
        url, pid = served
        return asyncio.run(club_night(args, Origin.of(url), Watched([pid])))


def write_summary(night: Night, path: Path | None) -> None:
    if path is not None:
        path.write_text(json.dumps(night.summary(), indent=2) + "\n")


def stop_on_signals() -> None:
    """A run stopped by SIGTERM or SIGHUP (CI's timeout, a closed terminal) still stops what
    it started and deletes its folders, as on Ctrl+C."""

    def stop(number: int, _frame: FrameType | None) -> None:
        raise SystemExit(128 + number)

    for number in (signal.SIGTERM, signal.SIGHUP):
        signal.signal(number, stop)


def what(broken: str) -> str:
    """Which budget a line of :func:`report`'s broke: a kind of request, or ``errors``."""
    return "errors" if broken.endswith("errors") else broken.split(" ", 1)[0]


def twice(play: Callable[[], tuple[Night, list[str]]]) -> tuple[Night, list[str]]:
    """A night played by ``play``, and what it broke; played again when it broke anything, and
    then only what both nights broke (and the second night's numbers). A p99 is a shared
    machine's tail as much as the server's: a night behind another job's burst breaks it once,
    a change that slows the server breaks it every time (as ``benchmarks/server.py`` and
    ``benchmarks/clubs.py`` measure a broken budget again)."""
    night, broken = play()
    if not broken:
        return night, broken
    print(f"\nover budget, the night played again: {'; '.join(broken)}\n")
    again, broken_again = play()
    return again, [line for line in broken_again if what(line) in {what(b) for b in broken}]


def main() -> int:
    args = arguments()
    stop_on_signals()
    raise_file_limit()

    def play() -> tuple[Night, list[str]]:
        if args.url:
            watched = Watched([args.pid] if args.pid else [])
            night = asyncio.run(club_night(args, Origin.of(args.url), watched))
        else:
            night = default_server_night(args)
        return night, report(night)

    night, broken = twice(play) if args.check else play()
    write_summary(night, args.summary)
    if args.check and broken:
        print("over budget twice: " + "; ".join(broken))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
