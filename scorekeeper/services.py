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

from collections.abc import Callable, Sequence
from datetime import datetime
from typing import Any

from sqlalchemy import orm

from scorekeeper import store
from scorekeeper.db import db
from scorekeeper.games.events import UNDO, Event, Played, RuleError
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
    "my_games_now",
    "play_again",
    "position",
    "recent_positions",
    "record",
    "record_on_top",
    "trial",
    "undo",
    "untouched",
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


def recent_positions(tokens: list[str], max_age: float) -> list[tuple[str, int]] | None:
    """Each game's log length as this process read or wrote it less than ``max_age`` seconds
    ago, in order; None when any of them is not known that recently (then ask :func:`my_games`)."""
    known = [(token, store.POSITIONS.get(token, max_age)) for token in tokens]
    if any(seq is None for _token, seq in known):
        return None
    return [(token, seq) for token, seq in known if seq is not None]


def my_games_now(tokens: list[str]) -> list[tuple[Any, LoadedGame | None]]:
    """:func:`my_games`, each with the game as it stands now (None when this version's rules
    refuse its stored log): the home page says where each one is. One query for all of them;
    a game this process has not replayed at its length yet is loaded."""
    found: list[tuple[Any, LoadedGame | None]] = []
    for row in my_games(tokens):
        try:
            now = store.REPLAYS.get(row.token, row.seq) or store.load(_session(), row.token)
        except RuleError:
            now = None
        found.append((row, now))
    return found


def position(token: str) -> int:
    """How long the game's log is (what the phones poll): one query on a pooled connection,
    no ORM session."""
    return store.log_position(db.engine, token)


def play_again(game: LoadedGame) -> LoadedGame:
    """The game after ``game``: the same kind, options and players, the next seat dealing
    first. Every phone that asks gets the same one (its token follows from ``game``'s)."""
    setup = game.setup.to_dict()
    setup["first_dealer"] = (game.setup.first_dealer + 1) % len(game.setup.players)
    token = store.next_token(game.token)
    try:
        return store.create_game(_session(), game.kind, game.rules.parse_setup(setup), token)
    except store.TokenTaken:
        return store.load(_session(), token)


def record(game: LoadedGame, event: Event, based_on: int) -> LoadedGame:
    """Write ``event`` (an entry, a correction, an undo) at log position ``based_on`` of
    ``game`` as loaded; return the game with it."""
    return store.append(_session(), game, event, based_on)


#: How often a write that may go on top of other phones' entries tries again when yet another
#: write slips in between (each try loads the game once more).
TRIES = 3


def record_on_top(
    game: LoadedGame,
    event: Event,
    based_on: int,
    still_right: Callable[[Conflict], bool],
) -> LoadedGame:
    """Write ``event``, typed on a page that showed the game at ``based_on``, on top of what
    other phones wrote since, when ``still_right`` says that none of it changes what the event
    is about (the same deal as it was when the page was opened); otherwise :class:`Conflict`.
    The rules check the event against the game as it is now (RuleError)."""
    for _ in range(TRIES):
        if based_on != game.seq:
            conflict = Conflict(game, based_on)
            if not 0 <= based_on < game.seq or not still_right(conflict):
                raise conflict
        try:
            return store.append(_session(), game, event, game.seq)
        except Conflict as raced:  # yet another write came first: judge again
            game = raced.current
    raise Conflict(game, based_on)


def untouched(number: int | None) -> Callable[[Conflict], bool]:
    """An entry about round ``number`` goes on top of what was written since unless that was
    about the same round (or an undo, or a correction of several rounds)."""
    return lambda conflict: number is not None and not conflict.touched(number)


def undo(game: LoadedGame, based_on: int) -> LoadedGame:
    """Take back the last action still in effect (an undo is an event too)."""
    return record(game, Event(UNDO), based_on)


def check_position(
    game: LoadedGame, based_on: int, still_right: Callable[[Conflict], bool] | None = None
) -> None:
    """:class:`Conflict` when the log has moved on past ``based_on`` in a way that matters (a
    step that writes nothing yet, such as proposing melds, still refuses to work on a stale
    game); ``still_right`` says when what was written since does not (as for
    :func:`record_on_top`)."""
    if based_on != game.seq:
        conflict = Conflict(game, based_on)
        if still_right is None or not 0 <= based_on < game.seq or not still_right(conflict):
            raise conflict


def trial(game: LoadedGame, event: Event) -> Played[Any]:
    """The game as it would be after ``event``, writing nothing (RuleError if illegal)."""
    return game.rules.apply(game.played, event)


def import_game(
    kind: str, setup: Any, events: Sequence[Event], times: Sequence[datetime | None]
) -> LoadedGame:
    """A new game from a whole log (an imported record): all of it stored, or nothing."""
    return store.import_game(_session(), kind, setup, events, times)
