"""Database wiring: SQLAlchemy 2 through Flask-SQLAlchemy-Lite, schema through Flask-Alembic."""

from __future__ import annotations

import random
import sqlite3
import time
from collections.abc import Callable
from typing import Any

import sqlalchemy as sa
from flask import Flask
from flask_sqlalchemy_lite import SQLAlchemy

from scorekeeper.data import permissions, schema
from scorekeeper.data.models import Model

db = SQLAlchemy()
alembic = schema.SerialAlembic(lambda: db.engine, Model.metadata)


#: ``SQLITE_SYNCHRONOUS`` values: how hard a commit waits for the disk.
SYNCHRONOUS_LEVELS = ("OFF", "NORMAL", "FULL", "EXTRA")


#: How long a write waits for the database (``DATABASE_BUSY_SECONDS``): SQLite's busy timeout
#: for its one write lock, PostgreSQL's ``lock_timeout`` for a row's. Less than the 8 s a
#: phone's page waits for an answer: a write that cannot get the database in time is answered
#: 503 with ``Retry-After`` (:mod:`scorekeeper.web.errors`), and the phone sends it again.
BUSY_SECONDS = 5.0

#: How long a connection keeps trying to switch a database to WAL (the busy timeout's length).
WAL_SWITCH_SECONDS = 5.0


def _switch_to_wal(cursor: Any) -> None:
    """``PRAGMA journal_mode=WAL``, tried again while another connection is switching too.

    Servers started at the same moment on a new database each switch it from the rollback
    journal to WAL. Two such switches can deadlock (each holds a read lock and wants to write);
    SQLite then answers one of them "database is locked" at once, without waiting for the busy
    timeout. The loser waits a moment and tries again; by then the file is WAL and the pragma
    only reads it."""
    deadline = time.monotonic() + WAL_SWITCH_SECONDS
    while True:
        try:
            cursor.execute("PRAGMA journal_mode=WAL")
            return
        except sqlite3.OperationalError as error:
            if "locked" not in str(error) or time.monotonic() > deadline:
                raise
            time.sleep(random.uniform(0.005, 0.05))


#: SQLite's result codes for a database another connection holds (``SQLITE_BUSY``, and
#: ``SQLITE_LOCKED``); an extended code (``SQLITE_BUSY_SNAPSHOT``) keeps them in its low byte.
_SQLITE_BUSY = (5, 6)
#: PostgreSQL's for a write that waited too long or was chosen to give way: a lock not had in
#: ``lock_timeout``, a deadlock broken, a serialization failure.
_POSTGRESQL_BUSY = ("55P03", "40P01", "40001")


def busy(error: BaseException) -> bool:
    """Whether a database error says only that the database was busy (another writer held
    what this one needed past the wait): the write stored nothing and may be sent again."""
    original = getattr(error, "orig", error)
    code = getattr(original, "sqlite_errorcode", None)
    if isinstance(code, int):
        return code & 0xFF in _SQLITE_BUSY
    if isinstance(original, sqlite3.OperationalError):  # a driver without result codes
        return "locked" in str(original)
    state = getattr(original, "sqlstate", None) or getattr(original, "pgcode", None)
    return state in _POSTGRESQL_BUSY


def busy_seconds(app: Flask) -> float:
    """How long a write waits for the database (:data:`BUSY_SECONDS` unless set)."""
    return float(app.config.get("DATABASE_BUSY_SECONDS", BUSY_SECONDS))


def _postgresql_lock_timeout(seconds: float) -> Callable[[Any, Any], None]:
    """A write waits for another's row lock at most ``seconds``, then fails (``lock_not_
    available``), as SQLite's busy timeout does: no request waits for ever behind a stuck
    one. Set for the connection's whole life (committed at once, before any request uses it)."""

    def lock_timeout(dbapi_connection: Any, _record: Any) -> None:
        cursor = dbapi_connection.cursor()
        cursor.execute(f"SET lock_timeout = {int(seconds * 1000)}")
        cursor.close()
        dbapi_connection.commit()

    return lock_timeout


def _sqlite_pragmas(synchronous: str, busy: float = BUSY_SECONDS) -> Callable[[Any, Any], None]:
    """WAL lets phones read while another writes; the busy timeout makes writers wait. The
    timeout comes first, and the switch to WAL is tried again when a server starting at the
    same moment switches too (:func:`_switch_to_wal`).

    ``synchronous`` is NORMAL by default, SQLite's advice for WAL (and Rails' default): a
    commit does not wait for the disk, so a crash or ``kill -9`` of the app loses nothing and
    never corrupts the file, while a power cut or an operating-system crash may lose the
    entries of the last moment. FULL makes every commit wait for the disk as well (about 6 ms
    here): set ``SQLITE_SYNCHRONOUS=FULL`` where a power cut must not cost the last entry."""

    def pragmas(dbapi_connection: Any, _record: Any) -> None:
        cursor = dbapi_connection.cursor()
        cursor.execute(f"PRAGMA busy_timeout={int(busy * 1000)}")
        _switch_to_wal(cursor)
        cursor.execute(f"PRAGMA synchronous={synchronous}")
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.close()

    return pragmas


def _skip_async_teardown(app: Flask) -> None:
    """Flask-SQLAlchemy-Lite also closes *async* sessions at the end of every request, with an
    async function that Flask runs through asgiref: a new thread and event loop per request,
    about a third of a game page's time. This app opens no async session, so that one is
    dropped; the synchronous sessions are still closed."""
    app.teardown_appcontext_funcs[:] = [
        func
        for func in app.teardown_appcontext_funcs
        if getattr(func, "__name__", "") != "_close_async_sessions"
    ]


def init_app(app: Flask) -> None:
    db.init_app(app)
    _skip_async_teardown(app)
    alembic.init_app(app)
    with app.app_context():
        engine = db.engine
        permissions.private_database(engine.url, app.logger)  # 0600, before SQLite opens it
        if engine.dialect.name == "sqlite":
            level = str(app.config.get("SQLITE_SYNCHRONOUS", "NORMAL")).upper()
            if level not in SYNCHRONOUS_LEVELS:
                raise ValueError(
                    f"SQLITE_SYNCHRONOUS is {level!r}; use one of {', '.join(SYNCHRONOUS_LEVELS)}."
                )
            sa.event.listen(engine, "connect", _sqlite_pragmas(level, busy_seconds(app)))
        elif engine.dialect.name == "postgresql":
            sa.event.listen(engine, "connect", _postgresql_lock_timeout(busy_seconds(app)))
        schema.start(app, alembic)  # upgrades when AUTO_MIGRATE; a problem gets a sentence
    schema.init_app(app, alembic)
