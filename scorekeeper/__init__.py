"""Scorekeeper: keeps score for card games played with real cards at a real table."""

from __future__ import annotations

import os
import secrets
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # Flask loads only with the app, so the rules engines import without it.
    from flask import Flask


def create_app(test_config: dict[str, Any] | None = None) -> Flask:
    """Build the app: defaults here, then ``instance/config.py``, then ``SCOREKEEPER_*`` env."""
    from flask import Flask

    app = Flask(
        __name__,
        instance_relative_config=True,
        template_folder="../templates",
        static_folder="../static",
    )
    app.config.from_mapping(
        DATABASE_URL="sqlite:///scorekeeper.sqlite3",
        PUBLIC_URL=None,
        MAX_CONTENT_LENGTH=1024 * 1024,
        AUTO_MIGRATE=True,
        POLL_SECONDS=2,
        BABEL_DEFAULT_LOCALE="en",
        SESSION_COOKIE_SAMESITE="Lax",
        WTF_CSRF_TIME_LIMIT=None,
        SEND_FILE_MAX_AGE_DEFAULT=365 * 24 * 3600,  # static URLs carry a content hash
    )
    if test_config is None:
        app.config.from_pyfile("config.py", silent=True)
        app.config.from_prefixed_env(prefix="SCOREKEEPER")
    else:
        app.config.from_mapping(test_config)
    Path(app.instance_path).mkdir(parents=True, exist_ok=True)
    if not app.config.get("SECRET_KEY"):
        app.config["SECRET_KEY"] = _instance_secret_key(Path(app.instance_path))
    app.config.setdefault("SQLALCHEMY_ENGINES", {"default": app.config["DATABASE_URL"]})

    from scorekeeper import db, i18n, web

    db.init_app(app)
    i18n.init_app(app)
    web.init_app(app)
    return app


def _instance_secret_key(instance: Path) -> str:
    """A random secret key, generated into ``instance/secret_key`` on first start."""
    path = instance / "secret_key"
    if path.exists():
        return path.read_text().strip()
    key = secrets.token_hex(32)
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "w") as file:
        file.write(key)
    return key
