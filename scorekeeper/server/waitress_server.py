"""``scorekeeper serve`` on waitress, in this one process: where the system cannot fork
(Windows) or the database lives in this process (SQLite in memory). A laptop with a few tables.

Waitress as it is (``waitress.serve``), set up for phones that poll: ``poll()`` where the system
has it (``select()`` stops at 1,024 files), connections closed after
:data:`~scorekeeper.server.serving.IDLE_SECONDS` idle, and its lines about requests waiting for a
thread or a full server once a minute at most.
"""

from __future__ import annotations

import logging
import socket
from typing import Any

import click

from scorekeeper.server import serving


def settings(server: serving.Server) -> dict[str, Any]:
    """Waitress's settings for phones that poll (besides the sockets)."""
    options: dict[str, Any] = {
        "threads": server.threads,
        "connection_limit": server.capacity.connections,
        "asyncore_use_poll": True,
        "channel_timeout": serving.IDLE_SECONDS,
        "cleanup_interval": serving.IDLE_SECONDS // 3,
        "backlog": serving.BACKLOG,
    }
    if server.trust_proxy:  # waitress removes the proxy's X-Forwarded-* headers by default
        options["clear_untrusted_proxy_headers"] = False
    return options


def quiet_waitress() -> None:
    """Waitress's lines on the terminal (as ``waitress.serve`` shows them), those about waiting
    requests and the connection limit once a minute at most. (The app's own lines, the
    connection watch's among them, have Flask's handler.)"""
    waitress = logging.getLogger("waitress")
    if not waitress.handlers:
        said = logging.StreamHandler()
        said.setFormatter(logging.Formatter(logging.BASIC_FORMAT))
        waitress.addHandler(said)
        waitress.propagate = False
    for name in ("waitress.queue", "waitress"):
        logging.getLogger(name).addFilter(serving.OnceAMinute())


def run(app: Any, server: serving.Server, sockets: list[socket.socket]) -> None:
    """Serve ``app`` on ``sockets`` (bound and listening) until stopped (Ctrl+C)."""
    import waitress

    quiet_waitress()
    for line in serving.listening_lines(sockets):
        click.echo(line)
    serving.watch_connections(server.capacity.connections)
    waitress.serve(app, sockets=sockets, **settings(server))
