"""Writing a backup: every table's rows, read in one snapshot of the database while phones go
on writing (a transaction that sees the database as it was when it began: a deferred ``BEGIN``
on SQLite, whose WAL keeps that snapshot; ``REPEATABLE READ`` on PostgreSQL)."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any, TextIO

import sqlalchemy as sa

from scorekeeper.backup import pending, rows, tables

FORMAT = "scorekeeper-backup/2"
#: Rows read from the database at a time.
BATCH = 1000


@dataclass
class Written:
    """What a backup holds: the schema revision and how many rows of each table; and how many
    club imports under way it left out."""

    revision: list[str] = field(default_factory=list)
    rows: dict[str, int] = field(default_factory=dict)
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


def timestamp(at: datetime) -> str:
    if at.tzinfo is not None:
        at = at.astimezone(UTC).replace(tzinfo=None)
    return at.isoformat() + "Z"


def dumps(value: Any) -> str:
    """One line of a backup."""
    return json.dumps(value, ensure_ascii=False, separators=(",", ":")) + "\n"


def snapshot(connection: sa.Connection) -> sa.Connection:
    """``connection`` in a read-only transaction that sees one moment of the database until it
    ends (from its first read on)."""
    if connection.dialect.name == "postgresql":
        connection = connection.execution_options(
            isolation_level="REPEATABLE READ", postgresql_readonly=True
        )
    elif connection.dialect.name == "sqlite":
        connection.exec_driver_sql("BEGIN")  # the first read below fixes the snapshot
    else:  # pragma: no cover - other databases: their default isolation
        connection.begin()
    return connection


def table_lines(
    connection: sa.Connection, table: sa.Table, where: sa.ColumnElement[bool] | None = None
) -> Iterator[Any]:
    """A table's line (its name and columns), then each of its rows (those ``where`` holds of),
    by primary key."""
    columns = list(table.columns)
    yield {"table": table.name, "columns": [column.name for column in columns]}
    encode = rows.encoder(columns)
    query = sa.select(*columns).order_by(*tables.primary_key(table))
    if where is not None:
        query = query.where(where)
    for row in connection.execution_options(yield_per=BATCH).execute(query):
        yield encode(row)


def write(
    connection: sa.Connection,
    out: TextIO,
    metadata: sa.MetaData | None = None,
    made_at: datetime | None = None,
) -> Written:
    """Write a backup of the database behind ``connection`` (in a snapshot already) to ``out``:
    the header, each table's line and rows, and the end line with every table's row count and
    the SHA-256 of every line before it. The rows of a club import still under way are left
    out (:mod:`~scorekeeper.backup.pending`): the backup holds the server as it was before."""
    digest = hashlib.sha256()

    def put(value: Any) -> None:
        line = dumps(value)
        digest.update(line.encode("utf-8"))
        out.write(line)

    written = Written(revision=tables.revision(connection))
    written.imports_left_out = pending.any_pending(connection)
    put(
        {
            "format": FORMAT,
            "made_at": timestamp(made_at or datetime.now(UTC)),
            "revision": written.revision,
            "derived": tables.left_out(metadata),
        }
    )
    for table in tables.backed_up(metadata):
        lines = table_lines(connection, table, pending.kept(table, written.imports_left_out))
        put(next(lines))
        count = 0
        for line in lines:
            put(line)
            count += 1
        written.rows[table.name] = count
    out.write(dumps({"end": FORMAT, "rows": written.rows, "sha256": digest.hexdigest()}))
    return written


def back_up(engine: sa.Engine, out: TextIO, metadata: sa.MetaData | None = None) -> Written:
    """Write a consistent backup of the whole database behind ``engine`` to ``out``."""
    with engine.connect() as connection:
        return write(snapshot(connection), out, metadata)
