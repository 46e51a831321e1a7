"""The players at the table: the name rules every game's setup shares."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from scorekeeper.games.events import RuleError
from scorekeeper.games.text import N_, T_, Text

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
    or holds a control character (:data:`UNPRINTABLE`, anywhere, even at the ends): the first
    name at fault, as :func:`name_problem` says."""
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
        problem = name_problem(name, names, count)
        if problem is not None:
            raise RuleError(problem, field="players")
        names.append(name.strip())
    return tuple(names)


def name_problem(name: Any, earlier: Sequence[str], count: int) -> Text | None:
    """What is wrong with one seat's name, or None: empty, a control character, longer than
    :data:`MAX_NAME_LENGTH` once trimmed, or the name of one of the ``earlier`` seats (trimmed
    names, compared ignoring case) of a game of ``count`` players. A form says it beside the
    seat at fault: the later of two seats with one name."""
    if not isinstance(name, str) or not name.strip():
        return T_("Every player needs a name.")
    bad = unprintable(name)
    if bad is not None:
        code = f"{ord(bad):04X}"
        return T_(
            "A name cannot hold a tab, a line break or another control character (U+%(code)s).",
            code=code,
        )
    name = name.strip()
    if len(name) > MAX_NAME_LENGTH:
        return T_("A name can be at most %(n)s characters.", n=MAX_NAME_LENGTH)
    if any(name.casefold() == other.casefold() for other in earlier):
        if count == 2:
            return T_("Both players are called %(name)s.", name=name)
        return T_("Two players are called %(name)s.", name=name)
    return None
