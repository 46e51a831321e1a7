"""Several server processes on one listening socket: how ``scorekeeper serve`` uses every core.

One process answers under one interpreter lock, so it uses one core however many threads it
has: at 512 tables it was at 100 % of one core with the other idle, and the phones' requests
queued. So ``serve`` binds its socket first and then forks one process a core (at most
:data:`MOST`), each running the same server on that socket; the system hands each new
connection to whichever process takes it first (the least busy, usually).

The processes share the database as a club server's processes behind a proxy do: a game's
pages are kept per process by log position and a poll answer is fresh for a second, so a write
through one process is on every phone within the same few seconds.

This process (the parent) only waits: it starts a process again that stopped by itself (once
a second at most, and gives up when they keep stopping at once), and on Ctrl+C or SIGTERM
stops them all. A process whose parent is gone stops too. Where there is no ``fork()``
(Windows), one process serves.
"""

from __future__ import annotations

import logging
import os
import signal
import sys
import threading
import time
from collections.abc import Callable
from types import FrameType

from scorekeeper.games.text import gettext as _

#: The most processes ``serve`` starts by default, however many cores.
MOST = 4
#: A process that stops within this many seconds of starting counts as failing to start.
QUICK_EXIT_SECONDS = 5.0
#: Starts in a row that fail so before the server gives up.
FAILED_STARTS = 3

#: The signals that stop the server: Ctrl+C, ``kill`` (a service manager's stop), a closed terminal.
STOPPING = (
    frozenset({signal.SIGINT, signal.SIGTERM, signal.SIGHUP})
    if hasattr(signal, "SIGHUP")
    else frozenset()
)

log = logging.getLogger("scorekeeper.serve")


def can_fork() -> bool:
    return hasattr(os, "fork")


def default_count() -> int:
    """One process a core, at most :data:`MOST`; one where there is no ``fork()``."""
    if not can_fork():
        return 1
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    return max(1, min(MOST, cores or 1))


class Stopped(Exception):
    """The processes kept stopping as soon as they started."""


def run(count: int, serve: Callable[[], None]) -> None:
    """Run ``serve()`` in ``count`` forked processes until this one is told to stop."""
    Parent(count, serve).run()


class Parent:
    def __init__(self, count: int, serve: Callable[[], None]) -> None:
        self.count, self.serve = count, serve
        self.children: dict[int, float] = {}  # pid: when it started
        self.stopping = False
        self.failed_starts = 0

    def run(self) -> None:
        previous = {number: signal.signal(number, self._stop) for number in STOPPING}
        try:
            for _number in range(self.count):
                self._start()
            while self.children:
                pid, status = os.wait()
                started = self.children.pop(pid, None)
                if started is None or self.stopping:
                    continue
                self._started_again(pid, status, started)
        finally:
            self._stop_children(signal.SIGTERM)
            for number, handler in previous.items():
                signal.signal(number, handler)

    def _started_again(self, pid: int, status: int, started: float) -> None:
        """A process stopped by itself: start another, unless they keep failing to start."""
        quick = time.monotonic() - started < QUICK_EXIT_SECONDS
        self.failed_starts = self.failed_starts + 1 if quick else 0
        code = os.waitstatus_to_exitcode(status)
        log.warning(_("Server process %(pid)s stopped (exit code %(code)s).", pid=pid, code=code))
        if self.failed_starts >= FAILED_STARTS:
            self.stopping = True
            self._stop_children(signal.SIGTERM)
            raise Stopped(
                _("The server processes stop as soon as they start; see the lines above.")
            )
        time.sleep(1.0 if quick else 0.0)
        if not self.stopping:  # told to stop while it waited
            self._start()

    def _start(self) -> None:
        parent = os.getpid()
        sys.stdout.flush()  # or the child would write this process's lines a second time
        sys.stderr.flush()
        # A signal that came between the fork and the child's own handlers would run this
        # process's handler in the child: held until the child has its own.
        signal.pthread_sigmask(signal.SIG_BLOCK, STOPPING)
        pid = os.fork()
        if pid == 0:  # the child: serve, and never return into the parent's code
            code = 1
            try:
                _as_child(parent)
                signal.pthread_sigmask(signal.SIG_UNBLOCK, STOPPING)
                self.serve()
                code = 0
            except SystemExit as stopped:
                code = stopped.code if isinstance(stopped.code, int) else 0
            except KeyboardInterrupt:
                code = 0
            except BaseException:
                log.exception("The server process stopped on an error.")
            finally:
                logging.shutdown()
                os._exit(code)
        self.children[pid] = time.monotonic()
        signal.pthread_sigmask(signal.SIG_UNBLOCK, STOPPING)

    def _stop(self, _number: int, _frame: FrameType | None) -> None:
        self.stopping = True
        self._stop_children(signal.SIGTERM)

    def _stop_children(self, number: int) -> None:
        for pid in list(self.children):
            try:
                os.kill(pid, number)
            except ProcessLookupError:
                self.children.pop(pid, None)


def _as_child(parent: int) -> None:
    """A forked server process: Ctrl+C and SIGTERM stop it as they stop one server; it stops
    when its parent is gone."""
    signal.signal(signal.SIGINT, signal.default_int_handler)
    signal.signal(signal.SIGTERM, _exit)
    signal.signal(signal.SIGHUP, _exit)
    threading.Thread(target=_watch_parent, args=(parent,), name="parent", daemon=True).start()


def _exit(_number: int, _frame: FrameType | None) -> None:
    raise SystemExit(0)


def _watch_parent(parent: int, every: float = 1.0) -> None:
    while os.getppid() == parent:
        time.sleep(every)
    os.kill(os.getpid(), signal.SIGTERM)
