"""The players at the table: the name rules every game's setup shares."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from scorekeeper.games.events import RuleError

MAX_NAME_LENGTH = 30
_COUNT_WORDS = {2: "two", 3: "three", 4: "four"}


def checked_names(players: Any, count: int, game: str) -> tuple[str, ...]:
    """The players' names in seat order, trimmed. Refuses, in words a player understands, a
    wrong number of players and a name that is empty, too long or already taken (ignoring
    case)."""
    if isinstance(players, str) or not isinstance(players, Sequence) or len(players) != count:
        raise RuleError(
            f"{game} needs exactly {_COUNT_WORDS.get(count, count)} players.", field="players"
        )
    names: list[str] = []
    for name in players:
        if not isinstance(name, str) or not name.strip():
            raise RuleError("Every player needs a name.", field="players")
        name = name.strip()
        if len(name) > MAX_NAME_LENGTH:
            raise RuleError(f"A name can be at most {MAX_NAME_LENGTH} characters.", field="players")
        if any(name.casefold() == other.casefold() for other in names):
            both = "Both" if count == 2 else "Two"
            raise RuleError(f"{both} players are called {name}.", field="players")
        names.append(name)
    return tuple(names)
