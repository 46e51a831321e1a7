"""What a page or a command does with a club: the clubs' service entry point.

The web layer and the command line call the clubs' services through this one module (``from
scorekeeper.clubs import services``, then ``services.page_of(club)``), as they call a game's
through :mod:`scorekeeper.table.services`. Each service is written in the module of its job and only
named here:

- :mod:`~scorekeeper.clubs.club`: the club itself — made with its PIN hashed, loaded, its PIN
  checked, a line of its log on its own and the log read, its version, an evening's members;
- :mod:`~scorekeeper.clubs.members`: the register — a member added, renamed, retired, merged;
- :mod:`~scorekeeper.clubs.club_evenings`: a new evening or game of the club's members, made
  through the evenings' own services; an evening closed, opened again, its standings revealed;
- :mod:`~scorekeeper.clubs.saved_seasons`: the seasons an organiser saves, and read back;
- :mod:`~scorekeeper.clubs.club_page`: what the club's pages show, derived and kept
  (:mod:`scorekeeper.clubs.kept`): the season table, ratings, a member's story and statistics;
- :mod:`~scorekeeper.clubs.portable`: the club record written, and read into a new club.

Every organiser action is one write (:func:`scorekeeper.clubs.writes.club_write`): the club's
version moved first, the change and its line of the log committed together, or nothing.
"""

from __future__ import annotations

from scorekeeper.clubs.club import (
    EveningOfClub,
    actions,
    all_tokens,
    check_pin,
    club_of_evening,
    create,
    load,
    log,
    members_of_evening,
    version_of,
)
from scorekeeper.clubs.club_evenings import close_evening, new_evening, new_game, reveal_standings
from scorekeeper.clubs.club_page import (
    ClubPage,
    evenings_of_games,
    games_of,
    hidden,
    in_season,
    keep_derived,
    left_out_of,
    page_of,
    places_of_games,
    ratings_of,
    rebuild,
    season_of,
    stats_of,
    story_of,
)
from scorekeeper.clubs.kept_views import GamePlace
from scorekeeper.clubs.members import add_member, merge_members, rename_member, retire_member
from scorekeeper.clubs.portable import import_club, record_of
from scorekeeper.clubs.register import Entry
from scorekeeper.clubs.saved_seasons import load_season, save_season, seasons_of
from scorekeeper.clubs.season import SeasonSpan
from scorekeeper.clubs.store_club import Action, ClubNotFound, LoadedClub
from scorekeeper.clubs.store_evenings import ClubEvening
from scorekeeper.clubs.store_members import MemberNotFound
from scorekeeper.clubs.store_seasons import LoadedSeason, SeasonNotFound

__all__ = [
    "Action",
    "ClubEvening",
    "ClubNotFound",
    "ClubPage",
    "Entry",
    "EveningOfClub",
    "GamePlace",
    "LoadedClub",
    "LoadedSeason",
    "MemberNotFound",
    "SeasonNotFound",
    "SeasonSpan",
    "actions",
    "add_member",
    "all_tokens",
    "check_pin",
    "close_evening",
    "club_of_evening",
    "create",
    "evenings_of_games",
    "games_of",
    "hidden",
    "import_club",
    "in_season",
    "keep_derived",
    "left_out_of",
    "load",
    "load_season",
    "log",
    "members_of_evening",
    "merge_members",
    "new_evening",
    "new_game",
    "page_of",
    "places_of_games",
    "ratings_of",
    "rebuild",
    "record_of",
    "rename_member",
    "retire_member",
    "reveal_standings",
    "save_season",
    "season_of",
    "seasons_of",
    "stats_of",
    "story_of",
    "version_of",
]
