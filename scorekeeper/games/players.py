"""The players at the table: the name rules every game's setup shares."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from scorekeeper.games.events import RuleError
from scorekeeper.games.text import N_, T_

MAX_NAME_LENGTH = 30
_COUNT_WORDS = {2: N_("two"), 3: N_("three"), 4: N_("four")}

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
        word = _COUNT_WORDS.get(count)
        raise RuleError(
            T_(
                "%(game)s needs exactly %(count)s players.",
                game=game,
                count=T_(word) if word else count,
            ),
            field="players",
        )
    names: list[str] = []
    for name in players:
        if not isinstance(name, str) or not name.strip():
            raise RuleError(T_("Every player needs a name."), field="players")
        bad = unprintable(name)
        if bad is not None:
            code = f"{ord(bad):04X}"
            raise RuleError(
                T_(
                    "A name cannot hold a tab, a line break or another control character "
                    "(U+%(code)s).",
                    code=code,
                ),
                field="players",
            )
        name = name.strip()
        if len(name) > MAX_NAME_LENGTH:
            raise RuleError(
                T_("A name can be at most %(n)s characters.", n=MAX_NAME_LENGTH), field="players"
            )
        if any(name.casefold() == other.casefold() for other in names):
            message = (
                T_("Both players are called %(name)s.", name=name)
                if count == 2
                else T_("Two players are called %(name)s.", name=name)
            )
            raise RuleError(message, field="players")
        names.append(name)
    return tuple(names)
