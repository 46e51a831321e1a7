"""The players at the table: the name rules every game's setup shares."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from scorekeeper.games.events import RuleError

MAX_NAME_LENGTH = 30
_COUNT_WORDS = {2: "two", 3: "three", 4: "four"}

#: Characters no name may hold, nor any text in a game record: control characters (C0 such as
#: TAB, NUL and ESC, DEL, C1 such as U+0085), the line and paragraph separators, the
#: bidirectional controls that reorder the text around them, and lone surrogates. A terminal,
#: a page, a CSV cell or a PDF would show them wrongly or not at all.
UNPRINTABLE = re.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069\ud800-\udfff]")


def unprintable(text: str) -> str | None:
    """The first character of ``text`` that no name may hold, or None."""
    bad = UNPRINTABLE.search(text)
    return bad.group() if bad else None


def checked_names(players: Any, count: int, game: str) -> tuple[str, ...]:
    """The players' names in seat order, trimmed. Refuses, in words a player understands, a
    wrong number of players and a name that is empty, too long, already taken (ignoring case)
    or holds a control character (:data:`UNPRINTABLE`, anywhere, even at the ends)."""
    if isinstance(players, str) or not isinstance(players, Sequence) or len(players) != count:
        raise RuleError(
            f"{game} needs exactly {_COUNT_WORDS.get(count, count)} players.", field="players"
        )
    names: list[str] = []
    for name in players:
        if not isinstance(name, str) or not name.strip():
            raise RuleError("Every player needs a name.", field="players")
        bad = unprintable(name)
        if bad is not None:
            raise RuleError(
                "A name cannot hold a tab, a line break or another control character "
                f"(U+{ord(bad):04X}).",
                field="players",
            )
        name = name.strip()
        if len(name) > MAX_NAME_LENGTH:
            raise RuleError(f"A name can be at most {MAX_NAME_LENGTH} characters.", field="players")
        if any(name.casefold() == other.casefold() for other in names):
            both = "Both" if count == 2 else "Two"
            raise RuleError(f"{both} players are called {name}.", field="players")
        names.append(name)
    return tuple(names)
