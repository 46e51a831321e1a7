"""Waitress over :class:`scorekeeper.cli.idle_loop.IdleLoop` (issue 24): hundreds of open
connections that mostly wait are each answered when they ask, without the loop asking the idle
ones on every turn; idle ones are closed when they have waited too long; a connection's number
given to a new one, a closed one and a long answer that waits for the client all work."""

from __future__ import annotations

import random
import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from waitress import wasyncore
from waitress.server import create_server

from scorekeeper.cli import idle_loop

pytestmark = pytest.mark.skipif(not idle_loop.available(), reason="no epoll on this system")

#: A long answer: far more than the system's buffers hold, so the loop sends most of it.
BIG = 64 * 1024 * 1024


def app(environ: dict[str, Any], start_response: Any) -> list[bytes]:
    path = environ["PATH_INFO"]
    body = b"x" * BIG if path == "/big" else path.encode()
    start_response("200 OK", [("Content-Type", "text/plain"), ("Content-Length", str(len(body)))])
    return [body]


@contextmanager
def served(**settings: Any) -> Iterator[tuple[int, idle_loop.IdleLoop, dict[int, Any]]]:
    """A waitress server on a free port of 127.0.0.1, turned by an IdleLoop in a thread."""
    settings = {"threads": 4, "connection_limit": 1000, **settings}
    server = create_server(app, host="127.0.0.1", port=0, **settings)
    loop, stop = idle_loop.IdleLoop(), threading.Event()

    def turn() -> None:
        while not stop.is_set():
            loop.turn(0.05, server._map)

    thread = threading.Thread(target=turn, daemon=True)
    thread.start()
    try:
        yield server.effective_port, loop, server._map
    finally:
        stop.set()
        thread.join(5)
        server.task_dispatcher.shutdown()
        wasyncore.close_all(server._map)  # the listening socket, the trigger, the connections
        loop.close()


def ask(connection: socket.socket, path: str) -> bytes:
    """One keep-alive request on ``connection``; the body of its answer."""
    connection.sendall(f"GET {path} HTTP/1.1\r\nHost: here\r\n\r\n".encode())
    return answered(connection)


def answered(connection: socket.socket) -> bytes:
    """The body of the next answer on ``connection``."""
    answer = b""
    while b"\r\n\r\n" not in answer:
        answer += _received(connection)
    head, _, start = answer.partition(b"\r\n\r\n")
    assert head.startswith(b"HTTP/1.1 200"), head
    lengths = [line for line in head.lower().split(b"\r\n") if line.startswith(b"content-length")]
    body = bytearray(start)
    while len(body) < int(lengths[0].split(b":")[1]):
        body += _received(connection)
    return bytes(body)


def _received(connection: socket.socket) -> bytes:
    chunk = connection.recv(65536)
    assert chunk, "the server closed the connection"
    return chunk


def test_hundreds_of_open_connections_are_each_answered_in_turn():
    with served() as (port, _loop, _sockets):
        phones = [socket.create_connection(("127.0.0.1", port)) for _ in range(300)]
        order = random.Random(1)
        for round_ in range(3):
            for number in order.sample(range(len(phones)), len(phones)):
                assert ask(phones[number], f"/{round_}/{number}") == f"/{round_}/{number}".encode()
        for phone in phones:
            phone.close()


def test_idle_connections_are_not_asked_on_every_turn(monkeypatch):
    asked: list[Any] = []
    wanted = idle_loop.wanted
    monkeypatch.setattr(idle_loop, "wanted", lambda d: asked.append(d) or wanted(d))
    with served() as (port, loop, sockets):
        phones = [socket.create_connection(("127.0.0.1", port)) for _ in range(200)]
        for number, phone in enumerate(phones):
            ask(phone, f"/{number}")
        monkeypatch.setattr(idle_loop, "LOOK_AT_ALL_SECONDS", 3600.0)
        loop.next_look_at_all = time.monotonic() + 3600
        asked.clear()
        for number in range(100):  # one phone talks, 199 wait
            assert ask(phones[0], f"/again/{number}") == f"/again/{number}".encode()
        # each request is some three turns (read, the worker's trigger, ...) of a few sockets:
        # nowhere near the 200 connections a turn that waitress's own loop asks
        assert len(asked) < 100 * 20, len(asked)
        assert len(sockets) > 200  # they are all still open
        for phone in phones:
            phone.close()


def test_connections_idle_too_long_are_closed():
    with served(channel_timeout=1, cleanup_interval=1) as (port, loop, sockets):
        phones = [socket.create_connection(("127.0.0.1", port)) for _ in range(5)]
        for number, phone in enumerate(phones):
            ask(phone, f"/{number}")
        for phone in phones:
            phone.settimeout(10)
            assert phone.recv(1) == b""  # closed by the server, within its timeout
            phone.close()
        deadline = time.monotonic() + 5
        while len(loop.known) != len(sockets) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert len(loop.known) == len(sockets) == 2  # the listening socket and the trigger


def test_a_closed_connections_number_serves_the_next_one():
    with served() as (port, _loop, _sockets):
        for number in range(50):
            phone = socket.create_connection(("127.0.0.1", port))
            assert ask(phone, f"/{number}") == f"/{number}".encode()
            phone.close()  # the server's socket number is free for the next connection


def test_a_long_answer_is_sent_by_the_loop_as_the_client_reads_it():
    # The worker hands the whole answer over (it is under the high watermark) and is done; the
    # loop sends what the system's buffers did not take, as the client reads it.
    with served(outbuf_high_watermark=2 * BIG) as (port, _loop, _sockets):
        slow = socket.create_connection(("127.0.0.1", port))
        slow.sendall(b"GET /big HTTP/1.1\r\nHost: here\r\n\r\n")
        time.sleep(0.5)  # not reading yet: the rest of the answer waits in the server
        others = [socket.create_connection(("127.0.0.1", port)) for _ in range(20)]
        for number, other in enumerate(others):
            assert ask(other, f"/{number}") == f"/{number}".encode()
        slow.settimeout(10)
        assert len(answered(slow)) == BIG
        assert ask(slow, "/after") == b"/after"
        for connection in (slow, *others):
            connection.close()
