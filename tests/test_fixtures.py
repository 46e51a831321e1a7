"""The test fixtures themselves: each test's app is on its own copy of a migrated database."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
import sqlalchemy as sa

from scorekeeper.data.db import alembic, db


def test_each_app_has_its_own_copy_of_the_migrated_database(app, migrated_database, tmp_path):
    with app.app_context():
        assert db.engine.url.database == str(tmp_path / "test.sqlite3")
        assert not alembic.needs_upgrade()
        assert {"game", "event", "alembic_version"} <= set(sa.inspect(db.engine).get_table_names())
        db.session.execute(sa.text("CREATE TABLE scratch (x INTEGER)"))
        db.session.commit()
        db.engine.dispose()
    tables = sa.create_engine(f"sqlite:///{migrated_database}").connect()
    try:
        names = sa.inspect(tables).get_table_names()
    finally:
        tables.close()
    assert "scratch" not in names  # the session's database is never written by a test


def test_a_test_database_is_wal_with_foreign_keys_and_does_not_wait_for_the_disk(app):
    with app.app_context():
        pragma = {
            name: db.session.execute(sa.text(f"PRAGMA {name}")).scalar()
            for name in ("journal_mode", "foreign_keys", "synchronous")
        }
    assert pragma == {"journal_mode": "wal", "foreign_keys": 1, "synchronous": 0}


def test_a_served_database_commits_without_waiting_for_the_disk_unless_told_to(tmp_path):
    from scorekeeper import create_app

    for setting, expected in ((None, 1), ("full", 2)):
        config = {"SECRET_KEY": "x", "DATABASE_URL": f"sqlite:///{tmp_path / 'a.sqlite3'}"}
        if setting:
            config["SQLITE_SYNCHRONOUS"] = setting
        app = create_app(config)
        with app.app_context():
            assert db.session.execute(sa.text("PRAGMA synchronous")).scalar() == expected
            db.engine.dispose()


def test_an_unknown_synchronous_level_is_refused_in_words(tmp_path):
    import pytest

    from scorekeeper import create_app

    config = {"SECRET_KEY": "x", "DATABASE_URL": f"sqlite:///{tmp_path / 'a.sqlite3'}"}
    with pytest.raises(ValueError, match="SQLITE_SYNCHRONOUS is 'SOMETIMES'"):
        create_app({**config, "SQLITE_SYNCHRONOUS": "sometimes"})


#: What the property tests run with, as the tests' conftest sets it up in a fresh process.
PROFILE = """
import json, tests.conftest
from hypothesis import HealthCheck, settings
s = settings()
print(json.dumps({
    "deadline": s.deadline, "derandomize": s.derandomize, "print_blob": s.print_blob,
    "database": s.database is None and "none", "max_examples": s.max_examples,
    "too_slow_suppressed": HealthCheck.too_slow in s.suppress_health_check,
}))
"""


@pytest.mark.parametrize(
    ("ci", "expected"),
    [
        (None, {"derandomize": False, "print_blob": False}),
        ("true", {"derandomize": True, "print_blob": True, "database": "none"}),
    ],
    ids=["a-laptop", "ci"],
)
def test_ci_runs_the_property_tests_reproducibly_and_no_example_fails_for_being_slow(ci, expected):
    env = {key: value for key, value in os.environ.items() if key != "CI"}
    if ci:
        env["CI"] = ci
    root = Path(__file__).parent.parent
    done = subprocess.run(
        [sys.executable, "-c", PROFILE], cwd=root, env=env, capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr
    profile = json.loads(done.stdout)
    assert profile["deadline"] is None and profile["too_slow_suppressed"]
    assert profile["max_examples"] == 100  # Hypothesis's default: as many examples as ever
    assert {name: profile[name] for name in expected} == expected
