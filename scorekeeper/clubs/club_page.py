"""What a club's pages show (``docs/architecture.md``, "Clubs"): a :class:`ClubPage` — the club,
its register and its evenings, read once a request at the club's version — and what a page asks
of it: the season table, the evenings left out while their standings are hidden, the games and
ratings, a member's story and statistics, where each game was played. All of it is derived of
the page's evenings and kept by what it derives from (:mod:`scorekeeper.clubs.kept`); a page
narrowed to a season's evenings (:func:`in_season`) derives the season's.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from sqlalchemy import orm

from scorekeeper import seasons
from scorekeeper.clubs import evening_facts, season, store_members
from scorekeeper.clubs import kept as keeping
from scorekeeper.clubs import register as rules
from scorekeeper.clubs.kept_views import GamePlace, View
from scorekeeper.clubs.register import Entry
from scorekeeper.clubs.store_club import LoadedClub
from scorekeeper.clubs.store_evenings import ClubEvening
from scorekeeper.clubs.store_members import MemberNotFound
from scorekeeper.clubs.store_seasons import LoadedSeason
from scorekeeper.data.db import db
from scorekeeper.evenings import services as evenings
from scorekeeper.games.stats import StatsTable


def _session(session: orm.Session | None) -> orm.Session:
    return db.session if session is None else session


@dataclass(frozen=True)
class ClubPage:
    """What the club's page shows: the club, its register and its evenings (newest first)."""

    club: LoadedClub
    entries: list[Entry]
    evenings: list[ClubEvening]
    #: The club at the version the page was read at, and what is derived of it
    #: (:mod:`scorekeeper.clubs.kept`): every page of one request reads the club once.
    kept: keeping.Kept | None = field(default=None, compare=False, repr=False)

    @property
    def joined(self) -> Mapping[int, season.Order]:
        """Each member's first evening of the club, from which a season charges their absences
        (:func:`scorekeeper.clubs.season.first_evenings`): of all the club's evenings, also
        when ``evenings`` are only a season's (worked out once a version of the club)."""
        return {} if self.kept is None else self.kept.joined

    @property
    def members(self) -> list[Entry]:
        """The active members, by name."""
        return sorted((e for e in self.entries if e.active), key=lambda e: rules.name_key(e.name))

    @property
    def retired(self) -> list[Entry]:
        return sorted(
            (e for e in self.entries if e.retired and e.merged_into is None),
            key=lambda e: rules.name_key(e.name),
        )

    def names(self) -> dict[int, str]:
        """Every entry's display name now, merged ones by the member kept."""
        kept = {e.id: e.merged_into for e in self.entries}
        by_id = {e.id: e.name for e in self.entries}
        return {e.id: by_id[store_members.follow(kept, e.id)] for e in self.entries}

    def entry(self, member_id: int) -> Entry:
        for e in self.entries:
            if e.id == member_id:
                return e
        raise MemberNotFound(member_id)


def page_of(club: LoadedClub, *, session: orm.Session | None = None) -> ClubPage:
    """The club with its register and evenings, as this process keeps it at the club's version
    (one read of the version when it is known: :func:`scorekeeper.clubs.kept.current`)."""
    kept = keeping.current(_session(session), club)
    return ClubPage(club, list(kept.entries), list(kept.evenings), kept)


def in_season(page: ClubPage, chosen: LoadedSeason) -> ClubPage:
    """The club's page with only the evenings of the season ``chosen``: its season table and
    ratings (:func:`season_of`, :func:`ratings_of`) are the season's."""
    held = [e for e in page.evenings if chosen.span.holds(e.id, e.created_at.date())]
    return ClubPage(page.club, page.entries, held, page.kept)


def _view(page: ClubPage, session: orm.Session | None) -> View:
    """What is derived of the page's evenings at the version the page was read at."""
    kept = page.kept if page.kept is not None else keeping.current(_session(session), page.club)
    return kept.view(page.evenings)


def hidden(loaded: evenings.LoadedEvening) -> bool:
    """Whether the evening's standings are hidden (:func:`scorekeeper.clubs.evening_facts.hidden`):
    until every place is revealed, the club's pages leave its games out."""
    return evening_facts.hidden(loaded)


def season_of(
    page: ClubPage,
    rule: seasons.SeasonRule = season.DEFAULT_RULE,
    *,
    session: orm.Session | None = None,
) -> tuple[list[season.EveningResult], list[season.SeasonRow]]:
    """The club's evenings in order with each member's result, and the season table: derived
    from the evenings' games, and kept (:mod:`scorekeeper.clubs.kept`) by the club's version
    and what each evening was derived from, so a deal works out tonight's evening again and
    a reload nothing. An evening whose standings are hidden (:func:`hidden`) is left out until
    they are revealed (:func:`left_out_of`)."""
    view = _view(page, session)
    return list(view.prepared.evenings), view.table(rule)


def left_out_of(page: ClubPage, *, session: orm.Session | None = None) -> list[ClubEvening]:
    """The club's evenings whose standings are hidden, oldest first: the season table, the
    ratings and the players' pages leave them out until the organiser reveals them."""
    return list(_view(page, session).left_out)


def games_of(
    page: ClubPage, *, session: orm.Session | None = None
) -> tuple[list[seasons.TableGame], seasons.Ratings]:
    """Every game of the club's evenings that has scored, and every member's rating from the
    finished ones in the order they ended (:mod:`scorekeeper.seasons.ratings`): kept like the
    season table, the ratings run on from the last game rated (a correction of an earlier
    game rates from that game on). An evening whose standings are hidden is left out."""
    view = _view(page, session)
    return view.games, view.ratings


def ratings_of(page: ClubPage, *, session: orm.Session | None = None) -> seasons.Ratings:
    """Every member's rating (see :func:`games_of`)."""
    return _view(page, session).ratings


def story_of(page: ClubPage, member: int, *, session: orm.Session | None = None) -> seasons.Story:
    """A member's games, places, scores and meetings with the others (see :func:`games_of`)."""
    return _view(page, session).story(member)


def places_of_games(page: ClubPage, *, session: orm.Session | None = None) -> dict[str, GamePlace]:
    """Where each game of the club's evenings that has scored was played (its evening, round
    and table), by the game's token: a rating's history names them."""
    return _view(page, session).places_of_games()


def evenings_of_games(
    page: ClubPage, *, session: orm.Session | None = None
) -> dict[str, ClubEvening]:
    """The evening of each game of the club's evenings that has scored, by the game's token."""
    return _view(page, session).evening_of_games()


def stats_of(
    page: ClubPage, member: int, *, session: orm.Session | None = None
) -> list[StatsTable]:
    """The member's statistics of each game they played at the club's evenings, in the order
    of the club's games (then any other): each game's own (``registry.stats_for``), over their
    finished games of it (each game's state read once and kept). A game that keeps none has
    no table."""
    return _view(page, session).stats(member, _session(session))


def keep_derived() -> int:
    """Keep in the database what the requests derived of the clubs' evenings (once a request
    is over: :func:`scorekeeper.clubs.kept.keep_pending`)."""
    return keeping.keep_pending()


def rebuild(club: LoadedClub, *, session: orm.Session | None = None) -> int:
    """Throw away whatever is kept of the club and derive it again from the log: how many
    evenings were derived (:func:`scorekeeper.clubs.kept.rebuild`)."""
    return len(keeping.rebuild(_session(session), club).facts)
