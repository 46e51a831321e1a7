"""The games this app knows, by kind: the one registry every other layer asks.

    game_for("bismarck").replay(setup, events).state

The built-in games are listed once, here, and so are their player statistics (``stats_for``:
each package's ``stats`` module). A game defined elsewhere (a plug-in, a test's tiny game)
joins with :func:`register` (and :func:`register_stats`, if it keeps any); every layer then
reaches it through the same interface.

A built-in game is imported the first time it is asked for (:class:`Registry`): checking a
Bismarck record on the command line does not import Sviten's meld search.
"""

from __future__ import annotations

from collections.abc import Callable
from importlib import import_module
from typing import Any, Generic, TypeVar

from scorekeeper.games.game import Game
from scorekeeper.games.stats import PlayerStats

#: The built-in games: each a package ``scorekeeper.games.<kind>`` that defines ``GAME``.
BUILT_IN = ("bismarck", "klaberjass", "sviten", "free")

T = TypeVar("T")


class Registry(Generic[T]):
    """Things by game kind: the built-in ones loaded the first time they are asked for, others
    registered. Listing them all (:meth:`all`) loads every built-in one, and lists them first,
    in their order, then the others in the order they were registered."""

    def __init__(self, built_in: tuple[str, ...], load: Callable[[str], T]):
        self._built_in = built_in
        self._load = load
        self._pending = set(built_in)
        #: What is loaded or registered so far, by kind.
        self.items: dict[str, T] = {}

    def register(self, kind: str, item: T) -> None:
        """Make ``item`` the one of ``kind`` (a built-in one not loaded yet never will be)."""
        self._pending.discard(kind)
        self.items[kind] = item

    def unregister(self, kind: str) -> None:
        self._pending.discard(kind)
        self.items.pop(kind, None)

    def get(self, kind: str) -> T | None:
        if kind in self._pending:
            item = self._load(kind)
            self._pending.discard(kind)
            self.items.setdefault(kind, item)
        return self.items.get(kind)

    def __contains__(self, kind: object) -> bool:
        return kind in self.items or kind in self._pending

    def all(self) -> dict[str, T]:
        for kind in self._built_in:
            self.get(kind)
        built_in = {kind: self.items[kind] for kind in self._built_in if kind in self.items}
        return built_in | {k: v for k, v in self.items.items() if k not in self._built_in}


_GAMES: Registry[Game[Any, Any]] = Registry(
    BUILT_IN, lambda kind: import_module(f"scorekeeper.games.{kind}").GAME
)
#: Each kind's player statistics (:mod:`scorekeeper.games.stats`), for the games that keep them:
#: a built-in game's ``scorekeeper.games.<kind>.stats`` defines ``STATS``.
_STATS: Registry[PlayerStats] = Registry(
    BUILT_IN, lambda kind: import_module(f"scorekeeper.games.{kind}.stats").STATS
)


class UnknownGame(LookupError):
    """No game of that kind is registered."""

    def __init__(self, kind: str):
        super().__init__(f"Unknown game {kind!r}.")
        self.kind = kind


def register(game: Game[Any, Any]) -> Game[Any, Any]:
    """Make ``game`` known by its kind (replacing one of the same kind)."""
    _GAMES.register(game.kind, game)
    return game


def unregister(kind: str) -> None:
    """Forget a registered game and its statistics (tests that register one of their own clean
    up with this)."""
    _GAMES.unregister(kind)
    _STATS.unregister(kind)


def game_for(kind: str) -> Game[Any, Any]:
    """The game of this kind; :class:`UnknownGame` when there is none."""
    game = _GAMES.get(kind)
    if game is None:
        raise UnknownGame(kind)
    return game


def register_stats(kind: str, stats: PlayerStats) -> PlayerStats:
    """Make ``stats`` the player statistics of games of ``kind`` (a game without any keeps
    none: a player's page then shows its games without a table of their own)."""
    _STATS.register(kind, stats)
    return stats


def stats_for(kind: str) -> PlayerStats | None:
    """The player statistics of games of this kind; None for a game that keeps none."""
    return _STATS.get(kind)


def is_known(kind: str) -> bool:
    return kind in _GAMES


def games() -> tuple[Game[Any, Any], ...]:
    """Every game: the built-in ones in their order, then the others as they were registered."""
    return tuple(_GAMES.all().values())
