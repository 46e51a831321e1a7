"""A correction of a round already entered: what a typed entry carries over to it (when another
phone wrote that round first), the form based again on the game as it is now after another
phone's change beat it, and a refusal that names other rounds to correct with it."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from flask import request
from flask_wtf import FlaskForm

from scorekeeper.games.events import RuleError
from scorekeeper.table import services
from scorekeeper.web.field_errors import show_error
from scorekeeper.web.forms import LogForm
from scorekeeper.web.pages import pages_for

#: Fields a typed entry does not carry over to a correction of its deal; and the names of
#: the correction address's own arguments, which a form sent with such a field must not set
#: twice (``typed=``: a TypeError, once a 500).
NOT_CARRIED = frozenset(
    {"csrf_token", "seq", "deal", "was", "step"}
    | {"token", "noun", "number", "also", "suggest", "typed"}
)


def carried() -> dict[str, list[str]]:
    """What a typed entry carries over to a correction (its address's query string): the
    form's fields, but for :data:`NOT_CARRIED` and ``url_for``'s own (``_anchor`` …)."""
    return {
        name: values
        for name, values in request.form.lists()
        if name not in NOT_CARRIED and not name.startswith("_")
    }


def correction_url(game: services.LoadedGame, number: int | None, form: LogForm) -> str | None:
    """The correction of deal ``number`` with what was typed in ``form`` filled in (None when
    the game has no such deal to correct). ``typed=all``: the form is the whole deal, as the
    correction form has it; ``typed=some``: only some of its fields (the tricks)."""
    pages = pages_for(game.kind)
    if number is None or not 1 <= number <= pages.deals(game.state):
        return None
    typed = {name: values for name, values in carried().items() if values != [""]}
    whole = pages.correction is None or isinstance(form, pages.correction.form)
    return pages.correction_url(game.token, number, typed="all" if whole else "some", **typed)


def carry_over(form: FlaskForm, args: Any) -> None:
    """Fill ``form`` (a correction, already filled with its deal as recorded) with what a
    typed entry carried over in ``args`` (:func:`correction_url`): every field when it carried
    the whole deal, else only the fields it has."""
    whole = args.get("typed") == "all"
    for field in form:
        if field.name in NOT_CARRIED:
            continue
        if whole or field.name in args:
            field.process(args)


def rebase(form: LogForm, game: services.LoadedGame, numbers: Sequence[int]) -> None:
    """A correction form that another phone's change beat, based on the game as it is now
    (its log position, and what its rounds say now)."""
    form.seq.data = str(game.seq)
    form.was.data = services.fingerprint(game, numbers)


def refused(form: LogForm, error: RuleError, numbers: Sequence[int]) -> list[int]:
    """A correction the rules refused: the message beside its field; returns the other rounds
    the message names, to offer correcting them with it."""
    show_error(form, error)
    return [k for k in (error.deal, error.other) if k and k not in numbers]
