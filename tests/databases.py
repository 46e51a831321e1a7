"""Which database the tests' apps use: SQLite in the test's temporary folder, or PostgreSQL.

With ``SCOREKEEPER_TEST_DATABASE_URL`` set to a PostgreSQL server (``.ci/postgres start``
prints one), every test gets a schema of its own on it, made empty and dropped afterwards:

    SCOREKEEPER_TEST_DATABASE_URL=postgresql+psycopg://postgres@127.0.0.1:54329/postgres \\
        pytest tests/test_store.py tests/web tests/records

The app finds its schema through the connection's ``search_path``, and the connections it
opened are closed before the schema is dropped. And what a test's database holds: how many rows
each table has, for the tests that check a request stored nothing (or one thing).
"""

from __future__ import annotations

import os
import secrets
from collections.abc import Iterator
from pathlib import Path

import sqlalchemy as sa
from flask import Flask
from sqlalchemy.engine import make_url

#: The PostgreSQL server the tests run against instead of SQLite, when set.
ENV = "SCOREKEEPER_TEST_DATABASE_URL"


def server_url() -> str | None:
    return os.environ.get(ENV) or None


def on_postgresql() -> bool:
    return server_url() is not None


def schema_url(server: str, schema: str) -> str:
    """``server`` with connections that find their tables in ``schema`` (and only there)."""
    url = make_url(server).update_query_dict({"options": f"-csearch_path={schema}"})
    return url.render_as_string(hide_password=False)


def sqlite_url(folder: Path) -> str:
    return f"sqlite:///{folder / 'test.sqlite3'}"


def fresh_database(folder: Path) -> Iterator[str]:
    """A fresh, empty database for one test (the ``database_url`` fixture): SQLite in
    ``folder``, or a PostgreSQL schema of its own, dropped when the test is done."""
    server = server_url()
    if server is None:
        yield sqlite_url(folder)
        return
    schema = f"test_{secrets.token_hex(6)}"
    admin = sa.create_engine(server, isolation_level="AUTOCOMMIT", poolclass=sa.pool.NullPool)
    with admin.connect() as connection:
        connection.exec_driver_sql(f"CREATE SCHEMA {schema}")
    try:
        yield schema_url(server, schema)
    finally:
        with admin.connect() as connection:
            connection.exec_driver_sql(f"DROP SCHEMA {schema} CASCADE")
        admin.dispose()


def close_connections(app: Flask) -> None:
    """Close the app's pooled connections (PostgreSQL's driver warns about any left open)."""
    from scorekeeper.data.db import db

    with app.app_context():
        db.engine.dispose()


def rows_per_table(app: Flask) -> dict[str, int]:
    """How many rows each table of the app's database holds (by name), in one query."""
    from scorekeeper.data import models
    from scorekeeper.data.db import db

    tables = sorted(models.Model.metadata.tables.values(), key=lambda t: t.name)
    query = sa.select(
        *(sa.select(sa.func.count()).select_from(t).scalar_subquery().label(t.name) for t in tables)
    )
    with app.app_context():
        return dict(db.session.execute(query).one()._mapping)


def games_and_events(app: Flask) -> tuple[int, int]:
    """How many games the app's database holds, and how many entries of their logs."""
    rows = rows_per_table(app)
    return rows["game"], rows["event"]
