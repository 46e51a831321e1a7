"""A club's evenings in the database (``club_evening``: an evening of the club, which member
each of its players is, and the club's version when it last changed): listed, and linked to
the club in the commit that makes the evening."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime

import sqlalchemy as sa
from sqlalchemy import orm

from scorekeeper.data import models


@dataclass(frozen=True)
class ClubEvening:
    """One evening of the club as its page lists it, with its players' members (by id, in the
    evening's order of players)."""

    token: str
    name: str
    kind: str
    created_at: datetime
    members: tuple[int, ...]
    #: The evening's id (what a season's chosen evenings name).
    id: int = 0


def evenings(
    session: orm.Session, club_id: int, ids: Sequence[int] | None = None
) -> list[ClubEvening]:
    """The club's evenings (or only those of these ``ids``), newest first (one query)."""
    query = (
        sa.select(
            models.Evening.id,
            models.Evening.token,
            models.Evening.kind,
            # Only the name: the setup holds the seating plan too, long to read.
            models.Evening.setup["name"].as_string().label("name"),
            models.Evening.created_at,
            models.ClubEvening.members,
        )
        .join(models.Evening, models.Evening.id == models.ClubEvening.evening_id)
        .where(models.ClubEvening.club_id == club_id)
        .order_by(models.Evening.created_at.desc(), models.Evening.id.desc())
    )
    if ids is not None:
        query = query.where(models.ClubEvening.evening_id.in_(list(ids)))
    rows = session.execute(query).all()
    return [
        ClubEvening(
            row.token,
            row.name or "",
            row.kind,
            row.created_at,
            tuple(m for m in row.members if isinstance(m, int)),
            row.id,
        )
        for row in rows
    ]


def link_evening(
    session: orm.Session, club_id: int, evening_id: int, members: Sequence[int]
) -> None:
    """The evening is the club's, changed at the club's version now
    (:func:`~scorekeeper.clubs.store_club.log` moved it)."""
    version = sa.select(models.Club.version).where(models.Club.id == club_id).scalar_subquery()
    session.add(
        models.ClubEvening(
            club_id=club_id, evening_id=evening_id, members=list(members), version=version
        )
    )


@contextmanager
def linked_on_commit(session: orm.Session, club_id: int, members: Sequence[int]) -> Iterator[None]:
    """Inside, the evening made in the block (added to the session) is linked to the club in
    the commit that stores it (the evenings' store commits the evening it makes itself, with
    its first round when it starts one at once, having flushed it for its id): the link is
    added just before that commit. Leaving the block by an error rolls the session back, so
    nothing of it is stored."""
    made: list[models.Evening] = []

    def added(_session: orm.Session, instance: object) -> None:
        if isinstance(instance, models.Evening):
            made.append(instance)

    def link(committing: orm.Session) -> None:
        if len(made) == 1:
            committing.flush()
            link_evening(committing, club_id, made[0].id, members)

    sa.event.listen(session, "transient_to_pending", added)
    sa.event.listen(session, "before_commit", link, once=True)
    try:
        yield
    except BaseException:
        session.rollback()
        raise
    finally:
        sa.event.remove(session, "transient_to_pending", added)
        if sa.event.contains(session, "before_commit", link):
            sa.event.remove(session, "before_commit", link)
