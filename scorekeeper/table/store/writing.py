"""Writing to the log: a new game (:func:`create_game`), a whole game at once (:func:`import_game`,
:func:`add_game`), one event at an expected log position (:func:`append`: the unique key on
(game, seq) lets one of two simultaneous writes in, the other is a
:class:`~scorekeeper.table.store.loaded.Conflict`), a confirmation (:func:`confirm`). Each write
folds what it adds onto the game as loaded and keeps the result: nothing is replayed."""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import replace
from datetime import UTC, datetime
from typing import Any, cast

import sqlalchemy as sa
from sqlalchemy import orm
from sqlalchemy.exc import IntegrityError

from scorekeeper.data import models
from scorekeeper.games.confirming import ORGANISER
from scorekeeper.games.events import Event, Played
from scorekeeper.games.registry import game_for
from scorekeeper.table.store.caches import POSITIONS, kept
from scorekeeper.table.store.club_version import moved
from scorekeeper.table.store.evening_hold import belongs, hold_evening
from scorekeeper.table.store.loaded import Confirmed, Conflict, LoadedGame, loaded_game, padded
from scorekeeper.table.store.reading import confirmations, load
from scorekeeper.table.store.tokens import TokenTaken, new_token


def _now() -> datetime:
    return datetime.now(UTC).replace(tzinfo=None)


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
    who = padded(seats, len(events))
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
    return loaded_game(
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


def alone(game: LoadedGame) -> LoadedGame:
    """``game``, made just now as a game of its own (no evening's table): kept."""
    belongs(game)
    return kept(game)


#: Who a write to a table's game of an evening is made as, asked again inside its transaction
#: once it holds the evening (:func:`~scorekeeper.table.store.evening_hold.hold_evening`): the
#: seat, or :class:`~scorekeeper.games.events.RuleError` to refuse it (then nothing is stored).
MadeAs = Callable[[LoadedGame], str | None]


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
    made_as: MadeAs | None = None,
) -> LoadedGame:
    """Check ``event`` against ``game`` (as loaded) and store it at position ``based_on``, as
    entered by ``seat`` from ``phone`` (None: not known); return the game with it. Only the
    new event is folded: the log is not replayed. In a table's game of an evening, ``made_as``
    says who it is made as instead of ``seat``, asked once the transaction holds the evening
    (a close of the evening is then wholly before the write or wholly after it).

    Raises :class:`Conflict` when the log had moved on past ``based_on`` (or moves on while we
    write) and :class:`~scorekeeper.games.events.RuleError` when the rules forbid the event or
    ``made_as`` refuses it: nothing is stored.
    """
    if based_on != game.seq:
        raise Conflict(game, based_on)
    played = game.rules.apply(game.played, event)  # raises RuleError
    at = _now()
    try:
        # One INSERT, without the ORM's unit of work: nothing else of the session changes. The
        # club whose evening the game is a table of moves on in the same transaction, first.
        connection = session.connection()
        moved(connection, game=game)
        if made_as is not None and hold_evening(connection, game):
            seat = made_as(game)
        row = {
            "game_id": game.id,
            "seq": based_on,
            "kind": event.kind,
            "data": dict(event.data),
            "seat": seat,
            "phone": phone,
        }
        connection.execute(_INSERT_EVENT, {**row, "created_at": at})
        session.commit()
    except IntegrityError:
        session.rollback()
        raise Conflict(load(session, game.token), based_on) from None
    except BaseException:
        session.rollback()
        raise
    stored = game.with_event(event, at, played, seat, phone)
    POSITIONS.put(stored.token, stored.position)
    return kept(stored)


class NotConfirming(Exception):
    """The game does not ask for confirmations."""


def confirm(
    session: orm.Session,
    game: LoadedGame,
    seq: int,
    seat: str,
    phone: str | None = None,
    *,
    made_as: MadeAs | None = None,
) -> LoadedGame:
    """Store that ``seat`` confirmed the entry at log position ``seq`` of ``game`` from
    ``phone`` (the caller checked that it may), and return the game with every confirmation it
    has now. A seat that confirmed it already (another tap, another phone of the same seat)
    adds nothing. ``made_as``: as :func:`append`'s (RuleError: nothing stored)."""
    if not game.confirms:
        raise NotConfirming(game.token)
    table = cast(sa.Table, models.Confirmation.__table__)
    try:
        connection = session.connection()
        if made_as is not None and hold_evening(connection, game):
            seat = made_as(game) or seat
        connection.execute(
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
    except BaseException:
        session.rollback()
        raise
    stored = replace(game, confirmed=now.seats, confirmers=now.phones)
    POSITIONS.put(stored.token, stored.position)
    return kept(stored)
