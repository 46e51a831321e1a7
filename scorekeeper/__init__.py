"""Scorekeeper: keeps score for card games played with real cards at a real table."""

from __future__ import annotations

import contextlib
import logging
import os
import secrets
import tempfile
from collections.abc import Iterator
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
        template_folder=_pages_folder("templates"),
        static_folder=_pages_folder("static"),
    )
    app.config.from_mapping(
        DATABASE_URL="sqlite:///scorekeeper.sqlite3",
        PUBLIC_URL=None,
        MAX_CONTENT_LENGTH=1024 * 1024,
        AUTO_MIGRATE=True,
        SQLITE_SYNCHRONOUS="NORMAL",
        POLL_SECONDS=2,
        POLL_FRESH_SECONDS=1.0,
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
    from scorekeeper.data import permissions

    permissions.private_folder(Path(app.instance_path), app.logger)  # 0700: it holds every game
    if not app.config.get("SECRET_KEY"):
        app.config["SECRET_KEY"] = _instance_secret_key(Path(app.instance_path), app.logger)
    engine: dict[str, Any] = {"url": app.config["DATABASE_URL"]}
    if _pooled(engine["url"]):
        # A pooled connection for each serving thread (`serve` runs 8) and some to spare: past
        # the pool's size every request would open a connection of its own and close it again.
        engine["pool_size"] = POOL_SIZE
    app.config.setdefault("SQLALCHEMY_ENGINES", {"default": engine})

    from scorekeeper import web
    from scorekeeper.data import db
    from scorekeeper.languages import i18n

    i18n.init_app(app)  # first: a problem found at startup is told in words
    db.init_app(app)
    web.init_app(app)
    return app


#: Pooled database connections per process.
POOL_SIZE = 16


def _pooled(url: str) -> bool:
    """Whether the database is reached through a pool of connections (not an in-memory SQLite
    database, which has exactly one)."""
    from sqlalchemy.engine import make_url

    parsed = make_url(url)
    return not (parsed.get_backend_name() == "sqlite" and parsed.database in (None, "", ":memory:"))


def _pages_folder(name: str) -> str:
    """``templates`` or ``static``: inside the package when installed from a wheel (setup.py
    puts them there), else at the top of the repository (a checkout, an editable install)."""
    package = Path(__file__).resolve().parent
    shipped = package / name
    return str(shipped if shipped.is_dir() else package.parent / name)


#: The secret key written into ``instance/secret_key``: 32 random bytes as 64 hex digits.
SECRET_KEY_BYTES = 32
#: A key file shorter than this is the remains of an interrupted write, not a key.
MIN_SECRET_KEY_LENGTH = 32


def _instance_secret_key(instance: Path, log: logging.Logger | None = None) -> str:
    """The secret key in ``instance/secret_key``, generated there on first start.

    The file is written whole or not at all (a temporary file renamed into place), and under a
    lock so that servers starting together agree on one key. A file left empty or cut short
    (a crash between creating and writing it, a full disk) cannot sign anything: it is
    replaced by a new key, with a warning.
    """
    path = instance / "secret_key"
    with _locked(instance / ".secret_key.lock"):
        try:
            key = path.read_text(encoding="utf-8").strip()
        except FileNotFoundError:
            key = None
        if key is not None and len(key) >= MIN_SECRET_KEY_LENGTH:
            return key
        new = secrets.token_hex(SECRET_KEY_BYTES)
        _write_atomically(path, new)
    if key is not None and log is not None:
        log.warning(
            "%s was %s (a crash while it was written?); a new secret key is written there. "
            "Browsers' lists of their games start afresh.",
            path,
            "empty" if not key else "cut short",
        )
    return new


def _write_atomically(path: Path, text: str) -> None:
    """Write ``path`` (owner-only) whole or not at all: a temporary file, synced, renamed."""
    fd, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as file:
            file.write(text)
            file.flush()
            os.fsync(file.fileno())
        os.chmod(temporary, 0o600)
        os.replace(temporary, path)
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(temporary)
        raise


@contextlib.contextmanager
def _locked(path: Path) -> Iterator[None]:
    """Hold an exclusive lock on ``path`` (created if missing) while the block runs, where the
    system offers ``fcntl`` (not on Windows: there, only one server starts at a time)."""
    try:
        import fcntl
    except ImportError:  # pragma: no cover - Windows
        yield
        return
    with open(path, "a", opener=lambda name, flags: os.open(name, flags, 0o600)) as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)
