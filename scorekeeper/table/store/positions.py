"""How far each game's log is, without loading it: what the phones poll
(:func:`position_of`, :func:`recent_position`) and the home page's list of games
(:func:`summaries`); each answer is noted in :data:`~scorekeeper.table.store.caches.POSITIONS`."""

from __future__ import annotations

from typing import Any

import sqlalchemy as sa
from sqlalchemy import orm

from scorekeeper.data import models
from scorekeeper.table.store.caches import POSITIONS
from scorekeeper.table.store.loaded import GameNotFound
from scorekeeper.table.store.reading import CONFIRMATION_COUNT, EVENT_COUNT, ROW_AND_LENGTH

#: A game's polled position, by token: one indexed query (built once).
_LOG_LENGTH = sa.select(EVENT_COUNT + CONFIRMATION_COUNT).where(
    models.Game.token == sa.bindparam("token")
)


def position_of(bind: orm.Session | sa.Engine, token: str) -> int:
    """How many events a game's log holds, and in a game that confirms how many confirmations
    (:attr:`LoadedGame.position`): one indexed query (the phones poll this). Given the engine
    rather than a session, it borrows a pooled connection and nothing more."""
    if isinstance(bind, orm.Session):
        found = bind.execute(_LOG_LENGTH, {"token": token}).first()
    else:
        with bind.connect() as connection:
            found = connection.execute(_LOG_LENGTH, {"token": token}).first()
    if found is None:
        raise GameNotFound(token)
    POSITIONS.put(token, int(found[0]))
    return int(found[0])


def recent_position(bind: sa.Engine, token: str, max_age: float) -> int:
    """:func:`position_of`, or the length this process read or wrote less than ``max_age``
    seconds ago: a write through this process is seen at once, one through another process
    (a second server on the same database) within ``max_age``."""
    seen = POSITIONS.get(token, max_age)
    return seen if seen is not None else position_of(bind, token)


#: Several games' rows and log lengths, by token (bound as ``tokens``, an expanding list).
_SUMMARIES = sa.select(*ROW_AND_LENGTH).where(
    models.Game.token.in_(sa.bindparam("tokens", expanding=True))
)


def summaries(bind: orm.Session | sa.Engine, tokens: list[str]) -> list[sa.Row[Any]]:
    """The games with these tokens (token, kind, setup, created_at, and seq: how long the log
    is), in the order given; unknown tokens are skipped. Given the engine, it borrows a pooled
    connection only."""
    if not tokens:
        return []
    query, values = _SUMMARIES, {"tokens": list(tokens)}
    if isinstance(bind, orm.Session):
        rows = bind.execute(query, values).all()
    else:
        with bind.connect() as connection:
            rows = connection.execute(query, values).all()
    by_token = {row.token: row for row in rows}
    for row in rows:
        POSITIONS.put(row.token, row.seq + row.confirmations)
    return [by_token[t] for t in tokens if t in by_token]
