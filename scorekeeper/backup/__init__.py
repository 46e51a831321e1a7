"""Backups of the whole server, for any database: ``scorekeeper backup`` and ``scorekeeper
restore``.

A backup (``scorekeeper-backup/2``) is text, one JSON value per line: a header, then every
table of the schema — each table's line, then its rows, one JSON array each, in the order of
its primary key — then an end line::

    {"format":"scorekeeper-backup/2","made_at":"2026-05-01T19:30:00Z","revision":["1796265000"],"derived":[]}
    {"table":"game","columns":["id","token","kind","setup","created_at","confirms"]}
    [1,"1Xk…","bismarck",{"players":["Anna","Ben","Carla"],…},"2026-05-01T19:02:11.402113",false]
    …
    {"table":"club","columns":["id","token","name","games","pin_hash","created_at","version"]}
    …
    {"end":"scorekeeper-backup/2","rows":{"game":64,"event":3012,…},"sha256":"…"}

Every table of the models is in it (:mod:`~scorekeeper.backup.tables`: games and their logs,
confirmations, evenings and their tables, clubs, members and their former names, seasons, the
organisers' log), with the ids and addresses they had, so every link and every reference keeps
working; a table of derived results marked as such is left out and rebuilt. A value is written
by its column's type (:mod:`~scorekeeper.backup.rows`). The header holds the schema revision
(Alembic's) the rows are at; the end line each table's row count and the SHA-256 of every line
before it, so a backup cut short or changed is refused.

**Online and consistent**: every table is read in one snapshot of the database (SQLite and
PostgreSQL alike), while phones go on writing; what they write meanwhile is in the backup whole
or not at all. A club import still under way (its club pending, :mod:`~scorekeeper.backup.pending`)
is left out whole: the backup holds the server as it was before that import began, and a restore
of an older backup that holds one leaves it out too. Backing up from SQLite and restoring into
PostgreSQL moves a server.

**Restore** goes into an empty database only, all or nothing: one transaction, which holds the
database's write lock from its first statement (``BEGIN IMMEDIATE`` on SQLite, the tables
locked on PostgreSQL). Every row is checked as it is read and a problem names its line. A backup
made by an older version is first brought to this version's schema by this version's
migrations (:mod:`~scorekeeper.backup.revisions`); one made by a newer version is refused. A
backup of the first kind (``scorekeeper-backup/1``: the games only, as records;
:mod:`~scorekeeper.backup.games`) still restores.
"""

from __future__ import annotations

import tempfile
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import sqlalchemy as sa
from sqlalchemy import orm

from scorekeeper.backup import games, loading, pending, revisions, tables
from scorekeeper.backup.errors import BackupError, NotEmpty, line_at, load_line, refused
from scorekeeper.backup.writing import FORMAT, Written, back_up
from scorekeeper.data import models
from scorekeeper.games.registry import is_known
from scorekeeper.games.text import T_

__all__ = ["FORMAT", "BackupError", "NotEmpty", "Restored", "Written", "back_up", "restore"]

#: How a backup's first line starts, as a message quotes it.
HEADER_START = f"{{'format': '{FORMAT}'…}}"


@dataclass
class Restored:
    """What a restore stored: how many rows of each table, the kinds of game this version does
    not know (kept as they were), the older schema revision it was upgraded from, and how many
    club imports under way (in a backup made before backups left them out) it left out."""

    rows: dict[str, int] = field(default_factory=dict)
    unknown: list[str] = field(default_factory=list)
    upgraded_from: str | None = None
    imports_left_out: int = 0

    @property
    def games(self) -> int:
        return self.rows.get("game", 0)

    @property
    def clubs(self) -> int:
        return self.rows.get("club", 0)

    @property
    def total(self) -> int:
        return sum(self.rows.values())


def restore(engine: sa.Engine, lines: Iterable[str]) -> Restored:
    """Restore the backup whose lines are ``lines`` into the empty database behind ``engine``:
    all of it in one transaction, or nothing. Raises :class:`NotEmpty` (checked first) and
    :class:`BackupError`."""
    numbered = iter(enumerate(lines, 1))
    first = next(numbered, None)
    header = load_line(first[1], 1) if first else None
    kind = header.get("format") if isinstance(header, dict) else None
    if first is None or not isinstance(header, dict) or kind not in (FORMAT, games.FORMAT):
        raise refused(
            line_at(1),
            T_("not a Scorekeeper backup (it starts with %(start)s)", start=HEADER_START),
        )
    with engine.connect() as connection:
        _refuse_unless_empty(connection)
        here = tables.revision(connection)
    if kind == games.FORMAT:
        return _restore_games(engine, numbered)
    revision = _revision(header)
    if revision == here:
        return _restore_rows(engine, numbered, header, first[1])
    if len(revision) != 1 or revision[0] not in revisions.known():
        raise refused(
            line_at(1),
            T_(
                "the backup was made by a newer version of Scorekeeper (schema %(rev)s): "
                "restore it with that version or a later one",
                rev=", ".join(revision),
            ),
        )
    with tempfile.TemporaryDirectory(prefix="scorekeeper-restore-") as folder:
        path, written = revisions.upgraded(numbered, header, first[1], revision[0], Path(folder))
        with path.open(encoding="utf-8") as upgraded:
            again = iter(enumerate(upgraded, 1))
            line = next(again)[1]
            restored = _restore_rows(engine, again, load_line(line, 1), line)
    restored.upgraded_from = revision[0]
    restored.imports_left_out += written.imports_left_out
    return restored


def _revision(header: dict[str, Any]) -> list[str]:
    found = header.get("revision")
    if not isinstance(found, list) or not found or not all(isinstance(r, str) for r in found):
        raise refused(line_at(1), T_("the header has no schema revision"))
    return sorted(found)


def _every_table() -> list[sa.Table]:
    return list(models.Model.metadata.sorted_tables)


def _refuse_unless_empty(connection: sa.Connection) -> None:
    found = tables.rows_in(connection, _every_table())
    if any(found.values()):
        raise NotEmpty(found)


def _begin_writing(connection: sa.Connection) -> None:
    """Begin the restore's one transaction, holding the database's write lock (so nothing is
    written beside it), and check the database is empty in it."""
    dialect = connection.dialect.name
    if dialect == "sqlite":
        connection.exec_driver_sql("BEGIN IMMEDIATE")
    elif dialect == "postgresql":
        quote = connection.dialect.identifier_preparer.quote
        names = ", ".join(quote(table.name) for table in _every_table())
        connection.exec_driver_sql(f"LOCK TABLE {names} IN EXCLUSIVE MODE")
    else:  # pragma: no cover - other databases: the transaction alone
        connection.begin()
    _refuse_unless_empty(connection)


def _restore_rows(
    engine: sa.Engine, numbered: Iterator[tuple[int, str]], header: dict[str, Any], first: str
) -> Restored:
    """Every table's rows into the database, at the backup's own revision, but those of a club
    import that was under way: one transaction."""
    with engine.connect() as connection:
        _begin_writing(connection)
        known = {table.name: table for table in tables.backed_up()}
        loader = loading.Loader(connection, known, set(tables.left_out()), header, first)
        stored = loading.load(loader, numbered)
        imports = pending.any_pending(connection)
        for name, count in pending.remove(connection).items():
            stored[name] -= count
        _continue_ids(connection, list(known.values()))
        unknown = _unknown_kinds(connection)
        connection.commit()
    return Restored(stored, unknown, imports_left_out=imports)


def _restore_games(engine: sa.Engine, numbered: Iterator[tuple[int, str]]) -> Restored:
    """The games of a backup of the first kind, as it was restored: one transaction."""
    with engine.connect() as connection:
        _begin_writing(connection)
        session = orm.Session(bind=connection)
        unknown = games.restore(session, games.read(numbered))
        session.flush()
        stored = tables.rows_in(connection, tables.backed_up())
        connection.commit()
    return Restored({name: count for name, count in stored.items() if count}, unknown)


def _continue_ids(connection: sa.Connection, restored: list[sa.Table]) -> None:
    """On PostgreSQL, each table's next id after the highest restored (rows inserted with their
    ids leave its sequence where it was). SQLite takes the highest id + 1 itself."""
    if connection.dialect.name != "postgresql":
        return
    quote = connection.dialect.identifier_preparer.quote
    for table in restored:
        column = table.autoincrement_column
        if column is None:
            continue
        connection.execute(
            sa.text(
                f"SELECT setval(pg_get_serial_sequence(:table, :column), "
                f"COALESCE(MAX({quote(column.name)}), 0) + 1, false) FROM {quote(table.name)}"
            ),
            {"table": quote(table.name), "column": column.name},
        )


def _unknown_kinds(connection: sa.Connection) -> list[str]:
    game = models.Game
    kinds = connection.execute(sa.select(game.kind).distinct().order_by(game.kind)).scalars()
    return [kind for kind in kinds if not is_known(kind)]
