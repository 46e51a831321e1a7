"""Database wiring: SQLAlchemy 2 through Flask-SQLAlchemy-Lite, schema through Flask-Alembic."""

from __future__ import annotations

from typing import Any

import sqlalchemy as sa
from flask import Flask
from flask_sqlalchemy_lite import SQLAlchemy

from scorekeeper import schema
from scorekeeper.models import Model

db = SQLAlchemy()
alembic = schema.SerialAlembic(metadatas=Model.metadata)


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    """WAL lets phones read while another writes; the busy timeout makes writers wait. The
    timeout comes first: switching to WAL waits for a server starting at the same moment."""
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA busy_timeout=5000")
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.close()


def init_app(app: Flask) -> None:
    db.init_app(app)
    alembic.init_app(app)
    with app.app_context():
        engine = db.engine
        if engine.dialect.name == "sqlite":
            sa.event.listen(engine, "connect", _sqlite_pragmas)
        schema.start(app, alembic)  # upgrades when AUTO_MIGRATE; a problem gets a sentence
    schema.init_app(app, alembic)
