"""``scorekeeper serve``: the app on the local network (gunicorn, or waitress on Windows), its
address as a QR code."""

from __future__ import annotations

import gc
import sys
from typing import cast

import click
from flask import Flask, current_app
from flask.cli import with_appcontext
from werkzeug.local import LocalProxy

from scorekeeper.cli.common import WholeNumber, lang_option
from scorekeeper.data.db import db
from scorekeeper.games.text import gettext as _
from scorekeeper.server import qr, serving
from scorekeeper.server.proxy import proxy_count

#: Seconds a thread runs before the interpreter lets another go on (Python's default: 0.005).
SWITCH_INTERVAL = 0.0005


@click.command()
@click.option("--host", default="0.0.0.0", show_default=True, help="Address to listen on.")
@click.option(
    "--port", default=8000, show_default=True, type=WholeNumber(0, 65535), help="Port to listen on."
)
@click.option("--threads", default=8, show_default=True, type=WholeNumber(1))
@click.option(
    "--connections",
    default=serving.CONNECTIONS,
    show_default=True,
    type=WholeNumber(1),
    help="Open connections each process holds at once: one a phone.",
)
@click.option(
    "--processes",
    type=WholeNumber(1),
    help="Server processes on the one port (default: one a core, at most 4).",
)
@lang_option
@with_appcontext
def serve(host: str, port: int, threads: int, connections: int, processes: int | None) -> None:
    """Serve the app on the local network and print its address as a QR code."""
    capacity = serving.Capacity(connections, serving.raise_file_limit())
    # The app itself, not the proxy Flask types as an app: the server calls it on every request.
    app = cast("LocalProxy[Flask]", current_app)._get_current_object()
    forks = _forks(processes)
    count = (processes or serving.default_count()) if forks else 1
    # what the app's counts kept in memory (wrong PINs) are shared over; each forked process
    # sets it again as it starts (_in_worker)
    app.config["SERVER_PROCESSES"] = count
    server = serving.Server(
        host,
        port,
        count,
        threads,
        capacity,
        forks=forks,
        trust_proxy=bool(proxy_count(app.config.get("TRUST_PROXY"))),
    )
    # While it serves, every address the app shows (share links, QR codes, PDFs) is one the
    # server answers on: with --host 127.0.0.1, the loopback address.
    with qr.serving_on(host):
        _banner(app.config.get("PUBLIC_URL"), port)
        serving.echo_capacity(capacity)
        if count > 1:
            click.echo(
                _("Serving in %(n)s processes, one a core (--processes 1 for one).", n=count)
            )
        click.echo(_("Press Ctrl+C to stop."))
        # What starting made (modules, templates, the catalogues) lives as long as the server:
        # the garbage collector's full passes need not walk it again (some 2% of a write), and
        # the forked processes share its pages.
        gc.collect()
        gc.freeze()
        # A long drawing (a big round's table cards) holds the interpreter between switches:
        # at Python's 5 ms, every time a page's thread waits on the network or the database it
        # waits up to that long again to go on, and a game page took 0.4-1 s while one was
        # drawn. At 0.5 ms it takes some 30 ms (benchmarks/print_stall.py).
        sys.setswitchinterval(SWITCH_INTERVAL)
        in_worker = serving.InWorker(
            fresh=lambda: _in_worker(app, count), stopping=lambda: _close_connections(app)
        )
        serving.run(app, server, in_worker)


def _forks(asked: int | None) -> bool:
    """Whether forked processes serve (gunicorn); not where the database is this process's own
    (SQLite in memory) or the system cannot fork: then one process serves (waitress), and
    asked for more, it says so."""
    engine = db.engine
    in_memory = engine.dialect.name == "sqlite" and engine.url.database in (None, "", ":memory:")
    if in_memory or not serving.can_fork():
        if asked not in (None, 1):
            click.echo(
                _("One process serves: this database or this system takes no more."), err=True
            )
        return False
    return True


def _in_worker(app: Flask, processes: int) -> None:
    """In a forked process: new database connections of its own, none of its parent's (the
    parent's stay open for the parent); and how many processes share the counts kept in
    memory."""
    app.config["SERVER_PROCESSES"] = processes
    with app.app_context():
        for engine in db.engines.values():
            engine.dispose(close=False)


def _close_connections(app: Flask) -> None:
    """In a stopping process: its database connections closed (PostgreSQL then logs no
    connection cut off)."""
    with app.app_context():
        for engine in db.engines.values():
            engine.dispose()


def _banner(public: str | None, port: int) -> None:
    """Where to open the app, as text and as a QR code; when only this computer can open it,
    that said plainly, with how to let the phones in."""
    url = public or f"http://{qr.netloc(qr.shown_host(), port)}/"
    if public or not qr.is_local_host(qr.shown_host()):
        click.echo(
            _("Scorekeeper is running. On any phone on this network, open:") + f"\n\n  {url}\n"
        )
        click.echo(qr.qr_text(url))
    elif qr.is_loopback_only():
        click.echo(_("Scorekeeper is running for this computer only, at:") + f"\n\n  {url}\n")
        click.echo(
            _(
                "Phones cannot reach %(host)s: it is this computer's own address. To let the "
                "phones on this network in, start it with --host 0.0.0.0.",
                host=qr.shown_host(),
            )
        )
    else:
        click.echo(_("Scorekeeper is running, at:") + f"\n\n  {url}\n")
        click.echo(
            _(
                "This computer is on no network yet, so phones cannot reach it. Once it is, "
                "the game pages show its address on the network."
            )
        )


COMMANDS = (serve,)
