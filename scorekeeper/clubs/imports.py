"""A whole club stored from its record without holding up a club night (issue 34).

A club record of ten years is thousands of games. Read and checked, every game replayed once
(:func:`scorekeeper.clubs.record.loads_club`, before anything here, outside any transaction),
it is written in short transactions, none of which holds the database for long:

1. the club's row, under a token no address can name (it begins with :data:`PENDING`), with its
   register: the members, their former names and merges;
2. its evenings, with every table's game and log, in batches that each commit after
   :data:`BATCH_SECONDS` of writing; on SQLite, where one writer at a time holds the whole
   database, the import then waits :data:`PAUSE_SECONDS`, longer than SQLite's busy handler
   sleeps between two tries (100 ms), so a phone's entry waiting for the lock gets it before
   the next batch does;
3. one small last transaction: its seasons, its line of the organisers' log, and the club's
   own token, which makes it visible whole at once.

Until the last step nothing of it can be reached: a club is found by its token, its evenings
and games only through it (their own tokens are new, and told to nobody before the club's
page lists them). An import that fails on the way removes what it wrote; one that was killed
(``kill -9``, a power cut) leaves a pending club that no longer moves (each batch moves its
``created_at``, the heartbeat of a pending club): the next import removes it
(:func:`remove_stale`) when it has not moved for :data:`STALE`.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from datetime import timedelta
from typing import Any, cast

import sqlalchemy as sa
from sqlalchemy import orm

from scorekeeper.clubs import register as rules
from scorekeeper.clubs import store_club as club_row
from scorekeeper.clubs import store_evenings, store_seasons
from scorekeeper.clubs.record_format import ClubEvening, ClubRecord
from scorekeeper.clubs.season import SeasonSpan
from scorekeeper.data import models
from scorekeeper.evenings import services as evenings
from scorekeeper.games.events import Played
from scorekeeper.records import GameRecord

#: How a pending club's token begins: never a club's own token (``secrets.token_urlsafe``
#: never writes ``~``), and never found by an address
#: (:func:`~scorekeeper.clubs.store_club.load_club`).
PENDING = club_row.PENDING
#: How long one batch of evenings may write before it commits.
BATCH_SECONDS = 0.05
#: How long an import waits after each batch on SQLite: longer than the longest sleep of
#: SQLite's busy handler (100 ms), so a writer that waits for the lock gets it in between.
PAUSE_SECONDS = 0.12
#: A pending club whose heartbeat has not moved for this long was left by an import that died.
STALE = timedelta(minutes=10)
#: How many evenings of a half-written import are removed in one transaction.
REMOVE_EVENINGS = 20

Pause = Callable[[float], None]


class _CommitsAsFlushes:
    """The session as the evenings' store sees it during an import: its commits only flush, so
    the import decides when a batch commits. Everything else is the session's own."""

    def __init__(self, session: orm.Session):
        self._session = session

    def commit(self) -> None:
        self._session.flush()

    def __getattr__(self, name: str) -> Any:
        return getattr(self._session, name)


def _pause_of(session: orm.Session, pause: Pause) -> Callable[[], None]:
    """What to do after each batch: wait on SQLite (one writer at a time), nothing elsewhere
    (PostgreSQL's writers of other rows never wait for these new ones)."""
    if session.get_bind().dialect.name != "sqlite":
        return lambda: None
    return lambda: pause(PAUSE_SECONDS)


def store_club(
    session: orm.Session,
    read: ClubRecord,
    pin_hash: str,
    by: str,
    *,
    pause: Pause = time.sleep,
) -> club_row.LoadedClub:
    """Store the checked club record ``read`` as a new club with this PIN hash, in short
    transactions (see the module's docstring): the club, once returned, is whole; on any
    error nothing of it is left and the error is raised."""
    wait = _pause_of(session, pause)
    remove_stale(session, pause)
    club_id, members = _begin(session, read, pin_hash)
    try:
        made = _evenings(session, club_id, read.evenings, members, wait)
        return _finish(session, club_id, read, made, by)
    except BaseException:
        session.rollback()
        _remove_after_failure(session, club_id, pause)
        raise


def _remove_after_failure(session: orm.Session, club_id: int, pause: Pause) -> None:
    """Remove what a failed import wrote. Should that fail too (the database gone, say), the
    error raised is the import's own: what is left stays pending, unreachable, until a later
    import finds it stale."""
    try:
        remove(session, club_id, pause)
    except Exception:
        session.rollback()


def _begin(session: orm.Session, read: ClubRecord, pin_hash: str) -> tuple[int, dict[int, int]]:
    """The pending club and its register, committed: its id, and each record member's id."""
    now = club_row.now()
    club = models.Club(
        token=PENDING + club_row.new_token(),
        name=read.name,
        games=list(read.games),
        pin_hash=pin_hash,
        created_at=now,
    )
    session.add(club)
    session.flush()
    rows = {
        m.id: models.Member(
            club_id=club.id,
            name=m.name,
            name_key=rules.name_key(m.name) if m.merged_into is None else None,
            created_at=m.joined or now,
            retired_at=now if m.retired else None,
        )
        for m in read.members
    }
    session.add_all(rows.values())
    session.flush()
    for m in read.members:
        if m.merged_into is not None:
            rows[m.id].merged_into_id = rows[m.merged_into].id
        session.add_all(
            models.MemberName(member_id=rows[m.id].id, name=old, until=now)
            for old in m.former_names
        )
    club_id = club.id
    session.commit()
    return club_id, {number: row.id for number, row in rows.items()}


def _evenings(
    session: orm.Session,
    club_id: int,
    read: Sequence[ClubEvening],
    members: dict[int, int],
    wait: Callable[[], None],
) -> list[int]:
    """Every evening of the record with its games, in batches (see the module's docstring);
    their ids, in the record's order."""
    joint = cast("orm.Session", _CommitsAsFlushes(session))
    made: list[int] = []
    started: float | None = None
    for evening in read:
        if started is None:
            started = time.monotonic()
        got = evening.evening
        stored = evenings.import_evening(
            got.setup,
            got.plan,
            got.seed,
            [evenings.table_game(r, n, game) for r, n, game in got.tables],
            closed_at=got.closed_at,
            replayed=_replayed([game for _r, _n, game in got.tables]),
            session=joint,
        )
        row = session.get(models.Evening, stored.id)
        if row is not None:
            row.created_at = evening.date
        store_evenings.link_evening(
            session, club_id, stored.id, [members[m] for m in evening.members]
        )
        made.append(stored.id)
        if time.monotonic() - started >= BATCH_SECONDS:
            _commit_batch(session, club_id)
            started = None
            wait()
    _commit_batch(session, club_id)
    return made


def _replayed(games: Sequence[GameRecord]) -> list[Played[Any]] | None:
    """Each game's log as the record's check replayed it (None if one was not kept: then the
    evenings' store replays them)."""
    played = []
    for game in games:
        if game.played is None:
            return None
        played.append(game.played)
    return played


def _commit_batch(session: orm.Session, club_id: int) -> None:
    """Commit a batch, the pending club's heartbeat moved with it."""
    session.execute(
        sa.update(models.Club).where(models.Club.id == club_id).values(created_at=club_row.now())
    )
    session.commit()


def _finish(
    session: orm.Session, club_id: int, read: ClubRecord, made: list[int], by: str
) -> club_row.LoadedClub:
    """The last transaction: the seasons, the log's line and the club's own token."""
    for kept in read.seasons:
        span = kept.span
        if span.chosen is not None:
            span = SeasonSpan(chosen=tuple(sorted(made[n - 1] for n in span.chosen)))
        store_seasons.keep_season(session, club_id, None, kept.name, kept.rule, span)
    # Logged as made (the log page words every action it knows; an import is a making).
    club_row.log(session, club_id, "create", read.name, by)
    row = session.get(models.Club, club_id)
    assert row is not None  # written by this import, removed only when stale
    row.token = club_row.new_token()
    row.created_at = club_row.now()
    session.commit()
    return club_row.loaded(row)


def remove_stale(session: orm.Session, pause: Pause = time.sleep) -> int:
    """Remove what imports killed on the way left behind (pending clubs whose heartbeat has
    not moved for :data:`STALE`); how many there were."""
    before = club_row.now() - STALE
    stale = (
        session.execute(
            sa.select(models.Club.id).where(
                models.Club.token.startswith(PENDING, autoescape=True),
                models.Club.created_at < before,
            )
        )
        .scalars()
        .all()
    )
    session.rollback()
    for club_id in stale:
        remove(session, club_id, pause)
    return len(stale)


def remove(session: orm.Session, club_id: int, pause: Pause = time.sleep) -> None:
    """Remove a pending club and everything of it, a few evenings at a time (each batch a short
    transaction, as its import wrote them). A club whose import finished is never removed."""
    wait = _pause_of(session, pause)
    pending = models.Club.token.startswith(PENDING, autoescape=True)
    while True:
        batch = (
            session.execute(
                sa.select(models.ClubEvening.evening_id)
                .join(models.Club, models.Club.id == models.ClubEvening.club_id)
                .where(models.ClubEvening.club_id == club_id, pending)
                .limit(REMOVE_EVENINGS)
            )
            .scalars()
            .all()
        )
        if not batch:
            break
        _remove_evenings(session, batch)
        session.commit()
        wait()
    _remove_club(session, club_id)
    session.commit()


def _remove_evenings(session: orm.Session, evening_ids: Sequence[int]) -> None:
    games = sa.select(models.EveningTable.game_id).where(
        models.EveningTable.evening_id.in_(evening_ids)
    )
    game_ids = session.execute(games).scalars().all()
    for table, column in (
        (models.Confirmation, models.Confirmation.game_id),
        (models.Event, models.Event.game_id),
    ):
        session.execute(sa.delete(table).where(column.in_(game_ids)))
    session.execute(
        sa.delete(models.EveningTable).where(models.EveningTable.evening_id.in_(evening_ids))
    )
    session.execute(sa.delete(models.Game).where(models.Game.id.in_(game_ids)))
    session.execute(
        sa.delete(models.ClubEvening).where(models.ClubEvening.evening_id.in_(evening_ids))
    )
    session.execute(sa.delete(models.Evening).where(models.Evening.id.in_(evening_ids)))


def _remove_club(session: orm.Session, club_id: int) -> None:
    """The pending club's own rows: its seasons, register and log, and the club."""
    still = (
        session.execute(
            sa.select(models.Club.id).where(
                models.Club.id == club_id, models.Club.token.startswith(PENDING, autoescape=True)
            )
        )
        .scalars()
        .first()
    )
    if still is None:
        return
    members = sa.select(models.Member.id).where(models.Member.club_id == club_id)
    session.execute(sa.delete(models.MemberName).where(models.MemberName.member_id.in_(members)))
    session.execute(
        sa.update(models.Member)
        .where(models.Member.club_id == club_id)
        .values(merged_into_id=None)
        .execution_options(synchronize_session=False)
    )
    for table, column in (
        (models.Season, models.Season.club_id),
        (models.OrganiserAction, models.OrganiserAction.club_id),
        (models.Member, models.Member.club_id),
        (models.ClubEvening, models.ClubEvening.club_id),
    ):
        session.execute(sa.delete(table).where(column == club_id))
    session.execute(sa.delete(models.Club).where(models.Club.id == club_id))
