"""Waitress's event loop, for a room of phones that are idle nearly all the time.

On every turn of its loop, waitress (``wasyncore.poll2``) asks every open connection whether it
wants to read or write and builds a new ``poll()`` set from the answers. With 1,800 phones, each
asking once every two seconds, a turn costs some 1,800 questions for a handful of requests: at
512 tables it was a quarter of the server's processor time, and it grows with the phones.

:class:`IdleLoop` keeps one ``epoll`` set instead and asks again only the sockets that can have
changed since the last turn:

- a connection that had an event (it read, wrote or closed), or is not simply waiting for its
  next request (a worker thread is answering it, or it has output to send): a worker pulls
  waitress's trigger when it is done, which wakes the loop, and the connection is asked then;
- connections that are new or gone, and the listening sockets and the trigger on every turn
  (the server's ``readable()`` also closes connections that have been idle too long);
- everything, every :data:`LOOK_AT_ALL_SECONDS`, so that nothing can be missed for longer.

An idle connection (it wants to read and nothing else, no request of it is being answered)
changes only by reading: it is asked again when it has an event. The answers are waitress's
own (``readable()``, ``writable()``) and the events go to waitress's own ``readwrite``; only
the bookkeeping between them is new. Where there is no ``epoll`` (macOS, Windows: a laptop
with a few tables), waitress's loop runs as it is (:func:`available`).
"""

from __future__ import annotations

import contextlib
import select
import time
from collections.abc import Callable, Iterable, MutableMapping
from typing import Any

from waitress import wasyncore
from waitress.channel import HTTPChannel

#: What a dispatcher that wants to read is registered for, as ``wasyncore.poll2`` does (the
#: numbers poll() and epoll share; Windows' select module has neither).
READ = getattr(select, "POLLIN", 1) | getattr(select, "POLLPRI", 2)
WRITE = getattr(select, "POLLOUT", 4)
#: Seconds between two turns that ask every socket (a safety net; it costs a millisecond).
LOOK_AT_ALL_SECONDS = 0.25


def available() -> bool:
    """Whether this system has ``epoll`` (Linux)."""
    return hasattr(select, "epoll")


def wanted(dispatcher: Any) -> int:
    """The events ``dispatcher`` waits for now, as ``wasyncore.poll2`` asks them."""
    flags = READ if dispatcher.readable() else 0
    # accepting sockets should not be writable (as in poll2)
    if dispatcher.writable() and not dispatcher.accepting:
        flags |= WRITE
    return flags


def is_idle(dispatcher: Any, flags: int) -> bool:
    """A connection waiting for its next request and for nothing else: it changes only when it
    has an event."""
    return (
        flags == READ
        and isinstance(dispatcher, HTTPChannel)
        and not dispatcher.requests
        and not dispatcher.total_outbufs_len
    )


class IdleLoop:
    """``wasyncore.loop`` over waitress's map of sockets, with an ``epoll`` set kept between
    turns."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.epoll = select.epoll()
        self.clock = clock
        #: Every socket asked so far: its dispatcher and the events it is registered for.
        self.known: dict[int, tuple[Any, int]] = {}
        #: The sockets to ask again on the next turn.
        self.changing: set[int] = set()
        self.next_look_at_all = 0.0
        #: Whether a listening socket had an event on the last turn (it may have accepted).
        self.accepted = False

    def loop(self, timeout: float, sockets: MutableMapping[int, Any]) -> None:
        """Turn until the map is empty (waitress's server loop: ``asyncore.loop``)."""
        while sockets:
            self.turn(timeout, sockets)

    def turn(self, timeout: float, sockets: MutableMapping[int, Any]) -> None:
        """Ask what can have changed, wait up to ``timeout`` seconds for events, handle them."""
        for fd in self._to_ask(sockets):
            self._ask(fd, sockets.get(fd))
        self.accepted = False
        for fd, flags in self.epoll.poll(timeout):
            dispatcher = sockets.get(fd)
            if dispatcher is not None:
                self.accepted |= bool(dispatcher.accepting)
                wasyncore.readwrite(dispatcher, flags)
            self.changing.add(fd)

    def _to_ask(self, sockets: MutableMapping[int, Any]) -> Iterable[int]:
        now = self.clock()
        if now >= self.next_look_at_all:
            self.next_look_at_all = now + LOOK_AT_ALL_SECONDS
            return [*sockets, *(self.known.keys() - sockets.keys())]
        if self.accepted or len(sockets) != len(self.known):
            return self.changing | (sockets.keys() ^ self.known.keys())  # and the new and the gone
        return set(self.changing)

    def _ask(self, fd: int, dispatcher: Any) -> None:
        known = self.known.get(fd)
        if known is not None and known[0] is not dispatcher:
            # gone, or closed and its number given to a new connection since the last turn
            self._forget(fd, known[1])
            known = None
        if dispatcher is None:
            self.changing.discard(fd)
            return
        flags = wanted(dispatcher)
        before = 0 if known is None else known[1]
        if flags != before:
            self._register(fd, before, flags)
        self.known[fd] = (dispatcher, flags)
        if is_idle(dispatcher, flags):
            self.changing.discard(fd)
        else:
            self.changing.add(fd)

    def _register(self, fd: int, before: int, flags: int) -> None:
        """Move ``fd`` in the epoll set from ``before`` to ``flags`` (0: not in it, as poll2
        leaves a socket out that wants nothing)."""
        try:
            if not flags:
                self.epoll.unregister(fd)
            elif before:
                self.epoll.modify(fd, flags)
            else:
                self.epoll.register(fd, flags)
        except FileExistsError:
            self.epoll.modify(fd, flags)
        except FileNotFoundError:  # closed: the kernel took it out of the set itself
            if flags:
                self.epoll.register(fd, flags)

    def _forget(self, fd: int, flags: int) -> None:
        del self.known[fd]
        if flags:
            with contextlib.suppress(OSError):  # closed, so no longer in the set
                self.epoll.unregister(fd)

    def close(self) -> None:
        self.epoll.close()
