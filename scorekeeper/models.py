"""The database: a game is its setup plus an append-only log of events."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any, ClassVar

import sqlalchemy as sa
from sqlalchemy import orm


def _now() -> datetime:
    return datetime.now(UTC).replace(tzinfo=None)


class Model(orm.DeclarativeBase):
    metadata: ClassVar[sa.MetaData] = sa.MetaData(
        naming_convention={
            "ix": "ix_%(column_0_label)s",
            "uq": "uq_%(table_name)s_%(column_0_name)s",
            "ck": "ck_%(table_name)s_%(constraint_name)s",
            "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
            "pk": "pk_%(table_name)s",
        }
    )


class Game(Model):
    __tablename__ = "game"

    id: orm.Mapped[int] = orm.mapped_column(primary_key=True)
    token: orm.Mapped[str] = orm.mapped_column(sa.String(32), unique=True)
    kind: orm.Mapped[str] = orm.mapped_column(sa.String(20))
    setup: orm.Mapped[dict[str, Any]] = orm.mapped_column(sa.JSON)
    created_at: orm.Mapped[datetime] = orm.mapped_column(default=_now)
    events: orm.Mapped[list[Event]] = orm.relationship(
        back_populates="game", order_by="Event.seq", cascade="all, delete-orphan"
    )


class Event(Model):
    """One entry of a game's log. ``seq`` counts from 0; (game, seq) is unique, so two phones
    writing at the same log position cannot both succeed."""

    __tablename__ = "event"
    __table_args__ = (sa.UniqueConstraint("game_id", "seq", name="uq_event_game_seq"),)

    id: orm.Mapped[int] = orm.mapped_column(primary_key=True)
    game_id: orm.Mapped[int] = orm.mapped_column(sa.ForeignKey("game.id"))
    seq: orm.Mapped[int]
    kind: orm.Mapped[str] = orm.mapped_column(sa.String(20))
    data: orm.Mapped[dict[str, Any]] = orm.mapped_column(sa.JSON)
    created_at: orm.Mapped[datetime] = orm.mapped_column(default=_now)
    game: orm.Mapped[Game] = orm.relationship(back_populates="events")


# --- club evenings (scorekeeper.evenings) ---------------------------------------------------------


class Evening(Model):
    """A club evening: its setup (name, game, settings, players, rounds, scoring) and its
    seating plan, as JSON. Its tables' games are ordinary games (:class:`EveningTable`)."""

    __tablename__ = "evening"

    id: orm.Mapped[int] = orm.mapped_column(primary_key=True)
    token: orm.Mapped[str] = orm.mapped_column(sa.String(32), unique=True)
    kind: orm.Mapped[str] = orm.mapped_column(sa.String(20))
    setup: orm.Mapped[dict[str, Any]] = orm.mapped_column(sa.JSON)
    created_at: orm.Mapped[datetime] = orm.mapped_column(default=_now)


class EveningTable(Model):
    """The game of one table in one round of an evening. (evening, round, number) is unique, so
    two phones starting the same round cannot both make its games (and it indexes an evening's
    tables)."""

    __tablename__ = "evening_table"
    __table_args__ = (
        sa.UniqueConstraint("evening_id", "round", "number", name="uq_evening_table_round"),
    )

    id: orm.Mapped[int] = orm.mapped_column(primary_key=True)
    evening_id: orm.Mapped[int] = orm.mapped_column(sa.ForeignKey("evening.id"))
    round: orm.Mapped[int]
    number: orm.Mapped[int]
    game_id: orm.Mapped[int] = orm.mapped_column(sa.ForeignKey("game.id"), unique=True)
