"""A club's seasons as its organisers keep them: a name, the rule of its table and which
evenings it holds (:class:`~scorekeeper.clubs.season.SeasonSpan`), saved new or changed in one
organiser's write (:func:`scorekeeper.clubs.writes.club_write`) with its line of the log, and
read back. A page narrowed to a season's evenings is :func:`scorekeeper.clubs.club_page.in_season`.
"""

from __future__ import annotations

from sqlalchemy import orm
from sqlalchemy.exc import IntegrityError

from scorekeeper import seasons
from scorekeeper.clubs import season, store_club, store_evenings, store_seasons
from scorekeeper.clubs.season import SeasonSpan
from scorekeeper.clubs.store_club import LoadedClub
from scorekeeper.clubs.store_seasons import LoadedSeason
from scorekeeper.clubs.writes import club_write
from scorekeeper.data.db import db
from scorekeeper.games.events import RuleError
from scorekeeper.games.text import T_


def _session(session: orm.Session | None) -> orm.Session:
    return db.session if session is None else session


def seasons_of(club: LoadedClub, *, session: orm.Session | None = None) -> list[LoadedSeason]:
    """The club's seasons, the newest first."""
    return store_seasons.seasons(_session(session), club.id)


def load_season(
    club: LoadedClub, season_id: int, *, session: orm.Session | None = None
) -> LoadedSeason:
    """The club's season ``season_id``; SeasonNotFound when the club has no such season."""
    return store_seasons.load_season(_session(session), club.id, season_id)


def save_season(
    club: LoadedClub,
    season_id: int | None,
    name: str,
    rule: seasons.SeasonRule,
    span: SeasonSpan,
    by: str,
    *,
    session: orm.Session | None = None,
) -> int:
    """A new season of the club (``season_id`` None) or the season ``season_id`` changed: its
    name, the rule of its table and its evenings; logged in the same transaction (so the
    club's pages are drawn anew). Its id; RuleError naming the field at fault (``name`` for a
    name another season has, ignoring case; ``evenings`` for an evening not the club's) and
    nothing stored; SeasonNotFound for a season not the club's."""
    session = _session(session)
    with club_write(session, club) as write:
        row = None if season_id is None else store_seasons.season_row(session, club.id, season_id)
        others = [s.name for s in store_seasons.seasons(session, club.id) if s.id != season_id]
        name = season.checked_season_name(name, others)
        if span.chosen is not None:
            held = {e.id for e in store_evenings.evenings(session, club.id)}
            if any(evening not in held for evening in span.chosen):
                raise RuleError(T_("Tick evenings of the club."), field="evenings")
            span = SeasonSpan(chosen=tuple(sorted(set(span.chosen))))
        if row is not None and _as_saved(
            store_seasons.load_season(session, club.id, row.id), name, rule, span
        ):
            write.unchanged()  # as another phone (or this one) saved it already: not logged
            return row.id
        try:
            row = store_seasons.keep_season(session, club.id, row, name, rule, span)
            store_club.log(
                session, club.id, "season" if season_id is None else "season-edit", name, by
            )
            made = row.id
            session.commit()
        except IntegrityError:  # a unique key's backstop: refused as the check above says
            raise RuleError(
                T_("The club already has a season called %(name)s.", name=name), field="name"
            ) from None
    return made


def _as_saved(kept: LoadedSeason, name: str, rule: seasons.SeasonRule, span: SeasonSpan) -> bool:
    """Whether the season is kept with this name, rule and span already."""
    return (kept.name, kept.rule, kept.span) == (name, rule, span)
