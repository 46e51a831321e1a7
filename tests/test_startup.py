"""Unlucky starts (issue 13): a first start killed half-way, two servers starting at once, a
database from a newer version or not migrated yet, an empty secret key."""

from __future__ import annotations

import json
import logging
import multiprocessing
import sqlite3
import subprocess
import sys
import threading
import time
from pathlib import Path

import alembic.op
import pytest
from alembic.script import ScriptDirectory
from flask import Flask

import scorekeeper
from scorekeeper import _instance_secret_key, create_app
from scorekeeper.data.db import alembic as migrations
from scorekeeper.data.db import db
from scorekeeper.table import store
from tests.conftest import csrf_token


def _migrations() -> ScriptDirectory:
    """The migration scripts the package ships, read as Alembic reads them (not the app)."""
    folder = str(Path(scorekeeper.__file__).parent / "migrations")
    return ScriptDirectory(folder, version_locations=[folder])


#: The first migration and the newest, read from the migration files themselves: a new
#: migration needs no edit here, and one that a start fails to apply fails these tests.
BASES = _migrations().get_bases()
HEADS = _migrations().get_heads()
FIRST = BASES[0]
LATEST = HEADS[0]


def test_the_migrations_are_one_line_from_the_first_to_the_newest():
    """One base and one head, else "the newest schema" a start reaches means nothing (two
    branches merged without a merge migration)."""
    assert len(BASES) == 1, BASES
    assert len(HEADS) == 1, HEADS
    chain = [script.revision for script in _migrations().walk_revisions()]
    assert chain[0] == LATEST and chain[-1] == FIRST


def settings(tmp_path: Path, **extra) -> dict:
    return {
        "TESTING": True,
        "SECRET_KEY": "test",
        "DATABASE_URL": f"sqlite:///{tmp_path / 'scorekeeper.sqlite3'}",
        **extra,
    }


def tables(path: Path) -> set[str]:
    with sqlite3.connect(path) as connection:
        rows = connection.execute("SELECT name FROM sqlite_master WHERE type = 'table'")
        return {row[0] for row in rows}


def version(path: Path) -> list[str]:
    with sqlite3.connect(path) as connection:
        return [row[0] for row in connection.execute("SELECT version_num FROM alembic_version")]


def new_game(client) -> int:
    data = {
        "csrf_token": csrf_token(client),
        "player_0": "Anna",
        "player_1": "Ben",
        "player_2": "Carla",
        "variant": "modern",
        "first_dealer": "0",
    }
    return client.post("/bismarck/new", data=data).status_code


# --- the first migration is all or nothing -------------------------------------------------

KILLED_START = """
import os, sys
import alembic.op
from scorekeeper import create_app

real = alembic.op.create_table


def create_table(name, *args, **kwargs):
    table = real(name, *args, **kwargs)
    if name == "game":  # killed between the first migration's CREATE TABLEs
        os._exit(3)
    return table


alembic.op.create_table = create_table
create_app({"SECRET_KEY": "x", "DATABASE_URL": sys.argv[1]})
"""


def test_a_first_start_killed_between_create_tables_leaves_nothing_behind(tmp_path):
    path = tmp_path / "scorekeeper.sqlite3"
    killed = subprocess.run(
        [sys.executable, "-c", KILLED_START, f"sqlite:///{path}"], capture_output=True
    )
    assert killed.returncode == 3, killed.stderr.decode()
    assert "game" not in tables(path)
    app = create_app(settings(tmp_path))  # the next start creates the whole schema
    assert {"game", "event", "alembic_version"} <= tables(path)
    assert version(path) == [LATEST]
    assert new_game(app.test_client()) == 303


def test_empty_tables_an_older_killed_start_left_are_made_again(tmp_path):
    path = tmp_path / "scorekeeper.sqlite3"
    with sqlite3.connect(path) as connection:  # what a start killed before this fix left
        connection.execute("CREATE TABLE game (id INTEGER NOT NULL PRIMARY KEY)")
    app = create_app(settings(tmp_path))
    assert version(path) == [LATEST]
    assert new_game(app.test_client()) == 303


def test_tables_with_games_but_no_version_get_a_sentence_not_a_crash(tmp_path, caplog):
    path = tmp_path / "scorekeeper.sqlite3"
    with sqlite3.connect(path) as connection:
        connection.execute("CREATE TABLE game (id INTEGER NOT NULL PRIMARY KEY)")
        connection.execute("INSERT INTO game (id) VALUES (1)")
    with caplog.at_level(logging.ERROR):
        app = create_app(settings(tmp_path))
    sentence = "run “scorekeeper db stamp head” once"
    assert sentence in caplog.text
    response = app.test_client().get("/")
    assert response.status_code == 503
    assert sentence in response.get_data(as_text=True)


def _start_server(instance: str, name: str, inside, go, results) -> None:
    """One server process starting; the one named ``first`` stops inside its first migration
    (having made the ``game`` table) until ``go``; the other says when it starts (``inside``
    cleared)."""
    real = alembic.op.create_table

    def create_table(table, *args, **kwargs):
        made = real(table, *args, **kwargs)
        if table == "game" and name == "first":
            inside.set()
            go.wait(30)
        return made

    alembic.op.create_table = create_table
    if name != "first":
        inside.clear()
    try:
        create_app(settings(Path(instance)))
        results.put((name, "ok"))
    except BaseException as error:
        results.put((name, repr(error)))


@pytest.mark.slow
def test_two_servers_starting_together_create_the_schema_once(tmp_path):
    """The first server is stopped inside the first migration; the second must wait for it
    (not find half a schema and die on "table game already exists"). Two processes, as two
    servers are: two threads of one process would also race in CPython 3.11's own compiler
    (``SystemError: AST constructor recursion depth mismatch``), which no server meets."""
    context = multiprocessing.get_context("spawn")
    inside, go, results = context.Event(), context.Event(), context.Queue()
    first = context.Process(
        target=_start_server, args=(str(tmp_path), "first", inside, go, results)
    )
    first.start()
    assert inside.wait(60)
    second = context.Process(
        target=_start_server, args=(str(tmp_path), "second", inside, go, results)
    )
    second.start()
    deadline = time.monotonic() + 60
    while inside.is_set() and time.monotonic() < deadline:  # until the second is starting
        time.sleep(0.05)
    second.join(timeout=1)  # by now waiting for the first's lock
    go.set()
    outcomes = dict(results.get(timeout=120) for _ in range(2))
    for process in (first, second):
        process.join(30)
    assert outcomes == {"first": "ok", "second": "ok"}
    assert version(tmp_path / "scorekeeper.sqlite3") == [LATEST]


def _switch_files_to_wal(paths: list[str], barrier, results) -> None:
    """One of several processes that open each new database file at the same moment, with the
    app's connection set-up, as servers started together do."""
    from scorekeeper.data.db import _sqlite_pragmas

    pragmas = _sqlite_pragmas("NORMAL")
    for path in paths:
        barrier.wait()
        try:
            connection = sqlite3.connect(path)
            pragmas(connection, None)
            mode = connection.execute("PRAGMA journal_mode").fetchone()[0]
            connection.close()
            results.put(mode)
        except BaseException as error:
            results.put(repr(error))


@pytest.mark.slow
def test_connections_switching_a_new_database_to_wal_together_all_succeed(tmp_path):
    """Two switches to WAL at once can deadlock, and SQLite answers one "database is locked"
    without waiting for the busy timeout (about one round in four failed so before): the
    switch is tried again."""
    paths = []
    for n in range(40):
        path = tmp_path / f"{n}.sqlite3"
        path.touch()  # as permissions.private_database leaves it: empty, before SQLite opens it
        paths.append(str(path))
    context = multiprocessing.get_context("spawn")
    barrier, results = context.Barrier(6), context.Queue()
    processes = [
        context.Process(target=_switch_files_to_wal, args=(paths, barrier, results))
        for _ in range(6)
    ]
    for process in processes:
        process.start()
    outcomes = [results.get(timeout=120) for _ in range(6 * len(paths))]
    for process in processes:
        process.join(30)
    assert [o for o in outcomes if o != "wal"] == []


def _start_at_once(url: str, barrier, results) -> None:
    barrier.wait()
    try:
        create_app({"SECRET_KEY": "x", "DATABASE_URL": url})
        results.put("ok")
    except BaseException as error:
        results.put(repr(error))


@pytest.mark.slow
def test_many_servers_started_at_the_same_moment_all_start(tmp_path):
    context = multiprocessing.get_context("spawn")
    for round in range(2):
        url = f"sqlite:///{tmp_path / f'round{round}.sqlite3'}"
        barrier, results = context.Barrier(6), context.Queue()
        servers = [
            context.Process(target=_start_at_once, args=(url, barrier, results)) for _ in range(6)
        ]
        for server in servers:
            server.start()
        outcomes = [results.get(timeout=120) for _ in servers]
        for server in servers:
            server.join(30)
        assert outcomes == ["ok"] * 6


# --- a database this version cannot use: one sentence, not a traceback --------------------


def test_a_database_from_a_newer_version_gets_a_plain_sentence(tmp_path, caplog):
    create_app(settings(tmp_path))
    with sqlite3.connect(tmp_path / "scorekeeper.sqlite3") as connection:
        connection.execute("UPDATE alembic_version SET version_num = '2999999999'")
    with caplog.at_level(logging.ERROR):
        app = create_app(settings(tmp_path))  # no "Can't locate revision" traceback
    sentence = (
        "This database was written by a newer version of Scorekeeper (schema 2999999999): "
        "install that version (pip install --upgrade scorekeeper) and start it again."
    )
    assert sentence in caplog.text
    client = app.test_client()
    for response in (client.get("/"), client.get("/bismarck/new"), client.post("/bismarck/new")):
        assert response.status_code == 503
        assert sentence in response.get_data(as_text=True)
    assert version(tmp_path / "scorekeeper.sqlite3") == ["2999999999"]  # left as it was


def test_auto_migrate_off_on_a_fresh_instance_says_what_to_run_until_it_is_run(tmp_path, caplog):
    with caplog.at_level(logging.ERROR):
        app = create_app(settings(tmp_path, AUTO_MIGRATE=False))
    sentence = (
        "The database has no tables yet and AUTO_MIGRATE is off: run “scorekeeper db "
        "upgrade” once, then reload this page."
    )
    assert sentence in caplog.text
    client = app.test_client()
    for response in (client.get("/"), client.post("/bismarck/new")):
        assert response.status_code == 503
        assert sentence in response.get_data(as_text=True)
    with client.get("/static/app.css") as style:  # the page keeps its looks
        assert style.status_code == 200
    with app.app_context():
        result = app.test_cli_runner().invoke(args=["db", "upgrade"])
    assert result.exit_code == 0, result.output
    assert client.get("/").status_code == 200  # no restart needed
    assert new_game(client) == 303


def at_first_revision(tmp_path: Path) -> Path:
    """A database as the first version of Scorekeeper left it."""
    app = create_app(settings(tmp_path, AUTO_MIGRATE=False))
    with app.app_context():
        migrations.upgrade(FIRST)
    return tmp_path / "scorekeeper.sqlite3"


def test_an_older_schema_with_auto_migrate_off_says_what_to_run(tmp_path):
    at_first_revision(tmp_path)
    app = create_app(settings(tmp_path, AUTO_MIGRATE=False))
    page = app.test_client().get("/")
    assert page.status_code == 503
    assert (
        "The database is older than this version of Scorekeeper and AUTO_MIGRATE is off: run "
        "“scorekeeper db upgrade”, then reload this page."
    ) in page.get_data(as_text=True)


def test_names_stored_before_the_name_rule_are_cleaned_so_their_games_load(tmp_path):
    path = at_first_revision(tmp_path)
    players = ["An\tna", "\x1b", "Carla\x85"]
    with sqlite3.connect(path) as connection:
        connection.execute(
            "INSERT INTO game (token, kind, setup, created_at) VALUES (?, ?, ?, ?)",
            (
                "tok",
                "bismarck",
                json.dumps({"players": players, "variant": "modern"}),
                "2026-11-30 12:00:00",
            ),
        )
    app = create_app(settings(tmp_path))
    assert version(path) == [LATEST]
    with app.app_context():
        game = store.load(db.session, "tok")
    assert game.setup.players == ("An na", "Player 2", "Carla")


#: Every revision a server may be at before this version's, oldest first.
OLDER = [script.revision for script in reversed(list(_migrations().walk_revisions()))][:-1]


@pytest.mark.parametrize("revision", OLDER)
def test_a_server_with_games_upgrades_from_every_older_schema(tmp_path, revision):
    """A migration that copies a table SQLite cannot alter in place (drop, rename) must not
    trip over the rows that refer to it: a server with a game and its log, at any older
    schema, upgrades at start, and its connections check foreign keys again afterwards."""
    with create_app(settings(tmp_path, AUTO_MIGRATE=False)).app_context():
        migrations.upgrade(revision)
        db.engine.dispose()
    path = tmp_path / "scorekeeper.sqlite3"
    setup = json.dumps({"players": ["Anna", "Ben", "Carla"], "variant": "modern"})
    with sqlite3.connect(path) as connection:
        connection.execute(
            "INSERT INTO game (id, token, kind, setup, created_at) VALUES (1, 'tok', 'bismarck', "
            "?, '2026-11-30 12:00:00')",
            (setup,),
        )
        connection.execute(
            "INSERT INTO event (game_id, seq, kind, data, created_at) VALUES (1, 0, 'announce', "
            """'{"deal": 1, "contract": "sang"}', '2026-11-30 12:01:00')"""
        )
    app = create_app(settings(tmp_path))
    assert version(path) == [LATEST]
    with app.app_context():
        assert store.load(db.session, "tok").seq == 1
        with db.engine.connect() as connection:
            assert connection.exec_driver_sql("PRAGMA foreign_keys").scalar() == 1


# --- the secret key --------------------------------------------------------------------------


@pytest.mark.parametrize("content", ["", "\n", "   ", "3f2a9c"])
def test_an_empty_or_cut_short_secret_key_is_replaced_with_a_warning(
    tmp_path, content, caplog, monkeypatch
):
    monkeypatch.delenv("SCOREKEEPER_SECRET_KEY", raising=False)
    monkeypatch.setattr(Flask, "auto_find_instance_path", lambda _app: str(tmp_path))
    (tmp_path / "secret_key").write_text(content)
    with caplog.at_level(logging.WARNING):
        app = create_app({"DATABASE_URL": f"sqlite:///{tmp_path / 'db.sqlite3'}"})
    key = app.config["SECRET_KEY"]
    assert len(key) == 64 and (tmp_path / "secret_key").read_text() == key
    assert "secret_key was " in caplog.text and "a new secret key is written there" in caplog.text
    client = app.test_client()
    assert client.get("/").status_code == 200
    assert new_game(client) == 303


def test_a_good_secret_key_is_kept_and_no_temporary_file_is_left(tmp_path):
    first = _instance_secret_key(tmp_path)
    assert len(first) == 64
    assert _instance_secret_key(tmp_path) == first
    assert (tmp_path / "secret_key").stat().st_mode & 0o777 == 0o600
    left = {p.name for p in tmp_path.iterdir()} - {"secret_key", ".secret_key.lock"}
    assert left == set()


def test_servers_starting_together_agree_on_one_secret_key(tmp_path):
    keys: list[str] = []
    barrier = threading.Barrier(8)

    def start() -> None:
        barrier.wait()
        keys.append(_instance_secret_key(tmp_path))

    threads = [threading.Thread(target=start) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)
    assert len(keys) == 8 and len(set(keys)) == 1
    assert (tmp_path / "secret_key").read_text() == keys[0]


def test_a_failed_write_leaves_no_key_file(tmp_path, monkeypatch):
    def full_disk(*_args):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr("os.fsync", full_disk)
    with pytest.raises(OSError):
        _instance_secret_key(tmp_path)
    assert not (tmp_path / "secret_key").exists()
    assert [p.name for p in tmp_path.iterdir()] == [".secret_key.lock"]


def test_a_fresh_start_says_nothing_before_the_banner(tmp_path):
    """Issue 37: a first start on a new database printed a line for each migration (and, in a
    checkout, a permissions warning) before the banner. Now the upgrade is quiet; the
    migrations' own command still lists what it runs."""
    database = f"sqlite:///{tmp_path / 'fresh.sqlite3'}"
    start = (
        "from scorekeeper import create_app; "
        f"create_app({{'SECRET_KEY': 'x', 'DATABASE_URL': {database!r}}})"
    )
    done = subprocess.run(
        [sys.executable, "-c", start], capture_output=True, text=True, timeout=120, check=True
    )
    assert done.stdout + done.stderr == "", done.stdout + done.stderr
    assert tables(tmp_path / "fresh.sqlite3") >= {"game", "event"}
