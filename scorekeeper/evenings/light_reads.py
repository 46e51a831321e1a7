"""What an evening's pages are kept and locked by, read without loading it: its tables' polled
positions, whether it is closed, how many rounds it started, how much of its hidden standings is
revealed; one light query each (no setup, no log)."""

from __future__ import annotations

import sqlalchemy as sa
from sqlalchemy import orm

from scorekeeper.data import models
from scorekeeper.evenings.loaded import EveningNotFound

#: Where every table's game of an evening is (its polled position: its log's length and its
#: confirmations, :attr:`~scorekeeper.table.store.LoadedGame.position`), by the evening's token: one
#: query that reads no setup and no log (an evening without a started round gives one row of
#: Nones).
_POSITIONS = (
    sa.select(
        models.EveningTable.round,
        models.EveningTable.number,
        sa.select(sa.func.count(models.Event.id))
        .where(models.Event.game_id == models.EveningTable.game_id)
        .scalar_subquery()
        + sa.select(sa.func.count(models.Confirmation.id))
        .where(models.Confirmation.game_id == models.EveningTable.game_id)
        .scalar_subquery(),
        models.Evening.closed_at,
        models.Evening.revealed,
    )
    .select_from(models.Evening)
    .outerjoin(models.EveningTable, models.EveningTable.evening_id == models.Evening.id)
    .where(models.Evening.token == sa.bindparam("token"))
    .order_by(models.EveningTable.round, models.EveningTable.number)
)


_LOCKS = (
    sa.select(models.Evening.closed_at, sa.func.max(models.EveningTable.round))
    .select_from(models.Evening)
    .outerjoin(models.EveningTable, models.EveningTable.evening_id == models.Evening.id)
    .where(models.Evening.token == sa.bindparam("token"))
    .group_by(models.Evening.id, models.Evening.closed_at)
)


def evening_locks(session: orm.Session, token: str) -> tuple[bool, int]:
    """Whether the evening at ``token`` is closed and how many rounds it has started: what
    locks its games, in one query that reads no game's log (every write to a table's game and
    every page of one asks it); :class:`EveningNotFound` if there is none."""
    row = session.execute(_LOCKS, {"token": token}).first()
    if row is None:
        raise EveningNotFound(token)
    return row[0] is not None, row[1] or 0


def evening_positions(session: orm.Session, token: str) -> tuple[tuple[int, int, int], ...]:
    """:attr:`LoadedEvening.positions` of the evening at ``token`` without loading it (what its
    kept pages are found by); :class:`EveningNotFound` if there is none."""
    return evening_state(session, token)[0]


def evening_state(
    session: orm.Session, token: str
) -> tuple[tuple[tuple[int, int, int], ...], bool, int | None]:
    """The evening's :func:`evening_positions`, whether it is closed and how many places of
    its hidden standings are revealed: one light query."""
    rows = session.execute(_POSITIONS, {"token": token}).all()
    if not rows:
        raise EveningNotFound(token)
    positions = tuple((r, n, seq) for r, n, seq, _closed, _shown in rows if r is not None)
    return positions, rows[0].closed_at is not None, rows[0].revealed
