"""The rules of a club and its register, in pure Python: a club's name, its games, its
organiser PIN's form, a member's display name (unique in the club as
:mod:`scorekeeper.games.names` compares names: ignoring case and invisible characters), and the
register's order (most recently seen first). Nothing here knows the database or the web."""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime

from scorekeeper.games import names
from scorekeeper.games.events import RuleError
from scorekeeper.games.names import unprintable
from scorekeeper.games.players import control_character, name_problem
from scorekeeper.games.text import T_

MAX_CLUB_NAME = 60
#: An organiser PIN: digits only, from 4 to 12 of them.
PIN_DIGITS = (4, 12)


#: The most characters a member's :func:`name_key` keeps (``member.name_key``'s length).
MEMBER_KEY_LENGTH = 40


def name_key(name: str) -> str:
    """A display name as the register compares it (:func:`~scorekeeper.games.names.key`:
    ``Anna`` is ``ANNA``, and ``Anna`` with a zero-width space), as the ``member.name_key``
    column holds it (:func:`fitted`)."""
    return fitted(names.key(name), MEMBER_KEY_LENGTH)


def fitted(key: str, length: int) -> str:
    """``key`` in at most ``length`` characters, for a column that holds no more: a longer
    key (a name whose folded form grows: ``ß`` is ``ss``, ``ﬃ`` is ``ffi``) keeps its start and
    a digest of the whole, so that two keys are equal exactly when the names are one."""
    if len(key) <= length:
        return key
    digest = hashlib.sha256(key.encode("utf-8", "surrogatepass")).hexdigest()[:16]
    return f"{key[: length - len(digest) - 1]}#{digest}"


def checked_club_name(name: str) -> str:
    """The club's name, as shown (:func:`~scorekeeper.games.names.shown`); RuleError (field
    ``name``) when empty, too long or holding a control character."""
    bad = unprintable(name)
    if bad is not None:
        raise RuleError(control_character(bad), field="name")
    name = names.shown(name)
    if not name:
        raise RuleError(T_("Give the club a name."), field="name")
    if len(name) > MAX_CLUB_NAME:
        raise RuleError(
            T_("A club's name can be at most %(n)s characters.", n=MAX_CLUB_NAME), field="name"
        )
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
    """A member's display name, as shown: a name a game's player may have, and none of the
    ``taken`` names of the club's other members (:func:`name_key`). RuleError (field
    ``name``)."""
    problem = name_problem(name, (), 1)
    if problem is not None:
        raise RuleError(problem, field="name")
    name = names.shown(name)
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
