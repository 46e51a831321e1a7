"""A club's row in the database (``club``: name, games, the PIN's hash, its version) and the
organisers' log (``organiser_action``). These functions add and change rows; the services commit
(an action and its line of the log in one transaction).

Every write to a club begins with :func:`begin_write`: it moves the club's ``version`` first
in its transaction, so the database holds a second writer to the same club until the first
has committed (the row's lock on PostgreSQL; SQLite's one write lock, taken at ``BEGIN
IMMEDIATE``), and what the write then reads to check itself is what is there now."""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime

import sqlalchemy as sa
from sqlalchemy import orm

from scorekeeper.data import models


class ClubNotFound(LookupError):
    pass


def now() -> datetime:
    return datetime.now(UTC).replace(tzinfo=None)


def new_token() -> str:
    """An unguessable club token (128 bits), never one that starts with ``-``."""
    while (token := secrets.token_urlsafe(16)).startswith("-"):
        pass
    return token


@dataclass(frozen=True)
class LoadedClub:
    id: int
    token: str
    name: str
    games: tuple[str, ...]
    pin_hash: str
    created_at: datetime


def create_club(
    session: orm.Session, name: str, games: Sequence[str], pin_hash: str
) -> models.Club:
    row = models.Club(
        token=new_token(), name=name, games=list(games), pin_hash=pin_hash, created_at=now()
    )
    session.add(row)
    session.flush()
    return row


def begin_write(session: orm.Session, club_id: int) -> bool:
    """Begin a write to the club: a transaction that holds the club until it ends, its version
    moved first (False when there is no such club). The session must have no transaction of
    its own open (the caller ends it first).

    On SQLite the transaction begins with ``BEGIN IMMEDIATE``: the write lock is taken (waiting
    as long as the busy timeout) *before* anything is read, so the reads that follow are of the
    latest state and no other writer commits until this one has. (Python's sqlite3 would only
    begin a deferred transaction at the first change: reads before it see an older snapshot,
    which then cannot be written to.) On PostgreSQL the ``UPDATE`` of the club's row takes its
    lock, and each read after it (read committed) sees every write committed before."""
    if session.get_bind().dialect.name == "sqlite":
        session.execute(sa.text("BEGIN IMMEDIATE"))
    moved = session.execute(
        sa.update(models.Club)
        .where(models.Club.id == club_id)
        .values(version=models.Club.version + 1)
        .execution_options(synchronize_session=False)
    )
    return bool(moved.rowcount)  # type: ignore[attr-defined]


def loaded(row: models.Club) -> LoadedClub:
    return LoadedClub(row.id, row.token, row.name, tuple(row.games), row.pin_hash, row.created_at)


#: How the token of a club still being imported begins (:mod:`scorekeeper.clubs.imports`):
#: never a token :func:`new_token` makes, and never found by :func:`load_club`.
PENDING = models.PENDING_TOKEN


def load_club(session: orm.Session, token: str) -> LoadedClub:
    """The club at ``token``; :class:`ClubNotFound` if there is none (or it is still being
    imported)."""
    if token.startswith(PENDING):
        raise ClubNotFound(token)
    row = session.execute(sa.select(models.Club).where(models.Club.token == token)).scalar()
    if row is None:
        raise ClubNotFound(token)
    return loaded(row)


def tokens(session: orm.Session) -> list[str]:
    """Every club's token, oldest club first (not a club still being imported)."""
    query = sa.select(models.Club.token).where(
        ~models.Club.token.startswith(PENDING, autoescape=True)
    )
    return list(session.execute(query.order_by(models.Club.id)).scalars())


def club_of_evening(session: orm.Session, evening_token: str) -> LoadedClub | None:
    """The club whose evening is at ``evening_token``, or None (an evening of no club)."""
    row = session.execute(
        sa.select(models.Club)
        .join(models.ClubEvening, models.ClubEvening.club_id == models.Club.id)
        .join(models.Evening, models.Evening.id == models.ClubEvening.evening_id)
        .where(models.Evening.token == evening_token)
    ).scalar()
    return None if row is None else loaded(row)


def version(session: orm.Session, club_id: int) -> int:
    """The club's version (one read): every write that changes what its pages show moves it
    (a deal in one of its evenings' games too)."""
    found = session.execute(
        sa.select(models.Club.version).where(models.Club.id == club_id)
    ).scalar()
    if found is None:
        raise ClubNotFound(club_id)
    return found


# --- the organisers' log -----------------------------------------------------------------------


def log(session: orm.Session, club_id: int, action: str, detail: str, session_id: str) -> None:
    """A line of the organisers' log, in the transaction of what it logs. Every change to the
    register, the evenings or the seasons logs one, in a write that moved the club's version
    first (:func:`begin_write`): what its pages are kept by (:mod:`scorekeeper.clubs.kept`) and
    the lock a second writer waits on. A line on its own (a PIN typed, a phone signed out)
    changes no page, and moves nothing."""
    session.add(
        models.OrganiserAction(
            club_id=club_id, at=now(), action=action, detail=detail[:200], session_id=session_id
        )
    )


@dataclass(frozen=True)
class Action:
    at: datetime
    action: str
    detail: str
    session_id: str


def actions(session: orm.Session, club_id: int, limit: int = 50) -> list[Action]:
    """The club's latest organiser actions, newest first."""
    rows = session.execute(
        sa.select(models.OrganiserAction)
        .where(models.OrganiserAction.club_id == club_id)
        .order_by(models.OrganiserAction.id.desc())
        .limit(limit)
    ).scalars()
    return [Action(r.at, r.action, r.detail, r.session_id) for r in rows]


def last_action(session: orm.Session, club_id: int) -> int:
    """The latest organiser action of the club (0: none): every change to its register, its
    evenings or its seasons logs one, in its own transaction."""
    found = session.execute(
        sa.select(sa.func.max(models.OrganiserAction.id)).where(
            models.OrganiserAction.club_id == club_id
        )
    ).scalar()
    return found or 0
