"""The instance folder and the SQLite files are for the server's user only (issue 16): every
game's address is in them."""

from __future__ import annotations

import logging
import os
import stat
from pathlib import Path

import pytest
from flask import Flask
from sqlalchemy.engine import make_url

from scorekeeper import create_app
from scorekeeper.data import permissions
from tests.web.bismarck.client import Table


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


@pytest.fixture(autouse=True)
def usual_umask():
    """The usual umask, under which files are made readable by everyone (0644)."""
    old = os.umask(0o022)
    yield
    os.umask(old)


@pytest.fixture
def instance(tmp_path, monkeypatch) -> Path:
    """Where the app's instance folder will be: not there yet."""
    folder = tmp_path / "var" / "scorekeeper-instance"
    monkeypatch.setattr(Flask, "auto_find_instance_path", lambda self: str(folder))
    monkeypatch.delenv("SCOREKEEPER_SECRET_KEY", raising=False)
    return folder


def test_a_new_instance_is_owner_only(instance):
    app = create_app({"TESTING": True, "DATABASE_URL": "sqlite:///scorekeeper.sqlite3"})
    assert Path(app.instance_path) == instance
    assert mode(instance) == 0o700
    database = instance / "scorekeeper.sqlite3"
    assert mode(database) == 0o600
    assert mode(instance / "secret_key") == 0o600
    assert mode(instance / ".secret_key.lock") == 0o600
    Table(app.test_client()).start()  # a write: the WAL and its index exist now
    for side in ("-wal", "-shm"):
        side_file = database.with_name(database.name + side)
        assert side_file.exists(), side
        assert mode(side_file) == 0o600, side
    assert {mode(p) & 0o077 for p in instance.iterdir()} == {0}


def test_an_instance_others_could_read_is_tightened_with_a_warning(instance, caplog):
    instance.mkdir(parents=True, mode=0o755)
    database = instance / "scorekeeper.sqlite3"
    first = create_app({"TESTING": True, "DATABASE_URL": "sqlite:///scorekeeper.sqlite3"})
    Table(first.test_client()).start()
    from scorekeeper.data.db import db

    with first.app_context():
        db.engine.dispose()
    os.chmod(instance, 0o755)
    for path in instance.iterdir():
        os.chmod(path, 0o644)
    with caplog.at_level(logging.WARNING):
        create_app({"TESTING": True, "DATABASE_URL": "sqlite:///scorekeeper.sqlite3"})
    assert mode(instance) == 0o700
    assert mode(database) == 0o600
    assert mode(database.with_name(database.name + "-wal")) == 0o600
    warned = " ".join(record.getMessage() for record in caplog.records)
    assert f"{instance} could be read by other users (0o755); it is now 0o700." in warned
    assert f"{database} could be read by other users (0o644); it is now 0o600." in warned


def test_a_private_instance_is_left_alone(instance, caplog):
    instance.mkdir(parents=True, mode=0o700)
    with caplog.at_level(logging.WARNING):
        create_app({"TESTING": True, "DATABASE_URL": "sqlite:///scorekeeper.sqlite3"})
    assert not [r for r in caplog.records if "read by other users" in r.getMessage()]


def test_a_folder_of_another_user_is_reported_not_changed(tmp_path, monkeypatch, caplog):
    folder = tmp_path / "shared"
    folder.mkdir(mode=0o755)
    os.chmod(folder, 0o755)

    def refused(*_args):
        raise PermissionError("not yours")

    monkeypatch.setattr(os, "chmod", refused)
    with caplog.at_level(logging.WARNING):
        permissions.tighten(folder, permissions.FOLDER_MODE, logging.getLogger("test"))
    assert mode(folder) == 0o755
    assert "this server cannot change that: run “chmod 700" in caplog.text


@pytest.mark.parametrize(
    "url",
    [
        "postgresql+psycopg://u@localhost/db",
        "sqlite://",
        "sqlite:///:memory:",
        "sqlite:///file:games?mode=memory&uri=true",
    ],
)
def test_only_sqlite_files_are_touched(url):
    assert permissions.sqlite_file(make_url(url)) is None


def test_a_database_outside_the_instance_is_owner_only_too(tmp_path, instance):
    elsewhere = tmp_path / "data" / "games.sqlite3"
    elsewhere.parent.mkdir()
    create_app({"TESTING": True, "DATABASE_URL": f"sqlite:///{elsewhere}"})
    assert mode(elsewhere) == 0o600


def test_a_fresh_checkouts_instance_is_tightened_without_a_word(instance, caplog):
    """Issue 37: git makes a checkout's ``instance/`` (it holds a ``.gitkeep``) for everyone to
    read; nothing in it ever was readable, so the first start tightens it without a warning
    before the banner. Once it holds something, a folder others could read is warned of."""
    instance.mkdir(parents=True, mode=0o755)
    os.chmod(instance, 0o755)
    (instance / ".gitkeep").touch()
    with caplog.at_level(logging.WARNING):
        create_app({"TESTING": True, "DATABASE_URL": "sqlite:///scorekeeper.sqlite3"})
    assert mode(instance) == 0o700
    assert not [r for r in caplog.records if "read by other users" in r.getMessage()]
    os.chmod(instance, 0o755)  # now it holds the secret key and the database
    with caplog.at_level(logging.WARNING):
        create_app({"TESTING": True, "DATABASE_URL": "sqlite:///scorekeeper.sqlite3"})
    assert mode(instance) == 0o700
    assert f"{instance} could be read by other users (0o755); it is now 0o700." in caplog.text
