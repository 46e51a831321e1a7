"""``scorekeeper serve`` on gunicorn's gthread worker, through gunicorn's application API.

Gunicorn's arbiter (this process) forks the worker processes on the sockets ``serve`` bound
(``fd://``), starts again one that stops, and stops them all on Ctrl+C or SIGTERM; a worker
whose arbiter is gone stops too. In each worker the main thread watches the open connections
with the system's selector (epoll, kqueue) and hands each request to one of ``--threads``
threads; a connection that waits for its phone's next poll costs nothing until it has one, and
is closed after ``keepalive`` seconds without one.

The worker processes share the database as a club server's processes behind a proxy do: a
game's pages are kept per process by log position and a poll answer is fresh for a second, so
a write through one process is on every phone within the same few seconds. Each forked worker
opens database connections of its own (``post_fork``), never its parent's.

Only gunicorn's documented settings and server hooks are used (``BaseApplication``'s
``load_config`` and ``load``).
"""

from __future__ import annotations

import os
import socket
from typing import Any

import click
from gunicorn.app.base import BaseApplication

from scorekeeper.server import serving

#: Seconds a stopping worker may take to answer the requests it has begun.
STOP_SECONDS = 10
#: Where the workers' heartbeat files go: memory, where the system has it (gunicorn's advice:
#: on a disk, the heartbeat can block a worker).
HEARTBEAT_FOLDER = "/dev/shm"


class Gunicorn(BaseApplication):
    """The app under gunicorn with ``settings`` (names and values as gunicorn documents them)."""

    def __init__(self, app: Any, settings: dict[str, Any]) -> None:
        self.app, self.settings = app, settings
        super().__init__()

    def load_config(self) -> None:
        for name, value in self.settings.items():
            self.cfg.set(name, value)

    def load(self) -> Any:
        return self.app


def settings(server: serving.Server, in_worker: serving.InWorker) -> dict[str, Any]:
    """Gunicorn's settings for phones that poll (besides ``bind``)."""

    def post_fork(_arbiter: Any, _worker: Any) -> None:
        in_worker.fresh()

    def post_worker_init(_worker: Any) -> None:
        serving.watch_connections(server.capacity.connections)

    def worker_exit(_arbiter: Any, _worker: Any) -> None:
        in_worker.stopping()

    return {
        "workers": server.processes,
        "worker_class": "gthread",
        "threads": server.threads,
        "worker_connections": server.capacity.connections,
        "keepalive": serving.IDLE_SECONDS,
        "backlog": serving.BACKLOG,
        "graceful_timeout": STOP_SECONDS,
        # The app is made before the fork (``serve`` made it): the workers share its pages.
        "preload_app": True,
        # The proxy's X-Forwarded-* headers are the app's to believe or not (TRUST_PROXY):
        # gunicorn makes nothing of them itself, from any address.
        "secure_scheme_headers": {},
        "forwarded_allow_ips": "",
        "forwarder_headers": "",
        # No control socket: several servers on one machine would share its one path.
        "control_socket_disable": True,
        # Its own lines only when something is wrong: serve says where it listens.
        "loglevel": "warning",
        "worker_tmp_dir": HEARTBEAT_FOLDER if os.path.isdir(HEARTBEAT_FOLDER) else None,
        "post_fork": post_fork,
        "post_worker_init": post_worker_init,
        "worker_exit": worker_exit,
    }


def run(
    app: Any, server: serving.Server, sockets: list[socket.socket], in_worker: serving.InWorker
) -> None:
    """Serve ``app`` on ``sockets`` (bound and listening) until stopped."""

    listening = serving.listening_lines(sockets)

    def when_ready(_arbiter: Any) -> None:
        for line in listening:
            click.echo(line)

    # gunicorn takes each socket over by its number (and closes that number itself)
    bind = [f"fd://{sock.fileno()}" for sock in sockets]
    ready = {"bind": bind, "when_ready": when_ready}
    application = Gunicorn(app, ready | settings(server, in_worker))
    for sock in sockets:
        sock.detach()
    application.run()
