"""A game's or an evening's write that changes what a club's pages show moves the club's version
(:func:`moved`), in the write's own transaction; which club's evening each game is a table of is
kept per process (it never changes)."""

from __future__ import annotations

import sqlalchemy as sa
from sqlalchemy import orm

from scorekeeper.data import models
from scorekeeper.data.cache import LRUCache
from scorekeeper.table.store.loaded import LoadedGame

#: The club's evening a game is a table of (no row: a game of its own, or of an evening of no
#: club).
_CLUB_EVENING_OF_GAME = (
    sa.select(models.ClubEvening.evening_id)
    .join(models.EveningTable, models.EveningTable.evening_id == models.ClubEvening.evening_id)
    .where(models.EveningTable.game_id == sa.bindparam("game_id"))
)

#: A club's version moved on, the club being the one of the evening bound as ``moved``.
_CLUB_MOVES = (
    sa.update(models.Club)
    .where(
        models.Club.id
        == sa.select(models.ClubEvening.club_id)
        .where(models.ClubEvening.evening_id == sa.bindparam("moved"))
        .scalar_subquery()
    )
    .values(version=models.Club.version + 1)
)

#: The evening bound as ``moved`` changed at its club's version now.
_EVENING_MOVES = (
    sa.update(models.ClubEvening)
    .where(models.ClubEvening.evening_id == sa.bindparam("moved"))
    .values(
        version=sa.select(models.Club.version)
        .where(models.Club.id == models.ClubEvening.club_id)
        .scalar_subquery()
    )
)


#: The club's evening each game is a table of (0: none), by the game's token: it never changes
#: (a game's table is written with the game, an evening's club with the evening).
_EVENINGS_OF_GAMES: LRUCache[int] = LRUCache(4096)


def belongs(game: LoadedGame, club_evening: int) -> None:
    """The game at ``game``'s token is a table of the club's evening ``club_evening`` (0: of
    none), as the caller that made it knows: its writes need not ask."""
    _EVENINGS_OF_GAMES.put(game.token, club_evening)


def moved(
    bind: orm.Session | sa.Connection,
    *,
    evening_id: int | None = None,
    game: LoadedGame | None = None,
) -> None:
    """A write that changes what a club's pages show, of the evening ``evening_id`` (or of the
    evening ``game`` is a table of), moves the club's version and marks the evening changed at
    it, in the write's own transaction (before it commits; nothing for an evening or a game of
    no club). What a page keeps of a club is kept by that version
    (:mod:`scorekeeper.clubs.kept`): a deal in one of its games is a new version, and the
    evening it changed is the one to derive again."""
    if game is not None:
        evening_id = _EVENINGS_OF_GAMES.get(game.token)
        if evening_id is None:
            found = bind.execute(_CLUB_EVENING_OF_GAME, {"game_id": game.id}).scalar()
            evening_id = found or 0
            _EVENINGS_OF_GAMES.put(game.token, evening_id)
    if not evening_id:
        return
    bind.execute(_CLUB_MOVES, {"moved": evening_id})
    bind.execute(_EVENING_MOVES, {"moved": evening_id})
