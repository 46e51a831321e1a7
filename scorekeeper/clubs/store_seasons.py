"""A club's stored seasons in the database (``season``: a name, the rule of its table and
which evenings it holds): read, and made or changed. The services commit."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

import sqlalchemy as sa
from sqlalchemy import orm

from scorekeeper.clubs.season import SeasonSpan, season_key
from scorekeeper.clubs.store_club import now
from scorekeeper.data import models
from scorekeeper.seasons import SeasonRule


class SeasonNotFound(LookupError):
    pass


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
