"""Clubs in the database: a club's row, its members with their former names, its evenings
(and which member each player is), and the organisers' log. These functions add and change
rows; the services commit (an action and its line of the log in one transaction).

Every write to a club begins with :func:`begin_write`: it moves the club's ``version`` first
in its transaction, so the database holds a second writer to the same club until the first
has committed (the row's lock on PostgreSQL; SQLite's one write lock, taken at ``BEGIN
IMMEDIATE``), and what the write then reads to check itself is what is there now."""

from __future__ import annotations

import secrets
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, cast

import sqlalchemy as sa
from sqlalchemy import orm

from scorekeeper import models
from scorekeeper.clubs.register import Entry, name_key
from scorekeeper.clubs.season import SeasonSpan, season_key
from scorekeeper.seasons import SeasonRule


class ClubNotFound(LookupError):
    pass


class MemberNotFound(LookupError):
    pass


class SeasonNotFound(LookupError):
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
PENDING = "~"


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


def register(
    session: orm.Session, club_id: int, evenings_: Sequence[ClubEvening] = ()
) -> list[Entry]:
    """Every entry of the club's register (retired and merged ones too), each with its former
    names and the last evening it played (from ``evenings_``; a merged entry's evenings count
    for the member kept). Two queries."""
    members = session.execute(
        sa.select(models.Member).where(models.Member.club_id == club_id).order_by(models.Member.id)
    ).scalars()
    former: dict[int, list[str]] = {}
    for member_id, name in session.execute(
        sa.select(models.MemberName.member_id, models.MemberName.name)
        .join(models.Member, models.Member.id == models.MemberName.member_id)
        .where(models.Member.club_id == club_id)
        .order_by(models.MemberName.until, models.MemberName.id)
    ):
        former.setdefault(member_id, []).append(name)
    rows = list(members)
    kept = {row.id: row.merged_into_id for row in rows}
    seen: dict[int, datetime] = {}
    for evening in evenings_:
        for member in evening.members:
            member = follow(kept, member)
            if member not in seen or seen[member] < evening.created_at:
                seen[member] = evening.created_at
    return [
        Entry(
            row.id,
            row.name,
            row.created_at,
            row.retired_at is not None,
            tuple(former.get(row.id, ())),
            row.merged_into_id,
            seen.get(row.id),
        )
        for row in rows
    ]


def follow(kept: dict[int, int | None], member: int) -> int:
    """The member an entry stands for now: itself, or the one it was merged into (in turn)."""
    for _ in range(len(kept) + 1):
        into = kept.get(member)
        if into is None:
            return member
        member = into
    return member  # pragma: no cover - merges never make a loop


def member_row(session: orm.Session, club_id: int, member_id: int) -> models.Member:
    row = session.get(models.Member, member_id)
    if row is None or row.club_id != club_id:
        raise MemberNotFound(member_id)
    return row


def add_member(session: orm.Session, club_id: int, name: str) -> models.Member:
    row = models.Member(club_id=club_id, name=name, name_key=name_key(name), created_at=now())
    session.add(row)
    session.flush()
    return row


def rename(session: orm.Session, row: models.Member, name: str) -> None:
    """The member's new display name; the old one goes into its history."""
    session.add(models.MemberName(member_id=row.id, name=row.name, until=now()))
    row.name = name
    row.name_key = name_key(name)


def retire(row: models.Member) -> None:
    row.retired_at = now()


def merge(session: orm.Session, kept: models.Member, merged: models.Member) -> None:
    """``merged`` is the same person as ``kept``: it points at ``kept`` from now on (its
    evenings count for ``kept``), and its name is free again, kept in ``kept``'s history."""
    session.add(models.MemberName(member_id=kept.id, name=merged.name, until=now()))
    merged.merged_into_id = kept.id
    merged.name_key = None


def link_evening(
    session: orm.Session, club_id: int, evening_id: int, members: Sequence[int]
) -> None:
    """The evening is the club's, changed at the club's version now (:func:`log` moved it)."""
    version = sa.select(models.Club.version).where(models.Club.id == club_id).scalar_subquery()
    session.add(
        models.ClubEvening(
            club_id=club_id, evening_id=evening_id, members=list(members), version=version
        )
    )


@contextmanager
def linked_on_commit(session: orm.Session, club_id: int, members: Sequence[int]) -> Iterator[None]:
    """Inside, the evening the session commits next is linked to the club in that same commit
    (the evenings' store commits the evening it makes itself): the evening row is flushed
    for its id just before the commit, and its link added beside it. Leaving the block by an
    error rolls the session back, so nothing of it is stored."""

    def link(committing: orm.Session) -> None:
        made = [row for row in committing.new if isinstance(row, models.Evening)]
        if len(made) == 1:
            committing.flush()
            link_evening(committing, club_id, made[0].id, members)

    sa.event.listen(session, "before_commit", link, once=True)
    try:
        yield
    except BaseException:
        session.rollback()
        raise
    finally:
        if sa.event.contains(session, "before_commit", link):
            sa.event.remove(session, "before_commit", link)


@dataclass(frozen=True)
class LoadedSeason:
    """A season of the club: its name, the rule of its table and which evenings it holds."""

    id: int
    name: str
    rule: SeasonRule
    span: SeasonSpan
    created_at: datetime


def _loaded_season(row: models.Season) -> LoadedSeason:
    chosen = None if row.evenings is None else tuple(e for e in row.evenings if isinstance(e, int))
    rule = SeasonRule(row.rule, row.absence, row.n)
    return LoadedSeason(
        row.id, row.name, rule, SeasonSpan(row.date_from, row.date_to, chosen), row.created_at
    )


def seasons(session: orm.Session, club_id: int) -> list[LoadedSeason]:
    """The club's seasons, the newest first (one query)."""
    rows = session.execute(
        sa.select(models.Season)
        .where(models.Season.club_id == club_id)
        .order_by(models.Season.id.desc())
    ).scalars()
    return [_loaded_season(row) for row in rows]


def season_row(session: orm.Session, club_id: int, season_id: int) -> models.Season:
    row = session.get(models.Season, season_id)
    if row is None or row.club_id != club_id:
        raise SeasonNotFound(season_id)
    return row


def load_season(session: orm.Session, club_id: int, season_id: int) -> LoadedSeason:
    return _loaded_season(season_row(session, club_id, season_id))


def keep_season(
    session: orm.Session,
    club_id: int,
    row: models.Season | None,
    name: str,
    rule: SeasonRule,
    span: SeasonSpan,
) -> models.Season:
    """A new season (``row`` None) or the season ``row`` with these name, rule and evenings."""
    if row is None:
        row = models.Season(club_id=club_id, created_at=now())
        session.add(row)
    row.name, row.name_key = name, season_key(name)
    row.rule, row.n, row.absence = rule.rule, rule.n, rule.absence
    row.date_from, row.date_to = span.date_from, span.date_to
    row.evenings = None if span.chosen is None else list(span.chosen)
    session.flush()
    return row


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


def version(session: orm.Session, club_id: int) -> int:
    """The club's version (one read): every write that changes what its pages show moves it
    (a deal in one of its evenings' games too)."""
    found = session.execute(
        sa.select(models.Club.version).where(models.Club.id == club_id)
    ).scalar()
    if found is None:
        raise ClubNotFound(club_id)
    return found


def last_action(session: orm.Session, club_id: int) -> int:
    """The latest organiser action of the club (0: none): every change to its register, its
    evenings or its seasons logs one, in its own transaction."""
    found = session.execute(
        sa.select(sa.func.max(models.OrganiserAction.id)).where(
            models.OrganiserAction.club_id == club_id
        )
    ).scalar()
    return found or 0


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
