"""The rows of a club import still under way, which a backup leaves out and a restore removes.

A club import (:mod:`scorekeeper.clubs.imports`) writes its club in short transactions under a
pending token (it begins with :data:`~scorekeeper.data.models.PENDING_TOKEN`): first the club's
row and its register (members, their former names), then its evenings in batches (each
evening's link to the club, the evening, its tables, their games and the games' logs), and last
its seasons, its line of the organisers' log and the club's own token. A backup taken in
between would hold half a club, and a restore of it a half-made club no address finds, which
nothing but a later import's clean-up would ever remove. So none of it is the server's yet: a
backup leaves out every row of a pending import — the club's as if its import had not begun —
and a restore of a backup made before this was so removes them again before it commits.

Which rows those are is read from the schema's foreign keys, so a table added later goes with
its club by itself: a row belongs to a pending import when it refers to a row of one (a member
to its club, a game's log to its game), or when it is one :data:`OWNED_THROUGH` a link of one
(an evening through its club's link to it, a game through its evening's table).
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa

from scorekeeper.backup import tables
from scorekeeper.data import models

#: The links that own the row they refer to (``table``, ``column``): an evening belongs to the
#: club whose ``club_evening`` names it, a game to the evening whose ``evening_table`` holds it.
OWNED_THROUGH = frozenset({("club_evening", "evening_id"), ("evening_table", "game_id")})
#: Rows removed at a time by :func:`remove`.
BATCH = 500


def clubs(club: sa.FromClause | None = None) -> sa.ColumnElement[bool]:
    """Whether a row of ``club`` (the models' table unless given) is a pending import's."""
    token = (models.Club.__table__ if club is None else club).c.token
    return token.startswith(models.PENDING_TOKEN, autoescape=True)


def any_pending(connection: sa.Connection) -> int:
    """How many pending imports the database holds (in the caller's transaction)."""
    club = models.Club.__table__
    query = sa.select(sa.func.count()).select_from(club).where(clubs())
    return int(connection.execute(query).scalar_one())


def rows_of(table: sa.Table) -> sa.ColumnElement[bool] | None:
    """Whether a row of ``table`` belongs to a pending import; None if none of its rows can."""
    return _belongs(table, frozenset())


def _belongs(table: sa.Table, path: frozenset[str]) -> sa.ColumnElement[bool] | None:
    """:func:`rows_of`, not through the tables in ``path`` (those that led here)."""
    path = path | {table.name}
    ways: list[sa.ColumnElement[bool]] = []
    if table.name == models.Club.__tablename__:
        ways.append(clubs(table))
    for key in table.foreign_keys:  # it refers to a pending import's row
        owner = _belongs(key.column.table, path) if key.column.table.name not in path else None
        if owner is not None:
            ways.append(_in(key.parent, sa.select(key.column).where(owner)))
    for link in _links_owning(table):  # a pending import's link owns it
        owner = _belongs(link.parent.table, path) if link.parent.table.name not in path else None
        if owner is not None:
            ways.append(_in(link.column, sa.select(link.parent).where(owner)))
    return sa.or_(*ways) if ways else None


def _links_owning(table: sa.Table) -> list[sa.ForeignKey]:
    return [
        key
        for other in table.metadata.sorted_tables
        for key in other.foreign_keys
        if key.column.table is table and (other.name, key.parent.name) in OWNED_THROUGH
    ]


def _in(column: sa.Column[object], found: sa.Select[tuple[object]]) -> sa.ColumnElement[bool]:
    """``column IN (found)``: false, never NULL, where ``column`` is NULL (so a backup's ``NOT``
    keeps the row), and ``found`` holds no NULL (which would make every other row's NULL)."""
    column_of_found = found.selected_columns[0]
    if getattr(column_of_found, "nullable", False):
        found = found.where(column_of_found.is_not(None))
    inside = column.in_(found)
    return sa.and_(column.is_not(None), inside) if column.nullable else inside


def kept(table: sa.Table, pending: int) -> sa.ColumnElement[bool] | None:
    """The condition a backup reads ``table``'s rows with when the database holds ``pending``
    pending imports: every row but theirs (None: every row)."""
    belongs = rows_of(table) if pending else None
    return None if belongs is None else sa.not_(belongs)


def remove(connection: sa.Connection) -> dict[str, int]:
    """Remove every pending import's rows, in the caller's transaction: how many of each table
    (the tables with none left out). Every table's rows are found first, then removed, the
    rows that refer to others before those."""
    if not any_pending(connection):
        return {}
    found: dict[str, tuple[sa.Table, list[object]]] = {}
    for table in tables.backed_up():
        belongs = rows_of(table)
        if belongs is None:
            continue
        (key,) = tables.primary_key(table)
        ids = list(connection.execute(sa.select(key).where(belongs)).scalars())
        if ids:
            found[table.name] = (table, ids)
    for table, ids in reversed(list(found.values())):
        _delete(connection, table, ids)
    return {name: len(ids) for name, (_table, ids) in found.items()}


def _delete(connection: sa.Connection, table: sa.Table, ids: Sequence[object]) -> None:
    """Delete these rows, their references to rows of the same table (a member merged into
    another) first let go, so any batch of them may go first."""
    (key,) = tables.primary_key(table)
    own = [k.parent for k in table.foreign_keys if k.column.table is table and k.parent.nullable]
    for start in range(0, len(ids), BATCH):
        batch = ids[start : start + BATCH]
        if own:
            connection.execute(
                table.update().where(key.in_(batch)).values({column: None for column in own})
            )
    for start in range(0, len(ids), BATCH):
        connection.execute(table.delete().where(key.in_(ids[start : start + BATCH])))
