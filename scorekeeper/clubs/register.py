"""The rules of a club and its register, in pure Python: a club's name, its games, its
organiser PIN's form, a member's display name (unique in the club, ignoring case), and the
register's order (most recently seen first). Nothing here knows the database or the web."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime

from scorekeeper.games.events import RuleError
from scorekeeper.games.players import name_problem
from scorekeeper.games.text import T_

MAX_CLUB_NAME = 60
#: An organiser PIN: digits only, from 4 to 12 of them.
PIN_DIGITS = (4, 12)


def name_key(name: str) -> str:
    """A display name as the register compares it: trimmed, case folded (``Anna`` is ``ANNA``)."""
    return name.strip().casefold()


def checked_club_name(name: str) -> str:
    """The club's name, trimmed; RuleError (field ``name``) when empty, too long or holding a
    control character."""
    name = name.strip()
    if not name:
        raise RuleError(T_("Give the club a name."), field="name")
    if len(name) > MAX_CLUB_NAME:
        raise RuleError(
            T_("A club's name can be at most %(n)s characters.", n=MAX_CLUB_NAME), field="name"
        )
    problem = name_problem(name, (), 1)
    if problem is not None:
        raise RuleError(problem, field="name")
    return name


def checked_games(games: Sequence[str], known: Iterable[str]) -> tuple[str, ...]:
    """The games the club plays, each once, in the order the app lists them; RuleError (field
    ``games``) when none is chosen or one is not a game of this app."""
    known = tuple(known)
    if not games:
        raise RuleError(T_("Choose the games the club plays."), field="games")
    if any(game not in known for game in games):
        raise RuleError(T_("Choose the games from the list."), field="games")
    return tuple(game for game in known if game in games)


def checked_pin(pin: str) -> str:
    """An organiser PIN as chosen: 4 to 12 digits (ASCII only); RuleError (field ``pin``)."""
    low, high = PIN_DIGITS
    if not (pin.isascii() and pin.isdigit() and low <= len(pin) <= high):
        raise RuleError(T_("A PIN is %(low)s to %(high)s digits.", low=low, high=high), field="pin")
    return pin


def checked_member_name(name: str, taken: Iterable[str]) -> str:
    """A member's display name, trimmed: a name a game's player may have, and none of the
    ``taken`` names of the club's other members (ignoring case). RuleError (field ``name``)."""
    problem = name_problem(name, (), 1)
    if problem is not None:
        raise RuleError(problem, field="name")
    name = name.strip()
    key = name_key(name)
    if any(name_key(other) == key for other in taken):
        raise RuleError(
            T_("The club already has a member called %(name)s.", name=name), field="name"
        )
    return name


@dataclass(frozen=True)
class Entry:
    """One member of the register as a page shows it."""

    id: int
    name: str
    created_at: datetime
    retired: bool
    #: The names this member went by before, oldest first.
    former_names: tuple[str, ...] = ()
    #: The member this entry was merged into (the one kept), if it was.
    merged_into: int | None = None
    #: When the member last played an evening of the club.
    last_seen: datetime | None = None

    @property
    def active(self) -> bool:
        return not self.retired and self.merged_into is None


def most_recent_first(entries: Iterable[Entry]) -> list[Entry]:
    """The register as the evening's tick boxes list it: the members seen most recently first
    (their last evening, or their joining when later), then by name."""
    ordered = sorted(entries, key=lambda e: name_key(e.name))
    return sorted(
        ordered,
        key=lambda e: max(e.created_at, e.last_seen or e.created_at),
        reverse=True,
    )
