"""Clubs in the database, one module a job: the club's row and the organisers' log
(:mod:`~scorekeeper.clubs.store_club`, with :func:`begin_write`, which every write to a club
begins with: it moves the club's version first, so a second writer waits), the register
(:mod:`~scorekeeper.clubs.store_members`), the club's evenings
(:mod:`~scorekeeper.clubs.store_evenings`), its stored seasons
(:mod:`~scorekeeper.clubs.store_seasons`) and what its kept pages read and keep
(:mod:`~scorekeeper.clubs.store_kept`). These functions add and change rows; the services
commit (an action and its line of the log in one transaction).

This module only re-exports them for ``clubs/services.py`` and ``clubs/kept.py``, which call
them as ``store.…`` until their own split lands; everything else imports them from where they
are."""

from __future__ import annotations

from scorekeeper.clubs.store_club import (
    Action,
    ClubNotFound,
    LoadedClub,
    actions,
    begin_write,
    club_of_evening,
    create_club,
    last_action,
    load_club,
    loaded,
    log,
    tokens,
    version,
)
from scorekeeper.clubs.store_evenings import ClubEvening, evenings, linked_on_commit
from scorekeeper.clubs.store_kept import (
    EveningState,
    changed_since,
    forget_kept,
    keep,
    kept_facts,
    kept_records,
    states,
)
from scorekeeper.clubs.store_members import (
    MemberNotFound,
    add_member,
    follow,
    member_row,
    merge,
    register,
    rename,
    retire,
)
from scorekeeper.clubs.store_seasons import (
    LoadedSeason,
    SeasonNotFound,
    keep_season,
    load_season,
    season_row,
    seasons,
)

__all__ = [
    "Action",
    "ClubEvening",
    "ClubNotFound",
    "EveningState",
    "LoadedClub",
    "LoadedSeason",
    "MemberNotFound",
    "SeasonNotFound",
    "actions",
    "add_member",
    "begin_write",
    "changed_since",
    "club_of_evening",
    "create_club",
    "evenings",
    "follow",
    "forget_kept",
    "keep",
    "keep_season",
    "kept_facts",
    "kept_records",
    "last_action",
    "linked_on_commit",
    "load_club",
    "load_season",
    "loaded",
    "log",
    "member_row",
    "merge",
    "register",
    "rename",
    "retire",
    "season_row",
    "seasons",
    "states",
    "tokens",
    "version",
]
