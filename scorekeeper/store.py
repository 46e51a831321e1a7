"""The log of every game: load a game by its token, append an event at an expected position.

Nothing derived is stored: a game's state is always the replay of its setup and events through
its rules engine. Each write names the log position it was based on; the unique key on
(game, seq) lets only one of two simultaneous writes in, and the other becomes a
:class:`Conflict` that carries what is there now.

Replaying is done once per log position, not once per request: a loaded game is kept in a small
per-process cache keyed by (token, seq). That stays right with several processes on one
database, because a log only grows and what stands at a position never changes: a process that
has not seen the newest event asks for a longer log, which is a different key.
"""

from __future__ import annotations

import base64
import hashlib
import json
import secrets
import time
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from functools import cached_property
from typing import Any, cast

import sqlalchemy as sa
from sqlalchemy import orm
from sqlalchemy.exc import IntegrityError

from scorekeeper import models
from scorekeeper.cache import LRUCache
from scorekeeper.games.confirming import ORGANISER, Waiting, held, waiting_entries
from scorekeeper.games.events import UNDO, Event, HistoryEntry, Played
from scorekeeper.games.game import Game
from scorekeeper.games.registry import UnknownGame, game_for


@dataclass(frozen=True, eq=False)
class LoadedGame:
    """A game as stored: its setup, its log with each entry's time, seat (who entered it:
    ``"0"``, ``"1"``… or None when not known) and phone, and the replayed state."""

    id: int
    token: str
    kind: str
    created_at: datetime
    setup: Any
    events: tuple[Event, ...]
    times: tuple[datetime, ...]
    played: Played[Any]
    #: One per event (None: the phone did not say); empty when no event has one.
    seats: tuple[str | None, ...] = ()
    #: Whether each scoring entry waits for a phone at another seat to confirm it.
    confirms: bool = False
    #: Which seats confirmed the entry at each log position (only in a game that confirms).
    confirmed: Mapping[int, frozenset[str]] = field(default_factory=dict)
    #: Which phone entered each event (``web/phone.py``; None: not known); empty when no event
    #: says.
    phones: tuple[str | None, ...] = ()
    #: The seat each phone that confirmed an entry confirmed at (the organiser's
    #: confirmations left out: they are no seat's).
    confirmers: Mapping[str, str] = field(default_factory=dict)

    def seat_of(self, seq: int) -> str | None:
        """Who entered the event at log position ``seq`` (None when not known)."""
        return self.seats[seq] if 0 <= seq < len(self.seats) else None

    def phone_of(self, seq: int) -> str | None:
        """Which phone entered the event at log position ``seq`` (None when not known)."""
        return self.phones[seq] if 0 <= seq < len(self.phones) else None

    def seat_held_by(self, phone: str) -> str | None:
        """The seat ``phone`` holds in this game (:func:`~scorekeeper.games.confirming.held`):
        the seat of its latest entry made at a seat, else of its confirmations; None when it
        has entered and confirmed nothing at a seat here."""
        return self._held.get(phone)

    @cached_property
    def _held(self) -> dict[str, str]:
        return held(self.seats, self.phones, self.confirmers)

    @property
    def state(self) -> Any:
        return self.played.state

    @property
    def position(self) -> int:
        """What the phones poll: the log's length and, in a game that confirms, how many
        confirmations it has (a confirmation is news to every phone, and no event)."""
        return self.seq + sum(len(seats) for seats in self.confirmed.values())

    @cached_property
    def waiting(self) -> tuple[Waiting, ...]:
        """The entries waiting for a second phone's confirmation (none unless it confirms)."""
        if not self.confirms:
            return ()
        return waiting_entries(
            self.state.history,
            self.seat_of,
            self.confirmed,
            self.rules.scored,
            self.phone_of,
            self.sides,
        )

    @cached_property
    def sides(self) -> dict[str, str]:
        """Each seat's side where seats score together (a free game's teams), else empty: a
        confirmation comes from another side (:func:`~scorekeeper.games.confirming.confirms`)."""
        return self.rules.sides_of_seats(self.setup, len(self.setup.players))

    @property
    def rules(self) -> Game[Any, Any]:
        return game_for(self.kind)

    @property
    def seq(self) -> int:
        """The log position the next event will take."""
        return len(self.events)

    def with_event(
        self,
        event: Event,
        at: datetime,
        played: Played[Any],
        seat: str | None = None,
        phone: str | None = None,
    ) -> LoadedGame:
        """This game with ``event`` appended at time ``at``, entered by ``seat`` from ``phone``
        (``played``: folded onto it)."""
        seats = _padded(self.seats, len(self.events))
        phones = _padded(self.phones, len(self.events))
        return replace(
            self,
            events=(*self.events, event),
            times=(*self.times, at),
            played=played,
            seats=(*seats, seat) if seat is not None or any(seats) else (),
            phones=(*phones, phone) if phone is not None or any(phones) else (),
        )


def _padded(seats: Sequence[str | None], count: int) -> tuple[str | None, ...]:
    """``seats`` as one per event of a log of ``count``: None where not known."""
    return (*seats, *(None,) * (count - len(seats)))[:count]


class GameNotFound(LookupError):
    pass


class Conflict(Exception):
    """Somebody else wrote first: ``current`` is the game as it is now, and ``new_events`` what
    was recorded since the position the write was based on."""

    def __init__(self, current: LoadedGame, based_on: int):
        super().__init__("Already recorded from another phone.")
        self.current = current
        self.based_on = based_on

    @property
    def new_events(self) -> tuple[HistoryEntry, ...]:
        return tuple(h for h in self.current.state.history if h.seq >= self.based_on)

    def recorded(self, event: Event) -> bool:
        """Whether what was recorded since holds this very event, still in effect: a second
        phone that entered the same thing has nothing to fix."""
        wanted = same_event(event)
        return any(
            not entry.undone and same_event(self.current.events[entry.seq]) == wanted
            for entry in self.new_events
        )

    def touched(self, number: int | None) -> bool:
        """Whether what was recorded since may have changed round ``number``: an entry about
        it, an undo, or an entry about no single round (a correction of several)."""
        return any(
            entry.kind == UNDO or entry.deal is None or entry.deal == number
            for entry in self.new_events
        )


def same_event(event: Event) -> str:
    """An event's kind and data as one comparable text (lists and tuples alike, keys sorted)."""
    return json.dumps(event.to_dict(), sort_keys=True, separators=(",", ":"))


class _Replays:
    """The latest replayed games by (token, seq), least recently used dropped first; and of
    each game the longest log kept (a game another process wrote to since is folded on from
    there: :func:`_replayed`)."""

    def __init__(self, size: int = 1024):
        self._games: LRUCache[LoadedGame] = LRUCache(size)
        self._longest: LRUCache[int] = LRUCache(size)

    def get(self, token: str, seq: int) -> LoadedGame | None:
        return self._games.get((token, seq))

    def put(self, game: LoadedGame) -> None:
        self._games.put((game.token, game.seq), game)
        longest = self._longest.get(game.token)
        if longest is None or longest <= game.seq or self.get(game.token, longest) is None:
            self._longest.put(game.token, game.seq)

    def longest(self, token: str, most: int) -> LoadedGame | None:
        """The game at ``token`` with the longest log kept, if no longer than ``most``."""
        seq = self._longest.get(token)
        return None if seq is None or seq > most else self.get(token, seq)

    def clear(self) -> None:
        self._games.clear()
        self._longest.clear()


REPLAYS = _Replays()


class _Positions:
    """How long each game's log was when this process last read or wrote it, and when
    (``time.monotonic``): the poll answers from here while that is recent enough. A log only
    grows, so a later-read shorter length never replaces a longer one."""

    def __init__(self, size: int = 4096):
        self._seen: LRUCache[tuple[int, float]] = LRUCache(size)

    def get(self, token: str, max_age: float) -> int | None:
        """The length seen less than ``max_age`` seconds ago, or None."""
        seen = self._seen.get(token)
        if seen is None or time.monotonic() - seen[1] >= max_age:
            return None
        return seen[0]

    def put(self, token: str, seq: int) -> None:
        now = time.monotonic()
        seen = self._seen.get(token)
        self._seen.put(token, (max(seq, seen[0]) if seen is not None else seq, now))

    def clear(self) -> None:
        self._seen.clear()


POSITIONS = _Positions()


def _now() -> datetime:
    return datetime.now(UTC).replace(tzinfo=None)


def new_token() -> str:
    """An unguessable game token (128 bits). Never one that starts with ``-``, which a command
    line (``scorekeeper export TOKEN``) would read as an option."""
    while (token := secrets.token_urlsafe(16)).startswith("-"):
        pass
    return token


class TokenTaken(Exception):
    """A game with the token asked for exists already (another phone started it first)."""


def next_token(token: str) -> str:
    """The token of the game played after the game at ``token`` (*Play again*): derived from
    it, so that every phone that knows the finished game finds the next one, and two phones
    tapping *Play again* start one game. As unguessable as ``token`` itself (128 bits)."""
    salt = 0
    while True:
        digest = hashlib.sha256(f"again:{salt}:{token}".encode()).digest()[:16]
        derived = base64.urlsafe_b64encode(digest).rstrip(b"=").decode()
        if not derived.startswith("-"):
            return derived
        salt += 1


def create_game(
    session: orm.Session,
    kind: str,
    setup: Any,
    token: str | None = None,
    *,
    confirms: bool = False,
) -> LoadedGame:
    """A new game (at ``token``, when given: :class:`TokenTaken` if that game exists), whose
    scoring entries wait for a second phone when it ``confirms``."""
    played = game_for(kind).replay(setup, ())
    try:
        game = add_game(session, kind, setup, (), (), played, token=token, confirms=confirms)
        session.commit()
    except IntegrityError:
        session.rollback()
        if token is None:
            raise
        raise TokenTaken(token) from None
    return alone(game)


def import_game(
    session: orm.Session,
    kind: str,
    setup: Any,
    events: Sequence[Event],
    times: Sequence[datetime | None] | None = None,
    seats: Sequence[str | None] = (),
    *,
    confirms: bool = False,
    confirmed: Mapping[int, Collection[str]] | None = None,
) -> LoadedGame:
    """Store a whole game at once (an imported record): a new token, the setup and every event
    (and, in a game that ``confirms``, who ``confirmed`` which).

    The log is replayed first (raising :class:`~scorekeeper.games.events.RuleError` when the
    rules refuse it), then the game and all its events are written in one transaction: on any
    error nothing is stored. ``times`` gives each event's time (UTC), where known, ``seats``
    who entered it (None, or none given at all: not known).
    """
    events = tuple(events)
    played = game_for(kind).replay(setup, events)  # raises RuleError before anything is written
    try:
        game = add_game(
            session,
            kind,
            setup,
            events,
            times,
            played,
            seats=seats,
            confirms=confirms,
            confirmed=confirmed,
        )
        session.commit()
    except Exception:
        session.rollback()
        raise
    return alone(game)


def add_game(
    session: orm.Session,
    kind: str,
    setup: Any,
    events: Sequence[Event],
    times: Sequence[datetime | None] | None,
    played: Played[Any],
    *,
    token: str | None = None,
    seats: Sequence[str | None] = (),
    confirms: bool = False,
    confirmed: Mapping[int, Collection[str]] | None = None,
) -> LoadedGame:
    """Add a game and its whole log to the session, not committed yet (the caller commits,
    with whatever else belongs to the same transaction, then :func:`kept`): ``played`` is
    ``events`` already replayed, ``times`` each event's time where known (None: now),
    ``seats`` who entered each (None, or none given: not known); ``confirms``: its scoring
    entries wait for a second phone, and ``confirmed`` says who confirmed which (by log
    position) so far."""
    now = _now()
    stamps = _stamps(len(events), times, now)
    if len(seats) > len(events):
        raise ValueError("A stored log has at most one seat per event.")
    who = _padded(seats, len(events))
    game = models.Game(
        token=token or new_token(),
        kind=kind,
        setup=setup.to_dict(),
        created_at=now,
        confirms=confirms,
    )
    session.add(game)
    session.flush()
    if events:
        session.add_all(models.Event.log(game.id, zip(events, stamps, who, strict=True)))
    by_seq = {
        seq: frozenset(seats)
        for seq, seats in (confirmed or {}).items()
        if confirms and seats and 0 <= seq < len(events)
    }
    session.add_all(
        models.Confirmation(game_id=game.id, seq=seq, seat=seat, created_at=now)
        for seq, seats in sorted(by_seq.items())
        for seat in sorted(seats)
    )
    return _loaded(
        game, setup, tuple(events), stamps, played, who if any(who) else (), Confirmed(by_seq)
    )


def _stamps(
    count: int, times: Sequence[datetime | None] | None, now: datetime
) -> tuple[datetime, ...]:
    """Each of ``count`` events' times: as given (None, or none given at all: ``now``)."""
    if not times:
        return (now,) * count
    if len(times) != count:
        raise ValueError("A stored log needs one time (or None) per event.")
    return tuple(now if at is None else at for at in times)


def kept(game: LoadedGame) -> LoadedGame:
    """``game``, once committed, kept for the next request at its log position."""
    REPLAYS.put(game)
    return game


def alone(game: LoadedGame) -> LoadedGame:
    """``game``, made just now as a game of its own (no evening's table): kept."""
    belongs(game, 0)
    return kept(game)


def _loaded(
    row: Any,
    setup: Any,
    events: tuple[Event, ...],
    times: tuple[datetime, ...],
    played: Any,
    seats: tuple[str | None, ...] = (),
    confirmed: Confirmed | None = None,
    phones: tuple[str | None, ...] = (),
) -> LoadedGame:
    """The one place a :class:`LoadedGame` is made: from a game's row (its id, token, kind,
    start time and whether it confirms), its setup, its log (and who entered each event from
    which phone, where known), the log replayed and the confirmations it has."""
    return LoadedGame(
        id=row.id,
        token=row.token,
        kind=row.kind,
        created_at=row.created_at,
        setup=setup,
        events=events,
        times=times,
        played=played,
        seats=seats,
        confirms=bool(row.confirms),
        confirmed=confirmed.seats if confirmed else {},
        phones=phones,
        confirmers=confirmed.phones if confirmed else {},
    )


#: How long a game's log is (a scalar subquery on the game's row).
_EVENT_COUNT = (
    sa.select(sa.func.count(models.Event.id))
    .where(models.Event.game_id == models.Game.id)
    .scalar_subquery()
)

#: How many confirmations a game that confirms has (0, not counted, for any other game).
_CONFIRMATION_COUNT = sa.case(
    (
        models.Game.confirms,
        sa.select(sa.func.count(models.Confirmation.id))
        .where(models.Confirmation.game_id == models.Game.id)
        .scalar_subquery(),
    ),
    else_=0,
)

#: A game's row as the pages need it, the length of its log (``seq``) and how many
#: confirmations it has (``confirmations``: their sum is its polled position).
_ROW_AND_LENGTH = (
    models.Game.token,
    models.Game.kind,
    models.Game.setup,
    models.Game.created_at,
    models.Game.confirms,
    _EVENT_COUNT.label("seq"),
    _CONFIRMATION_COUNT.label("confirmations"),
)

#: A game's row and the length of its log, by token: one query (built once).
_GAME_AND_LENGTH = sa.select(models.Game.id, *_ROW_AND_LENGTH).where(
    models.Game.token == sa.bindparam("token")
)


#: A game's log, in order.
_LOG = (
    sa.select(
        models.Event.kind,
        models.Event.data,
        models.Event.created_at,
        models.Event.seat,
        models.Event.phone,
    )
    .where(models.Event.game_id == sa.bindparam("game_id"))
    .order_by(models.Event.seq)
)


def load(session: orm.Session, token: str, kind: str | None = None) -> LoadedGame:
    """The game at ``token`` (of ``kind``, when given): one query for the game row and the
    length of its log, a second for the log only when this process has not replayed it yet.

    Raises :class:`GameNotFound` for an unknown token, a game of another kind, or a kind this
    app does not know.
    """
    row = session.execute(_GAME_AND_LENGTH, {"token": token}).first()
    if row is None:
        raise GameNotFound(token)
    if kind is not None and row.kind != kind:
        raise GameNotFound(token)
    POSITIONS.put(token, row.seq + row.confirmations)
    cached = REPLAYS.get(token, row.seq)
    if cached is not None:
        return _confirmed_now(session, cached, row.confirmations)
    try:
        rules = game_for(row.kind)
    except UnknownGame:
        raise GameNotFound(token) from None
    confirmed = confirmations(session, [row.id])[row.id] if row.confirmations else None
    return _replayed(row, rules, session.execute(_LOG, {"game_id": row.id}).all(), confirmed)


def _replayed(
    row: Any,
    rules: Game[Any, Any],
    entries: Sequence[Any],
    confirmed: Confirmed | None = None,
    keep: bool = True,
) -> LoadedGame:
    """The game of ``row`` with its log ``entries`` (kind, data, created_at, seat, phone)
    replayed once (and its ``confirmed`` entries), kept for the next request at that log
    position (unless not to ``keep``)."""
    events = tuple(Event(e.kind, e.data) for e in entries)
    times = tuple(e.created_at for e in entries)
    seats = tuple(e.seat for e in entries)
    phones = tuple(e.phone for e in entries)
    earlier = REPLAYS.longest(row.token, len(events))
    if earlier is not None and earlier.id == row.id:
        # A shorter log of the game was replayed here (another process wrote since): its
        # entries never change, so the new ones are folded onto it, one fold each.
        setup, played = earlier.setup, earlier.played
        for event in events[earlier.seq :]:
            played = rules.apply(played, event)
    else:
        setup = rules.parse_setup(row.setup)
        played = rules.replay(setup, events)
    game = _loaded(
        row,
        setup,
        events,
        times,
        played,
        seats if any(seats) else (),
        confirmed,
        phones if any(phones) else (),
    )
    return kept(game) if keep else game


@dataclass(frozen=True)
class Confirmed:
    """A game's confirmations: which seats confirmed the entry at each log position, and the
    seat each phone that confirmed one confirmed at (the organiser's left out)."""

    seats: Mapping[int, frozenset[str]] = field(default_factory=dict)
    phones: Mapping[str, str] = field(default_factory=dict)


#: The confirmations of several games (their ids bound as ``ids``, an expanding list), in the
#: order they were made.
_CONFIRMATIONS = (
    sa.select(
        models.Confirmation.game_id,
        models.Confirmation.seq,
        models.Confirmation.seat,
        models.Confirmation.phone,
    )
    .where(models.Confirmation.game_id.in_(sa.bindparam("ids", expanding=True)))
    .order_by(models.Confirmation.id)
)


def confirmations(
    bind: orm.Session | sa.Connection, game_ids: Sequence[int]
) -> dict[int, Confirmed]:
    """Which seats (and phones) confirmed which log positions, of each of these games: one
    query."""
    seats: dict[int, dict[int, set[str]]] = {game_id: {} for game_id in game_ids}
    phones: dict[int, dict[str, str]] = {game_id: {} for game_id in game_ids}
    if game_ids:
        for row in bind.execute(_CONFIRMATIONS, {"ids": list(game_ids)}):
            seats[row.game_id].setdefault(row.seq, set()).add(row.seat)
            if row.phone is not None and row.seat != ORGANISER:
                phones[row.game_id][row.phone] = row.seat
    return {
        game_id: Confirmed({seq: frozenset(by) for seq, by in by_seq.items()}, phones[game_id])
        for game_id, by_seq in seats.items()
    }


def _confirmed_now(session: orm.Session, game: LoadedGame, count: int) -> LoadedGame:
    """``game`` (replayed at its log position) with the confirmations it has now, when the row
    counted another number of them than it holds: read again, and kept."""
    if game.position - game.seq == count:
        return game
    now = confirmations(session, [game.id])[game.id]
    return kept(replace(game, confirmed=now.seats, confirmers=now.phones))


#: Several games' logs, in order (the games' ids bound as ``ids``, an expanding list).
_LOGS = (
    sa.select(
        models.Event.game_id,
        models.Event.kind,
        models.Event.data,
        models.Event.created_at,
        models.Event.seat,
        models.Event.phone,
    )
    .where(models.Event.game_id.in_(sa.bindparam("ids", expanding=True)))
    .order_by(models.Event.game_id, models.Event.seq)
)


def game_columns() -> tuple[Any, ...]:
    """The columns :func:`load_rows` needs of each game (id, token, kind, setup, created_at and
    the length of its log as ``seq``), to select beside a query's own."""
    return tuple(_GAME_AND_LENGTH.selected_columns)


def load_rows(session: orm.Session, rows: Sequence[Any], *, keep: bool = True) -> list[LoadedGame]:
    """Several games from rows of :func:`game_columns`, in their order: those this process has
    replayed at that log position from the cache, the others' logs in **one** query together
    (not one per game). A game whose kind is not known here raises :class:`GameNotFound`.
    Without ``keep``, the games replayed are not kept for the next request (games of years
    ago, read once to derive what is kept of them: :mod:`scorekeeper.clubs.kept`)."""
    found: dict[int, LoadedGame] = {}
    missing = []
    for row in rows:
        cached = REPLAYS.get(row.token, row.seq)
        if cached is not None:
            found[row.id] = _confirmed_now(session, cached, row.confirmations)
        else:
            missing.append(row)
    if missing:
        confirmed = confirmations(session, [row.id for row in missing if row.confirmations])
        logs: dict[int, list[Any]] = {row.id: [] for row in missing}
        for entry in session.execute(_LOGS, {"ids": list(logs)}):
            logs[entry.game_id].append(entry)
        for row in missing:
            try:
                rules = game_for(row.kind)
            except UnknownGame:
                raise GameNotFound(row.token) from None
            # Only the entries that were there when the row was read: a phone may have written
            # since, and the loaded game must be the one at ``row.seq``.
            entries = logs[row.id][: row.seq]
            found[row.id] = _replayed(row, rules, entries, confirmed.get(row.id), keep)
    return [found[row.id] for row in rows]


#: Several games' rows and log lengths, by token (bound as ``tokens``, an expanding list).
_GAMES = sa.select(*_GAME_AND_LENGTH.selected_columns).where(
    models.Game.token.in_(sa.bindparam("tokens", expanding=True))
)


def load_games(
    session: orm.Session, tokens: Sequence[str], *, keep: bool = True
) -> dict[str, LoadedGame]:
    """The games with these tokens (unknown ones left out), by token: two queries however many
    they are (:func:`load_rows`)."""
    if not tokens:
        return {}
    rows = session.execute(_GAMES, {"tokens": list(tokens)}).all()
    return {game.token: game for game in load_rows(session, rows, keep=keep)}


#: A game's polled position, by token: one indexed query (built once).
_LOG_LENGTH = sa.select(_EVENT_COUNT + _CONFIRMATION_COUNT).where(
    models.Game.token == sa.bindparam("token")
)


def log_position(bind: orm.Session | sa.Engine, token: str) -> int:
    """How many events a game's log holds, and in a game that confirms how many confirmations
    (:attr:`LoadedGame.position`): one indexed query (the phones poll this). Given the engine
    rather than a session, it borrows a pooled connection and nothing more."""
    if isinstance(bind, orm.Session):
        found = bind.execute(_LOG_LENGTH, {"token": token}).first()
    else:
        with bind.connect() as connection:
            found = connection.execute(_LOG_LENGTH, {"token": token}).first()
    if found is None:
        raise GameNotFound(token)
    POSITIONS.put(token, int(found[0]))
    return int(found[0])


def recent_log_position(bind: sa.Engine, token: str, max_age: float) -> int:
    """:func:`log_position`, or the length this process read or wrote less than ``max_age``
    seconds ago: a write through this process is seen at once, one through another process
    (a second server on the same database) within ``max_age``."""
    seen = POSITIONS.get(token, max_age)
    return seen if seen is not None else log_position(bind, token)


#: The club's evening a game is a table of (no row: a game of its own, or of an evening of no
#: club).
_CLUB_EVENING_OF_GAME = (
    sa.select(models.ClubEvening.evening_id)
    .join(models.EveningTable, models.EveningTable.evening_id == models.ClubEvening.evening_id)
    .where(models.EveningTable.game_id == sa.bindparam("game_id"))
)

#: A club's version moved on, the club being the one of the evening bound as ``moved``.
_CLUB_MOVES = (
    sa.update(models.Club)
    .where(
        models.Club.id
        == sa.select(models.ClubEvening.club_id)
        .where(models.ClubEvening.evening_id == sa.bindparam("moved"))
        .scalar_subquery()
    )
    .values(version=models.Club.version + 1)
)

#: The evening bound as ``moved`` changed at its club's version now.
_EVENING_MOVES = (
    sa.update(models.ClubEvening)
    .where(models.ClubEvening.evening_id == sa.bindparam("moved"))
    .values(
        version=sa.select(models.Club.version)
        .where(models.Club.id == models.ClubEvening.club_id)
        .scalar_subquery()
    )
)


#: The club's evening each game is a table of (0: none), by the game's token: it never changes
#: (a game's table is written with the game, an evening's club with the evening).
_EVENINGS_OF_GAMES: LRUCache[int] = LRUCache(4096)


def belongs(game: LoadedGame, club_evening: int) -> None:
    """The game at ``game``'s token is a table of the club's evening ``club_evening`` (0: of
    none), as the caller that made it knows: its writes need not ask."""
    _EVENINGS_OF_GAMES.put(game.token, club_evening)


def moved(
    bind: orm.Session | sa.Connection,
    *,
    evening_id: int | None = None,
    game: LoadedGame | None = None,
) -> None:
    """A write that changes what a club's pages show, of the evening ``evening_id`` (or of the
    evening ``game`` is a table of), moves the club's version and marks the evening changed at
    it, in the write's own transaction (before it commits; nothing for an evening or a game of
    no club). What a page keeps of a club is kept by that version
    (:mod:`scorekeeper.clubs.kept`): a deal in one of its games is a new version, and the
    evening it changed is the one to derive again."""
    if game is not None:
        evening_id = _EVENINGS_OF_GAMES.get(game.token)
        if evening_id is None:
            found = bind.execute(_CLUB_EVENING_OF_GAME, {"game_id": game.id}).scalar()
            evening_id = found or 0
            _EVENINGS_OF_GAMES.put(game.token, evening_id)
    if not evening_id:
        return
    bind.execute(_CLUB_MOVES, {"moved": evening_id})
    bind.execute(_EVENING_MOVES, {"moved": evening_id})


#: One event of a game's log, as a Core statement on the table (not the ORM class: the ORM's
#: bulk-insert path costs more than the INSERT itself).
_INSERT_EVENT = sa.insert(cast(sa.Table, models.Event.__table__))


def append(
    session: orm.Session,
    game: LoadedGame,
    event: Event,
    based_on: int,
    *,
    seat: str | None = None,
    phone: str | None = None,
) -> LoadedGame:
    """Check ``event`` against ``game`` (as loaded) and store it at position ``based_on``, as
    entered by ``seat`` from ``phone`` (None: not known); return the game with it. Only the
    new event is folded: the log is not replayed.

    Raises :class:`Conflict` when the log had moved on past ``based_on`` (or moves on while we
    write) and :class:`~scorekeeper.games.events.RuleError` when the rules forbid the event.
    """
    if based_on != game.seq:
        raise Conflict(game, based_on)
    played = game.rules.apply(game.played, event)  # raises RuleError
    at = _now()
    row = {
        "game_id": game.id,
        "seq": based_on,
        "kind": event.kind,
        "data": dict(event.data),
        "seat": seat,
        "phone": phone,
    }
    try:
        # One INSERT, without the ORM's unit of work: nothing else of the session changes. The
        # club whose evening the game is a table of moves on in the same transaction.
        connection = session.connection()
        moved(connection, game=game)
        connection.execute(_INSERT_EVENT, {**row, "created_at": at})
        session.commit()
    except IntegrityError:
        session.rollback()
        raise Conflict(load(session, game.token), based_on) from None
    stored = game.with_event(event, at, played, seat, phone)
    POSITIONS.put(stored.token, stored.position)
    return kept(stored)


class NotConfirming(Exception):
    """The game does not ask for confirmations."""


def confirm(
    session: orm.Session, game: LoadedGame, seq: int, seat: str, phone: str | None = None
) -> LoadedGame:
    """Store that ``seat`` confirmed the entry at log position ``seq`` of ``game`` from
    ``phone`` (the caller checked that it may), and return the game with every confirmation it
    has now. A seat that confirmed it already (another tap, another phone of the same seat)
    adds nothing."""
    if not game.confirms:
        raise NotConfirming(game.token)
    table = cast(sa.Table, models.Confirmation.__table__)
    try:
        session.connection().execute(
            sa.insert(table),
            {"game_id": game.id, "seq": seq, "seat": seat, "phone": phone, "created_at": _now()},
        )
        session.commit()
        # What this process knew, and this one: another process's confirmations of the game
        # meanwhile are read when the game is loaded next (its row counts them).
        now = Confirmed(
            {**game.confirmed, seq: game.confirmed.get(seq, frozenset()) | {seat}},
            {**game.confirmers, **({phone: seat} if phone and seat != ORGANISER else {})},
        )
    except IntegrityError:  # this seat had confirmed it (another of its phones): read them all
        session.rollback()
        now = confirmations(session, [game.id])[game.id]
        session.commit()  # the read began a transaction: end it
    stored = replace(game, confirmed=now.seats, confirmers=now.phones)
    POSITIONS.put(stored.token, stored.position)
    return kept(stored)


#: Several games' rows and log lengths, by token (bound as ``tokens``, an expanding list).
_SUMMARIES = sa.select(*_ROW_AND_LENGTH).where(
    models.Game.token.in_(sa.bindparam("tokens", expanding=True))
)


def summaries(bind: orm.Session | sa.Engine, tokens: list[str]) -> list[sa.Row[Any]]:
    """The games with these tokens (token, kind, setup, created_at, and seq: how long the log
    is), in the order given; unknown tokens are skipped. Given the engine, it borrows a pooled
    connection only."""
    if not tokens:
        return []
    query, values = _SUMMARIES, {"tokens": list(tokens)}
    if isinstance(bind, orm.Session):
        rows = bind.execute(query, values).all()
    else:
        with bind.connect() as connection:
            rows = connection.execute(query, values).all()
    by_token = {row.token: row for row in rows}
    for row in rows:
        POSITIONS.put(row.token, row.seq + row.confirmations)
    return [by_token[t] for t in tokens if t in by_token]
