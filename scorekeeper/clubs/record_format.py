"""What a club record (``scorekeeper-club/1``, :mod:`scorekeeper.clubs.record`) holds: its
format's name, the fields of the record and of each member, season and evening (any other is
refused), what it never holds, how many of each it may hold, and the classes a checked record
is read into. Pure Python: no Flask, no database."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime
from typing import Any

from scorekeeper import seasons
from scorekeeper.clubs import season
from scorekeeper.evenings.record import EveningRecord

CLUB_FORMAT = "scorekeeper-club/1"
#: The fields of a club record, of each member, season and evening: any other is refused.
FIELDS = ("format", "name", "games", "members", "seasons", "evenings")
MEMBER_FIELDS = ("id", "name", "former_names", "joined", "retired", "merged_into")
SEASON_FIELDS = ("name", "rule", "n", "absence", "date_from", "date_to", "evenings")
EVENING_FIELDS = ("date", "members", "record")
#: What a club record never holds; named, so the refusal says why.
SECRETS = ("pin", "pin_hash", "token")

#: The most members, evenings and seasons one record may hold. (Evenings: more than a club
#: of years holds, so that a club can always import its own export; the record's 64 MB bound
#: it before this does.)
MAX_MEMBERS = 2_000
MAX_EVENINGS = 20_000
MAX_SEASONS = 100
MAX_SEASON_NAME = season.MAX_SEASON_NAME


@dataclass(frozen=True)
class Member:
    """One entry of the register, numbered from 1 in the record (``id``)."""

    id: int
    name: str
    former_names: tuple[str, ...] = ()
    joined: datetime | None = None
    retired: bool = False
    merged_into: int | None = None


@dataclass(frozen=True)
class Season:
    """A stored season: its name and rule, and which evenings it groups (by dates, or the
    evenings chosen: their numbers in the record, from 1)."""

    name: str
    rule: seasons.SeasonRule
    date_from: date | None = None
    date_to: date | None = None
    evenings: tuple[int, ...] | None = None

    @property
    def span(self) -> season.SeasonSpan:
        """Its evenings as the club's stored season keeps them (the chosen ones by number)."""
        return season.SeasonSpan(self.date_from, self.date_to, self.evenings)

    def holds(self, number: int, held: datetime) -> bool:
        """Whether the record's evening ``number`` (from 1), held at ``held``, is one of its."""
        return self.span.holds(number, held.date())

    def to_dict(self) -> dict[str, Any]:
        found: dict[str, Any] = {
            "name": self.name,
            "rule": self.rule.rule,
            "n": self.rule.n,
            "absence": self.rule.absence,
            "date_from": None if self.date_from is None else self.date_from.isoformat(),
            "date_to": None if self.date_to is None else self.date_to.isoformat(),
        }
        if self.evenings is not None:
            found["evenings"] = list(self.evenings)
        return found


@dataclass(frozen=True)
class ClubEvening:
    """An evening of the club: when it was made, which member (by ``id``) each of its players
    is (in the evening's order of players), and its checked evening record."""

    date: datetime
    members: tuple[int, ...]
    evening: EveningRecord


@dataclass(frozen=True)
class ClubRecord:
    """A checked club record: what :func:`scorekeeper.clubs.services.import_club` stores."""

    name: str
    games: tuple[str, ...]
    members: tuple[Member, ...]
    evenings: tuple[ClubEvening, ...]
    seasons: tuple[Season, ...] = ()
