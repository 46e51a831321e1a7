"""A backup or a restore of a club server killed at any moment (``kill -9``, issue 34) leaves
the old state or the whole new one: the backup file is the last whole backup or the new one,
never a part; the database restored into is as empty as it was or the whole server, and a
restore run again afterwards brings the server back. Each command runs as its own process
(``tests/killed_backup.py``), killed at each moment its work passes through — every line, every
batch of rows, around the rename and the commit — and at moments chosen by the clock.

Runs on SQLite and, with ``SCOREKEEPER_TEST_DATABASE_URL``, on PostgreSQL."""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from scorekeeper import create_app
from scorekeeper.clubs import services as clubs
from tests.databases import close_connections, fresh_database
from tests.full_server import every_row, fill, row_counts

ROOT = Path(__file__).resolve().parent.parent


def command(url: str, moment: str, *args: str) -> subprocess.CompletedProcess[bytes]:
    """``scorekeeper ARGS`` in a process of its own on the database at ``url``, killed at
    ``moment`` (``tests/killed_backup.py``)."""
    environment = {
        **os.environ,
        "SCOREKEEPER_DATABASE_URL": url,
        "SCOREKEEPER_SECRET_KEY": "test",
    }
    return subprocess.run(
        [sys.executable, "-m", "tests.killed_backup", moment, *args],
        cwd=ROOT,
        env=environment,
        capture_output=True,
        timeout=300,
    )


def killed_by_the_clock(url: str, seconds: float, *args: str) -> int:
    """``scorekeeper ARGS`` killed after ``seconds`` (or done before): its exit status."""
    process = subprocess.Popen(
        [sys.executable, "-m", "tests.killed_backup", "none", *args],
        cwd=ROOT,
        env={**os.environ, "SCOREKEEPER_DATABASE_URL": url, "SCOREKEEPER_SECRET_KEY": "test"},
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        process.wait(seconds)
    except subprocess.TimeoutExpired:
        process.send_signal(signal.SIGKILL)
    return process.wait(60)


def was_killed(result: subprocess.CompletedProcess[bytes]) -> bool:
    return result.returncode == -signal.SIGKILL


@pytest.fixture
def url(app) -> str:
    return app.config["DATABASE_URL"]


@pytest.fixture
def server(app, client):
    """A club server: clubs, members merged and retired, seasons, evenings closed and revealed,
    confirmations, the organisers' log, and games of every kind."""
    return fill(app, client)


@pytest.fixture
def empty(tmp_path):
    """An empty database (migrated) of the tests' kind, and an app on it to look inside."""
    folder = tmp_path / "target"
    folder.mkdir()
    database = fresh_database(folder)
    app = create_app({"TESTING": True, "SECRET_KEY": "test", "DATABASE_URL": next(database)})
    yield app
    close_connections(app)
    database.close()


def is_empty(app) -> bool:
    return all(not rows for name, rows in every_row(app).items() if name != "alembic_version")


def restores_to(path: Path, rows: dict, tmp_path: Path) -> bool:
    """Whether the backup at ``path`` restores, into a fresh database, to exactly ``rows``."""
    folder = tmp_path / f"check-{time.monotonic_ns()}"
    folder.mkdir()
    database = fresh_database(folder)
    app = create_app({"TESTING": True, "SECRET_KEY": "test", "DATABASE_URL": next(database)})
    try:
        done = command(app.config["DATABASE_URL"], "none", "restore", str(path))
        return done.returncode == 0 and every_row(app) == rows
    finally:
        close_connections(app)
        database.close()


def _backup_and_a_change(app, url, server, tmp_path) -> tuple[Path, bytes, dict]:
    """A backup of the server, then the server moved on (a member added): the backup's path
    and bytes, and every row of the server now."""
    path = tmp_path / "server.backup"
    assert command(url, "none", "backup", str(path)).returncode == 0
    with app.app_context():
        clubs.add_member(clubs.load(server.clubs[0]), "Nykomling", "test")
    return path, path.read_bytes(), every_row(app)


@pytest.mark.slow
def test_a_backup_killed_at_each_of_its_moments_leaves_the_last_whole_one(
    app, url, server, tmp_path
):
    path, old, now = _backup_and_a_change(app, url, server, tmp_path)
    lines = old.count(b"\n")
    for moment in ("line:1", f"line:{lines // 2}", "end-line", "before-rename"):
        result = command(url, moment, "backup", str(path))
        assert was_killed(result), (moment, result.returncode, result.stderr.decode())
        assert path.read_bytes() == old, moment
    result = command(url, "after-rename", "backup", str(path))
    assert was_killed(result), result.stderr.decode()
    assert path.read_bytes() != old and restores_to(path, now, tmp_path)
    leftovers = [p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp")]
    assert len(leftovers) == 4, leftovers  # each killed one's temporary file, never the file


@pytest.mark.slow
def test_a_backup_killed_by_the_clock_leaves_the_last_whole_one(app, url, server, tmp_path):
    """Killed at moments the instrumented ones may not reach: the old backup, or the whole
    new one."""
    path, _old, now = _backup_and_a_change(app, url, server, tmp_path)
    started = time.monotonic()
    assert killed_by_the_clock(url, 300, "backup", str(path)) == 0
    whole = time.monotonic() - started
    for _kill in range(6):
        before = path.read_bytes()
        killed_by_the_clock(url, random.uniform(0.2, whole), "backup", str(path))
        after = path.read_bytes()
        assert after == before or _whole(after), "a part of a backup"
    assert restores_to(path, now, tmp_path)


def _whole(data: bytes) -> bool:
    """Whether a backup's bytes end with its end line."""
    last = data.rstrip(b"\n").rsplit(b"\n", 1)[-1]
    return json.loads(last).get("end") == "scorekeeper-backup/2"


def _batches(path: Path) -> int:
    """How many batches of 20 rows a restore of the backup at ``path`` sends."""
    end = json.loads(path.read_text(encoding="utf-8").splitlines()[-1])
    return sum(-(-count // 20) for count in end["rows"].values())


@pytest.mark.slow
def test_a_restore_killed_at_each_of_its_moments_leaves_the_database_empty_or_whole(
    app, url, server, empty, tmp_path
):
    path = tmp_path / "server.backup"
    assert command(url, "none", "backup", str(path)).returncode == 0
    source = every_row(app)
    target = empty.config["DATABASE_URL"]
    batches = _batches(path)
    for moment in ("batch:1", f"batch:{batches // 2}", f"batch:{batches}", "before-commit"):
        result = command(target, moment, "restore", str(path))
        assert was_killed(result), (moment, result.returncode, result.stderr.decode())
        assert is_empty(empty), moment
    result = command(target, "after-commit", "restore", str(path))
    assert was_killed(result), result.stderr.decode()
    assert every_row(empty) == source


@pytest.mark.slow
def test_a_restore_killed_by_the_clock_leaves_the_database_empty_or_whole(
    app, url, server, empty, tmp_path
):
    path = tmp_path / "server.backup"
    assert command(url, "none", "backup", str(path)).returncode == 0
    source = every_row(app)
    target = empty.config["DATABASE_URL"]
    started = time.monotonic()
    assert killed_by_the_clock(target, 300, "restore", str(path)) == 0
    whole = time.monotonic() - started
    for _kill in range(6):
        with empty.app_context():  # emptied again: the same database each time
            _empty_out(empty)
        killed_by_the_clock(target, random.uniform(0.2, whole), "restore", str(path))
        assert is_empty(empty) or every_row(empty) == source  # killed after its commit
    with empty.app_context():
        _empty_out(empty)
    assert command(target, "none", "restore", str(path)).returncode == 0
    assert every_row(empty) == source


def _empty_out(app) -> None:
    """Delete every row, children first (a restore needs an empty database)."""
    from scorekeeper.data import models
    from scorekeeper.data.db import db

    with db.engine.begin() as connection:
        for table in reversed(models.Model.metadata.sorted_tables):
            if table.name == "member":
                connection.execute(table.update().values(merged_into_id=None))
            connection.execute(table.delete())


@pytest.mark.slow
def test_a_restore_of_an_older_backup_killed_while_upgrading_leaves_the_database_empty(
    app, url, server, empty, tmp_path
):
    from tests.backup_schemas import as_of, schema_at

    path = tmp_path / "server.backup"
    assert command(url, "none", "backup", str(path)).returncode == 0
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    older = tmp_path / "older.backup"
    at = schema_at(app, "1796260000", tmp_path)
    older.write_text("".join(as_of(lines, "1796260000", at)), "utf-8")
    target = empty.config["DATABASE_URL"]
    result = command(target, "migrating", "restore", str(older))
    assert was_killed(result), result.stderr.decode()
    assert is_empty(empty)
    done = command(target, "none", "restore", str(older))
    assert done.returncode == 0, done.stderr.decode()
    # Every row of the backup's tables is back (the columns and tables that came after its
    # version hold their defaults, or nothing).
    before, after = row_counts(app), row_counts(empty)
    assert {t: after[t] for t in at} == {t: before[t] for t in at}
    later = [t for t in after if t not in at and t != "alembic_version"]
    assert {t: after[t] for t in later if after[t]} == {}
