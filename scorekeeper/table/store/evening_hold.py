"""The evening a game is a table of (:func:`evening_of`, kept per process: it never changes) and
the hold a write to such a game takes on it (:func:`hold_evening`), so that the write and a
close of the evening happen one wholly after the other.

Closing an evening updates its row (in a club's, after moving the club's version first). A
write to one of its games holds the same row, in its own transaction, before it asks whether
the evening is closed: on PostgreSQL it reads the row ``FOR SHARE`` (a close not yet committed
makes it wait, and it then reads the row as closed; a close that comes after it waits until it
has committed); on SQLite it takes the database's one write lock (``BEGIN IMMEDIATE``, unless
the write already holds it), so nothing commits between its check and its own commit. Writes
to the tables of one evening share the row and do not wait for each other on PostgreSQL; a
game of no evening holds nothing and, once this process knows it, asks nothing."""

from __future__ import annotations

import sqlalchemy as sa
from sqlalchemy import orm

from scorekeeper.data import models
from scorekeeper.data.cache import LRUCache
from scorekeeper.table.store.loaded import LoadedGame

#: The evening a game is a table of and, where it is a club's, the evening again (no row: a
#: game of its own).
_EVENING_OF_GAME = (
    sa.select(models.EveningTable.evening_id, models.ClubEvening.evening_id)
    .outerjoin(models.ClubEvening, models.ClubEvening.evening_id == models.EveningTable.evening_id)
    .where(models.EveningTable.game_id == sa.bindparam("game_id"))
)

#: An evening's row held until the transaction ends: a close (an UPDATE of it) waits for it.
_HOLD = (
    sa.select(models.Evening.id)
    .where(models.Evening.id == sa.bindparam("evening_id"))
    .with_for_update(read=True)
)

#: The evening each game is a table of (0: none) and whether it is a club's, by the game's
#: token: it never changes (a game's table is written with the game, an evening's club with
#: the evening).
_EVENINGS_OF_GAMES: LRUCache[tuple[int, bool]] = LRUCache(4096)


def belongs(game: LoadedGame, evening_id: int = 0, *, club: bool = False) -> None:
    """The game at ``game``'s token is a table of the evening ``evening_id`` (0: of none; a
    ``club``'s evening or not), as the caller that made it knows: its writes need not ask."""
    _EVENINGS_OF_GAMES.put(game.token, (evening_id, club))


def evening_of(bind: orm.Session | sa.Connection, game: LoadedGame) -> tuple[int, bool]:
    """The evening ``game`` is a table of (0: none) and whether it is a club's: asked of the
    database once per game and process."""
    found = _EVENINGS_OF_GAMES.get(game.token)
    if found is None:
        row = bind.execute(_EVENING_OF_GAME, {"game_id": game.id}).first()
        found = (row[0], row[1] is not None) if row is not None else (0, False)
        _EVENINGS_OF_GAMES.put(game.token, found)
    return found


def hold_evening(connection: sa.Connection, game: LoadedGame) -> bool:
    """Hold the evening ``game`` is a table of until the write's transaction ends (see the
    module's docstring), before the write asks whether it may still be made; False, holding
    nothing, for a game of no evening."""
    evening_id, _club = evening_of(connection, game)
    if not evening_id:
        return False
    if connection.dialect.name == "sqlite":
        # Python's sqlite3 begins a transaction only at the first change: until one, reads see
        # whatever is committed when they run, and a close could commit after them.
        driver = connection.connection.driver_connection
        if driver is not None and not driver.in_transaction:
            connection.exec_driver_sql("BEGIN IMMEDIATE")
    else:
        connection.execute(_HOLD, {"evening_id": evening_id})
    return True
