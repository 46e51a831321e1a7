"""What a sheet or rules card to fill in by hand knows beforehand: the names, the first dealer
and the game's settings (any of them may be left to write in)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from scorekeeper.games.game import Game


@dataclass(frozen=True)
class Blank:
    """A sheet or rules card to fill in by hand: the names in seat order (None: to write in),
    the first dealer's seat (None: not decided yet) and the game's settings in the record form
    of its setup (``{"variant": "classic"}``, ``{"options": {"target": 1000}}``). The names
    are kept as a tuple. ``seats``: how many seats a sheet without names has, for a game of a
    varying number of players (None: the game's usual number)."""

    players: Sequence[str] | None = None
    first_dealer: int | None = None
    settings: Mapping[str, Any] = field(default_factory=dict)
    seats: int | None = None

    def __post_init__(self) -> None:
        if self.players is None and self.first_dealer is not None:
            raise ValueError("A first dealer needs the players' names.")
        if self.players is not None:
            object.__setattr__(self, "players", tuple(self.players))

    @property
    def seated(self) -> bool:
        """Whether the names and the first dealer are known: who deals can be printed."""
        return self.players is not None and self.first_dealer is not None

    def setup(self, game: Game[Any, Any]) -> Any:
        """The setup these describe, read and checked by the game's engine: a
        :class:`~scorekeeper.games.events.RuleError` (with its ``field``) when a name or a
        setting is wrong. Without names, the seats' numbers stand in for them."""
        players = self.players
        if players is None:
            players = tuple(str(seat) for seat in range(1, (self.seats or game.seats) + 1))
        return game.parse_setup(
            {**self.settings, "players": list(players), "first_dealer": self.first_dealer or 0}
        )

    def names(self, setup: Any) -> tuple[str, ...] | None:
        """The names as the engine keeps them (trimmed), or None on a sheet without them."""
        return setup.players if self.players is not None else None
