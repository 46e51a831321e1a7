"""The database: a game is its setup plus an append-only log of events."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import UTC, date, datetime
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
    #: Whether each entry that scores waits until a phone at another seat confirms it
    #: (:class:`Confirmation`; :mod:`scorekeeper.games.confirming`).
    confirms: orm.Mapped[bool] = orm.mapped_column(default=False, server_default=sa.false())
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
    #: Who entered it: the seat the phone said it was ("0", "1"… a player, or in a game of
    #: pairs a pair), or None when the phone did not say (and for entries stored before).
    seat: orm.Mapped[str | None] = orm.mapped_column(sa.String(20))
    #: Which phone entered it (a digest of its session's id, ``web/phone.py``), or None when
    #: not known (the command line, an import, and every entry stored before phones were).
    phone: orm.Mapped[str | None] = orm.mapped_column(sa.String(32))
    game: orm.Mapped[Game] = orm.relationship(back_populates="events")

    @classmethod
    def log(cls, game_id: int, entries: Iterable[tuple[Any, datetime, str | None]]) -> list[Event]:
        """A game's whole log as rows, numbered from 0: each entry is an event (anything with
        ``kind`` and ``data``), when it was entered and the seat that entered it."""
        return [
            cls(game_id=game_id, seq=seq, kind=e.kind, data=dict(e.data), created_at=at, seat=seat)
            for seq, (e, at, seat) in enumerate(entries)
        ]


class Confirmation(Model):
    """A phone at ``seat`` (or the organiser) confirmed the entry at log position ``seq`` of a
    game (``phone``: which phone). Not an event: the engines number a game's history by log
    position, and a confirmation changes no score. Append-only; a seat confirms an entry
    once."""

    __tablename__ = "confirmation"
    __table_args__ = (
        sa.UniqueConstraint("game_id", "seq", "seat", name="uq_confirmation_game_seq_seat"),
    )

    id: orm.Mapped[int] = orm.mapped_column(primary_key=True)
    game_id: orm.Mapped[int] = orm.mapped_column(sa.ForeignKey("game.id"))
    seq: orm.Mapped[int]
    seat: orm.Mapped[str] = orm.mapped_column(sa.String(20))
    created_at: orm.Mapped[datetime] = orm.mapped_column(default=_now)
    #: Which phone confirmed it (as :attr:`Event.phone`), or None when not known.
    phone: orm.Mapped[str | None] = orm.mapped_column(sa.String(32))


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
    #: When its organiser closed it (read-only for everyone but the organiser); None: open.
    closed_at: orm.Mapped[datetime | None] = orm.mapped_column(default=None)
    #: How many places of its hidden standings the organiser has revealed, from the last up
    #: (:mod:`scorekeeper.evenings.suspense`); None: the reveal has not begun.
    revealed: orm.Mapped[int | None] = orm.mapped_column(default=None)


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


# --- clubs (scorekeeper.clubs) --------------------------------------------------------------------


#: How the token of a club still being imported begins (``scorekeeper.clubs.imports``): never a
#: club's own token (``secrets.token_urlsafe`` never writes ``~``). Until its import makes it the
#: club's own, none of its rows is the server's yet: no address finds them, and a backup leaves
#: them out (``scorekeeper.backup.pending``).
PENDING_TOKEN = "~"


class Club(Model):
    """A club: its name, the games it plays and its organiser PIN's hash (Argon2id, never the
    PIN). Its members, evenings and the organisers' actions are rows of their own."""

    __tablename__ = "club"

    id: orm.Mapped[int] = orm.mapped_column(primary_key=True)
    token: orm.Mapped[str] = orm.mapped_column(sa.String(32), unique=True)
    name: orm.Mapped[str] = orm.mapped_column(sa.String(60))
    games: orm.Mapped[list[str]] = orm.mapped_column(sa.JSON)
    pin_hash: orm.Mapped[str] = orm.mapped_column(sa.String(200))
    created_at: orm.Mapped[datetime] = orm.mapped_column(default=_now)
    #: Moved by every write that changes what the club's pages show, first in that write's
    #: transaction (so a second writer waits for the first to commit); read as the club's
    #: version by what is kept of its pages.
    version: orm.Mapped[int] = orm.mapped_column(default=0, server_default="0")


class Member(Model):
    """One person of a club's register: a stable identity whose display name may change
    (:class:`MemberName` keeps the old ones). ``name_key`` is the name folded for comparison,
    unique in the club; a merged entry points at the one kept and gives up its key."""

    __tablename__ = "member"
    __table_args__ = (sa.UniqueConstraint("club_id", "name_key", name="uq_member_club_name"),)

    id: orm.Mapped[int] = orm.mapped_column(primary_key=True)
    club_id: orm.Mapped[int] = orm.mapped_column(sa.ForeignKey("club.id"))
    name: orm.Mapped[str] = orm.mapped_column(sa.String(30))
    name_key: orm.Mapped[str | None] = orm.mapped_column(sa.String(40))
    created_at: orm.Mapped[datetime] = orm.mapped_column(default=_now)
    retired_at: orm.Mapped[datetime | None]
    merged_into_id: orm.Mapped[int | None] = orm.mapped_column(sa.ForeignKey("member.id"))


class MemberName(Model):
    """A name a member went by until ``until`` (a rename keeps the old name here)."""

    __tablename__ = "member_name"

    id: orm.Mapped[int] = orm.mapped_column(primary_key=True)
    member_id: orm.Mapped[int] = orm.mapped_column(sa.ForeignKey("member.id"), index=True)
    name: orm.Mapped[str] = orm.mapped_column(sa.String(30))
    until: orm.Mapped[datetime] = orm.mapped_column(default=_now)


class ClubEvening(Model):
    """An evening of a club, and which member each of its players is (member ids in the order
    of the evening's players)."""

    __tablename__ = "club_evening"
    #: A club's evenings, and those changed since a version of the club: one range of one index.
    __table_args__ = (sa.Index("ix_club_evening_club_id_version", "club_id", "version"),)

    id: orm.Mapped[int] = orm.mapped_column(primary_key=True)
    club_id: orm.Mapped[int] = orm.mapped_column(sa.ForeignKey("club.id"))
    evening_id: orm.Mapped[int] = orm.mapped_column(sa.ForeignKey("evening.id"), unique=True)
    members: orm.Mapped[list[int]] = orm.mapped_column(sa.JSON)
    #: The club's version when this evening last changed (a game of it written, a round
    #: started, its standings revealed, closed or opened): a page that knew the club at an
    #: older version derives again only the evenings changed since.
    version: orm.Mapped[int] = orm.mapped_column(default=0, server_default="0")


class KeptEvening(Model):
    """What an evening of a club derives, kept (``scorekeeper.clubs.kept``): its results and
    its games' outcomes (``facts``) and its record (``record``, the evening record's text),
    with what they were derived from (``key``: its games' log positions, how much of its
    hidden standings is revealed, when it was closed, and the form they are kept in). The log
    stays the truth: a row whose key is not the evening's now is derived again, and
    ``scorekeeper club rebuild`` throws every row away. Marked derived: a backup leaves it out
    and a restore leaves it empty (``scorekeeper.backup.tables``); each evening is derived
    again when its club is first read."""

    __tablename__ = "kept_evening"
    __table_args__ = ({"info": {"derived": True}},)

    id: orm.Mapped[int] = orm.mapped_column(primary_key=True)
    evening_id: orm.Mapped[int] = orm.mapped_column(sa.ForeignKey("evening.id"), unique=True)
    key: orm.Mapped[str] = orm.mapped_column(sa.Text)
    facts: orm.Mapped[dict[str, Any]] = orm.mapped_column(sa.JSON)
    record: orm.Mapped[str] = orm.mapped_column(sa.Text)


class OrganiserAction(Model):
    """One thing an organiser did (or tried: a wrong PIN), when, and from which browser's
    session (a random id kept in its signed session, never the PIN)."""

    __tablename__ = "organiser_action"

    id: orm.Mapped[int] = orm.mapped_column(primary_key=True)
    club_id: orm.Mapped[int] = orm.mapped_column(sa.ForeignKey("club.id"), index=True)
    at: orm.Mapped[datetime] = orm.mapped_column(default=_now)
    action: orm.Mapped[str] = orm.mapped_column(sa.String(30))
    detail: orm.Mapped[str] = orm.mapped_column(sa.String(200))
    session_id: orm.Mapped[str] = orm.mapped_column(sa.String(32))


class Season(Model):
    """A season of a club: its name (``name_key`` folds it, unique in the club), the rule of
    its table (``rule``, ``n``, ``absence``: :class:`scorekeeper.seasons.SeasonRule`) and its
    evenings: those held from ``date_from`` to ``date_to`` inclusive (either may be open), or,
    when ``evenings`` is a list, exactly those evenings (their ids). A JSON list, as
    :class:`ClubEvening` keeps its members: a season is read whole in one row, the list is a
    season's few dozen evenings, and evenings are never deleted for a link table's foreign
    keys to guard; the service takes only the club's own evenings."""

    __tablename__ = "season"
    __table_args__ = (sa.UniqueConstraint("club_id", "name_key", name="uq_season_club_name"),)

    id: orm.Mapped[int] = orm.mapped_column(primary_key=True)
    club_id: orm.Mapped[int] = orm.mapped_column(sa.ForeignKey("club.id"))
    name: orm.Mapped[str] = orm.mapped_column(sa.String(40))
    name_key: orm.Mapped[str] = orm.mapped_column(sa.String(60))
    rule: orm.Mapped[str] = orm.mapped_column(sa.String(10))
    n: orm.Mapped[int]
    absence: orm.Mapped[str] = orm.mapped_column(sa.String(10))
    date_from: orm.Mapped[date | None]
    date_to: orm.Mapped[date | None]
    evenings: orm.Mapped[list[int] | None] = orm.mapped_column(sa.JSON)
    created_at: orm.Mapped[datetime] = orm.mapped_column(default=_now)


# --- who manages a club, on the server's side (scorekeeper.clubs.organisers) --------------------


class OrganiserPhone(Model):
    """A phone that typed a club's organiser PIN, named by the random id in its device cookie
    (``phone``; OWASP's "device cookies"): known to the club until ``known_until`` (its wrong
    PINs are then counted for it alone, never held back by strangers'), and managing the club
    until ``manages_until`` (12 hours after the PIN; None once it stopped: *Forget* on it, or
    *Sign out every phone*). Asked on every organiser page and action, so a copy of the
    phone's cookies stops with it."""

    __tablename__ = "organiser_phone"
    __table_args__ = (
        sa.UniqueConstraint("club_id", "phone", name="uq_organiser_phone_club_phone"),
    )

    id: orm.Mapped[int] = orm.mapped_column(primary_key=True)
    club_id: orm.Mapped[int] = orm.mapped_column(sa.ForeignKey("club.id"))
    phone: orm.Mapped[str] = orm.mapped_column(sa.String(32))
    known_until: orm.Mapped[datetime]
    manages_until: orm.Mapped[datetime | None]
    created_at: orm.Mapped[datetime] = orm.mapped_column(default=_now)


class WrongPin(Model):
    """A PIN typed at a club's PIN form, from ``phone`` (its device cookie's id, else its
    session's) at ``address`` (an IPv6 address by its /64), by a phone the club knows or not:
    stored before the PIN's hash is checked and deleted again when it was right, so the wrong
    PINs of a phone, of an address and of the phones a club does not know are counted in the
    database, the same count for every serving process."""

    __tablename__ = "wrong_pin"
    __table_args__ = (
        sa.Index("ix_wrong_pin_phone_at", "phone", "at"),
        sa.Index("ix_wrong_pin_address_at", "address", "at"),
        sa.Index("ix_wrong_pin_club_id_at", "club_id", "at"),
    )

    id: orm.Mapped[int] = orm.mapped_column(primary_key=True)
    club_id: orm.Mapped[int] = orm.mapped_column(sa.ForeignKey("club.id"))
    at: orm.Mapped[datetime]
    phone: orm.Mapped[str] = orm.mapped_column(sa.String(32))
    address: orm.Mapped[str] = orm.mapped_column(sa.String(64))
    known: orm.Mapped[bool]
