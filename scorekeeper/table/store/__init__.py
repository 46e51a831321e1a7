"""The log of every game: load a game by its token, append an event at an expected position.

Nothing derived is stored: a game's state is always the replay of its setup and events through
its rules engine. Each write names the log position it was based on; the unique key on
(game, seq) lets only one of two simultaneous writes in, and the other becomes a
:class:`Conflict` that carries what is there now.

Replaying is done once per log position, not once per request: a loaded game is kept in a small
per-process cache keyed by (token, seq). That stays right with several processes on one
database, because a log only grows and what stands at a position never changes: a process that
has not seen the newest event asks for a longer log, which is a different key.

The package by job (callers use ``from scorekeeper.table import store`` and the names below):
:mod:`~scorekeeper.table.store.loaded` (a game as stored, its conflicts),
:mod:`~scorekeeper.table.store.reading` (load one game or several, their confirmations),
:mod:`~scorekeeper.table.store.writing` (create, import, append, confirm),
:mod:`~scorekeeper.table.store.positions` (how far a log is: the poll, the home page's list),
:mod:`~scorekeeper.table.store.caches` (the replays and the positions kept per process),
:mod:`~scorekeeper.table.store.club_version` (a write moves its club's version),
:mod:`~scorekeeper.table.store.evening_hold` (a game's evening, held by a write to it),
:mod:`~scorekeeper.table.store.tokens` (a game's token).
"""

from __future__ import annotations

from scorekeeper.table.store.caches import POSITIONS, REPLAYS, kept
from scorekeeper.table.store.club_version import moved
from scorekeeper.table.store.evening_hold import belongs
from scorekeeper.table.store.loaded import Confirmed, Conflict, GameNotFound, LoadedGame, same_event
from scorekeeper.table.store.positions import position_of, recent_position, summaries
from scorekeeper.table.store.reading import confirmations, game_columns, load, load_games, load_rows
from scorekeeper.table.store.tokens import TokenTaken, new_token, next_token
from scorekeeper.table.store.writing import (
    NotConfirming,
    add_game,
    alone,
    append,
    confirm,
    create_game,
    import_game,
)

__all__ = [
    "POSITIONS",
    "REPLAYS",
    "Confirmed",
    "Conflict",
    "GameNotFound",
    "LoadedGame",
    "NotConfirming",
    "TokenTaken",
    "add_game",
    "alone",
    "append",
    "belongs",
    "confirm",
    "confirmations",
    "create_game",
    "game_columns",
    "import_game",
    "kept",
    "load",
    "load_games",
    "load_rows",
    "moved",
    "new_token",
    "next_token",
    "position_of",
    "recent_position",
    "same_event",
    "summaries",
]
