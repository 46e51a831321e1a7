"""The games this app knows, by kind: the one registry every other layer asks.

    game_for("bismarck").replay(setup, events).state

The built-in games are listed once, here, and so are their player statistics (``stats_for``:
each package's ``stats`` module). A game defined elsewhere (a plug-in, a test's tiny game)
joins with :func:`register` (and :func:`register_stats`, if it keeps any); every layer then
reaches it through the same interface.
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

from scorekeeper.games.game import Game
from scorekeeper.games.stats import PlayerStats

#: The built-in games: each a package ``scorekeeper.games.<kind>`` that defines ``GAME``.
BUILT_IN = ("bismarck", "klaberjass", "sviten")

_GAMES: dict[str, Game[Any, Any]] = {}
#: Each kind's player statistics (:mod:`scorekeeper.games.stats`), for the games that keep them.
_STATS: dict[str, PlayerStats] = {}


class UnknownGame(LookupError):
    """No game of that kind is registered."""

    def __init__(self, kind: str):
        super().__init__(f"Unknown game {kind!r}.")
        self.kind = kind


def register(game: Game[Any, Any]) -> Game[Any, Any]:
    """Make ``game`` known by its kind (replacing one of the same kind)."""
    _GAMES[game.kind] = game
    return game


def unregister(kind: str) -> None:
    """Forget a registered game and its statistics (tests that register one of their own clean
    up with this)."""
    _GAMES.pop(kind, None)
    _STATS.pop(kind, None)


def game_for(kind: str) -> Game[Any, Any]:
    """The game of this kind; :class:`UnknownGame` when there is none."""
    try:
        return _GAMES[kind]
    except KeyError:
        raise UnknownGame(kind) from None


def register_stats(kind: str, stats: PlayerStats) -> PlayerStats:
    """Make ``stats`` the player statistics of games of ``kind`` (a game without any keeps
    none: a player's page then shows its games without a table of their own)."""
    _STATS[kind] = stats
    return stats


def stats_for(kind: str) -> PlayerStats | None:
    """The player statistics of games of this kind; None for a game that keeps none."""
    return _STATS.get(kind)


def is_known(kind: str) -> bool:
    return kind in _GAMES


def games() -> tuple[Game[Any, Any], ...]:
    """Every registered game, in the order they were registered."""
    return tuple(_GAMES.values())


for _kind in BUILT_IN:
    register(import_module(f"scorekeeper.games.{_kind}").GAME)
    # Each built-in game's player statistics: ``scorekeeper.games.<kind>.stats`` defines STATS.
    register_stats(_kind, import_module(f"scorekeeper.games.{_kind}.stats").STATS)
