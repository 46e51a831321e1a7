"""Reading a backup of version 2 into a database at its schema revision: each table's rows
checked as they are read (their table known, their columns the table's, each value one its
column holds) and inserted in batches, on the caller's connection and in its transaction, with
the ids they had — so every reference between them, and every address, stays as it was.

The end line must follow the last row and agree with what was read (each table's row count,
the SHA-256 of every line before it): a backup cut short or changed is refused, and the caller
rolls back everything it inserted.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterator, Mapping
from typing import Any

import sqlalchemy as sa

from scorekeeper.backup import rows
from scorekeeper.backup.errors import BackupError, line_at, load_line, refused
from scorekeeper.backup.writing import FORMAT
from scorekeeper.games.text import T_

#: Rows inserted at a time.
BATCH = 1000


class _Table:
    """One table of the backup as it is read: its rows decoded and inserted in batches; a
    column that refers to its own table (a member merged into another) is set once every row
    of the table is in, so the rows may come in any order of those references."""

    def __init__(
        self,
        connection: sa.Connection,
        name: str,
        table: sa.Table | None,
        columns: list[str],
        number: int,
    ):
        self.connection = connection
        self.name = name
        self.table = table  # None: a derived table, whose rows are skipped
        self.count = 0
        self.batch: list[dict[str, Any]] = []
        self.later: list[dict[str, Any]] = []
        self.first = self.start = number
        self.decode = rows.decoder([] if table is None else [table.columns[c] for c in columns])
        #: The columns that refer to the same table (and may wait: NULL until then), and the
        #: key that finds a row again.
        self.own = [
            fk.parent.name
            for fk in ([] if table is None else table.foreign_keys)
            if fk.column.table is table and fk.parent.nullable
        ]
        self.key = [] if table is None else [c.name for c in table.primary_key.columns]

    def add(self, values: Any, number: int) -> None:
        self.count += 1
        if self.table is None:
            return
        if not isinstance(values, list):
            raise refused(line_at(number, table=self.name), T_("a row is a JSON array"))
        try:
            row = self.decode(values)
        except rows.ValueRefused as error:
            raise refused(line_at(number, table=self.name), error.text) from None
        for name in self.own:
            if row[name] is not None:
                self.later.append({"k_" + k: row[k] for k in self.key} | {"v_" + name: row[name]})
                row[name] = None
        if not self.batch:
            self.first = number
        self.batch.append(row)
        if len(self.batch) >= BATCH:
            self.flush(number)

    def flush(self, number: int) -> None:
        if self.table is None or not self.batch:
            return
        self._run(self.table.insert(), self.batch, number)
        self.batch = []

    def finish(self, number: int) -> None:
        """Every row in: insert the last batch, then set the references to the same table."""
        self.flush(number)
        if self.table is None:
            return
        for name in self.own:
            todo = [row for row in self.later if "v_" + name in row]
            if not todo:
                continue
            column = self.table.columns[name]
            where = [self.table.columns[k] == sa.bindparam("k_" + k) for k in self.key]
            update = self.table.update().where(*where).values({column: sa.bindparam("v_" + name)})
            self.first = self.start
            self._run(update, todo, number)

    def _run(self, statement: Any, batch: list[dict[str, Any]], number: int) -> None:
        try:
            self.connection.execute(statement, batch)
        except sa.exc.DBAPIError as error:
            reason = str(error.orig).strip().splitlines()[0] if error.orig else str(error)
            lines = T_("lines %(first)s to %(last)s", first=self.first, last=number)
            raise refused(
                T_("%(lines)s (table %(table)s)", lines=lines, table=self.name),
                T_("the database refused a row (%(reason)s)", reason=reason),
            ) from None


class Loader:
    """The state of one restore as its lines are read: the tables this database has, those it
    leaves out, what was read so far, and the digest of every line."""

    def __init__(
        self,
        connection: sa.Connection,
        known: Mapping[str, sa.Table],
        derived: set[str],
        header: dict[str, Any],
        first_line: str,
    ):
        self.connection = connection
        self.known = known
        self.derived = derived | set(header.get("derived") or [])
        self.digest = hashlib.sha256(_ended(first_line).encode("utf-8"))
        self.current: _Table | None = None
        self.read: dict[str, int] = {}

    def table(self, raw: dict[str, Any], number: int) -> None:
        name, columns = raw.get("table"), raw.get("columns")
        where = line_at(number)
        if not isinstance(name, str) or not (
            isinstance(columns, list) and all(isinstance(c, str) for c in columns)
        ):
            raise refused(where, T_("a table's line has its name and its columns"))
        if name in self.read:
            raise refused(where, T_("table %(table)s is in the backup twice", table=name))
        self._close(number - 1)
        table = self.known.get(name)
        if table is None and name not in self.derived:
            raise refused(where, T_("this version has no table %(table)s", table=name))
        if table is not None and sorted(columns) != sorted(table.columns.keys()):
            raise refused(
                where,
                T_(
                    "table %(table)s has the columns %(found)s; this version's are %(wanted)s",
                    table=name,
                    found=", ".join(columns),
                    wanted=", ".join(table.columns.keys()),
                ),
            )
        self.current = _Table(self.connection, name, table, columns, number)
        self.read[name] = 0

    def row(self, raw: Any, number: int) -> None:
        if self.current is None:
            raise refused(line_at(number), T_("a row comes before any table's line"))
        self.current.add(raw, number)

    def _close(self, number: int) -> None:
        if self.current is not None:
            self.current.finish(number)
            self.read[self.current.name] = self.current.count
            self.current = None

    def end(self, raw: dict[str, Any], number: int) -> dict[str, int]:
        """The end line: what was read must be what it says."""
        self._close(number - 1)
        where = line_at(number)
        said = raw.get("rows")
        if raw.get("end") != FORMAT or said != self.read:
            raise refused(
                where,
                T_(
                    "the end line says %(said)s rows, the backup has %(has)s",
                    said=_total(said),
                    has=sum(self.read.values()),
                ),
            )
        if raw.get("sha256") != self.digest.hexdigest():
            raise refused(where, T_("the backup was changed after it was made (its checksum)"))
        missing = [n for n in self.known if n not in self.read and n not in self.derived]
        if missing:
            raise refused(where, T_("the backup has no table %(table)s", table=missing[0]))
        return {name: count for name, count in self.read.items() if name in self.known}


def _total(said: Any) -> str:
    if isinstance(said, dict) and all(isinstance(v, int) for v in said.values()):
        return str(sum(said.values()))
    return repr(said)


def _ended(text: str) -> str:
    """A line as the backup wrote it: ending in its newline (however it was read)."""
    return text if text.endswith("\n") else text + "\n"


def load(loader: Loader, numbered: Iterator[tuple[int, str]]) -> dict[str, int]:
    """Read every line after the header into the database; the rows of each table stored."""
    for number, text in numbered:
        raw = load_line(text, number)
        if isinstance(raw, dict) and "end" in raw:
            found = loader.end(raw, number)
            if next(numbered, None) is not None:
                raise refused(line_at(number + 1), T_("nothing may follow the end line"))
            return found
        loader.digest.update(_ended(text).encode("utf-8"))
        if isinstance(raw, dict):
            loader.table(raw, number)
        else:
            loader.row(raw, number)
    raise BackupError([T_("the backup is cut short (it has no end line): nothing was restored")])
