"""The games this app knows, by kind: the one registry every other layer asks.

    game_for("bismarck").replay(setup, events).state

The built-in games are listed once, here. A game defined elsewhere (a plug-in, a test's tiny
game) joins with :func:`register`; every layer then reaches it through the same interface.
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

from scorekeeper.games.game import Game

#: The built-in games: each a package ``scorekeeper.games.<kind>`` that defines ``GAME``.
BUILT_IN = ("bismarck", "klaberjass", "sviten")

_GAMES: dict[str, Game[Any, Any]] = {}


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
    """Forget a registered game (tests that register one of their own clean up with this)."""
    _GAMES.pop(kind, None)


def game_for(kind: str) -> Game[Any, Any]:
    """The game of this kind; :class:`UnknownGame` when there is none."""
    try:
        return _GAMES[kind]
    except KeyError:
        raise UnknownGame(kind) from None


def is_known(kind: str) -> bool:
    return kind in _GAMES


def games() -> tuple[Game[Any, Any], ...]:
    """Every registered game, in the order they were registered."""
    return tuple(_GAMES.values())


for _kind in BUILT_IN:
    register(import_module(f"scorekeeper.games.{_kind}").GAME)
