"""The database schema at startup: upgraded whole or not at all, one server at a time, and a
plain sentence instead of a traceback when it cannot be used.

* Every run of migrations (``upgrade`` at startup, ``scorekeeper db upgrade``, ``stamp``,
  ``downgrade``) is **one transaction** that takes the database's write lock *before* it reads
  the schema version and keeps it until the new version is written: on SQLite ``BEGIN
  IMMEDIATE`` (SQLite has transactional DDL; the pysqlite driver would otherwise run each
  ``CREATE TABLE`` on its own), on PostgreSQL a transaction-scoped advisory lock. A first
  start killed half-way leaves no tables behind, and of two servers started at the same moment
  on a fresh instance one creates the schema while the other waits, then finds it done.
* Empty tables without a version stamp, left by a first start that was killed before this
  was so, are dropped and made again.
* The upgrade at startup runs quietly (Alembic's warnings and errors only): a fresh start's
  terminal shows the server's banner, not a line for each migration; ``scorekeeper db
  upgrade`` still lists them.
* A database this version cannot use (written by a newer Scorekeeper; no tables yet or an
  older schema while ``AUTO_MIGRATE`` is off) is reported in one sentence that says what to
  run: logged at startup and shown as the page for every request (503) until it is fixed;
  the server does not crash, and ``scorekeeper db`` commands still work.
"""

from __future__ import annotations

import contextlib
import contextvars
import logging
from collections.abc import Callable, Iterator
from typing import Any

import sqlalchemy as sa
from alembic.runtime.environment import EnvironmentContext
from alembic.runtime.migration import MigrationContext
from flask import Flask, current_app, render_template, request
from flask_alembic import Alembic
from flask_babel import gettext

#: Flask-Babel's ``gettext``, which returns the message translated (the package has no types).
_: Callable[..., str] = gettext

#: Where a problem found at startup is kept until it is fixed.
PROBLEM = "scorekeeper.schema_problem"
#: The tables of the first migration, which a killed first start could leave behind.
FIRST_TABLES = ("event", "game")
#: Where Alembic keeps the schema version.
VERSION_TABLE = "alembic_version"
#: Any fixed number: the PostgreSQL advisory lock that serialises migrations.
_PG_LOCK = 0x5C0_4E_4EE9


class SchemaProblem(RuntimeError):
    """The database cannot be used as it is; the message says why and what to run."""


class SerialAlembic(Alembic):
    """Flask-Alembic whose runs of migrations are each one locked transaction, on the app's one
    database: ``engine()`` gives its engine (in an app context) and ``metadata`` its tables, both
    through public APIs (Flask-SQLAlchemy-Lite's ``db.engine``, the models' metadata) — or on
    another database for one upgrade (:meth:`upgrade_elsewhere`)."""

    def __init__(self, engine: Callable[[], sa.Engine], metadata: sa.MetaData) -> None:
        super().__init__(metadatas=metadata)
        self.engine = engine
        self.metadata = metadata

    def run_migrations(self, fn: Callable[..., Any], **kwargs: Any) -> None:
        repair = _REPAIR_FIRST_START.get()
        engine = _ELSEWHERE.get() or self.engine()
        with engine.connect() as connection, foreign_keys_checked_at_commit(connection):
            _begin_locked(connection)
            env = EnvironmentContext(self.config, self.script_directory, fn=fn)
            env.configure(
                connection=connection,
                target_metadata=self.metadata,
                **current_app.config["ALEMBIC_CONTEXT"],
            )
            if repair:
                _drop_empty_leftovers(connection, env.get_context())
            env.run_migrations(**kwargs)
            check_foreign_keys(connection)
            connection.commit()

    def upgrade_at_start(self) -> None:
        """Upgrade to the latest schema (Flask-Alembic's own ``upgrade``), first clearing what a
        killed first start left."""
        repairing = _REPAIR_FIRST_START.set(True)
        try:
            self.upgrade("heads")
        finally:
            _REPAIR_FIRST_START.reset(repairing)

    def upgrade_elsewhere(self, engine: sa.Engine, target: str) -> None:
        """Flask-Alembic's own ``upgrade(target)`` (a revision, or ``heads``) run on the database
        behind ``engine`` instead of the app's — a restore's scratch SQLite database, which an
        older backup is upgraded in — as every run: one locked transaction, foreign keys checked
        before it commits."""
        elsewhere = _ELSEWHERE.set(engine)
        try:
            self.upgrade(target)
        finally:
            _ELSEWHERE.reset(elsewhere)


#: The database this run of migrations is on when it is not the app's (set only around
#: :meth:`SerialAlembic.upgrade_elsewhere`).
_ELSEWHERE: contextvars.ContextVar[sa.Engine | None] = contextvars.ContextVar(
    "elsewhere", default=None
)
#: Whether this run of migrations is a start's upgrade, which first clears the empty tables a
#: killed first start left (set only around :meth:`SerialAlembic.upgrade_at_start`).
_REPAIR_FIRST_START: contextvars.ContextVar[bool] = contextvars.ContextVar(
    "repair_first_start", default=False
)


@contextlib.contextmanager
def foreign_keys_checked_at_commit(connection: sa.Connection) -> Iterator[None]:
    """On SQLite, foreign keys off while migrations run, as SQLite's own procedure for changing
    a table asks (https://www.sqlite.org/lang_altertable.html#otheralter): a batch migration
    copies a table, drops it and renames the copy, and with them on, dropping a table that rows
    refer to fails (a server with games could not upgrade past such a migration). The caller
    checks them whole with :func:`check_foreign_keys` before it commits; they are on again
    afterwards, whatever happened. (The pragma only works outside a transaction: first.)"""
    if connection.dialect.name != "sqlite":
        yield
        return
    connection.exec_driver_sql("PRAGMA foreign_keys=OFF")
    try:
        yield
    finally:
        if connection.in_transaction():
            connection.rollback()
        connection.exec_driver_sql("PRAGMA foreign_keys=ON")
        connection.commit()


def check_foreign_keys(connection: sa.Connection) -> None:
    """On SQLite, before a migration with foreign keys off commits: every reference still
    finds its row, else :class:`SchemaProblem` (and nothing is changed)."""
    if connection.dialect.name != "sqlite":
        return
    broken = connection.exec_driver_sql("PRAGMA foreign_key_check").first()
    if broken is not None:
        raise SchemaProblem(
            _(
                "Upgrading the database would leave rows of its table %(table)s referring to "
                "rows that are not there; nothing was changed.",
                table=broken[0],
            )
        )


def _begin_locked(connection: sa.Connection) -> None:
    """Begin the transaction holding the lock that keeps other migrations out until commit."""
    dialect = connection.dialect.name
    if dialect == "sqlite":
        connection.exec_driver_sql("BEGIN IMMEDIATE")
    elif dialect == "postgresql":
        # A migration waits as long as it takes (the app's writes wait DATABASE_BUSY_SECONDS).
        connection.exec_driver_sql("SET LOCAL lock_timeout = 0")
        connection.exec_driver_sql(f"SELECT pg_advisory_xact_lock({_PG_LOCK})")
    else:  # pragma: no cover - other databases: the transaction alone
        connection.begin()


def _drop_empty_leftovers(connection: sa.Connection, context: MigrationContext) -> None:
    """Before the first migration: drop Scorekeeper's tables left by a killed first start, if
    they hold nothing; refuse (with what to do) if they hold games."""
    if context.get_current_heads():
        return
    present = [t for t in FIRST_TABLES if sa.inspect(connection).has_table(t)]
    if not present:
        return
    rows = sum(
        connection.execute(sa.select(sa.func.count()).select_from(sa.table(t))).scalar_one()
        for t in present
    )
    if rows:
        raise SchemaProblem(
            _(
                "The database holds Scorekeeper's tables but no schema version: if they are "
                "complete, run “scorekeeper db stamp head” once and start again."
            )
        )
    for table in present:  # "event" first: it refers to "game"
        connection.exec_driver_sql(f'DROP TABLE "{table}"')


def _versions(alembic: SerialAlembic) -> tuple[set[str], set[str], set[str]]:
    """The database's schema revisions, the revisions this version knows, and its latest.
    (The version table is read directly: cheap, and quiet in the log, on every request.)"""
    with alembic.engine().connect() as connection:
        current: set[str] = set()
        if sa.inspect(connection).has_table(VERSION_TABLE):
            rows = connection.execute(sa.text(f"SELECT version_num FROM {VERSION_TABLE}"))
            current = {row[0] for row in rows}
    script = alembic.script_directory
    known = {revision.revision for revision in script.walk_revisions()}
    return current, known, set(script.get_heads())


def problem(alembic: SerialAlembic) -> str | None:
    """Why the database cannot be used by this version as it is, in one sentence with what to
    run; None when its schema is this version's."""
    return _problem(*_versions(alembic))


def _problem(current: set[str], known: set[str], latest: set[str]) -> str | None:
    newer = sorted(current - known)
    if newer:
        return _(
            "This database was written by a newer version of Scorekeeper (schema %(rev)s): "
            "install that version (pip install --upgrade scorekeeper) and start it again.",
            rev=", ".join(newer),
        )
    if current == latest:
        return None
    if not current:
        return _(
            "The database has no tables yet and AUTO_MIGRATE is off: run “scorekeeper db "
            "upgrade” once, then reload this page."
        )
    return _(
        "The database is older than this version of Scorekeeper and AUTO_MIGRATE is off: run "
        "“scorekeeper db upgrade”, then reload this page."
    )


def start(app: Flask, alembic: SerialAlembic) -> None:
    """At startup (in an app context): bring the schema up to date when ``AUTO_MIGRATE`` is on
    (never a newer one down), then check it. A problem is logged, and every request answers
    it until it is fixed."""
    try:
        current, known, latest = _versions(alembic)
        found = _problem(current, known, latest)
        if app.config["AUTO_MIGRATE"] and current != latest and current <= known:
            with _quiet(MIGRATION_LOGGER):
                alembic.upgrade_at_start()
            found = problem(alembic)
    except SchemaProblem as error:
        found = str(error)
    if found is None:
        app.extensions.pop(PROBLEM, None)
        return
    app.extensions[PROBLEM] = found
    app.logger.error("%s", found)


#: Alembic's logger, which Flask-Alembic points at the terminal: a line for each migration it
#: runs, useful from ``scorekeeper db upgrade``, noise before a server's banner (a fresh start
#: printed one line for each of the schema's migrations).
MIGRATION_LOGGER = "alembic"


@contextlib.contextmanager
def _quiet(name: str) -> Iterator[None]:
    """Only warnings and errors of the logger ``name`` while the block runs."""
    logger = logging.getLogger(name)
    before = logger.level
    logger.setLevel(logging.WARNING)
    try:
        yield
    finally:
        logger.setLevel(before)


def init_app(app: Flask, alembic: SerialAlembic) -> None:
    """Answer every request with the schema problem found at startup, until it is fixed (for
    example by ``scorekeeper db upgrade`` in another terminal)."""

    @app.before_request
    def _schema_ready() -> Any:
        if PROBLEM not in app.extensions or request.endpoint in ("static", "assets.bundle"):
            return None
        if problem(alembic) is None:
            app.extensions.pop(PROBLEM, None)
            return None
        message = app.extensions.get(PROBLEM)
        page = render_template("error.html", title=_("The database is not ready"), message=message)
        return page, 503
