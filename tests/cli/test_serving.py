"""``scorekeeper serve`` holds a room of phones that poll (issue 24): its waitress settings, the
open-file limit raised at start, how many phones it says it holds, and the log that says when
it is nearly full, once a minute at most."""

from __future__ import annotations

import logging
import resource
import socket

import pytest
from click.testing import CliRunner
from flask.cli import ScriptInfo

from scorekeeper import create_app
from scorekeeper.cli import main, prefork, serving


def serve(app, monkeypatch, *args: str):
    served: list[tuple[serving.Capacity, dict]] = []
    monkeypatch.setattr(
        serving, "run_waitress", lambda _app, capacity, **kw: served.append((capacity, kw))
    )
    result = CliRunner().invoke(
        main, ["serve", "--host", "127.0.0.1", *args], obj=ScriptInfo(create_app=lambda: app)
    )
    assert result.exit_code == 0, result.output
    return result, served[0]


def test_serve_holds_two_thousand_phones_and_says_so(app, monkeypatch):
    monkeypatch.setattr(serving, "raise_file_limit", lambda: 20000)
    result, (capacity, settings) = serve(app, monkeypatch)
    assert settings["connection_limit"] == 2048 == capacity.connections
    assert settings["asyncore_use_poll"] is True  # select() stops at 1,024 files
    assert settings["channel_timeout"] == serving.IDLE_SECONDS
    assert settings["backlog"] == serving.BACKLOG
    assert settings["threads"] == 8
    assert "Set up to hold 2048 phones at once (each keeps one connection open)." in (result.output)
    assert "Raise the limit" not in result.output


def test_serve_starts_one_process_a_core_unless_told(app, monkeypatch):
    monkeypatch.setattr(prefork, "default_count", lambda: 2)
    result, (_capacity, settings) = serve(app, monkeypatch)
    assert settings["processes"] == 2 == app.config["SERVER_PROCESSES"]
    assert "Serving in 2 processes, one a core (--processes 1 for one)." in result.output
    result, (_capacity, settings) = serve(app, monkeypatch, "--processes", "3")
    assert settings["processes"] == 3
    result, (_capacity, settings) = serve(app, monkeypatch, "--processes", "1")
    assert settings["processes"] == 1
    assert "Serving in" not in result.output


def test_a_database_in_memory_is_served_by_one_process(monkeypatch):
    memory = create_app({"SECRET_KEY": "memory", "DATABASE_URL": "sqlite://"})
    monkeypatch.setattr(prefork, "default_count", lambda: 2)
    result, (_capacity, settings) = serve(memory, monkeypatch, "--processes", "2")
    assert settings["processes"] == 1
    assert "One process serves: this database or this system takes no more." in result.stderr


def test_a_port_that_is_taken_is_said_in_words(app):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        result = CliRunner().invoke(
            main,
            ["serve", "--host", "127.0.0.1", "--port", str(port), "--processes", "1"],
            obj=ScriptInfo(create_app=lambda: app),
        )
    assert result.exit_code == 1
    said = " ".join(result.stderr.split())
    assert (
        f"Port {port} is taken: another server (Scorekeeper itself, perhaps) listens there." in said
    )
    assert f"start this one with --port {port + 1}" in said


def test_too_few_files_hold_fewer_phones_and_say_how_to_raise_the_limit(app, monkeypatch):
    monkeypatch.setattr(serving, "raise_file_limit", lambda: 1024)
    result, (capacity, settings) = serve(app, monkeypatch, "--connections", "3000")
    assert settings["connection_limit"] == 1024 - serving.OTHER_FILES == capacity.connections
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


@pytest.mark.parametrize("listening", ["one", "several"])
def test_the_watch_counts_connections_not_the_listening_sockets(monkeypatch, listening):
    counted = []
    monkeypatch.setattr(
        serving.FullWatch, "look", lambda self: counted.append(self.count()) or None
    )

    class Server:
        pass

    server = Server()
    sockets = {1: "listening", 2: "wake-up pipe"}
    setattr(server, "_map" if listening == "one" else "map", sockets)
    thread = serving.watch_connections(server, 100, every=0.01)
    sockets |= {3: "phone", 4: "phone"}
    while not counted or counted[-1] != 2:
        thread.join(0.01)
    assert counted[-1] == 2
