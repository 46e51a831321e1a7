"""The players at the table: the name rules every game's setup shares (each name follows the
one rule of every name, :mod:`scorekeeper.games.names`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from scorekeeper.games.events import RuleError
from scorekeeper.games.names import key, mixed_scripts, shown, unprintable
from scorekeeper.games.text import N_, T_, Text

MAX_NAME_LENGTH = 30
_COUNT_WORDS = {2: N_("two"), 3: N_("three"), 4: N_("four")}

#: The look-alike alphabets (:data:`~scorekeeper.games.names.LOOKALIKE_SCRIPTS`) as a name's
#: refusal says them.
_SCRIPT_WORDS = {"LATIN": N_("Latin"), "CYRILLIC": N_("Cyrillic"), "GREEK": N_("Greek")}

__all__ = [
    "MAX_NAME_LENGTH",
    "checked_names",
    "control_character",
    "name_problem",
    "refusal",
]


def checked_names(players: Any, count: int, game: str) -> tuple[str, ...]:
    """The players' names in seat order, as shown (:func:`~scorekeeper.games.names.shown`:
    trimmed, invisible characters dropped, composed). Refuses, in words a player understands, a
    wrong number of players and a name that is empty, too long, already taken (compared as
    :func:`~scorekeeper.games.names.key` does: ignoring case, ``Anna`` with a zero-width space
    is ``Anna``) or holds a control character (:data:`UNPRINTABLE`, anywhere, even at the
    ends): the first name at fault, as :func:`name_problem` says."""
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
        names.append(shown(name))
    return tuple(names)


def control_character(bad: str) -> Text:
    """What a name holding the control character ``bad`` is told."""
    code = f"{ord(bad):04X}"
    return T_(
        "A name cannot hold a tab, a line break or another control character (U+%(code)s).",
        code=code,
    )


def refusal(name: str) -> Text | None:
    """What a person's name (a player's, a member's) is told when it cannot be a name whatever
    else it is: a control character in it, or a word of it mixing look-alike alphabets
    (:func:`~scorekeeper.games.names.mixed_scripts`: it could pass for another person's);
    else None."""
    bad = unprintable(name)
    if bad is not None:
        return control_character(bad)
    mixed = mixed_scripts(name)
    if mixed is not None:
        first, second = (T_(_SCRIPT_WORDS[script]) for script in mixed)
        return T_(
            "A name cannot mix %(first)s and %(second)s letters in one word: it could look "
            "like another name. Type it in one alphabet.",
            first=first,
            second=second,
        )
    return None


def name_problem(name: Any, earlier: Sequence[str], count: int) -> Text | None:
    """What is wrong with one seat's name, or None: empty (once its invisible characters are
    dropped), a control character or look-alike alphabets in one word (:func:`refusal`),
    longer than :data:`MAX_NAME_LENGTH` as shown, or one name with one of the ``earlier``
    seats' (:func:`~scorekeeper.games.names.key`) in a game of ``count`` players. A form says
    it beside the seat at fault: the later of two seats with one name."""
    if not isinstance(name, str) or not name.strip():
        return T_("Every player needs a name.")
    refused = refusal(name)
    if refused is not None:
        return refused
    name = shown(name)
    if not name:
        return T_("Every player needs a name.")
    if len(name) > MAX_NAME_LENGTH:
        return T_("A name can be at most %(n)s characters.", n=MAX_NAME_LENGTH)
    if any(key(name) == key(other) for other in earlier):
        if count == 2:
            return T_("Both players are called %(name)s.", name=name)
        return T_("Two players are called %(name)s.", name=name)
    return None
