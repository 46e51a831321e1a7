"""``scorekeeper serve`` for real (issues 24, 36): on gunicorn, one worker process a core on one
port holding the phones' connections, a worker that stops started again, Ctrl+C or SIGTERM
stopping them all, workers that stop when their arbiter is gone, the nearly-full line from a
worker; where the system cannot fork (Windows), one waitress process. Real processes, real
sockets (Linux's /proc)."""

from __future__ import annotations

import os
import re
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from tests.serving import _wait_for, clean_environment, free_port

pytestmark = pytest.mark.skipif(
    not Path("/proc/self/stat").exists() or not hasattr(os, "fork"), reason="needs fork and /proc"
)

#: ``scorekeeper`` as it starts on Windows: no fork(), no gunicorn (not installed there), no
#: resource module, no poll().
AS_ON_WINDOWS = (
    "import os, select, sys; del os.fork; del select.poll; "
    "sys.modules['gunicorn'] = sys.modules['resource'] = None; "
    "from scorekeeper.cli import main; main()"
)


def scorekeeper() -> list[str]:
    return [str(Path(sys.executable).with_name("scorekeeper"))]


@contextmanager
def server(
    folder: Path, *args: str, command: list[str] | None = None
) -> Iterator[tuple[subprocess.Popen, int, Path]]:
    """``scorekeeper serve`` on a free port with ``args``: the process, its port, its log."""
    port, log = free_port(), folder / "serve.log"
    env = clean_environment(
        SCOREKEEPER_DATABASE_URL=f"sqlite:///{folder / 'served.sqlite3'}",
        SCOREKEEPER_SECRET_KEY="served",
    )
    with log.open("w") as output:
        process = subprocess.Popen(
            [
                *(command or scorekeeper()),
                "serve",
                "--host",
                "127.0.0.1",
                "--port",
                str(port),
                *args,
            ],
            cwd=folder,
            env=env,
            stdout=output,
            stderr=subprocess.STDOUT,
        )
        try:
            _wait_for(f"http://127.0.0.1:{port}/", process, log)
            yield process, port, log
        finally:
            if process.poll() is None:
                process.kill()
                process.wait(timeout=30)


def running(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (OSError, IndexError):
        return False
    return state not in ("Z", "X")  # a process that ended and waits to be reaped has ended


def children(pid: int) -> set[int]:
    found = set()
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except (OSError, IndexError):
                continue
            if int(fields[1]) == pid and fields[0] not in ("Z", "X"):
                found.add(int(entry.name))
    return found


def sockets_of(pid: int) -> int:
    count = 0
    for fd in Path(f"/proc/{pid}/fd").iterdir():
        try:
            count += os.readlink(fd).startswith("socket:")
        except OSError:
            continue
    return count


def settled(pids: list[int]) -> bool:
    """Whether the processes hold as many sockets now as half a second later."""
    first = [sockets_of(pid) for pid in pids]
    time.sleep(0.5)
    return first == [sockets_of(pid) for pid in pids]


def until(condition: Callable[[], bool], seconds: float = 15.0) -> bool:
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.05)
    return True


def ask_home(connection: socket.socket) -> bytes:
    """One request on a kept-alive connection, its answer read whole; its status line."""
    connection.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
    answer = b""
    while b"\r\n\r\n" not in answer:
        chunk = connection.recv(65536)
        assert chunk, "closed"
        answer += chunk
    head, _, body = answer.partition(b"\r\n\r\n")
    length = re.search(rb"(?i)\r\ncontent-length: *(\d+)", head)
    assert length, head
    while len(body) < int(length.group(1)):
        chunk = connection.recv(65536)
        assert chunk, "closed"
        body += chunk
    return head.split(b"\r\n", 1)[0]


def test_the_worker_processes_hold_the_phones_connections_on_one_port(tmp_path):
    with server(tmp_path, "--processes", "2") as (arbiter, port, log):
        assert until(lambda: len(children(arbiter.pid)) == 2)
        assert "Serving in 2 processes, one a core (--processes 1 for one)." in log.read_text()
        assert f"Serving on http://127.0.0.1:{port}" in log.read_text()
        workers = children(arbiter.pid)
        # the start's own check of the port (a connection a worker closes when it sees it
        # closed) gone first: the workers' sockets counted once they hold still
        assert until(lambda: settled(workers))
        before = {pid: sockets_of(pid) for pid in workers}
        arbiters = sockets_of(arbiter.pid)
        phones = [socket.create_connection(("127.0.0.1", port)) for _ in range(40)]
        for phone in phones:
            assert ask_home(phone) == b"HTTP/1.1 200 OK"
        # every connection is held, kept alive, by one of the workers; the arbiter holds none
        assert sum(sockets_of(pid) - before[pid] for pid in workers) == 40
        assert sockets_of(arbiter.pid) == arbiters
        for phone in phones:  # and answers again on the same connection
            assert ask_home(phone) == b"HTTP/1.1 200 OK"
            phone.close()


def test_a_worker_that_stops_is_started_again(tmp_path):
    with server(tmp_path, "--processes", "2") as (arbiter, port, log):
        assert until(lambda: len(children(arbiter.pid)) == 2)
        gone = min(children(arbiter.pid))
        os.kill(gone, signal.SIGKILL)
        assert until(lambda: len(children(arbiter.pid)) == 2 and gone not in children(arbiter.pid))
        assert until(lambda: str(gone) in log.read_text())  # gunicorn's line about it
        with socket.create_connection(("127.0.0.1", port)) as phone:
            assert ask_home(phone) == b"HTTP/1.1 200 OK"


@pytest.mark.parametrize("stop", [signal.SIGTERM, signal.SIGINT], ids=["SIGTERM", "Ctrl+C"])
def test_stopping_the_server_stops_every_process(tmp_path, stop):
    with server(tmp_path, "--processes", "2") as (arbiter, port, _log):
        assert until(lambda: len(children(arbiter.pid)) == 2)
        workers = children(arbiter.pid)
        phone = socket.create_connection(("127.0.0.1", port))  # kept alive: no wait for it
        assert ask_home(phone) == b"HTTP/1.1 200 OK"
        arbiter.send_signal(stop)
        assert arbiter.wait(timeout=15) == 0
        assert until(lambda: not any(map(running, workers)))
        phone.close()


def test_the_workers_stop_when_their_arbiter_is_gone(tmp_path):
    with server(tmp_path, "--processes", "2") as (arbiter, _port, _log):
        assert until(lambda: len(children(arbiter.pid)) == 2)
        workers = children(arbiter.pid)
        arbiter.kill()
        arbiter.wait(timeout=15)
        assert until(lambda: not any(map(running, workers)))


@pytest.mark.slow
def test_a_worker_says_when_it_is_nearly_full(tmp_path):
    with server(tmp_path, "--processes", "1", "--connections", "10") as (arbiter, port, log):
        assert "Set up to hold 10 phones at once" in log.read_text()
        phones = [socket.create_connection(("127.0.0.1", port)) for _ in range(10)]
        try:
            assert until(
                lambda: "connections are open: the server is nearly full" in (log.read_text())
            )
            assert " of 10 connections are open" in log.read_text()
        finally:
            for phone in phones:
                phone.close()
        assert arbiter.poll() is None


def test_where_the_system_cannot_fork_one_waitress_process_serves(tmp_path):
    command = [sys.executable, "-c", AS_ON_WINDOWS]
    with server(tmp_path, "--processes", "2", command=command) as (process, port, log):
        said = log.read_text()
        assert "One process serves: this database or this system takes no more." in said
        assert "Serving in" not in said
        assert f"Serving on http://127.0.0.1:{port}" in said
        phones = [socket.create_connection(("127.0.0.1", port)) for _ in range(5)]
        for phone in phones:
            assert ask_home(phone) == b"HTTP/1.1 200 OK"
        assert not children(process.pid)  # served in this one process
        assert sockets_of(process.pid) >= 5
        process.send_signal(signal.SIGINT)  # Ctrl+C
        assert process.wait(timeout=15) == 0
        for phone in phones:
            phone.close()
