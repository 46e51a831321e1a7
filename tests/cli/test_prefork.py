"""``scorekeeper serve`` in one process a core on one port (issue 24): the connections are held
by the forked processes, one that stops is started again, stopping the server stops them all,
and they stop when their parent is gone. Real processes, real sockets (Linux's /proc)."""

from __future__ import annotations

import os
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


def scorekeeper() -> str:
    return str(Path(sys.executable).with_name("scorekeeper"))


@contextmanager
def forked_server(folder: Path, *args: str) -> Iterator[tuple[subprocess.Popen, int, Path]]:
    """``scorekeeper serve`` on a free port with ``args``: the process, its port, its log."""
    port, log = free_port(), folder / "serve.log"
    env = clean_environment(
        SCOREKEEPER_DATABASE_URL=f"sqlite:///{folder / 'forked.sqlite3'}",
        SCOREKEEPER_SECRET_KEY="forked",
    )
    with log.open("w") as output:
        server = subprocess.Popen(
            [scorekeeper(), "serve", "--host", "127.0.0.1", "--port", str(port), *args],
            cwd=folder,
            env=env,
            stdout=output,
            stderr=subprocess.STDOUT,
        )
        try:
            _wait_for(f"http://127.0.0.1:{port}/", server, log)
            yield server, port, log
        finally:
            if server.poll() is None:
                server.terminate()
                server.wait(timeout=30)


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


def until(condition: Callable[[], bool], seconds: float = 10.0) -> bool:
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.05)
    return True


def ask_home(connection: socket.socket) -> bytes:
    connection.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
    answer = b""
    while b"\r\n\r\n" not in answer:
        chunk = connection.recv(65536)
        assert chunk, "closed"
        answer += chunk
    return answer.split(b"\r\n", 1)[0]


def test_the_forked_processes_hold_the_phones_connections_on_one_port(tmp_path):
    with forked_server(tmp_path, "--processes", "2") as (server, port, log):
        assert until(lambda: len(children(server.pid)) == 2)
        assert "Serving in 2 processes, one a core (--processes 1 for one)." in log.read_text()
        forked = children(server.pid)
        before = {pid: sockets_of(pid) for pid in forked}
        phones = [socket.create_connection(("127.0.0.1", port)) for _ in range(40)]
        for phone in phones:
            assert ask_home(phone) == b"HTTP/1.1 200 OK"
        # every connection is held by one of the forked processes; the parent holds none
        assert sum(sockets_of(pid) - before[pid] for pid in forked) == 40
        for phone in phones:
            phone.close()


def test_a_process_that_stops_is_started_again(tmp_path):
    with forked_server(tmp_path, "--processes", "2") as (server, port, log):
        assert until(lambda: len(children(server.pid)) == 2)
        gone = min(children(server.pid))
        os.kill(gone, signal.SIGKILL)
        assert until(lambda: len(children(server.pid)) == 2 and gone not in children(server.pid))
        assert until(lambda: f"Server process {gone} stopped (exit code -9)." in log.read_text())
        with socket.create_connection(("127.0.0.1", port)) as phone:
            assert ask_home(phone) == b"HTTP/1.1 200 OK"


def test_stopping_the_server_stops_every_process(tmp_path):
    with forked_server(tmp_path, "--processes", "2") as (server, _port, _log):
        assert until(lambda: len(children(server.pid)) == 2)
        forked = children(server.pid)
        server.terminate()
        assert server.wait(timeout=15) == 0
        assert until(lambda: not any(map(running, forked)))


def test_the_processes_stop_when_their_parent_is_gone(tmp_path):
    with forked_server(tmp_path, "--processes", "2") as (server, _port, _log):
        assert until(lambda: len(children(server.pid)) == 2)
        forked = children(server.pid)
        server.kill()
        server.wait(timeout=15)
        assert until(lambda: not any(map(running, forked)))


def test_processes_that_stop_as_they_start_stop_the_server_with_a_message(tmp_path):
    code = "from scorekeeper.cli import prefork; prefork.run(2, lambda: None)"
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=False
    )
    assert done.returncode != 0
    assert "The server processes stop as soon as they start" in done.stderr
