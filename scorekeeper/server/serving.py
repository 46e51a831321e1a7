"""How ``scorekeeper serve`` holds a room of phones that poll.

Every phone at every table keeps one connection open and asks on it every two seconds (the
poll), so the server's limit is the number of open connections, not the work. Here:

- **the server**: where the system can fork (Linux, macOS), gunicorn's gthread worker
  (:mod:`scorekeeper.server.gunicorn_server`): an arbiter that forks one worker process a core
  (at most :data:`MOST`) on the one listening socket and starts again one that stops; in each,
  the main thread watches the open connections (epoll, kqueue) and hands a request to one of
  the threads. Where there is no ``fork()`` (Windows), or the database lives in this process
  (SQLite in memory), waitress in this one process (:mod:`scorekeeper.server.waitress_server`);
- **connections**: up to :data:`CONNECTIONS` at once in each process (``--connections``), one
  a phone;
- **files**: each connection is a file descriptor, so the process's soft limit of open files is
  raised to its hard limit at start; where even that is too low, the server holds as many phones
  as it allows and says how to raise it;
- **idle connections**: a phone whose screen went off stops polling; its connection is closed
  after :data:`IDLE_SECONDS` (the browser opens a new one when it polls again), so phones that
  left do not fill the server, while one that polls is never closed between two polls;
- **arrivals**: a queue of :data:`BACKLOG` connections waiting to be accepted, for a round whose
  phones all load their page at once;
- **saying when it is full**: at start, how many phones it is set up to hold; while it serves,
  a line in the log (once a minute at most) when a process's open connections pass
  :data:`NEARLY_FULL` of that.

Only the servers' documented settings and hooks are used. Measured with
``benchmarks/club_night.py`` (the README's club section has the numbers).
"""

from __future__ import annotations

import contextvars
import errno
import importlib.util
import logging
import os
import socket
import stat
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from types import ModuleType
from typing import Any

import click

from scorekeeper.games.text import gettext as _
from scorekeeper.server import qr

#: Open connections (one a phone) each server process holds by default: 512 tables of 3–4
#: phones, the projectors and the organisers' phones, with room to spare, even when the system
#: hands most of them to one process.
CONNECTIONS = 2048
#: File descriptors a process needs besides its connections (the database, logs, the server's
#: own wake-up pipe, a page being sent from a file).
OTHER_FILES = 64
#: Seconds an idle connection is kept open: well past the phones' poll (every 2 s).
IDLE_SECONDS = 30
#: Connections the system queues before the server accepts them.
BACKLOG = 2048
#: The most server processes ``serve`` starts by default, however many cores.
MOST = 4
#: The share of the connections at which the log says the server is nearly full.
NEARLY_FULL = 0.9
#: The fewest seconds between two lines of the log about the same thing.
LOG_EVERY = 60.0
#: Seconds between two looks at how many connections are open.
WATCH_EVERY = 5.0

log = logging.getLogger("scorekeeper.serve")

resource: ModuleType | None
try:
    import resource
except ImportError:  # Windows
    resource = None


def raise_file_limit() -> int:
    """Raise this process's soft limit of open files to its hard limit; the limit now (where
    the system has no such limit, as Windows: as many as the server would hold)."""
    if resource is None:
        return CONNECTIONS + OTHER_FILES
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard == resource.RLIM_INFINITY or soft < hard:
        wanted = hard if hard != resource.RLIM_INFINITY else max(soft, 65536)
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))
            soft = wanted
        except (ValueError, OSError):
            pass
    return int(soft)


@dataclass(frozen=True)
class Capacity:
    """How many connections a server process holds: those asked for, or fewer where the
    open-file limit allows fewer."""

    wanted: int
    files: int

    @property
    def connections(self) -> int:
        return max(1, min(self.wanted, self.files - OTHER_FILES))

    @property
    def limited(self) -> bool:
        return self.connections < self.wanted

    def lines(self) -> list[str]:
        """What the banner says of it."""
        said = [
            _(
                "Set up to hold %(n)s phones at once (each keeps one connection open).",
                n=self.connections,
            )
        ]
        if self.limited:
            said.append(
                _(
                    "This process may open only %(files)s files, too few for %(wanted)s phones. "
                    "Raise the limit (ulimit -n %(needed)s, or LimitNOFILE=%(needed)s for a "
                    "service) and start it again.",
                    files=self.files,
                    wanted=self.wanted,
                    needed=self.wanted + OTHER_FILES,
                )
            )
        return said


def echo_capacity(capacity: Capacity) -> None:
    """How many phones the server holds; on stderr, why not more where the files limit it."""
    first, *warnings = capacity.lines()
    click.echo(first)
    for line in warnings:
        click.echo(line, err=True)


def can_fork() -> bool:
    """Whether ``serve`` can run several processes: the system forks and gunicorn is there
    (it is installed everywhere but on Windows)."""
    return hasattr(os, "fork") and importlib.util.find_spec("gunicorn") is not None


def default_count() -> int:
    """One process a core, at most :data:`MOST`; one where the system cannot fork."""
    if not can_fork():
        return 1
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    return max(1, min(MOST, cores or 1))


@dataclass(frozen=True)
class Server:
    """What ``serve`` was asked to run: where, in how many processes of how many threads, for
    how many phones each, and whether the proxy's ``X-Forwarded-*`` headers reach the app."""

    host: str
    port: int
    processes: int
    threads: int
    capacity: Capacity
    forks: bool = True
    trust_proxy: bool = False


@dataclass(frozen=True)
class InWorker:
    """What runs in each server process once forked (``fresh``: its own database connections,
    say) and as it stops (``stopping``: those connections closed)."""

    fresh: Callable[[], None] = lambda: None
    stopping: Callable[[], None] = lambda: None


def run(app: Any, server: Server, in_worker: InWorker | None = None) -> None:
    """Serve ``app`` until stopped: bind the address (a port that is taken said in words), then
    gunicorn in forked processes where ``server.forks``, else waitress in this one."""
    sockets = listening_sockets(server.host, server.port, BACKLOG)
    if server.forks:
        from scorekeeper.server import gunicorn_server

        gunicorn_server.run(app, server, sockets, in_worker or InWorker())
    else:
        from scorekeeper.server import waitress_server

        waitress_server.run(app, server, sockets)


def listening_sockets(host: str, port: int, backlog: int) -> list[socket.socket]:
    """A socket bound and listening for each address ``host`` stands for (``localhost``: its
    IPv4 and IPv6 addresses), so that the server's processes serve on them; a port another
    server listens on is a :class:`click.ClickException` that says so."""
    sockets: list[socket.socket] = []
    found = socket.getaddrinfo(host, port, 0, socket.SOCK_STREAM, 0, socket.AI_PASSIVE)
    addresses = list(dict.fromkeys((family, address) for family, _t, _p, _n, address in found))
    try:
        for family, address in addresses:
            sockets.append(_bound(family, address, backlog))
    except OSError as error:
        for bound in sockets:
            bound.close()
        if error.errno != errno.EADDRINUSE:
            raise
        raise click.ClickException(
            _(
                "Port %(port)s is taken: another server (Scorekeeper itself, perhaps) listens "
                "there. Stop it, or start this one with --port %(other)s.",
                port=port,
                other=port + 1 if 0 < port < 65535 else 8001,
            )
        ) from None
    return sockets


def _bound(family: int, address: Any, backlog: int) -> socket.socket:
    sock = socket.socket(family, socket.SOCK_STREAM)
    try:
        if family == socket.AF_INET6:
            sock.setsockopt(socket.IPPROTO_IPV6, socket.IPV6_V6ONLY, 1)
        if os.name == "posix":  # as the servers do: a restarted server binds at once
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(address)
        sock.listen(backlog)
    except OSError:
        sock.close()
        raise
    return sock


def listening_lines(sockets: list[socket.socket]) -> list[str]:
    """What the server says of where it listens, once it does."""
    return [f"Serving on http://{qr.netloc(*sock.getsockname()[:2])}" for sock in sockets]


class OnceAMinute(logging.Filter):
    """Lets a message through at most once every :data:`LOG_EVERY` seconds (by its template):
    waitress says "Task queue depth is 3" on every request that waits for a thread."""

    def __init__(self, clock: Callable[[], float] = time.monotonic):
        super().__init__()
        self.clock = clock
        self.last: dict[str, float] = {}

    def filter(self, record: logging.LogRecord) -> bool:
        now = self.clock()
        key = str(record.msg)
        if key in self.last and now - self.last[key] < LOG_EVERY:
            return False
        self.last[key] = now
        return True


class FullWatch:
    """Says in the log, once a minute at most, when the open connections near the limit."""

    def __init__(self, count: Callable[[], int], limit: int, clock: Callable[[], float]):
        self.count, self.limit, self.clock = count, limit, clock
        self.said = float("-inf")

    def look(self) -> None:
        open_now = self.count()
        if open_now < NEARLY_FULL * self.limit or self.clock() - self.said < LOG_EVERY:
            return
        self.said = self.clock()
        log.warning(
            _(
                "%(open)s of %(limit)s connections are open: the server is nearly full. New "
                "phones wait once it is full; start it with more --connections, or another "
                "process behind a proxy.",
                open=open_now,
                limit=self.limit,
            )
        )


#: Where the system lists a process's open files (Linux, macOS; not Windows).
OPEN_FILES = "/dev/fd"


def open_sockets() -> int | None:
    """How many sockets this process has open (its connections, its listening sockets, its
    database's); None where the system does not list a process's files."""
    try:
        numbers = os.listdir(OPEN_FILES)
    except OSError:
        return None
    count = 0
    for number in numbers:
        try:
            count += stat.S_ISSOCK(os.fstat(int(number)).st_mode)
        except (OSError, ValueError):  # closed since it was listed (the listing's own, say)
            continue
    return count


def watch_connections(
    limit: int, every: float = WATCH_EVERY, count: Callable[[], int | None] = open_sockets
) -> threading.Thread | None:
    """A thread that looks at this process's open connections every ``every`` seconds: the
    sockets opened since it started (the listening ones were open before). None where the
    system does not list a process's files (then the server's own line says when it is full)."""
    before = count()
    if before is None:
        return None

    def connections() -> int:
        return max(0, (count() or 0) - before)

    watch = FullWatch(connections, limit, time.monotonic)

    def run() -> None:
        while True:
            time.sleep(every)
            watch.look()

    context = contextvars.copy_context()  # the language the command speaks
    thread = threading.Thread(target=context.run, args=(run,), name="connections", daemon=True)
    thread.start()
    return thread
