"""The test fixtures themselves: each test's app is on its own copy of a migrated database."""

from __future__ import annotations

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
