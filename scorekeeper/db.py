"""Database wiring: SQLAlchemy 2 through Flask-SQLAlchemy-Lite, schema through Flask-Alembic."""

from __future__ import annotations

from typing import Any

import sqlalchemy as sa
from flask import Flask
from flask_alembic import Alembic
from flask_sqlalchemy_lite import SQLAlchemy

from scorekeeper.models import Model

db = SQLAlchemy()
alembic = Alembic(metadatas=Model.metadata)


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    """WAL lets phones read while another writes; the busy timeout makes writers wait."""
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA busy_timeout=5000")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.close()


def init_app(app: Flask) -> None:
    db.init_app(app)
    alembic.init_app(app)
    with app.app_context():
        engine = db.engine
        if engine.dialect.name == "sqlite":
            sa.event.listen(engine, "connect", _sqlite_pragmas)
        if app.config["AUTO_MIGRATE"]:
            alembic.upgrade()
