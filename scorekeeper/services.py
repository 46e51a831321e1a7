"""What a request does, whatever asked for it (a page, the command line): start a game, load
one, write one event to it, check an event without writing it, import a whole game.

Views parse the request, call one of these and render what comes back; the rules are the
engines', the log is the store's. One write loads the game once (a cached replay when this
process has seen its log), folds the new event once, appends it at the expected position and
returns the game with it: nothing is replayed twice.

Errors a player can cause come out as :class:`~scorekeeper.games.events.RuleError`; a write
that another phone beat comes out as :class:`~scorekeeper.store.Conflict`; an unknown game
(or a game of another kind than the page asked for) as :class:`~scorekeeper.store.GameNotFound`.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any

from sqlalchemy import orm

from scorekeeper import store
from scorekeeper.db import db
from scorekeeper.games.events import UNDO, Event, Played
from scorekeeper.games.registry import is_known
from scorekeeper.store import Conflict, GameNotFound, LoadedGame

__all__ = [
    "Conflict",
    "GameNotFound",
    "LoadedGame",
    "check_position",
    "create",
    "import_game",
    "is_known",
    "load",
    "my_games",
    "position",
    "record",
    "trial",
    "undo",
]


def _session() -> orm.Session:
    return db.session


def create(kind: str, setup: Any) -> LoadedGame:
    """A new game of ``kind`` with ``setup`` (already checked by the engine's ``Setup``)."""
    return store.create_game(_session(), kind, setup)


def load(token: str, kind: str | None = None) -> LoadedGame:
    """The game at ``token``; :class:`GameNotFound` if there is none (of ``kind``)."""
    return store.load(_session(), token, kind)


def my_games(tokens: list[str]) -> list[Any]:
    """The games with these tokens (a browser's list), in that order; unknown ones skipped."""
    return store.summaries(db.engine, tokens)


def position(token: str) -> int:
    """How long the game's log is (what the phones poll): one query on a pooled connection,
    no ORM session."""
    return store.log_position(db.engine, token)


def record(game: LoadedGame, event: Event, based_on: int) -> LoadedGame:
    """Write ``event`` (an entry, a correction, an undo) at log position ``based_on`` of
    ``game`` as loaded; return the game with it."""
    return store.append(_session(), game, event, based_on)


def undo(game: LoadedGame, based_on: int) -> LoadedGame:
    """Take back the last action still in effect (an undo is an event too)."""
    return record(game, Event(UNDO), based_on)


def check_position(game: LoadedGame, based_on: int) -> None:
    """:class:`Conflict` when the log has moved on past ``based_on`` (a step that writes
    nothing yet, such as proposing melds, still refuses to work on a stale game)."""
    if based_on != game.seq:
        raise Conflict(game, based_on)


def trial(game: LoadedGame, event: Event) -> Played[Any]:
    """The game as it would be after ``event``, writing nothing (RuleError if illegal)."""
    return game.rules.apply(game.played, event)


def import_game(
    kind: str, setup: Any, events: Sequence[Event], times: Sequence[datetime | None]
) -> LoadedGame:
    """A new game from a whole log (an imported record): all of it stored, or nothing."""
    return store.import_game(_session(), kind, setup, events, times)
