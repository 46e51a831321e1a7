"""The log of every game: load a game by its token, append an event at an expected position.

Nothing derived is stored: a game's state is always the replay of its setup and events through
its rules engine. Each write names the log position it was based on; the unique key on
(game, seq) lets only one of two simultaneous writes in, and the other becomes a
:class:`Conflict` that carries what is there now.
"""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

import sqlalchemy as sa
from sqlalchemy import orm
from sqlalchemy.exc import IntegrityError

from scorekeeper import models
from scorekeeper.games.events import Event
from scorekeeper.games.registry import engine_for


@dataclass(frozen=True)
class LoadedGame:
    token: str
    kind: str
    created_at: datetime
    setup: Any
    events: tuple[Event, ...]
    times: tuple[datetime, ...]
    state: Any

    @property
    def seq(self) -> int:
        """The log position the next event will take."""
        return len(self.events)


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
    def new_events(self) -> tuple[Any, ...]:
        return tuple(h for h in self.current.state.history if h.seq >= self.based_on)


def new_token() -> str:
    """An unguessable game token (128 bits). Never one that starts with ``-``, which a command
    line (``scorekeeper export TOKEN``) would read as an option."""
    while (token := secrets.token_urlsafe(16)).startswith("-"):
        pass
    return token


def create_game(session: orm.Session, kind: str, setup: Any) -> LoadedGame:
    engine = engine_for(kind)
    game = models.Game(token=new_token(), kind=kind, setup=setup.to_dict())
    session.add(game)
    session.commit()
    return LoadedGame(
        token=game.token,
        kind=kind,
        created_at=game.created_at,
        setup=setup,
        events=(),
        times=(),
        state=engine.replay(setup, []),
    )


def import_game(
    session: orm.Session,
    kind: str,
    setup: Any,
    events: Sequence[Event],
    times: Sequence[datetime | None] | None = None,
) -> LoadedGame:
    """Store a whole game at once (an imported record): a new token, the setup and every event.

    The log is replayed first (raising :class:`~scorekeeper.games.events.RuleError` when the
    rules refuse it), then the game and all its events are written in one transaction: on any
    error nothing is stored. ``times`` gives each event's time (UTC), where known.
    """
    engine = engine_for(kind)
    events = tuple(events)
    stamps = tuple(times) if times is not None else (None,) * len(events)
    if len(stamps) != len(events):
        raise ValueError("import_game needs one time (or None) per event.")
    engine.replay(setup, events)  # raises RuleError before anything is written
    game = models.Game(token=new_token(), kind=kind, setup=setup.to_dict())
    try:
        session.add(game)
        session.flush()
        for seq, (event, at) in enumerate(zip(events, stamps, strict=True)):
            row = models.Event(game_id=game.id, seq=seq, kind=event.kind, data=dict(event.data))
            if at is not None:
                row.created_at = at
            session.add(row)
        session.commit()
    except Exception:
        session.rollback()
        raise
    return load(session, game.token)


def _game_row(session: orm.Session, token: str) -> models.Game:
    game = session.scalar(sa.select(models.Game).where(models.Game.token == token))
    if game is None:
        raise GameNotFound(token)
    return game


def load(session: orm.Session, token: str) -> LoadedGame:
    game = _game_row(session, token)
    engine = engine_for(game.kind)
    setup = engine.Setup.from_dict(game.setup)
    rows = session.scalars(
        sa.select(models.Event).where(models.Event.game_id == game.id).order_by(models.Event.seq)
    ).all()
    events = tuple(Event(row.kind, row.data) for row in rows)
    return LoadedGame(
        token=game.token,
        kind=game.kind,
        created_at=game.created_at,
        setup=setup,
        events=events,
        times=tuple(row.created_at for row in rows),
        state=engine.replay(setup, events),
    )


def log_position(session: orm.Session, token: str) -> int:
    """How many events a game's log holds (cheap: for the phones' polling)."""
    game = _game_row(session, token)
    count = session.scalar(
        sa.select(sa.func.count()).select_from(models.Event).where(models.Event.game_id == game.id)
    )
    return int(count or 0)


def append(session: orm.Session, token: str, event: Event, based_on: int) -> LoadedGame:
    """Validate ``event`` against the log as it is and store it at position ``based_on``.

    Raises :class:`Conflict` when the log has moved on since ``based_on`` (or moves on while
    we write) and :class:`~scorekeeper.games.events.RuleError` when the rules forbid it.
    """
    game = load(session, token)
    if based_on != game.seq:
        raise Conflict(game, based_on)
    engine = engine_for(game.kind)
    engine.apply(game.setup, game.events, event)  # raises RuleError
    row_id = _game_row(session, token).id
    session.add(models.Event(game_id=row_id, seq=based_on, kind=event.kind, data=dict(event.data)))
    try:
        session.commit()
    except IntegrityError:
        session.rollback()
        raise Conflict(load(session, token), based_on) from None
    return load(session, token)


def summaries(session: orm.Session, tokens: list[str]) -> list[models.Game]:
    """The games with these tokens, in the order given (unknown tokens are skipped)."""
    if not tokens:
        return []
    rows = session.scalars(sa.select(models.Game).where(models.Game.token.in_(tokens))).all()
    by_token = {row.token: row for row in rows}
    return [by_token[t] for t in tokens if t in by_token]
