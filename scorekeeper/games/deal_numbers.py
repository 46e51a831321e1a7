"""What every game's log says about the deals its events name (a hand game's hands).

An event names its deal by number, from 1; only the deal in play may be played, an earlier
one is changed with a correction, and a correction that would make a later deal illegal is
refused saying which. The sentences differ only in the word for a deal (the game's
``noun``), so they are written here once for each noun; the checks are the same for every
game. Pure Python: no Flask, no database.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal

from scorekeeper.games.events import RuleError
from scorekeeper.games.text import N_, T_

#: What one deal of a game is called (:attr:`scorekeeper.games.game.Game.noun`).
Noun = Literal["deal", "hand"]


@dataclass(frozen=True)
class _Words:
    """The record field that holds a deal's number, and the refusals that name a deal
    (message ids, said with ``n``, the deal's number)."""

    field: str
    missing: str
    below_one: str
    already: str
    not_current: str
    unchanged: str
    made_illegal: str


_WORDS: dict[str, _Words] = {
    "deal": _Words(
        field="deal",
        missing=N_("Which deal is this for? The deal number is missing."),
        below_one=N_("There is no deal %(n)s: deals are numbered from 1."),
        already=N_("Deal %(n)s is already recorded; use Correct to change it."),
        not_current=N_("This is deal %(current)s, not deal %(n)s."),
        unchanged=N_("That is what deal %(n)s already says."),
        made_illegal=N_("This correction would make deal %(n)s illegal: %(problem)s"),
    ),
    "hand": _Words(
        field="number",
        missing=N_("Which hand is this for? The hand number is missing."),
        below_one=N_("There is no hand %(n)s: hands are numbered from 1."),
        already=N_("Hand %(n)s is already recorded; use Correct to change it."),
        not_current=N_("This is hand %(current)s, not hand %(n)s."),
        unchanged=N_("That is what hand %(n)s already says."),
        made_illegal=N_("This correction would make hand %(n)s illegal: %(problem)s"),
    ),
}


def number(data: Mapping[str, Any], noun: Noun) -> int:
    """The number of the deal or hand an event is about (from 1); RuleError when it is
    missing or wrong."""
    words = _WORDS[noun]
    number = data.get(words.field)
    if isinstance(number, bool) or not isinstance(number, int):
        raise RuleError(T_(words.missing), field=words.field)
    if number < 1:
        raise RuleError(T_(words.below_one, n=number), field=words.field, deal=number)
    return number


def check_current(number: int, current: int, noun: Noun) -> None:
    """Refuse to play deal ``number`` while deal ``current`` is the one in play."""
    words = _WORDS[noun]
    if number < current:
        raise RuleError(T_(words.already, n=number), field=words.field, deal=number)
    if number > current:
        raise RuleError(
            T_(words.not_current, current=current, n=number), field=words.field, deal=number
        )


def unchanged(number: int, noun: Noun) -> RuleError:
    """The refusal of a correction that changes nothing in deal ``number``."""
    words = _WORDS[noun]
    return RuleError(T_(words.unchanged, n=number), field=words.field, deal=number)


def made_illegal(error: RuleError, noun: Noun) -> RuleError:
    """The refusal of a correction that would make a later deal illegal (``error``, which
    names that deal): the same field and deal, saying why."""
    problem = T_(_WORDS[noun].made_illegal, n=error.deal, problem=error.text)
    return RuleError(problem, field=error.field, deal=error.deal)
