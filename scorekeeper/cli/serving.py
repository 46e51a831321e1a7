"""How ``scorekeeper serve`` runs waitress for a room of phones that poll.

Every phone at every table keeps one connection open and asks on it every two seconds (the
poll), so the server's limit is the number of open connections, not the work: waitress's
defaults (100 connections, ``select()``, which stops at 1,024 files) hold some 27 tables. Here:

- **connections**: up to :data:`CONNECTIONS` at once (``--connections``), one a phone, watched
  with epoll (:mod:`scorekeeper.cli.idle_loop`, which asks only the connections that can have
  changed) or, without it, ``poll()``: neither has a limit of its own;
- **processes**: one a core on the one listening socket (:mod:`scorekeeper.cli.prefork`);
- **files**: each connection is a file descriptor, so the process's soft limit of open files is
  raised to its hard limit at start; where even that is too low, the server holds as many phones
  as it allows and says how to raise it;
- **idle connections**: a phone whose screen went off stops polling; its connection is closed
  after :data:`IDLE_SECONDS` (the browser opens a new one when it polls again), so phones that
  left do not fill the server;
- **arrivals**: a queue of :data:`BACKLOG` connections waiting to be accepted, for a round whose
  phones all load their page at once;
- **saying when it is full**: at start, how many phones it is set up to hold; while it serves,
  a line in the log (once a minute at most) when the open connections pass
  :data:`NEARLY_FULL` of that, and waitress's own lines about requests waiting for a thread,
  once a minute at most too.

Measured with ``benchmarks/club_night.py`` (the README's club section has the numbers).
"""

from __future__ import annotations

import contextvars
import errno
import logging
import os
import socket
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from types import ModuleType
from typing import Any, cast

import click

from scorekeeper import qr
from scorekeeper.cli import idle_loop, prefork
from scorekeeper.games.text import gettext as _

#: Open connections (one a phone) the server holds by default: 512 tables of 3–4 phones, the
#: projectors and the organisers' phones, with room to spare.
CONNECTIONS = 2048
#: File descriptors the process needs besides its connections (the database, logs, waitress's
#: own wake-up pipe, a page being sent from a file).
OTHER_FILES = 64
#: Seconds an idle connection is kept open (a phone polls every 2 s).
IDLE_SECONDS = 30
#: Connections the system queues before the server accepts them.
BACKLOG = 2048
#: The share of the connections at which the log says the server is nearly full.
NEARLY_FULL = 0.9
#: The fewest seconds between two lines of the log about the same thing.
LOG_EVERY = 60.0

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
    """How many connections the server holds: those asked for, or fewer where the open-file
    limit allows fewer."""

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


def waitress_settings(capacity: Capacity, threads: int) -> dict[str, Any]:
    """Waitress's settings for phones that poll (besides host, port and the proxy's)."""
    return {
        "threads": threads,
        "connection_limit": capacity.connections,
        "asyncore_use_poll": True,
        "channel_timeout": IDLE_SECONDS,
        "cleanup_interval": IDLE_SECONDS // 3,
        "backlog": BACKLOG,
    }


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


def sockets_of(server: Any) -> dict[int, Any]:
    """Waitress's map of a server's sockets (of several listening sockets, or of one)."""
    return cast("dict[int, Any]", getattr(server, "map", None) or server._map)


def watch_connections(server: Any, limit: int, every: float = 5.0) -> threading.Thread:
    """A thread that looks at the server's open connections every ``every`` seconds."""
    sockets = sockets_of(server)
    # The map holds the listening sockets and waitress's wake-up pipe besides the connections.
    others = len(sockets)
    watch = FullWatch(lambda: len(sockets) - others, limit, time.monotonic)

    def run() -> None:
        while True:
            time.sleep(every)
            watch.look()

    context = contextvars.copy_context()  # the language the command speaks
    thread = threading.Thread(target=context.run, args=(run,), name="connections", daemon=True)
    thread.start()
    return thread


def quiet_waitress() -> None:
    """Waitress's lines on the terminal (as ``waitress.serve`` shows them), those about waiting
    requests and the connection limit once a minute at most. (The app's own lines, this
    module's among them, have Flask's handler.)"""
    waitress = logging.getLogger("waitress")
    if not waitress.handlers:
        said = logging.StreamHandler()
        said.setFormatter(logging.Formatter(logging.BASIC_FORMAT))
        waitress.addHandler(said)
        waitress.propagate = False
    for name in ("waitress.queue", "waitress"):
        logging.getLogger(name).addFilter(OnceAMinute())


def run_waitress(
    app: Any,
    capacity: Capacity,
    *,
    host: str,
    port: int,
    processes: int = 1,
    in_child: Callable[[], None] | None = None,
    **settings: Any,
) -> None:
    """Serve ``app`` on ``host``:``port`` until stopped, in ``processes`` processes on one
    listening socket (:mod:`scorekeeper.cli.prefork`; ``in_child`` runs first in each), each
    watching how full it is."""
    from waitress.server import create_server

    quiet_waitress()
    try:
        sockets = listening_sockets(host, port, settings["backlog"])
    except OSError as error:
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

    def serve_here() -> None:
        server = create_server(app, sockets=sockets, **settings)
        watch_connections(server, capacity.connections)
        serve_forever(server)

    for sock in sockets:
        listening_host, listening_port = sock.getsockname()[:2]
        click.echo(f"Serving on http://{qr.netloc(listening_host, listening_port)}")
    if processes == 1:
        serve_here()
        return

    def serve_in_child() -> None:
        if in_child is not None:
            in_child()
        serve_here()

    try:
        prefork.run(processes, serve_in_child)
    except prefork.Stopped as stopped:
        raise click.ClickException(str(stopped)) from None


def listening_sockets(host: str, port: int, backlog: int) -> list[socket.socket]:
    """The sockets waitress would bind for ``host`` and ``port``, bound and listening, so that
    several processes can serve on them."""
    from waitress.adjustments import Adjustments

    sockets: list[socket.socket] = []
    # (family, type, protocol, address) for each address the host stands for (waitress's
    # class declares the setting's strings; an instance holds these)
    listen = cast("list[tuple[int, int, int, Any]]", Adjustments(host=host, port=port).listen)
    for family, kind, proto, address in listen:
        sock = socket.socket(family, kind, proto)
        if family == socket.AF_INET6:
            sock.setsockopt(socket.IPPROTO_IPV6, socket.IPV6_V6ONLY, 1)
        if os.name == "posix":  # as waitress does: a restarted server binds at once
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            sock.bind(address)
        except OSError:
            sock.close()
            for bound in sockets:
                bound.close()
            raise
        sock.listen(backlog)
        sockets.append(sock)
    return sockets


def serve_forever(server: Any) -> None:
    """Run waitress's server until stopped: over :class:`idle_loop.IdleLoop` where the system
    has epoll, else with waitress's own loop."""
    if not idle_loop.available():
        server.run()
        return
    loop = idle_loop.IdleLoop()
    try:
        loop.loop(server.adj.asyncore_loop_timeout, sockets_of(server))
    except (SystemExit, KeyboardInterrupt):  # as waitress's own run() stops
        server.task_dispatcher.shutdown()
    finally:
        loop.close()


def echo_capacity(capacity: Capacity) -> None:
    """How many phones the server holds; on stderr, why not more where the files limit it."""
    first, *warnings = capacity.lines()
    click.echo(first)
    for line in warnings:
        click.echo(line, err=True)
