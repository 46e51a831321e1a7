"""A backup made by an older version, brought to this version's schema the way its database
would have been: loaded into a scratch SQLite database migrated to the backup's revision, then
upgraded by this version's own migrations (so a migration that changes data, not only tables,
runs on it too), and backed up again at this version's revision for the real restore.

The database being restored into is not touched until then: a restore killed while the scratch
database is upgraded leaves it as empty as it was.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import sqlalchemy as sa

from scorekeeper.backup import loading, writing
from scorekeeper.data.db import alembic

#: Alembic's own table, which no backup holds (its header says the revision).
VERSION_TABLE = "alembic_version"


def known() -> set[str]:
    """Every schema revision this version's migrations know."""
    return {script.revision for script in alembic.script_directory.walk_revisions()}


def migrate(engine: sa.Engine, target: str) -> None:
    """Run this version's migrations on the database behind ``engine`` from where it is up to
    ``target`` (a revision, or ``heads``): Flask-Alembic's own ``upgrade``, in one transaction
    with foreign keys checked before it commits, as the app's own upgrades
    (:meth:`~scorekeeper.data.schema.SerialAlembic.upgrade_elsewhere`)."""
    alembic.upgrade_elsewhere(engine, target)


def _foreign_keys_on(dbapi_connection: Any, _record: Any) -> None:
    dbapi_connection.execute("PRAGMA foreign_keys=ON")  # as the app's own SQLite connections


@contextlib.contextmanager
def _scratch(folder: Path) -> Iterator[sa.Engine]:
    engine = sa.create_engine(f"sqlite:///{folder / 'upgrading.sqlite3'}")
    sa.event.listen(engine, "connect", _foreign_keys_on)
    try:
        yield engine
    finally:
        engine.dispose()


def upgraded(
    numbered: Iterator[tuple[int, str]],
    header: dict[str, Any],
    first_line: str,
    revision: str,
    folder: Path,
) -> tuple[Path, writing.Written]:
    """The backup whose header and first line were read, at schema ``revision``, loaded into a
    scratch database in ``folder`` and upgraded to this version's schema: the path of a backup
    of that, in ``folder`` (without a club import that was under way), and what it holds. A
    problem of the backup names its line, as a restore's would."""
    with _scratch(folder) as engine:
        migrate(engine, revision)
        with engine.connect() as connection:
            reflected = sa.MetaData()
            reflected.reflect(connection)
            present = {t.name: t for t in reflected.sorted_tables if t.name != VERSION_TABLE}
            loader = loading.Loader(connection, present, set(), header, first_line)
            loading.load(loader, numbered)
            connection.commit()
        migrate(engine, "heads")
        path = folder / "upgraded.backup"
        with path.open("w", encoding="utf-8", newline="\n") as out:
            written = writing.back_up(engine, out)
    return path, written
