"""A game's or an evening's write that changes what a club's pages show moves the club's version
(:func:`moved`), in the write's own transaction; which evening each game is a table of, and
whether it is a club's, is :func:`~scorekeeper.table.store.evening_hold.evening_of`'s."""

from __future__ import annotations

import sqlalchemy as sa
from sqlalchemy import orm

from scorekeeper.data import models
from scorekeeper.table.store.evening_hold import evening_of
from scorekeeper.table.store.loaded import LoadedGame

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
        evening_id, club = evening_of(bind, game)
        if not club:
            return
    if not evening_id:
        return
    bind.execute(_CLUB_MOVES, {"moved": evening_id})
    bind.execute(_EVENING_MOVES, {"moved": evening_id})
