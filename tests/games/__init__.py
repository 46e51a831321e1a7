"""Tests of the rules engines, and what tests anywhere use to play a log: a game's state after
its events, reached through the registry as every layer of the app reaches a game."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from scorekeeper.games.events import Event
from scorekeeper.games.game import Game
from scorekeeper.games.registry import games


def game_of(setup: Any) -> Game[Any, Any]:
    """The registered game whose setups ``setup`` is one of."""
    return next(game for game in games() if isinstance(setup, game.setup_type))


def state_of(setup: Any, events: Sequence[Event]) -> Any:
    """The state after the log ``events`` (RuleError if it breaks a rule)."""
    return game_of(setup).replay(setup, events).state


def state_after(setup: Any, events: Sequence[Event], event: Event) -> Any:
    """The state after one more ``event`` on the log ``events``, folding only that event onto
    the replayed log, as the store does (RuleError if the rules refuse it)."""
    game = game_of(setup)
    return game.apply(game.replay(setup, events), event).state
