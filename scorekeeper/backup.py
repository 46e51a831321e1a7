"""Backups of every game, for any database: ``scorekeeper backup`` and ``scorekeeper restore``.

A backup is text, one JSON object per line (``scorekeeper-backup/1``)::

    {"format": "scorekeeper-backup/1", "made_at": "2026-05-01T19:30:00Z"}
    {"token": "…", "created_at": "…Z", "record": {… the game's record, with its history …}}
    …
    {"end": "scorekeeper-backup/1", "games": 12}

Each game keeps its address (``token``) and its start time beside its record — the portable
record of ``docs/records.md``, whole history and times included, so a line's ``record`` is also
a file ``scorekeeper import`` or ``score`` takes. A game that cannot be written as a record (a
kind this version does not know, a log its rules now refuse, a history longer than a record
holds) is kept as stored instead: ``"kind"``, ``"setup"`` and ``"history"`` (each entry's kind,
data, time and, where known, the ``seat`` that entered it), and restored as it was. Who
entered each entry (``seat``) is kept either way: optional, so a backup without it restores.
The end line proves the file whole: a backup cut short is refused.

**Online and consistent**: every game and every entry is read by one query, a single snapshot
of the database (SQLite and PostgreSQL alike), while phones go on writing; an entry written
meanwhile is in the backup whole or not at all. Backing up from SQLite and restoring into
PostgreSQL moves a club's games to a server.

**Restore** goes into an empty database only, all or nothing (one transaction): every line is
checked first (each record replayed through its game's rules) and a problem names its line.
"""

from __future__ import annotations

import itertools
import json
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any, TextIO

import sqlalchemy as sa
from sqlalchemy import orm

from scorekeeper import models, records
from scorekeeper.games.events import Event, RuleError
from scorekeeper.games.registry import game_for, is_known
from scorekeeper.games.text import T_, Text, Tn_, Words
from scorekeeper.records.guard import MAX_HISTORY
from scorekeeper.records.history import SEAT
from scorekeeper.records.problems import problem

FORMAT = "scorekeeper-backup/1"
#: How a backup's first line starts, as a message quotes it.
HEADER_START = f"{{'format': '{FORMAT}'…}}"
#: The longest line read back (a record is at most 1 MB; a game kept as stored may be longer).
MAX_LINE_BYTES = 64 * 1024 * 1024
#: What a game's address may be (as the store makes them, at most the column's 32 characters).
TOKEN = re.compile(r"[A-Za-z0-9_-]{1,32}")


class BackupError(ValueError):
    """A backup that cannot be restored: ``problems`` says where and why, one line each (each
    a :class:`~scorekeeper.games.text.Text`: English as a string); :meth:`lines_in` says them
    in a reader's words."""

    def __init__(self, problems: list[Text]):
        super().__init__("\n".join(problems))
        self.problems = problems

    def lines_in(self, words: Words) -> list[str]:
        return [line.render(words) for line in self.problems]


def _line(number: int, token: str | None = None) -> Text:
    """Where a problem is: ``line 4``, or ``line 4 (game TOKEN)``."""
    if token is None:
        return T_("line %(n)s", n=number)
    return T_("line %(n)s (game %(token)s)", n=number, token=token)


def _refused(where: Text, message: Text) -> BackupError:
    return BackupError([problem(where, message)])


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


@dataclass
class Written:
    """What a backup holds: how many games, and which were kept as stored (not as records)."""

    games: int = 0
    as_stored: list[str] = field(default_factory=list)


# --- writing ---------------------------------------------------------------------------------


#: Every game with its log, in one query: one snapshot of the database.
_EVERYTHING = (
    sa.select(
        models.Game.id,
        models.Game.token,
        models.Game.kind,
        models.Game.setup,
        models.Game.created_at,
        models.Game.confirms,
        models.Event.kind.label("event_kind"),
        models.Event.data,
        models.Event.created_at.label("at"),
        models.Event.seat,
    )
    .outerjoin(models.Event, models.Event.game_id == models.Game.id)
    .order_by(models.Game.id, models.Event.seq)
)


#: Every confirmation, by game: read whole before the games (a few per game at most).
_CONFIRMATIONS = sa.select(
    models.Confirmation.game_id, models.Confirmation.seq, models.Confirmation.seat
).order_by(models.Confirmation.game_id, models.Confirmation.seq)


def stored_games(connection: sa.Connection) -> Iterator[StoredGame]:
    """Every game of the database, oldest first, read by one query (streamed), and every
    confirmation by a second one before it."""
    confirmed: dict[int, dict[int, set[str]]] = {}
    for row in connection.execute(_CONFIRMATIONS):
        confirmed.setdefault(row.game_id, {}).setdefault(row.seq, set()).add(row.seat)
    rows = connection.execution_options(stream_results=True, yield_per=500).execute(_EVERYTHING)
    for _id, group in itertools.groupby(rows, key=lambda row: row.id):
        game_rows = list(group)
        first = game_rows[0]
        logged = [row for row in game_rows if row.event_kind is not None]
        yield StoredGame(
            token=first.token,
            kind=first.kind,
            created_at=first.created_at,
            setup=first.setup,
            events=tuple(Event(row.event_kind, row.data) for row in logged),
            times=tuple(row.at for row in logged),
            seats=_seats(row.seat for row in logged),
            confirms=bool(first.confirms),
            confirmed={seq: frozenset(seats) for seq, seats in confirmed.get(first.id, {}).items()},
        )


def _seats(seats: Iterable[str | None]) -> tuple[str | None, ...]:
    """Who entered each event, or () when nothing says (so older games read as before)."""
    found = tuple(seats)
    return found if any(seat is not None for seat in found) else ()


def _timestamp(at: datetime) -> str:
    if at.tzinfo is not None:
        at = at.astimezone(UTC).replace(tzinfo=None)
    return at.isoformat() + "Z"


def _parse_timestamp(value: Any) -> datetime | None:
    if not isinstance(value, str) or not value.endswith("Z") or len(value) > 40:
        return None
    try:
        at = datetime.fromisoformat(value[:-1])
    except ValueError:
        return None
    return None if at.tzinfo is not None else at  # "…Z" is UTC already: no second offset


def game_line(game: StoredGame) -> tuple[dict[str, Any], bool]:
    """A game's line of the backup, and whether it is its record (else the game as stored)."""
    line: dict[str, Any] = {"token": game.token, "created_at": _timestamp(game.created_at)}
    if len(game.events) <= MAX_HISTORY:
        try:
            setup = game_for(game.kind).parse_setup(game.setup)
            line["record"] = records.build(
                game.kind,
                setup,
                game.events,
                game.times,
                seats=game.seats,
                confirms=game.confirms,
                confirmed=game.confirmed,
            )
            return line, True
        except (RuleError, LookupError, ValueError, TypeError):
            pass  # kept as stored, below
    line["kind"] = game.kind
    line["setup"] = game.setup
    if game.confirms:
        line["confirms"] = True
    seats = game.seats or _unknown(game)
    line["history"] = [
        {"kind": event.kind, "data": dict(event.data), "at": _timestamp(at)}
        | ({} if seat is None else {"seat": seat})
        | ({"confirmed_by": sorted(game.confirmed[seq])} if seq in game.confirmed else {})
        for seq, (event, at, seat) in enumerate(zip(game.events, game.times, seats, strict=True))
    ]
    return line, False


def _dumps(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":")) + "\n"


def write(games: Iterable[StoredGame], out: TextIO, made_at: datetime | None = None) -> Written:
    """Write a backup of ``games`` to ``out``; what it holds."""
    made_at = made_at or datetime.now(UTC)
    out.write(_dumps({"format": FORMAT, "made_at": _timestamp(made_at)}))
    written = Written()
    for game in games:
        line, as_record = game_line(game)
        out.write(_dumps(line))
        written.games += 1
        if not as_record:
            written.as_stored.append(game.token)
    out.write(_dumps({"end": FORMAT, "games": written.games}))
    return written


def back_up(engine: sa.Engine, out: TextIO) -> Written:
    """Write a consistent backup of every game in the database behind ``engine`` to ``out``."""
    with engine.connect() as connection:
        return write(stored_games(connection), out)


# --- reading ---------------------------------------------------------------------------------


def _load(text: str, number: int) -> Any:
    if len(text.encode("utf-8", "replace")) > MAX_LINE_BYTES:
        raise _refused(_line(number), T_("longer than %(mb)s MB", mb=MAX_LINE_BYTES // 2**20))
    try:
        return json.loads(text)
    except (ValueError, RecursionError) as error:
        raise _refused(
            _line(number), T_("not a line of a backup (%(error)s)", error=str(error))
        ) from None


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


def read(lines: Iterable[str]) -> Iterator[StoredGame]:
    """The games of a backup, each checked as it is read; :class:`BackupError` at the first
    problem, including a file cut short (no end line, or fewer games than it says)."""
    numbered = iter(enumerate(lines, 1))
    first = next(numbered, None)
    header = _load(first[1], 1) if first else None
    if not isinstance(header, dict) or header.get("format") != FORMAT:
        raise _refused(
            _line(1),
            T_(
                "not a Scorekeeper backup (it starts with %(start)s)",
                start=HEADER_START,
            ),
        )
    seen: set[str] = set()
    for number, text in numbered:
        raw = _load(text, number)
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


def game_count(session: orm.Session) -> int:
    return session.execute(sa.select(sa.func.count(models.Game.id))).scalar_one()


class NotEmpty(RuntimeError):
    """The database already holds games: a restore would mix two clubs' games."""

    def __init__(self, games: int):
        self.text = Tn_(
            "The database already holds %(num)s game: restore into an empty one (a new "
            "instance folder or SCOREKEEPER_DATABASE_URL).",
            "The database already holds %(num)s games: restore into an empty one (a new "
            "instance folder or SCOREKEEPER_DATABASE_URL).",
            games,
        )
        super().__init__(str(self.text))
        self.games = games


def restore(session: orm.Session, games: Iterable[StoredGame]) -> list[str]:
    """Store every game of a backup, with its address, start time and log: all in one
    transaction, or nothing. Raises :class:`NotEmpty` (checked first) and
    :class:`BackupError`. Returns the kinds restored that this version does not know."""
    present = game_count(session)
    if present:
        raise NotEmpty(present)
    unknown: list[str] = []
    try:
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
        session.commit()
    except BaseException:
        session.rollback()
        raise
    return unknown
