"""Backups of the first kind (``scorekeeper-backup/1``, made before version 2 held the whole
server): every game and nothing else. ``scorekeeper restore`` still reads them.

Such a backup is text, one JSON object per line::

    {"format": "scorekeeper-backup/1", "made_at": "2026-05-01T19:30:00Z"}
    {"token": "…", "created_at": "…Z", "record": {… the game's record, with its history …}}
    …
    {"end": "scorekeeper-backup/1", "games": 12}

Each game keeps its address (``token``) and its start time beside its record — the portable
record of ``docs/records.md``, whole history and times included. A game that could not be
written as a record (a kind that version did not know, a log its rules refused, a history longer
than a record holds) was kept as stored instead: ``"kind"``, ``"setup"`` and ``"history"`` (each
entry's kind, data, time and, where known, the ``seat`` that entered it, and who confirmed it).
The end line proves the file whole: a backup cut short is refused.

**Restore** checks every line as it is read (each record replayed through its game's rules; a
problem names its line) and stores the games in the caller's transaction.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from sqlalchemy import orm

from scorekeeper import records
from scorekeeper.backup.errors import BackupError, load_line
from scorekeeper.backup.errors import line_at as _line
from scorekeeper.backup.errors import refused as _refused
from scorekeeper.data import models
from scorekeeper.games.events import Event
from scorekeeper.games.registry import is_known
from scorekeeper.games.text import T_, Text
from scorekeeper.records.history import SEAT
from scorekeeper.records.problems import problem

FORMAT = "scorekeeper-backup/1"
#: What a game's address may be (as the store makes them, at most the column's 32 characters).
TOKEN = re.compile(r"[A-Za-z0-9_-]{1,32}")


@dataclass(frozen=True)
class StoredGame:
    """A game as the database holds it: its row and its log."""

    token: str
    kind: str
    created_at: datetime
    setup: dict[str, Any]
    events: tuple[Event, ...]
    times: tuple[datetime, ...]
    #: Who entered each event ("0"… a seat, "organiser", None: not known); () when no event
    #: says (every backup before seats were kept).
    seats: tuple[str | None, ...] = ()
    #: Whether its phones confirm each other's entries, and which seats confirmed the entry at
    #: each log position (every backup before confirmations: none).
    confirms: bool = False
    confirmed: dict[int, frozenset[str]] = field(default_factory=dict)


# --- reading ---------------------------------------------------------------------------------


def _parse_timestamp(value: Any) -> datetime | None:
    if not isinstance(value, str) or not value.endswith("Z") or len(value) > 40:
        return None
    try:
        at = datetime.fromisoformat(value[:-1])
    except ValueError:
        return None
    return None if at.tzinfo is not None else at  # "…Z" is UTC already: no second offset


def _seats(seats: Iterable[str | None]) -> tuple[str | None, ...]:
    """Who entered each event, or () when nothing says (so older games read as before)."""
    found = tuple(seats)
    return found if any(seat is not None for seat in found) else ()


def _game(raw: Any, number: int) -> StoredGame:
    """One game's line, checked: a record is replayed through its rules."""
    if not isinstance(raw, dict):
        raise _refused(_line(number), T_("a game's line is a JSON object"))
    token = raw.get("token")
    if not isinstance(token, str) or not TOKEN.fullmatch(token):
        raise _refused(
            _line(number), T_("token must be a game's address (letters, digits, - and _)")
        )
    where = _line(number, token)
    created_at = _parse_timestamp(raw.get("created_at"))
    if created_at is None:
        raise _refused(where, T_("created_at must be a time like …Z"))
    if "record" in raw:
        try:
            record = records.parse(raw["record"])
        except records.RecordError as error:
            raise BackupError([problem(where, line) for line in error.problems]) from None
        stamps = tuple(at or created_at for at in record.times)
        return StoredGame(
            token,
            record.kind,
            created_at,
            record.setup.to_dict(),
            record.events,
            stamps,
            _seats(record.seats),
            record.confirms,
            dict(record.confirmed),
        )
    return _game_as_stored(raw, token, created_at, where)


def _game_as_stored(
    raw: dict[str, Any], token: str, created_at: datetime, where: Text
) -> StoredGame:
    kind, setup, history = raw.get("kind"), raw.get("setup"), raw.get("history")
    if not isinstance(kind, str) or not 0 < len(kind) <= 20:
        raise _refused(where, T_("kind must be a game's kind"))
    if not isinstance(setup, dict) or not isinstance(history, list):
        raise _refused(where, T_("a game kept as stored has a setup and a history"))
    events, times, seats = [], [], []
    confirmed: dict[int, frozenset[str]] = {}
    for number, entry in enumerate(history, 1):
        at = _parse_timestamp(entry.get("at")) if isinstance(entry, dict) else None
        if (
            at is None
            or not isinstance(entry.get("kind"), str)
            or not isinstance(entry.get("data"), dict)
        ):
            raise _refused(where, T_("history entry %(n)s needs a kind, data and at", n=number))
        seat = entry.get("seat")
        if seat is not None and not (isinstance(seat, str) and SEAT.fullmatch(seat)):
            raise _refused(
                where,
                T_(
                    'history entry %(n)s: seat must be a seat\'s number as text ("0", "1"…) '
                    'or "organiser"',
                    n=number,
                ),
            )
        by = entry.get("confirmed_by", [])
        if not isinstance(by, list) or not all(
            isinstance(s, str) and SEAT.fullmatch(s) for s in by
        ):
            raise _refused(
                where, T_("history entry %(n)s: confirmed_by must be a list of seats", n=number)
            )
        if by:
            confirmed[number - 1] = frozenset(by)
        events.append(Event(entry["kind"], entry["data"]))
        times.append(at)
        seats.append(seat)
    confirms = raw.get("confirms", False) is True
    return StoredGame(
        token,
        kind,
        created_at,
        setup,
        tuple(events),
        tuple(times),
        _seats(seats),
        confirms,
        confirmed,
    )


def read(numbered: Iterator[tuple[int, str]]) -> Iterator[StoredGame]:
    """The games of a backup's lines after its first (numbered from 2), each checked as it is
    read; :class:`BackupError` at the first problem, including a file cut short (no end line,
    or fewer games than it says)."""
    seen: set[str] = set()
    for number, text in numbered:
        raw = load_line(text, number)
        if isinstance(raw, dict) and "end" in raw:
            if raw.get("end") != FORMAT or raw.get("games") != len(seen):
                raise _refused(
                    _line(number),
                    T_(
                        "the end line says %(said)s games, the backup has %(has)s",
                        said=repr(raw.get("games")),
                        has=len(seen),
                    ),
                )
            if next(numbered, None) is not None:
                raise _refused(_line(number + 1), T_("nothing may follow the end line"))
            return
        game = _game(raw, number)
        if game.token in seen:
            raise _refused(
                _line(number), T_("game %(token)s is in the backup twice", token=game.token)
            )
        seen.add(game.token)
        yield game
    raise BackupError([T_("the backup is cut short (it has no end line): nothing was restored")])


# --- restoring -------------------------------------------------------------------------------


def _unknown(game: StoredGame) -> tuple[None, ...]:
    return (None,) * len(game.events)


def restore(session: orm.Session, games: Iterable[StoredGame]) -> list[str]:
    """Add every game of a backup to ``session``, with its address, start time and log (the
    caller commits it whole, or nothing). Raises :class:`BackupError`. Returns the kinds
    restored that this version does not know."""
    unknown: list[str] = []
    for game in games:
        row = models.Game(
            token=game.token,
            kind=game.kind,
            setup=game.setup,
            created_at=game.created_at,
            confirms=game.confirms,
        )
        session.add(row)
        session.flush()
        session.add_all(
            models.Event.log(
                row.id, zip(game.events, game.times, game.seats or _unknown(game), strict=True)
            )
        )
        session.add_all(
            models.Confirmation(game_id=row.id, seq=seq, seat=seat, created_at=game.created_at)
            for seq, seats in sorted(game.confirmed.items())
            for seat in sorted(seats)
        )
        if not is_known(game.kind) and game.kind not in unknown:
            unknown.append(game.kind)
    return unknown
