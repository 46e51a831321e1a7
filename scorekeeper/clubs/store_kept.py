"""What a club's kept pages read of the database (:mod:`scorekeeper.clubs.kept`): each
evening's state (its games' log positions, its reveal and closing), the evenings changed since
a version, and the ``kept_evening`` rows (each evening's derived facts and record with the key
they were derived from): read, kept, thrown away."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any, cast

import sqlalchemy as sa
from sqlalchemy import orm

from scorekeeper.data import models

#: Every table's game of a club's evenings: its log's length and confirmations, with its
#: evening's reveal and closing (the key of what is kept of the evening): one query.
_POSITIONS = (
    sa.select(
        models.ClubEvening.evening_id,
        models.EveningTable.round,
        models.EveningTable.number,
        sa.select(sa.func.count(models.Event.id))
        .where(models.Event.game_id == models.EveningTable.game_id)
        .scalar_subquery()
        .label("seq"),
        sa.select(sa.func.count(models.Confirmation.id))
        .where(models.Confirmation.game_id == models.EveningTable.game_id)
        .scalar_subquery()
        .label("confirmations"),
        models.Evening.revealed,
        models.Evening.closed_at,
    )
    .join(models.Evening, models.Evening.id == models.ClubEvening.evening_id)
    .outerjoin(models.EveningTable, models.EveningTable.evening_id == models.ClubEvening.evening_id)
    .where(models.ClubEvening.club_id == sa.bindparam("club_id"))
    .order_by(models.ClubEvening.evening_id, models.EveningTable.round, models.EveningTable.number)
)


@dataclass(frozen=True)
class EveningState:
    """What is kept of an evening is derived from (:mod:`scorekeeper.clubs.kept`): each table's
    game's round, table, log length and confirmations, how much of its hidden standings is
    revealed and when it was closed."""

    games: tuple[tuple[int, int, int, int], ...]
    revealed: int | None
    closed_at: datetime | None


def states(session: orm.Session, club_id: int) -> dict[int, EveningState]:
    """Every evening of the club's :class:`EveningState`, by its id (one query)."""
    games: dict[int, list[tuple[int, int, int, int]]] = {}
    found: dict[int, tuple[int | None, datetime | None]] = {}
    for row in session.execute(_POSITIONS, {"club_id": club_id}):
        found[row.evening_id] = (row.revealed, row.closed_at)
        listed = games.setdefault(row.evening_id, [])
        if row.round is not None:
            listed.append((row.round, row.number, row.seq, row.confirmations))
    return {
        evening: EveningState(tuple(games[evening]), revealed, closed)
        for evening, (revealed, closed) in found.items()
    }


def changed_since(session: orm.Session, club_id: int, version: int) -> list[int]:
    """The club's evenings changed since the club's ``version`` (their ids; new ones too)."""
    return list(
        session.execute(
            sa.select(models.ClubEvening.evening_id).where(
                models.ClubEvening.club_id == club_id, models.ClubEvening.version > version
            )
        ).scalars()
    )


@dataclass(frozen=True)
class KeptRow:
    """An evening's kept row: what it was derived from, and what it derived."""

    evening_id: int
    key: str
    facts: dict[str, Any]


def kept_facts(session: orm.Session, club_id: int) -> dict[int, KeptRow]:
    """The kept results of the club's evenings, by the evening's id (one query)."""
    rows = session.execute(
        sa.select(models.KeptEvening.evening_id, models.KeptEvening.key, models.KeptEvening.facts)
        .join(models.ClubEvening, models.ClubEvening.evening_id == models.KeptEvening.evening_id)
        .where(models.ClubEvening.club_id == club_id)
    )
    return {row.evening_id: KeptRow(row.evening_id, row.key, row.facts) for row in rows}


def kept_records(session: orm.Session, club_id: int) -> dict[int, tuple[str, str]]:
    """The kept record text of the club's evenings with the key each was derived from, by the
    evening's id (one query)."""
    rows = session.execute(
        sa.select(models.KeptEvening.evening_id, models.KeptEvening.key, models.KeptEvening.record)
        .join(models.ClubEvening, models.ClubEvening.evening_id == models.KeptEvening.evening_id)
        .where(models.ClubEvening.club_id == club_id)
    )
    return {row.evening_id: (row.key, row.record) for row in rows}


def keep(session: orm.Session, rows: Sequence[tuple[int, str, dict[str, Any], str]]) -> None:
    """Keep these evenings' derived rows (evening id, key, facts, record), each in place of
    the one it had; the caller commits."""
    if not rows:
        return
    session.execute(
        sa.delete(models.KeptEvening).where(
            models.KeptEvening.evening_id.in_([evening for evening, *_ in rows])
        )
    )
    session.add_all(
        models.KeptEvening(evening_id=evening, key=key, facts=facts, record=record)
        for evening, key, facts, record in rows
    )


def forget_kept(session: orm.Session, club_id: int | None = None) -> int:
    """Throw away what is kept of the club's evenings (of every club's, without ``club_id``):
    how many rows; the caller commits."""
    query = sa.delete(models.KeptEvening)
    if club_id is not None:
        held = sa.select(models.ClubEvening.evening_id).where(models.ClubEvening.club_id == club_id)
        query = query.where(models.KeptEvening.evening_id.in_(held))
    result = cast(sa.CursorResult[Any], session.execute(query))
    return result.rowcount or 0
