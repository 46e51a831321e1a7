"""``scorekeeper serve`` holds a room of phones that poll (issues 24, 36): gunicorn's gthread
worker where the system forks, set up for 512 tables; waitress in one process where it cannot
or the database is in memory; the open-file limit raised at start, how many phones it says it
holds, a port that is taken said in words, and the log that says when it is nearly full, once
a minute at most."""

from __future__ import annotations

import logging
import os
import resource
import socket

import pytest

from scorekeeper import create_app
from scorekeeper.cli import main
from scorekeeper.data.db import db
from scorekeeper.server import gunicorn_server, serving, waitress_server

#: A club night of 512 tables: 3.5 phones a table, two projectors, a few organisers.
PHONES_AT_512_TABLES = 512 * 7 // 2 + 2 + 6


def serve(app, monkeypatch, *args: str):
    """``scorekeeper serve`` with the server replaced: what it was asked to run, its output."""
    served: list[tuple[serving.Server, serving.InWorker]] = []
    monkeypatch.setattr(
        serving, "run", lambda _app, server, in_worker: served.append((server, in_worker))
    )
    result = app.test_cli_runner().invoke(main, ["serve", "--host", "127.0.0.1", *args])
    assert result.exit_code == 0, result.output
    return result, served[0]


def test_serve_runs_gunicorns_threads_for_512_tables_and_says_so(app, monkeypatch):
    monkeypatch.setattr(serving, "raise_file_limit", lambda: 20000)
    result, (server, in_worker) = serve(app, monkeypatch)
    assert server.forks and server.capacity.connections == 2048 and server.threads == 8
    settings = gunicorn_server.settings(server, in_worker)
    assert settings["worker_class"] == "gthread" and settings["threads"] == 8
    assert settings["workers"] == server.processes
    # every phone of 512 tables, even if the system hands them all to one process
    assert settings["worker_connections"] == 2048 > PHONES_AT_512_TABLES
    # a phone's connection stays open between two polls, and long after
    assert settings["keepalive"] == serving.IDLE_SECONDS > 10 * app.config["POLL_SECONDS"]
    assert settings["backlog"] == serving.BACKLOG
    assert "Set up to hold 2048 phones at once (each keeps one connection open)." in result.output
    assert "Raise the limit" not in result.output


def test_gunicorn_believes_no_proxy_header_itself(app, monkeypatch):
    """``TRUST_PROXY`` decides (the app's ProxyFix): gunicorn, by default, would take
    ``X-Forwarded-Proto: https`` from any client on this machine."""
    _result, (server, in_worker) = serve(app, monkeypatch)
    settings = gunicorn_server.settings(server, in_worker)
    assert settings["secure_scheme_headers"] == {}
    assert settings["forwarded_allow_ips"] == "" == settings["forwarder_headers"]


def test_waitress_is_set_up_for_phones_that_poll(app, monkeypatch):
    monkeypatch.setattr(serving, "raise_file_limit", lambda: 20000)
    monkeypatch.setattr(serving, "can_fork", lambda: False)
    _result, (server, _in_worker) = serve(app, monkeypatch)
    settings = waitress_server.settings(server)
    assert settings["connection_limit"] == 2048
    assert settings["asyncore_use_poll"] is True  # select() stops at 1,024 files
    assert settings["channel_timeout"] == serving.IDLE_SECONDS
    assert settings["backlog"] == serving.BACKLOG and settings["threads"] == 8
    assert "clear_untrusted_proxy_headers" not in settings  # waitress removes them
    app.config["TRUST_PROXY"] = "true"
    _result, (server, _in_worker) = serve(app, monkeypatch)
    assert waitress_server.settings(server)["clear_untrusted_proxy_headers"] is False


def test_serve_starts_one_process_a_core_unless_told(app, monkeypatch):
    monkeypatch.setattr(serving, "default_count", lambda: 2)
    result, (server, _in_worker) = serve(app, monkeypatch)
    assert server.processes == 2 == app.config["SERVER_PROCESSES"]
    assert "Serving in 2 processes, one a core (--processes 1 for one)." in result.output
    result, (server, _in_worker) = serve(app, monkeypatch, "--processes", "3")
    assert server.processes == 3 and server.forks
    result, (server, _in_worker) = serve(app, monkeypatch, "--processes", "1")
    assert server.processes == 1 and server.forks
    assert "Serving in" not in result.output


def test_a_database_in_memory_is_served_by_one_process(monkeypatch):
    memory = create_app({"SECRET_KEY": "memory", "DATABASE_URL": "sqlite://"})
    monkeypatch.setattr(serving, "default_count", lambda: 2)
    result, (server, _in_worker) = serve(memory, monkeypatch, "--processes", "2")
    assert server.processes == 1 and not server.forks
    assert "One process serves: this database or this system takes no more." in result.stderr


def test_where_the_system_cannot_fork_one_waitress_serves(app, monkeypatch):
    monkeypatch.delattr(os, "fork")
    result, (server, _in_worker) = serve(app, monkeypatch, "--processes", "2")
    assert (server.processes, server.forks, app.config["SERVER_PROCESSES"]) == (1, False, 1)
    assert "One process serves: this database or this system takes no more." in result.stderr
    assert "Serving in" not in result.output
    result, (server, _in_worker) = serve(app, monkeypatch)
    assert not server.forks and "One process serves" not in result.stderr  # not asked for more


def test_each_forked_process_opens_database_connections_of_its_own(app, monkeypatch):
    _result, (server, in_worker) = serve(app, monkeypatch, "--processes", "3")
    app.config["SERVER_PROCESSES"] = None
    with app.app_context():
        with db.engine.connect():  # the parent's connection, back in its pool
            pass
        parents = db.engine.pool
        assert parents.checkedin() == 1
    gunicorn_server.settings(server, in_worker)["post_fork"](None, None)
    with app.app_context():
        assert db.engine.pool is not parents  # the worker's pool is new ...
        assert parents.checkedin() == 1  # ... and the parent's connection was not closed
    assert app.config["SERVER_PROCESSES"] == 3
    with app.app_context():
        with db.engine.connect():  # the worker's own
            pass
        workers = db.engine.pool
        assert workers.checkedin() == 1
    gunicorn_server.settings(server, in_worker)["worker_exit"](None, None)
    assert workers.checkedin() == 0  # closed as the worker stops


def test_a_port_that_is_taken_is_said_in_words(app):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        result = app.test_cli_runner().invoke(
            main, ["serve", "--host", "127.0.0.1", "--port", str(port)]
        )
    assert result.exit_code == 1
    said = " ".join(result.stderr.split())
    assert (
        f"Port {port} is taken: another server (Scorekeeper itself, perhaps) listens there." in said
    )
    assert f"start this one with --port {port + 1}" in said


def test_the_listening_sockets_are_bound_for_every_address_of_the_host():
    sockets = serving.listening_sockets("localhost", 0, 16)
    try:
        families = {sock.family for sock in sockets}
        assert socket.AF_INET in families
        assert all(sock.getsockname()[1] for sock in sockets)  # bound to a port
        with socket.create_connection(("127.0.0.1", sockets[0].getsockname()[1])):
            pass  # listening
    finally:
        for sock in sockets:
            sock.close()


def test_too_few_files_hold_fewer_phones_and_say_how_to_raise_the_limit(app, monkeypatch):
    monkeypatch.setattr(serving, "raise_file_limit", lambda: 1024)
    result, (server, _in_worker) = serve(app, monkeypatch, "--connections", "3000")
    assert server.capacity.connections == 1024 - serving.OTHER_FILES
    assert f"Set up to hold {1024 - serving.OTHER_FILES} phones" in result.output
    said = " ".join(result.stderr.split())
    assert "This process may open only 1024 files, too few for 3000 phones." in said
    assert "ulimit -n 3064" in said and "LimitNOFILE=3064" in said


def test_the_soft_file_limit_is_raised_to_the_hard_one(monkeypatch):
    limits = {"now": (1024, 4096)}
    monkeypatch.setattr(resource, "getrlimit", lambda _which: limits["now"])

    def setrlimit(_which, value):
        limits["now"] = value

    monkeypatch.setattr(resource, "setrlimit", setrlimit)
    assert serving.raise_file_limit() == 4096
    assert limits["now"] == (4096, 4096)


def test_a_limit_the_system_refuses_to_raise_is_left_as_it_is(monkeypatch):
    monkeypatch.setattr(resource, "getrlimit", lambda _which: (1024, 4096))

    def refuse(_which, _value):
        raise ValueError("not allowed")

    monkeypatch.setattr(resource, "setrlimit", refuse)
    assert serving.raise_file_limit() == 1024


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_nearly_full_is_said_once_a_minute_at_most(caplog):
    clock, connections = Clock(), {"open": 10}
    watch = serving.FullWatch(lambda: connections["open"], 100, clock)
    with caplog.at_level(logging.INFO, logger="scorekeeper.serve"):
        watch.look()
        assert not caplog.records  # 10 of 100: nothing to say
        connections["open"] = 95
        watch.look()
        clock.now += 30
        watch.look()
        assert [r.getMessage() for r in caplog.records] == [
            "95 of 100 connections are open: the server is nearly full. New phones wait once "
            "it is full; start it with more --connections, or another process behind a proxy."
        ]
        clock.now += 31
        watch.look()
        assert len(caplog.records) == 2


def test_waitress_lines_about_waiting_requests_come_once_a_minute():
    clock = Clock()
    once = serving.OnceAMinute(clock)

    def record(message: str) -> logging.LogRecord:
        return logging.LogRecord("waitress.queue", logging.WARNING, "", 0, message, (3,), None)

    assert once.filter(record("Task queue depth is %d"))
    assert not once.filter(record("Task queue depth is %d"))
    assert once.filter(record("total open connections reached the connection limit"))
    clock.now += 61
    assert once.filter(record("Task queue depth is %d"))


@pytest.mark.skipif(not os.path.isdir(serving.OPEN_FILES), reason="no /dev/fd on this system")
def test_the_sockets_a_process_has_open_are_counted_not_its_other_files(tmp_path):
    before = serving.open_sockets()
    reading, writing = os.pipe()
    one, other = socket.socketpair()
    with (tmp_path / "a file").open("w"), one, other:
        assert serving.open_sockets() == before + 2
    os.close(reading)
    os.close(writing)
    assert serving.open_sockets() == before


def test_the_watch_counts_connections_not_what_was_open_before_it(monkeypatch):
    counted, sockets = [], {"open": 3}  # the listening sockets and the database's
    monkeypatch.setattr(
        serving.FullWatch, "look", lambda self: counted.append(self.count()) or None
    )
    thread = serving.watch_connections(100, every=0.01, count=lambda: sockets["open"])
    sockets["open"] += 2  # two phones
    while not counted or counted[-1] != 2:
        thread.join(0.01)
    assert counted[-1] == 2


def test_where_the_system_lists_no_files_nothing_is_watched():
    assert serving.watch_connections(100, count=lambda: None) is None
